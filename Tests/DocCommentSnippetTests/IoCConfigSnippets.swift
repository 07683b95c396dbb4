import Foundation
import IoCCore
import IoCConfig
import IoCXML
import IoCYAML

// The code examples of IoCConfig's doc comments, each where the compiler checks it (see
// SnippetCoverageTests). Lines marked `// scaffold` give an example what it takes for granted.

// Modules/IoCConfig/CatalogResource.swift:30
func catalogResource30() throws { // scaffold
    let resource = CatalogResource(namePrefix: "App.", excluding: ["Entity", "Kernel"], idPrefix: "App\\", idSeparator: "\\")
    _ = resource // scaffold
} // scaffold

// Modules/IoCConfig/ConditionalSettings.swift:34
func conditionalSettings34() throws { // scaffold
    var settings = ConditionalSettings(typeName: "EventSubscriber")
    settings.tags = ["kernel.event_subscriber"]
    _ = settings // scaffold
} // scaffold

// Modules/IoCConfig/ConfigError.swift:11
func configError11(builder: ContainerBuilder, url: URL) throws { // scaffold
    do {
        try builder.loadYAML(contentsOf: url)
    } catch where error.kind == .limitExceeded {   // `loadYAML` throws a ConfigError
        print(error)   // "YAML limit exceeded at services.yaml:3:1: … Raise YAMLLimits if …"
    }
} // scaffold

// Modules/IoCConfig/ConfigImports.swift:22
func configImports22(configDirectory: URL, root: URL, read: (URL) -> Void, refuse: () -> Void) throws { // scaffold
    switch ConfigImports.locate("shared/db.yaml", from: configDirectory, root: root.path) {
    case .inside(let url): read(url)
    case .outside, .linkedOutside: refuse()
    }
} // scaffold

// Modules/IoCConfig/ConfigImports.swift:43
func configImports43(location: ConfigLocation, directory: URL, root: String) throws { // scaffold
    let url = try ConfigImports.target("shared/db.yaml", from: directory, root: root, writtenAt: location, format: .yaml)
    _ = url // scaffold
} // scaffold

// Modules/IoCConfig/ConfigImports.swift:57
func configImports57() throws { // scaffold
    let name = ConfigImports.relative("/app/config/db.yaml", to: "/app/config")   // "db.yaml"
    _ = name // scaffold
} // scaffold

// Modules/IoCConfig/ConfigImports.swift:80
func configImports80(url: URL, chain: [String], root: String, parse: (Data) -> Void, report: (ConfigImports.Refusal) -> Void) throws { // scaffold
    switch ConfigImports.read(url, after: chain, root: root, maxDepth: 16, maxBytes: 16 << 20) {
    case .success(let bytes): parse(bytes)
    case .failure(let refusal): report(refusal)
    }
} // scaffold

// Modules/IoCConfig/ConfigImports.swift:124
func configImports124(location: ConfigLocation, url: URL, chain: [String], root: String, limits: YAMLLimits) throws { // scaffold
    let bytes = try ConfigImports.read(url, after: chain, root: root, maxDepth: limits.maxImportDepth,
                                      importedAt: location, format: .yaml)
    _ = bytes // scaffold
} // scaffold

// Modules/IoCConfig/ConfigImports.swift:155
func configImports155(bytes: Data, limits: YAMLLimits) throws { // scaffold
    try ConfigImports.checkSize(bytes.count, maxBytes: limits.maxDocumentBytes, file: "app.yaml", format: .yaml)
} // scaffold

// Modules/IoCConfig/ConfigWriteError.swift:20
func configWriteError20(location: ConfigLocation) throws { // scaffold
    throw ConfigWriteError(component: "\"mailer\" (Mailer)", location: location, format: "Spring XML",
                           feature: "tags", advice: "Write it as YAML, which has tags.")
} // scaffold

// Modules/IoCConfig/Decoration.swift:39
func decoration39(definition: inout Definition) throws { // scaffold
    definition.decoration = Decoration(innerName: "mailer.inner", priority: 10)
} // scaffold

// Modules/IoCConfig/EnvironmentFunction.swift:8
func environmentFunction8(builder: ContainerBuilder) throws { // scaffold
    builder.addEnvironmentFunction()
} // scaffold

// Modules/IoCConfig/EnvironmentFunction.swift:65
func environmentFunction65(builder: ContainerBuilder, url: URL) throws { // scaffold
    builder.addEnvironmentProcessor("upper") { value in .string(value.scalarText?.uppercased() ?? "") }
    try builder.loadYAML(contentsOf: url)   // %env(upper:REGION)%
} // scaffold

// Modules/IoCConfig/FilePropertySources.swift:23
func filePropertySources23(builder: ContainerBuilder) throws { // scaffold
    builder.propertySources.append(try PropertiesFileSource(contentsOf: URL(fileURLWithPath: "app.properties")))
} // scaffold

// Modules/IoCConfig/FilePropertySources.swift:37
func filePropertySources37() throws { // scaffold
    let source = PropertiesFileSource(values: ["mail.host": .string("smtp.example.com")], name: "mailProperties")
    _ = source // scaffold
} // scaffold

// Modules/IoCConfig/FilePropertySources.swift:52
func filePropertySources52() throws { // scaffold
    let source = try PropertiesFileSource(text: "weather.url=https://api.example.com\nreport.days=5", name: "inline")
    _ = source // scaffold
} // scaffold

// Modules/IoCConfig/FilePropertySources.swift:77
func filePropertySources77() throws { // scaffold
    let retries = try PropertiesFileSource(text: "retries=3", name: "inline").value(for: "retries")   // .string("3"), line 1
    _ = retries // scaffold
} // scaffold

// Modules/IoCConfig/FilePropertySources.swift:156
func filePropertySources156(builder: ContainerBuilder) throws { // scaffold
    builder.propertySources.append(try JSONFilePropertySource(contentsOf: URL(fileURLWithPath: "config.json")))
} // scaffold

// Modules/IoCConfig/FilePropertySources.swift:174
func filePropertySources174(url: URL) throws { // scaffold
    let source = try JSONFilePropertySource(data: Data(#"{"weather": {"url": "http://localhost"}}"#.utf8), name: "inline")
    _ = source // scaffold
} // scaffold

// Modules/IoCConfig/FilePropertySources.swift:193
func filePropertySources193() throws { // scaffold
    let url = try JSONFilePropertySource(data: Data(#"{"weather": {"url": "http://localhost"}}"#.utf8), name: "inline")
        .value(for: "weather.url")   // .string("http://localhost")
    _ = url // scaffold
} // scaffold

// Modules/IoCConfig/FilePropertySources.swift:218
func filePropertySources218(app: Container) throws { // scaffold
    throw PropertySourceError(source: "app.properties", line: 12, reason: "has no value after '='")
} // scaffold

// Modules/IoCConfig/ConfigContribution.swift:9
func configContribution9(builder: ContainerBuilder) throws { // scaffold
    let contribution = try YAMLLoader().load(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
    builder.add(contribution)
} // scaffold

// Modules/IoCConfig/ConfigContribution.swift:50
func configContribution50(builder: ContainerBuilder) throws { // scaffold
    builder.add(try XMLLoader().load(contentsOf: URL(fileURLWithPath: "config/beans.xml")))
} // scaffold
