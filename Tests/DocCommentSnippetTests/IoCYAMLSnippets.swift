import Foundation
import IoCCore
import IoCXML
import IoCYAML

// The code examples of IoCYAML's doc comments, each where the compiler checks it (see
// SnippetCoverageTests). Lines marked `// scaffold` give an example what it takes for granted.

// Modules/IoCYAML/YAMLLimits.swift:25
func yAMLLimits25() throws { // scaffold
    var limits = YAMLLimits()
    limits.maxAliasExpansion = 10_000
    _ = limits // scaffold
} // scaffold

// Modules/IoCYAML/YAMLLoader.swift:31
func yAMLLoader31(catalog: TypeCatalog) throws { // scaffold
    let builder = ContainerBuilder()
    builder.catalog = catalog
    try builder.loadYAML(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
    let container = try builder.build()
    _ = builder // scaffold
    _ = container // scaffold
} // scaffold

// Modules/IoCYAML/YAMLLoader.swift:43
func yAMLLoader43() throws { // scaffold
    var limits = YAMLLimits()
    limits.maxAliasExpansion = 10_000
    let config = try YAMLLoader(limits: limits).load(contentsOf: URL(fileURLWithPath: "services.yaml"))
    _ = limits // scaffold
    _ = config // scaffold
} // scaffold

// Modules/IoCYAML/YAMLLoader.swift:63
func yAMLLoader63() throws { // scaffold
    let config = try YAMLLoader().load(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
    _ = config // scaffold
} // scaffold

// Modules/IoCYAML/YAMLLoader.swift:74
func yAMLLoader74() throws { // scaffold
    let checked = YAMLLoader().check(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
    for problem in checked.problems { print(problem) }
    _ = checked // scaffold
} // scaffold

// Modules/IoCYAML/YAMLLoader.swift:87
func yAMLLoader87() throws { // scaffold
    let config = try YAMLLoader().load(string: "services:\n  clock: { class: SystemClock }\n")
    _ = config // scaffold
} // scaffold

// Modules/IoCYAML/YAMLLoader.swift:140
func yAMLLoader140(builder: ContainerBuilder) throws { // scaffold
    try builder.loadYAML(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
} // scaffold

// Modules/IoCYAML/YAMLLoader.swift:152
func yAMLLoader152(builder: ContainerBuilder) throws { // scaffold
    try builder.loadYAML("services:\n  clock: { class: SystemClock }\n", name: "test.yaml")
} // scaffold

// Modules/IoCYAML/YAMLWriter.swift:9
func yAMLWriter9(url: URL) throws { // scaffold
    let config = try XMLLoader().load(contentsOf: url)
    let yaml = try YAMLWriter.string(from: config.definitions)
    _ = config // scaffold
    _ = yaml // scaffold
} // scaffold

// Modules/IoCYAML/YAMLWriter.swift:18
func yAMLWriter18(config: YAMLConfig) throws { // scaffold
    let yaml = try YAMLWriter.string(from: config.definitions, parameters: [(key: "report.days", value: .int(5))])
    _ = yaml // scaffold
} // scaffold
