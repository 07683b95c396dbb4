import Foundation
import IoCConfigCompiler
import IoCCore
import IoCYAML
import Testing

/// Writes `files` (name → text) into a fresh folder; returns the folder.
func folder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-config-compiler-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
        let file = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
    return folder
}

/// Compiles the config file `config` of `files` against the Swift sources `sources` (name → text).
func compile(_ files: [String: String], config: String = "services.yaml", sources: [String: String],
             external: Set<String> = []) throws -> (output: ConfigCompiler.Output, folder: URL) {
    let folder = try folder(files)
    var compiler = ConfigCompiler(configFiles: [folder.appendingPathComponent(config)],
                                  sources: sources.sorted { $0.key < $1.key }.map { ("/src/\($0.key)", $0.value) }, module: "App")
    compiler.externalTypes = external
    return (compiler.compile(), folder)
}

let weatherSources = [
    "Weather.swift": """
    import Foundation

    protocol WeatherClient: Sendable { func forecast() -> String }

    final class FreeWeatherClient: WeatherClient {
        let fixture: Fixture
        init(fixture: Fixture) { self.fixture = fixture }
        func forecast() -> String { "free" }
    }

    struct Fixture: Sendable {
        var path: String
        var retries: Int = 3
    }

    final class ReportService: Sendable {
        let client: any WeatherClient
        let days: Int
        init(client: any WeatherClient, days: Int = 5) { self.client = client; self.days = days }
        init(days: Int) throws { throw CancellationError() }
        private init(secret: Int) { fatalError() }
        func close() {}
        static func make(days: Int) -> ReportService { ReportService(client: FreeWeatherClient(fixture: Fixture(path: "")), days: days) }
    }

    enum Storage {
        final class Database: Sendable {
            init(path: String) {}
            func open() throws -> Connection { Connection() }
        }
        final class Connection: Sendable { init() {} }
    }
    """,
]

@Suite("Config compiler: the catalog written from the target's sources")
struct ConfigCompilerCatalogTests {
    @Test func compile_writesTheEntriesOfEveryTypeConfigNames() throws {
        let (output, folder) = try compile(["services.yaml": """
            services:
              fixture: { class: Fixture, arguments: { path: /tmp/fixture.json } }
              client: { class: FreeWeatherClient, as: [WeatherClient], arguments: { fixture: '@fixture' } }
              report: { class: ReportService, arguments: { days: 3 }, dispose: close }
            """], sources: weatherSources)
        #expect(output.diagnostics == [])
        let file = folder.appendingPathComponent("services.yaml").path
        let catalog = output.code.components(separatedBy: "\n\n    /// The config's named components").first
        #expect(catalog == """
            // Written by IoCConfigPlugin from services.yaml: do not edit.

            import Foundation
            import IoCCore

            /// The types this target's config files name, read from its Swift sources at build: give
            /// it to the builder that loads them (`builder.catalog = GeneratedConfig.catalog()`).
            enum GeneratedConfig {
                private static let file0 = "\(file)"
                static func catalog() -> IoCCore.TypeCatalog {
                    let catalog = IoCCore.TypeCatalog(compiledFromConfig: true)
                    catalog.add(protocol: (any WeatherClient).self, names: "WeatherClient")
            #sourceLocation(file: "\(file)", line: 2)
                    catalog.add(Fixture.self, names: "Fixture") { type in
            #sourceLocation(file: "\(file)", line: 2)
                        type.initializer("init(path:)") { (p0: String) in Fixture(path: p0) }
            #sourceLocation(file: "\(file)", line: 2)
                        type.initializer("init(path:retries:)") { (p0: String, p1: Int) in Fixture(path: p0, retries: p1) }
            #sourceLocation(file: "\(file)", line: 2)
                        type.property("path", \\Fixture.path)
            #sourceLocation(file: "\(file)", line: 2)
                        type.property("retries", \\Fixture.retries)
                    }
            #sourceLocation()
            #sourceLocation(file: "\(file)", line: 3)
                    catalog.add(FreeWeatherClient.self, names: "FreeWeatherClient") { type in
            #sourceLocation(file: "\(file)", line: 3)
                        type.initializer("init(fixture:)") { (p0: Fixture) in FreeWeatherClient(fixture: p0) }
            #sourceLocation(file: "\(file)", line: 3)
                        type.conforms(to: WeatherClient.self) { $0 }
                    }
            #sourceLocation()
            #sourceLocation(file: "\(file)", line: 4)
                    catalog.add(ReportService.self, names: "ReportService") { type in
            #sourceLocation(file: "\(file)", line: 4)
                        type.initializer("init(client:days:)", defaults: [1: IoCCore.DefaultArgument { () -> Int in 5 }]) { (p0: any WeatherClient, p1: Int) in ReportService(client: p0, days: p1) }
            #sourceLocation(file: "\(file)", line: 4)
                        type.initializer("init(days:)") { (p0: Int) in try ReportService(days: p0) }
            #sourceLocation(file: "\(file)", line: 4)
                        type.method("close()") { (instance: ReportService) in instance.close() }
                    }
            #sourceLocation()
                    return catalog
                }
            """)
    }

    @Test func compile_writesTheComponentsAsCodeRegistrations() throws {
        let (output, folder) = try compile(["services.yaml": """
            parameters: { days: 4 }
            services:
              _defaults: { scope: singleton }
              fixture: { class: Fixture, arguments: { path: '${FIXTURE:/tmp/f}' }, tags: [data, { name: source, priority: 2 }] }
              client: { class: FreeWeatherClient, arguments: ['@fixture'], profile: prod }
              report: { class: ReportService, arguments: { days: '%days%' }, dispose: close, lazy: true, scope: prototype }
              made: { class: ReportService, constructor: 'make(days:)', arguments: [3] }
              database: { class: Storage.Database, arguments: [/tmp/db] }
              connection: { factory: ['@database', 'open'] }
            """], sources: weatherSources)
        #expect(output.diagnostics == [])
        let file = folder.appendingPathComponent("services.yaml").path
        let parts = (output.code.components(separatedBy: "    /// Registers what the config files define").last ?? "").components(separatedBy: "\nextension ")
        let register = parts.first ?? ""
        // A nested type's entry, in an extension of it, with its enclosing type's names.
        #expect(parts.dropFirst().first?.hasPrefix("""
            Storage.Database {
                fileprivate static func _GeneratedConfigCatalogEntry(_ catalog: IoCCore.TypeCatalog) {
                    typealias Database = Storage.Database
                    typealias Connection = Storage.Connection
            #sourceLocation(file: "\(file)", line: 8)
                    catalog.add(Storage.Database.self, names: "Storage.Database") { type in
            """) == true)
        #expect(output.code.contains("        Storage.Database._GeneratedConfigCatalogEntry(catalog)\n"))
        #expect(register == """
             as code registrations, their initializers called
                /// directly: the same graph as loading the files, without reading them at launch. Profiles
                /// and placeholder values stay dynamic (read when the builder builds).
                static func register(in builder: IoCCore.ContainerBuilder) {
                    builder.propertySources.append(IoCCore.DictionaryPropertySource(name: "parameters", ["days": IoCCore.ConfigValue(.int(4), at: IoCCore.ConfigLocation(file: file0, line: 1, column: 21))]))
                    builder.spellPlaceholders(["days"], as: .parameter)
            #sourceLocation(file: "\(file)", line: 4)
                    make0(builder, "fixture", file0, 4, configText("${FIXTURE:/tmp/f}", file0, 4, 49), IoCCore.ConfigValue(.int(2), at: IoCCore.ConfigLocation(file: file0, line: 4, column: 111)))
            #sourceLocation()
            #sourceLocation(file: "\(file)", line: 5)
                    make1(builder, "client", file0, 5, .named("fixture"))
            #sourceLocation()
            #sourceLocation(file: "\(file)", line: 6)
                    make2(builder, "report", file0, 6, configText("${days}", file0, 6, 54))
            #sourceLocation()
            #sourceLocation(file: "\(file)", line: 7)
                    make3(builder, "made", file0, 7, configNumber(3, file0, 7, 73))
            #sourceLocation()
            #sourceLocation(file: "\(file)", line: 8)
                    make4(builder, "database", file0, 8, configText("/tmp/db", file0, 8, 52))
            #sourceLocation()
            #sourceLocation(file: "\(file)", line: 9)
                    make5(builder, "connection", file0, 9)
            #sourceLocation()
                }

                @inline(never)
                private static func make0(_ builder: IoCCore.ContainerBuilder, _ name: String?, _ file: String, _ line: Int, _ h0: IoCCore.InjectionSource, _ h1: IoCCore.ConfigValue) {
            #sourceLocation(file: "\(file)", line: 4)
                    builder.register({ (p0: String) in Fixture(path: p0) }, file: file, line: line).argument(0, h0).named(name).scope(.singleton).tagged("data").tagged("source", attributes: ["priority": h1])
            #sourceLocation()
                }

                @inline(never)
                private static func make1(_ builder: IoCCore.ContainerBuilder, _ name: String?, _ file: String, _ line: Int, _ h0: IoCCore.InjectionSource) {
            #sourceLocation(file: "\(file)", line: 5)
                    builder.register({ (p0: Fixture) in FreeWeatherClient(fixture: p0) }, file: file, line: line).argument(0, h0).named(name).scope(.singleton).profiles("prod").as((any WeatherClient).self) { $0 }
            #sourceLocation()
                }

                @inline(never)
                private static func make2(_ builder: IoCCore.ContainerBuilder, _ name: String?, _ file: String, _ line: Int, _ h0: IoCCore.InjectionSource) {
            #sourceLocation(file: "\(file)", line: 6)
                    builder.register({ (p0: Int) in try ReportService(days: p0) }, file: file, line: line).argument(0, h0).named(name).scope(.prototype).lazy().onDispose(named: "close") { $0.close() }
            #sourceLocation()
                }

                @inline(never)
                private static func make3(_ builder: IoCCore.ContainerBuilder, _ name: String?, _ file: String, _ line: Int, _ h0: IoCCore.InjectionSource) {
            #sourceLocation(file: "\(file)", line: 7)
                    builder.register({ (p0: Int) in ReportService.make(days: p0) }, file: file, line: line).argument(0, h0).named(name).scope(.singleton)
            #sourceLocation()
                }

                @inline(never)
                private static func make4(_ builder: IoCCore.ContainerBuilder, _ name: String?, _ file: String, _ line: Int, _ h0: IoCCore.InjectionSource) {
            #sourceLocation(file: "\(file)", line: 8)
                    builder.register({ (p0: String) in Storage.Database(path: p0) }, file: file, line: line).argument(0, h0).named(name).scope(.singleton)
            #sourceLocation()
                }

                @inline(never)
                private static func make5(_ builder: IoCCore.ContainerBuilder, _ name: String?, _ file: String, _ line: Int) {
            #sourceLocation(file: "\(file)", line: 9)
                    builder.register(factoryMethod: { (factory: Storage.Database) in { try factory.open() } }, of: .named("database"), file: file, line: line).named(name).scope(.singleton)
            #sourceLocation()
                }

                private static func configText(_ text: String, _ file: String, _ line: Int, _ column: Int) -> IoCCore.InjectionSource {
                    .config(IoCCore.ConfigValue(.string(text), at: IoCCore.ConfigLocation(file: file, line: line, column: column)))
                }

                private static func configNumber(_ number: Int, _ file: String, _ line: Int, _ column: Int) -> IoCCore.InjectionSource {
                    .config(IoCCore.ConfigValue(.int(number), at: IoCCore.ConfigLocation(file: file, line: line, column: column)))
                }

                /// That each component config references by name can be injected where it is.
                private static func checkReferences() {
            #sourceLocation(file: "\(file)", line: 5)
                    _ = { (component: Fixture) in let _: Fixture = component }
            #sourceLocation()
                }
            }

            """)
        #expect(output.code.contains("enum GeneratedConfig {\n    private static let file0 = \"\(file)\"\n"))
        #expect(output.code.contains("""
                struct Components {
                    private let container: IoCCore.Container
                    init(_ container: IoCCore.Container) { self.container = container }
                    /// "fixture", defined at services.yaml:4.
                    var fixture: Fixture { get throws { try component("fixture") } }
                    /// "client", defined at services.yaml:5.
                    var client: FreeWeatherClient { get throws { try component("client") } }
                    /// "report", defined at services.yaml:6.
                    var report: ReportService { get throws { try component("report") } }
                    /// "made", defined at services.yaml:7.
                    var made: ReportService { get throws { try component("made") } }
                    /// "database", defined at services.yaml:8.
                    var database: Storage.Database { get throws { try component("database") } }
                    /// "connection", defined at services.yaml:9.
                    var connection: Storage.Connection { get throws { try component("connection") } }
                    // One function the accessors call: resolving through it costs the type checker one
                    // candidate per accessor instead of every `resolve` overload.
                    private func component<T>(_ name: String) throws -> T { try container.resolve(T.self, name: name) }
                }
            """))
    }

    @Test func compile_nestedTypes_factoryMethodsAndStaticFactories() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              database: { class: Storage.Database, arguments: ['/tmp/db'] }
              connection: { class: Connection, factory: ['@database', 'open'] }
              report: { class: ReportService, factory: [ReportService, make], arguments: [4] }
            """], sources: weatherSources)
        #expect(output.diagnostics == [])
        #expect(output.code.contains("catalog.add(Storage.Database.self, names: \"Storage.Database\") { type in"))
        #expect(output.code.contains("type.factoryMethod(\"open()\") { (factory: Storage.Database) in try factory.open() }"))
        #expect(output.code.contains("catalog.add(Storage.Connection.self, names: \"Storage.Connection\") { type in"))
        #expect(output.code.contains("type.staticFactory(\"make(days:)\") { (p0: Int) in ReportService.make(days: p0) }"))
        // The private initializer is not callable from the catalog.
        #expect(!output.code.contains("secret"))
    }

    @Test func compile_classWithoutInitializers_inheritsItsSuperclasss() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              cavalry: { class: CavalryMan, arguments: { quest: '@quest' } }
              quest: { class: Quest }
            """], sources: ["Knights.swift": """
            class Quest { init() {} }
            class Knight {
                var quest: Quest?
                init(quest: Quest) { self.quest = quest }
            }
            final class CavalryMan: Knight {
                var hasHorse = false
            }
            """])
        #expect(output.diagnostics == [])
        #expect(output.code.contains("type.initializer(\"init(quest:)\") { (p0: Quest) in CavalryMan(quest: p0) }"))
        #expect(output.code.contains("type.property(\"quest\", \\CavalryMan.quest)"))
        #expect(output.code.contains("type.property(\"hasHorse\", \\CavalryMan.hasHorse)"))
        #expect(output.code.contains("type.conforms(to: Knight.self) { $0 }"))
    }

    @Test func compile_propertiesTypedByTheirLiteral_areSetByTheCompiledCode() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              knight: { class: Knight, properties: { rescued: 12, brave: true, name: Lancelot, height: 1.8 } }
              squire: { class: Knight, properties: { motto: '?' } }
            """], sources: ["Knights.swift": """
            final class Knight {
                var rescued = 0
                var brave = false
                var name = ""
                var height = 0.0
                var motto = String(repeating: "-", count: 3)
                init() {}
            }
            """])
        #expect(output.diagnostics == [])
        for (name, type) in [("rescued", "Int"), ("brave", "Bool"), ("name", "String"), ("height", "Double")] {
            #expect(output.code.contains("{ (instance: inout Knight, value: \(type)) in instance.\(name) = value }"), "\(name)")
        }
        // A type Swift infers from an expression: the key path infers it too.
        #expect(output.code.contains(#".property(\Knight.motto, h0, name: "motto")"#))
    }

    @Test func compile_membersOfExtensions_areCatalogued() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              settings: { class: Settings, arguments: { days: 2 } }
            """], sources: ["Settings.swift": "struct Settings { var days: Int }", "Settings+Init.swift": """
            extension Settings: Describable {
                init(weeks: Int) { days = weeks * 7 }
            }
            protocol Describable {}
            """])
        #expect(output.diagnostics == [])
        // An initializer in an extension leaves the struct its memberwise one.
        #expect(output.code.contains("type.initializer(\"init(weeks:)\") { (p0: Int) in Settings(weeks: p0) }"))
        #expect(output.code.contains("type.initializer(\"init(days:)\") { (p0: Int) in Settings(days: p0) }"))
        #expect(output.code.contains("type.conforms(to: Describable.self) { $0 }"))
    }
}

@Suite("Config compiler: diagnostics at the config file's line")
struct ConfigCompilerDiagnosticTests {
    @Test func compile_unknownType_isReportedAtItsClassValue_withTheClosestName() throws {
        let (output, folder) = try compile(["services.yaml": """
            services:
              fixture: { class: Fixture, arguments: { path: /tmp/f } }
              client:
                class: FreeWeatherClinet
                arguments: { fixture: '@fixture' }
            """], sources: weatherSources)
        let file = folder.appendingPathComponent("services.yaml").path
        #expect(output.diagnostics.map(\.description) == [
            "\(file):4:12: error: Unknown type \"FreeWeatherClinet\" for \"client\" (FreeWeatherClinet): no class, struct, actor or protocol of that name is declared in the Swift sources of target App. Did you mean \"FreeWeatherClient\"? A type of a module without sources here (Foundation's URL) is known by what the target declares in an extension of it (and a typealias, for another name): declare there the initializer or static factory config calls.",
        ])
        #expect(output.hasErrors)
    }

    @Test func compile_externalType_isLeftToTheHandWrittenCatalog() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              home: { class: URL, factory: [URL, 'init(string:)'], arguments: ['https://example.com'] }
            """], sources: weatherSources, external: ["URL"])
        #expect(output.diagnostics == [])
        #expect(!output.code.contains("URL.self"))
    }

    @Test func compile_missingReferenceAndUnknownKey_areReportedWhereWritten() throws {
        let (missing, folder) = try compile(["services.yaml": """
            services:
              client: { class: FreeWeatherClient, arguments: { fixture: '@fixtrue' } }
              fixture: { class: Fixture, arguments: { path: /tmp/f } }
            """], sources: weatherSources)
        let file = folder.appendingPathComponent("services.yaml").path
        #expect(missing.diagnostics.count == 1)
        #expect(missing.diagnostics.first?.description.hasPrefix("\(file):2:") == true)
        #expect(missing.diagnostics.first?.message.contains("\"fixtrue\"") == true)

        let (unknownKey, other) = try compile(["services.yaml": """
            services:
              fixture: { class: Fixture, argumnets: { path: /tmp/f } }
            """], sources: weatherSources)
        #expect(unknownKey.diagnostics.map(\.description) == [
            "\(other.appendingPathComponent("services.yaml").path):2:30: error: " + (unknownKey.diagnostics.first?.message ?? ""),
        ])
        #expect(unknownKey.diagnostics.first?.message.contains("argumnets") == true)
    }

    @Test func compile_usesOfADeprecatedComponent_areWarningsAtEachUse_notErrors() throws {
        let (output, folder) = try compile(["services.yaml": """
            services:
              fixture: { class: Fixture, arguments: { path: /tmp/f }, deprecated: 'use "newFixture"' }
              client: { class: FreeWeatherClient, arguments: { fixture: '@fixture' } }
            """], sources: weatherSources)
        let file = folder.appendingPathComponent("services.yaml").path
        #expect(output.diagnostics.map(\.description) == [
            "\(file):3:61: warning: \"client\" (FreeWeatherClient) argument 0 'fixture' at \(file):3:61 uses \"fixture\", which is deprecated: use \"newFixture\".",
        ])
        #expect(!output.hasErrors)
    }

    @Test func compile_beanXML_isReadThroughTheXMLFrontEnd() throws {
        let (output, folder) = try compile(["beans.xml": """
            <beans>
              <bean id="fixture" class="Fixture"><constructor-arg name="path" value="/tmp/f"/></bean>
              <bean id="client" class="FreeWeatherClent"><constructor-arg name="fixture" ref="fixture"/></bean>
            </beans>
            """], config: "beans.xml", sources: weatherSources)
        let file = folder.appendingPathComponent("beans.xml").path
        #expect(output.diagnostics.map(\.description).first?.hasPrefix("\(file):3:") == true)
        #expect(output.diagnostics.first?.message.hasPrefix("Unknown type \"FreeWeatherClent\" for \"client\"") == true)
        #expect(output.code.contains("catalog.add(Fixture.self, names: \"Fixture\")"))
    }

    @Test func diagnostic_printsAsCompilersDo() {
        #expect(ConfigDiagnostic(.error, "bad", at: ConfigLocation(file: "/a/s.yaml", line: 3, column: 7)).description == "/a/s.yaml:3:7: error: bad")
        #expect(ConfigDiagnostic(.warning, "old", at: ConfigLocation(file: "/a/s.yaml", line: 3)).description == "/a/s.yaml:3: warning: old")
        #expect(ConfigDiagnostic(.error, "none", at: nil).description == "error: none")
    }
}

@Suite("Config compiler: what is dynamic is not a build error")
struct ConfigCompilerLaunchValueTests {
    @Test func compile_placeholdersWithoutValues_andComponentsProvidedInCode_areNotErrors() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              output: { synthetic: true }
              fixture: { class: Fixture, arguments: { path: '${FIXTURE_PATH}' } }
              report: { class: ReportService, arguments: { client: '@client', days: '%env(int:DAYS)%' } }
              client: { class: FreeWeatherClient, arguments: ['@fixture'] }
              writer: '@output'
            """], sources: weatherSources)
        #expect(output.diagnostics == [])
    }

    @Test func compile_envPlaceholders_addTheEnvironmentFunction_asALoadDoes() throws {
        let (withEnv, _) = try compile(["services.yaml": """
            services:
              fixture: { class: Fixture, arguments: { path: '%env(FIXTURE_PATH)%' } }
            """], sources: weatherSources)
        #expect(withEnv.code.contains("import IoCConfig\n"))
        #expect(withEnv.code.contains("        builder.addEnvironmentFunction()\n"))
        let (without, _) = try compile(["services.yaml": "services:\n  fixture: { class: Fixture, arguments: { path: '${FIXTURE_PATH}' } }\n"],
                                       sources: weatherSources)
        #expect(!without.code.contains("import IoCConfig\n") && !without.code.contains("addEnvironmentFunction"))
    }

    @Test func command_writesTheCodeOnlyWhenItChanges_andFailsOnErrors() throws {
        let folder = try folder([
            "services.yaml": "services:\n  fixture: { class: Fixture, arguments: { path: /tmp/f } }\n  app: { class: App, arguments: ['@output'] }\n",
            "ioc-plugin.json": #"{ "externalTypes": ["App"], "provided": ["output"], "generatedTypeName": "AppConfig" }"#,
            "Weather.swift": weatherSources["Weather.swift"] ?? "",
        ])
        let output = folder.appendingPathComponent("out/GeneratedConfig.swift")
        let run = {
            ConfigCompilerCommand.run(module: "App", output: output, pluginConfig: folder.appendingPathComponent("ioc-plugin.json"),
                                      configs: [folder.appendingPathComponent("services.yaml")],
                                      sources: [folder.appendingPathComponent("Weather.swift")])
        }
        #expect(run() == 0)
        let code = try String(contentsOf: output, encoding: .utf8)
        #expect(code.contains("enum AppConfig {"))
        let written = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        #expect(run() == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date == written)

        try "services:\n  fixture: { class: Fixtur }\n".write(to: folder.appendingPathComponent("services.yaml"), atomically: true, encoding: .utf8)
        #expect(run() == 1)
        try "{ externalTypes: 1 }".write(to: folder.appendingPathComponent("ioc-plugin.json"), atomically: true, encoding: .utf8)
        #expect(run() == 1)
        #expect(ConfigCompilerCommand.describe(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "x"))) == "it is not valid JSON")
    }
}

@Suite("Config compiler: the command the plugin runs")
struct ConfigCompilerCommandTests {
    @Test func command_compilesEachGroupOfFilesIntoATypeOfItsOwn_andReportsAGroupThatNamesNoFile() throws {
        let captive = "services:\n  fixture: { class: Fixture, scope: prototype, arguments: { path: /tmp/f } }\n"
            + "  client: { class: FreeWeatherClient, scope: singleton, arguments: ['@fixture'] }\n"
        let folder = try folder([
            "services.yaml": "services:\n  fixture: { class: Fixture, arguments: { path: /tmp/f } }\n",
            "test/services.yaml": captive,
            "beans.xml": "<beans><bean id=\"fixture\" class=\"Fixture\"><constructor-arg name=\"path\" value=\"/tmp/x\"/></bean></beans>",
            "ioc-plugin.json": #"{ "generatedTypes": { "TestConfig": ["test/services.yaml"], "BeansConfig": ["beans.xml"] }, "allowsCaptiveDependencies": true }"#,
            "Weather.swift": weatherSources["Weather.swift"] ?? "",
        ])
        let output = folder.appendingPathComponent("out/GeneratedConfig.swift")
        let configs = ["services.yaml", "test/services.yaml", "beans.xml"].map { folder.appendingPathComponent($0) }
        let run = {
            ConfigCompilerCommand.run(module: "App", output: output, pluginConfig: folder.appendingPathComponent("ioc-plugin.json"),
                                      configs: configs, sources: [folder.appendingPathComponent("Weather.swift")])
        }
        #expect(run() == 0, "the captive dependency is allowed, as the app's builder allows it")
        let code = try String(contentsOf: output, encoding: .utf8)
        #expect(["enum GeneratedConfig {", "enum BeansConfig {", "enum TestConfig {"].map { code.components(separatedBy: $0).count - 1 } == [1, 1, 1])
        #expect(code.components(separatedBy: "import IoCCore").count - 1 == 1, "one import for every type")
        #expect(code.contains(#"private static let file0 = "\#(folder.appendingPathComponent("test/services.yaml").path)""#))

        try #"{ "generatedTypes": { "TestConfig": ["test/services.yaml", "missing.yaml"] } }"#
            .write(to: folder.appendingPathComponent("ioc-plugin.json"), atomically: true, encoding: .utf8)
        let groups = ConfigCompilerCommand.groups(configs, ["TestConfig": ["test/services.yaml", "missing.yaml"]], defaultName: "GeneratedConfig")
        #expect(groups.groups.map { "\($0.0): \($0.1.map(\.lastPathComponent))" } == [
            "GeneratedConfig: [\"services.yaml\", \"beans.xml\"]", "TestConfig: [\"services.yaml\"]",
        ])
        #expect(groups.unmatched == ["TestConfig: missing.yaml"])
        #expect(run() == 1, "a group naming no file, and the captive dependency no longer allowed")
    }
}
