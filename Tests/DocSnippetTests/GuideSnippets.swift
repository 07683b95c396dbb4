import Foundation
import IoCCommands
import Synchronization
import IoCConfig
import IoCCore
import IoCXML
import IoCYAML
import Testing

// The Swift snippets of docs/CodeRegistration.md, docs/Configuration.md, docs/ErrorsAndValidation.md, docs/Tool.md,
// docs/XML.md and docs/YAML.md.

@Suite("docs/CodeRegistration.md")
enum CodeRegistrationSnippets {
    protocol WeatherClient: Sendable {}
    final class URLSessionTransport: Sendable { init() {} }
    final class FreeWeatherClient: WeatherClient { init(transport: URLSessionTransport) {} }
    final class ReportService: Sendable {
        let days: Int
        init(client: any WeatherClient, days: Int) { self.days = days }
    }
    struct AppConfig: Sendable { static func load() -> AppConfig { AppConfig() } }
    final class Connection: Sendable { let path: String; init(path: String) throws { self.path = path } }
    struct ConnectionFactory: ComponentFactory {
        let path: String
        func makeProduct() throws -> Connection { try Connection(path: path) }
    }

    final class TaggedChannel: Sendable {
        let name: String
        init(info: ComponentInfo) {
            name = info.attribute("channel", ofTag: "channel")?.scalarText ?? "?"
        }
    }

    @Test static func readingTagAttributes() throws {
        let builder = ContainerBuilder()
        builder.register(TaggedChannel.init).tagged("channel", attributes: ["channel": .string("audit")])
        #expect(try builder.build().resolve(TaggedChannel.self).name == "audit")
    }

    @Test static func registering() throws {
        let builder = ContainerBuilder()
        builder.register(URLSessionTransport.init).singleton()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).singleton()
        builder.register(ReportService.init)           // init(client: any WeatherClient, days: Int)
            .argument(1, .value(5))
        builder.register(instance: AppConfig.load())   // an object the app made
        let container = try builder.build()
        #expect(try container.resolve(ReportService.self).days == 5) // scaffold
    }

    @Test static func factoryComponent() throws {
        let builder = ContainerBuilder() // scaffold
        builder.register(instance: "reports.sqlite", name: "dbPath")
        builder.registerFactory { (path: String) in ConnectionFactory(path: path) }
            .arguments(.named("dbPath"))   // the factory's own dependencies
            .singleton()                   // the product's scope
        #expect(try builder.build().resolve(Connection.self).path == "reports.sqlite") // scaffold
    }
}

@Suite("docs/Configuration.md")
enum ConfigurationSnippets {
    final class Connection: Sendable { let path: String; init(path: String) { self.path = path } }
    final class ConnectionFactory: ComponentFactory, @unchecked Sendable {
        let path: String
        var timeout = 5
        init(path: String) { self.path = path }
        func makeProduct() -> Connection { Connection(path: path) }
    }

    @Test static func factoryClasses() throws {
        let catalog = TypeCatalog() // scaffold
        catalog.add(ConnectionFactory.self) { factory in
            factory.initializer("init(path:)") { (path: String) in ConnectionFactory(path: path) }
            factory.property("timeout", \.timeout)
            factory.makesProduct()
        }
        let builder = ContainerBuilder() // scaffold
        builder.catalog = catalog // scaffold
        try builder.loadYAML("services:\n  connection: { class: ConnectionFactory, arguments: [reports.sqlite], properties: { timeout: 30 } }\n") // scaffold
        #expect(try builder.build().resolve(Connection.self).path == "reports.sqlite") // scaffold
    }

    protocol Quest: Sendable {}
    final class Knight: @unchecked Sendable {
        var quest: (any Quest)?
        var damselsRescued = 0
        init() {}
        init(quest: any Quest) { self.quest = quest }
    }
    final class CampaignQuest: Quest, @unchecked Sendable {
        var imageUrl: URL?
        init() {}
        func questAfterPropertyInjection() {}
    }
    struct Sword: Sendable { let specification: String }
    final class SwordFactory: Sendable {
        init() {}
        func sword(specification: String) -> Sword { Sword(specification: specification) }
    }
    struct BadURL: Error {}
    static func makeURL(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw BadURL() }
        return url
    }

    @Test static func catalog() throws {
        let builder = ContainerBuilder() // scaffold
        let catalog = TypeCatalog()
        catalog.add(Knight.self) { knight in
            knight.initializer("init()") { Knight() }
            knight.initializer("init(quest:)") { (quest: any Quest) in Knight(quest: quest) }
            knight.property("quest", \.quest)
            knight.property("damselsRescued", \.damselsRescued)
        }
        catalog.add(CampaignQuest.self) { quest in
            quest.initializer("init()") { CampaignQuest() }
            quest.property("imageUrl", \.imageUrl)
            quest.method("questAfterPropertyInjection") { $0.questAfterPropertyInjection() }
            quest.conforms(to: (any Quest).self) { $0 }
        }
        catalog.add(URL.self, names: "NSURL") { url in
            url.staticFactory("URL(string:)") { (text: String) in try makeURL(text) }
        }
        catalog.add(SwordFactory.self) { factory in
            factory.initializer("init()") { SwordFactory() }
            factory.factoryMethod("sword(specification:)") { (f: SwordFactory, spec: String) in f.sword(specification: spec) }
        }
        builder.catalog = catalog
        let services = "services: { quest: { class: CampaignQuest, as: [Quest] }, knight: { class: Knight, arguments: ['@quest'], properties: { damselsRescued: 2 } }, swordFactory: { class: SwordFactory }, sword: { factory: ['@swordFactory', 'sword(specification:)'], arguments: [blue] } }" // scaffold
        try builder.loadYAML(services) // scaffold
        let container = try builder.build() // scaffold
        #expect(try container.resolve(Knight.self, name: "knight").damselsRescued == 2) // scaffold
        #expect(try container.resolve(Sword.self, name: "sword").specification == "blue") // scaffold
    }

    @Test static func propertySources() throws {
        let builder = ContainerBuilder() // scaffold
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-doc-\(UUID().uuidString)") // scaffold
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) // scaffold
        defer { try? FileManager.default.removeItem(at: folder) } // scaffold
        let propertiesURL = folder.appendingPathComponent("app.properties") // scaffold
        let jsonURL = folder.appendingPathComponent("app.json") // scaffold
        try "report.title=Weekly\n".write(to: propertiesURL, atomically: true, encoding: .utf8) // scaffold
        try #"{ "weather": { "url": "https://weather.example" } }"#.write(to: jsonURL, atomically: true, encoding: .utf8) // scaffold
        builder.propertySources = [
            EnvironmentPropertySource(),                          // the process environment
            try PropertiesFileSource(contentsOf: propertiesURL),  // key=value / key: value
            try JSONFilePropertySource(contentsOf: jsonURL),      // nested keys as weather.url
            DictionaryPropertySource(name: "defaults", ["report.days": "5"]),
        ]
        #expect(builder.propertySources.map(\.name).count == 4) // scaffold
        #expect(builder.propertySources[2].value(for: "weather.url") == .string("https://weather.example")) // scaffold
    }

    @Test static func writingAFrontEnd() throws {
        let builder = ContainerBuilder() // scaffold
        let path = "knights.conf" // scaffold
        let here = ConfigLocation(file: path, line: 16, column: 20) // scaffold
        let there = ConfigLocation(file: path, line: 20, column: 5) // scaffold
        var knight = Definition(name: "knight", typeName: "Knight", location: ConfigLocation(file: path, line: 14, column: 5))
        knight.scope = .singleton
        knight.properties.append(PropertyInjection(name: "quest", source: .named("quest")))
        knight.properties.append(PropertyInjection(name: "damselsRescued", source: .config(.string("12", at: here))))
        var sword = Definition(name: "blueSword", typeName: "Sword",
                               construction: .factoryMethod("sword(specification:)", of: .named("swordFactory"),
                                                            arguments: [InjectionPoint(label: "specification", source: .config(.string("blue")))]),
                               location: there)
        builder.add(contentsOf: [knight, sword])
        #expect(builder.definitions.map(\.name) == ["knight", "blueSword"] && sword.name == "blueSword") // scaffold
        sword.name = "sword" // scaffold
    }

    final class Label: @unchecked Sendable { var text = ""; init() {} }

    struct Upper: PlaceholderFunction {
        static let badArgument = IoCError.Kind("badUpperArgument")

        func value(of argument: String, in call: PlaceholderCall) throws(IoCError) -> ConfigValue? {
            guard !argument.contains(":") else {
                throw IoCError(Self.badArgument, message: "\(call.text) at \(call.location) takes one key, not \"\(argument)\".",
                               location: call.location)
            }
            return call.lookup(argument).flatMap(\.scalarText).map { ConfigValue(.string($0.uppercased()), at: call.location) }
        }
    }

    @Test static func placeholderFunctions() throws { // scaffold
        let builder = ContainerBuilder() // scaffold
        builder.placeholderFunctions["upper"] = Upper()   // "${upper(app.name)}" is "WEATHER"
        builder.propertySources = [DictionaryPropertySource(["app.name": "weather"])] // scaffold
        let catalog = TypeCatalog() // scaffold
        catalog.add(Label.self) { $0.initializer("init()") { Label() }; $0.property("text", \.text) } // scaffold
        builder.catalog = catalog // scaffold
        var label = Definition(name: "label", typeName: "Label", location: ConfigLocation(file: "app.yaml", line: 1)) // scaffold
        label.properties = [PropertyInjection(name: "text", source: .config(.string("${upper(app.name)}")))] // scaffold
        builder.add(label) // scaffold
        #expect(try builder.build().resolve(Label.self).text == "WEATHER") // scaffold
    }

    final class Greeter: Sendable { let greeting: String; init(greeting: String) { self.greeting = greeting } }

    /// The greetings to make one greeter each for, from a template definition.
    enum Greetings: DefinitionSetting {
        static let defaultValue: [String] = []
        static var preparation: PreparationPass? {
            PreparationPass(name: "greetings") { context, definitions in
                definitions.flatMap { template -> [Definition] in
                    let greetings = template[setting: Greetings.self]
                    guard !greetings.isEmpty, let name = template.name else { return [template] }
                    return greetings.map { greeting in
                        var greeter = template
                        greeter[setting: Greetings.self] = []
                        greeter.name = name + "." + greeting
                        greeter.construction = .initializer(arguments: [InjectionPoint(label: "greeting", source: .config(.string(greeting)))])
                        return greeter
                    }
                }
            }
        }
    }

    @Test static func settingsOfAModulesOwn() throws { // scaffold
        let builder = ContainerBuilder() // scaffold
        let catalog = TypeCatalog() // scaffold
        catalog.add(Greeter.self) { $0.initializer("init(greeting:)") { (greeting: String) in Greeter(greeting: greeting) } } // scaffold
        builder.catalog = catalog // scaffold
        var template = Definition(name: "greeter", typeName: "Greeter", location: ConfigLocation(file: "app.yaml", line: 3))
        template[setting: Greetings.self] = ["hello", "bonjour"]   // the components greeter.hello and greeter.bonjour
        builder.add(template)
        let container = try builder.build() // scaffold
        #expect(try container.resolve(Greeter.self, name: "greeter.bonjour").greeting == "bonjour") // scaffold
        #expect(try container.resolve(Greeter.self, name: "greeter.hello").greeting == "hello") // scaffold
    }
}

@Suite("docs/Tool.md, docs/XML.md, docs/YAML.md")
enum ToolAndLoaderSnippets {
    protocol ReportOutput: Sendable {}
    struct StandardOutput: ReportOutput {}
    enum MyApp { static func catalog() -> TypeCatalog { TypeCatalog() } }

    /// Compiled, not run: `tool.main()` exits the process.
    static func embeddingTheTool() {
        let tool = IoCTool(catalog: MyApp.catalog()) { builder in
            // What the app adds to every builder: converters, components made in code, property sources.
            builder.register(instance: StandardOutput() as any ReportOutput, as: (any ReportOutput).self).named("output")
        }
        tool.main()                                  // reads CommandLine.arguments, prints, exits
        // or: let result = tool.run(["validate", "weather.yaml"])   // status, output, errors
    }

    @Test static func theToolRunsInProcess() { // scaffold
        let tool = IoCTool(catalog: MyApp.catalog()) { _ in } // scaffold
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-doc-\(UUID().uuidString).yaml") // scaffold
        try? "services: {}\n".write(to: file, atomically: true, encoding: .utf8) // scaffold
        defer { try? FileManager.default.removeItem(at: file) } // scaffold
        #expect(tool.run(["validate", file.path]).status == 0) // scaffold
    } // scaffold

    struct Money { init(text: String) throws {} }

    /// Compiled, not run: `main()` exits the process (IoCTool's doc comment).
    static func anAppsOwnConfigTool() { // scaffold
        // Sources/my-app-config/main.swift
        IoCTool(catalog: MyApp.catalog()) { builder in
            builder.converters.register(Money.self) { value in try Money(text: value.scalarText ?? "") }
        }.main()
    } // scaffold

    /// Compiled, not run: the snippets read files by the paths the documents name.
    static func loading(_ catalog: TypeCatalog) throws {
        let builder = ContainerBuilder()
        builder.catalog = catalog
        try builder.loadXML(contentsOf: URL(fileURLWithPath: "MiddleAgesAssembly.xml"))
        let container = try builder.build()
        _ = container // scaffold
    }

    /// Compiled, not run: the snippet reads the file by the path the document names.
    static func anEnvironmentProcessorOfTheApps(_ builder: ContainerBuilder, _ url: URL) throws { // scaffold
        builder.addEnvironmentProcessor("upper") { value in .string(value.scalarText?.uppercased() ?? "") }
        try builder.loadYAML(contentsOf: url)   // region: '%env(upper:REGION)%'
    } // scaffold

    static func loadingYAML(_ catalog: TypeCatalog) throws { // scaffold
        let builder = ContainerBuilder()
        builder.catalog = catalog                       // what the file may name
        builder.propertySources = [EnvironmentPropertySource()]
        try builder.loadYAML(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
        let container = try builder.build()
        _ = container // scaffold
    }
}

@Suite("docs/DefinitionsAndScopes.md")
enum DefinitionsAndScopesSnippets {
    final class URLSessionTransport: Sendable { init() {} }

    @Test static func movingComponents() throws {
        let networking = ContainerBuilder()
        let transport = networking.register(URLSessionTransport.init).singleton()
        let builder = ContainerBuilder()
        builder.add(transport.component)                        // one registration, with its code
        #expect(try builder.build().isRegistered(URLSessionTransport.self)) // scaffold
        let app = ContainerBuilder()
        app.add(contentsOf: networking.components)              // every registration of a builder
        #expect(app.definitions == networking.definitions) // scaffold
        let inner = app.keepingCode(of: transport.component)    // code for an inner definition: .inner(inner)
        #expect(inner == transport.definition) // scaffold
    }

    final class MailStore: Sendable { init() {} }
    final class Theme: Sendable { init() {} }
    @MainActor final class InboxViewController { init(store: MailStore) {} }
    @MainActor final class ComposeViewController { init(store: MailStore) {} }
    @MainActor final class SettingsViewController {
        var theme: Theme?
        var loaded = false
        init() {}
        func viewDidLoad() { loaded = theme != nil }
    }

    @MainActor
    @Test static func mainActorComponents() throws {
        let builder = ContainerBuilder() // scaffold
        builder.register(Theme.init) // scaffold
        builder.register(MailStore.init).singleton()                        // a nonisolated service
        builder.register(mainActor: InboxViewController.init).singleton()   // @MainActor init(store:)
        builder.register(ComposeViewController.self, mainActorFactory: { r in
            ComposeViewController(store: try r.resolve())
        })
        builder.register(mainActor: SettingsViewController.init)
            .property("theme", onMainActor: { (controller: inout SettingsViewController, theme: Theme) in controller.theme = theme })
            .afterInjection(named: "viewDidLoad", onMainActor: { $0.viewDidLoad() })
        let container = try builder.build() // scaffold
        #expect(try container.resolve(SettingsViewController.self).loaded) // scaffold
        _ = try container.resolve(InboxViewController.self) // scaffold
        _ = try container.resolve(ComposeViewController.self) // scaffold
    }

    final class RateLimiter: Sendable {
        private let tokens = Mutex(10)
        func take() -> Bool {
            tokens.withLock { count in
                guard count > 0 else { return false }
                count -= 1
                return true
            }
        }
    }
    @Test static func sharedInstancesAreSendable() throws { // scaffold
        let builder = ContainerBuilder() // scaffold
        builder.register(RateLimiter.init).singleton()
        let container = try builder.build() // scaffold
        #expect(try container.resolve(RateLimiter.self) === container.resolve(RateLimiter.self)) // scaffold
        #expect(try container.resolve(RateLimiter.self).take()) // scaffold
    } // scaffold

    final class Person: @unchecked Sendable {
        let name: String
        var spouse: Person?
        init(name: String) { self.name = name }
    }

    @Test static func cyclesThatPropertiesClose() throws {
        let builder = ContainerBuilder() // scaffold
        builder.register { Person(name: "husband") }.named("husband").singleton()
            .property(\.spouse, .named("wife"))
        builder.register { Person(name: "wife") }.named("wife").singleton()
            .property(\.spouse, .named("husband"))
        let container = try builder.build() // scaffold
        let wife = try container.resolve(Person.self, name: "wife") // scaffold
        #expect(wife.spouse?.spouse === wife) // scaffold
    }
}

@Suite("docs/ErrorsAndValidation.md")
enum ErrorsAndValidationSnippets {
    final class Report: Sendable { init(client: Client) {} }
    final class Client: Sendable {}

    @Test static func handlingAnError() {
        let builder = ContainerBuilder() // scaffold
        let registered = #line; builder.register(Report.init) // scaffold
        var printed: [String] = [] // scaffold
        func print(_ text: String) { printed.append(text) } // scaffold
        do {
            _ = try builder.build()
        } catch let error as IoCError where error.kind == .validationFailed {
            for problem in error.problems where problem.kind == .missingComponent {
                print("\(problem.location?.description ?? "?"): \(problem)")
            }
        } catch { // scaffold
            Issue.record("expected a validation failure, got \(error)") // scaffold
        } // scaffold
        let line = registered // scaffold
        #expect(printed == ["DocSnippetTests/GuideSnippets.swift:\(line): No component Client is registered; required by Report, argument 0, at DocSnippetTests/GuideSnippets.swift:\(line). Register it, or correct the reference."]) // scaffold
    }

    @Test static func handlingAConfigError() {
        var printed: [String] = [] // scaffold
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) } // scaffold
        do {
            let config = try YAMLLoader().load(string: "services:\n  a: { clas: Logger }\n", name: "app.yaml")
            print(config.definitions.count)
        } catch {
            for problem in error.problems where problem.kind == .unknownKey {
                print(problem.location?.line ?? 0, problem.format)   // 2 YAML
            }
        }
        #expect(printed == ["2 YAML"]) // scaffold
    }
}
