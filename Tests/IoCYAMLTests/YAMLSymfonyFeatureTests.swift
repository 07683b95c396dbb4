import Foundation
import IoCConfig
import IoCCore
import IoCYAML
import Testing

@Suite("YAML: resource registers catalogued types")
struct ResourceTests {
    @Test func resource_registersEveryCataloguedTypeOfTheNamespace_butExcludedAndExplicitOnes() throws {
        let builder = try yamlBuilder(#"""
            services:
              _defaults: { public: true }
              IoCYAMLTests\:
                resource: '../Sources/'
                exclude: ['../Sources/{FreeWeatherClient,ReportService.swift}']
                tags: [app]
              IoCYAMLTests\ConsoleReporter: { arguments: [explicit] }
            """#)
        let container = try builder.build()
        let ids = container.definitions.compactMap(\.name).sorted()
        #expect(ids == [#"IoCYAMLTests\ConsoleReporter"#, #"IoCYAMLTests\HTTPSession"#, #"IoCYAMLTests\Logger"#])
        #expect(try container.resolve(ConsoleReporter.self).id == "explicit")
        #expect(container.definitions.first { $0.name == #"IoCYAMLTests\Logger"# }?.tags == ["app"])
        _ = try container.resolve(Logger.self)
    }

    @Test func aliasesOfServicesTheResourceRegisters_nameThem_orSayTheCatalogHasNone() throws {
        let builder = try yamlBuilder(#"""
            services:
              IoCYAMLTests\:
                resource: '../Sources/'
                exclude: ['../Sources/{FreeWeatherClient,ReportService}']
                public: false
              mainLogger: '@IoCYAMLTests\Logger'
              exposed: { alias: 'IoCYAMLTests\HTTPSession', public: true }
            """#)
        let container = try builder.build()
        #expect(container.definitions.first { $0.name == #"IoCYAMLTests\Logger"# }?.aliases == ["mainLogger"])
        _ = try container.resolve(HTTPSession.self, name: "exposed")
        #expect(errorText { _ = try yamlBuilder(#"""
            services:
              IoCYAMLTests\:
                resource: '../Sources/'
                exclude: ['../Sources/{FreeWeatherClient,ReportService}']
              clock: '@IoCYAMLTests\Clock'
            """#).build() } == #"""
            Container validation failed with 1 problem:
            1. No component "IoCYAMLTests\Clock" is registered; required by alias "clock", its target, at services.yaml:2:3. Register it, or correct the reference.
            """#)
    }

    @Test func resource_withoutACatalog_registersNothing_andMisplacedKeysAreRefused() throws {
        let config = try YAMLLoader().load(string: "services:\n  App\\:\n    resource: ../src/\n", name: "services.yaml")
        #expect(config.definitions.first?.resource == CatalogResource(namePrefix: "App.", idPrefix: "App\\", idSeparator: "\\"))
        let builder = ContainerBuilder()
        builder.add(contentsOf: config.definitions)
        #expect(try builder.build().definitions.isEmpty)
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  mailer: { resource: ../src/ }\n", name: "app.yaml") }
            == #"Bad value '../src/' at app.yaml:2:23: a 'resource' belongs to a service whose id (or 'namespace') is a namespace ending in '\' (App\:) and that names no class."#)
    }

    @Test func excludePaths_becomeNamesAfterTheNamespace() throws {
        func excluded(_ exclude: String, under resource: String) throws -> [String] {
            let yaml = "services:\n  App\\:\n    resource: '\(resource)'\n    exclude: \(exclude)\n"
            return try YAMLLoader().load(string: yaml, name: "services.yaml").definitions.first?.resource?.excluding ?? []
        }
        #expect(try excluded("['../src/DependencyInjection/', '../src/Entity/', '../src/Kernel.php']", under: "../src/")
            == ["DependencyInjection", "Entity", "Kernel"])
        #expect(try excluded("'../src/{Entity,Migrations,Tests,Kernel.php}'", under: "../src/*") == ["Entity", "Migrations", "Tests", "Kernel"])
        let resource = CatalogResource(namePrefix: "App.", excluding: ["Entity", "*Test"], idPrefix: "App\\")
        #expect(resource.description == "resource App.* excluding Entity, *Test")
    }
}

@Suite("YAML: decorators")
struct DecorationTests {
    final class Layer: Reporter, @unchecked Sendable {
        let inner: any Reporter
        var id: String { "layer(\(inner.id))" }
        init(inner: any Reporter) { self.inner = inner }
    }

    private func container(_ yaml: String) throws -> Container {
        try build(yaml) { catalog in
            catalog.add(Layer.self) { layer in
                layer.initializer("init(inner:)") { (inner: any Reporter) in Layer(inner: inner) }
                layer.conforms(to: (any Reporter).self) { $0 }
            }
        }
    }

    @Test func decorators_stackByPriority_andNameTheirInner() throws {
        // Symfony: the higher the priority, the sooner the decorator is applied (closest to the original).
        let built = try container("""
            services:
              mailer: { class: ConsoleReporter, arguments: [mailer], as: [Reporter] }
              outer: { class: Layer, decorates: mailer, arguments: ['@.inner'], decoration_priority: 1 }
              inner: { class: Layer, decorates: mailer, decoration_priority: 5, decoration_inner_name: mailer.original, arguments: ['@.inner'] }
            """)
        #expect(built.definitions.compactMap(\.name).sorted() == ["inner", "mailer.original", "outer"])
        #expect(built.definitions.first { $0.name == "outer" }?.aliases == ["mailer"])
        #expect(built.definitions.first { $0.name == "inner" }?.aliases == ["outer.inner"])
        #expect(try built.resolve((any Reporter).self, name: "mailer").id == "layer(layer(mailer))")
    }

    @Test func decoratingNothing_isAnError_orIgnored_orNil_asAsked() throws {
        let ignored = try container("""
            services:
              audit: { class: ConsoleReporter, decorates: missing, decoration_on_invalid: ignore }
            """)
        #expect(ignored.definitions.isEmpty)
        // Kept, with nil for what it decorates (its metrics would be a Logger it wraps).
        let nulled = try container("""
            services:
              audit: { class: ReportService, decorates: missing, decoration_on_invalid: null, arguments: [[], '@?.inner'] }
            """)
        #expect(try nulled.resolve(ReportService.self, name: "audit").metrics == nil)
        #expect(nulled.definitions.first?.aliases == ["missing"])
        #expect(errorText { _ = try container("services:\n  audit: { class: ConsoleReporter, decorates: missing }\n") } == """
            Container validation failed with 1 problem:
            1. "audit" (ConsoleReporter) at services.yaml:2:3 decorates "missing", which no definition has.
            """)
    }
}

@Suite("YAML: Symfony's tags")
struct SymfonyTagTests {
    final class Router: @unchecked Sendable {
        let handlers: ServiceLocator<any Reporter>
        init(handlers: ServiceLocator<any Reporter>) { self.handlers = handlers }
    }
    final class Index: @unchecked Sendable {
        let byKey: [String: any Reporter]
        init(byKey: [String: any Reporter]) { self.byKey = byKey }
    }
    final class Counted: Reporter, @unchecked Sendable {
        let id: String
        init(id: String, counter: Counter) { self.id = id; counter.increment() }
    }
    /// One per test: Swift Testing runs this suite's tests in parallel, and a shared
    /// counter would count another test's instances.
    private let made = Counter()

    private func container(_ yaml: String) throws -> Container {
        try build(yaml) { catalog in
            catalog.add(Router.self) { $0.initializer("init(handlers:)") { (handlers: ServiceLocator<any Reporter>) in Router(handlers: handlers) } }
            catalog.add(Index.self) { $0.initializer("init(byKey:)") { (byKey: [String: any Reporter]) in Index(byKey: byKey) } }
            catalog.add(Counted.self) { counted in
                counted.initializer("init(id:)") { [made] (id: String) in Counted(id: id, counter: made) }
                counted.conforms(to: (any Reporter).self) { $0 }
            }
        }
    }

    @Test func taggedLocator_resolvesEachEntryOnlyWhenAskedFor() throws {
        let built = try container("""
            services:
              pdf: { class: Counted, arguments: [pdf], tags: [{ name: exporter, format: pdf }] }
              csv: { class: Counted, arguments: [csv], tags: [{ name: exporter, format: csv }] }
              byName: { class: Router, arguments: [!tagged_locator exporter] }
              byFormat: { class: Router, arguments: [!tagged_locator { tag: exporter, index_by: format }] }
              listed: { class: Router, arguments: [!service_locator ['@pdf']] }
              mapped: { class: Router, arguments: [!service_locator { x: '@csv' }] }
              index: { class: Index, arguments: [!tagged_iterator { tag: exporter, index_by: format }] }
            """)
        let before = made.count
        let router = try built.resolve(Router.self, name: "byFormat")
        #expect(made.count == before, "injecting a locator builds nothing")
        #expect(router.handlers.keys == ["csv", "pdf"] && router.handlers.has("pdf"))
        #expect(try router.handlers.get("csv").id == "csv" && made.count == before + 1)
        #expect(try built.resolve(Router.self, name: "byName").handlers.keys == ["csv", "pdf"])
        #expect(try built.resolve(Router.self, name: "listed").handlers.keys == ["pdf"])
        #expect(try built.resolve(Router.self, name: "mapped").handlers.get("x").id == "csv")
        #expect(try built.resolve(Index.self, name: "index").byKey.keys.sorted() == ["csv", "pdf"])
        #expect(errorText { _ = try router.handlers.get("pfd") }
            == "No component \"pfd\" is registered. Did you mean \"pdf\"? Register it, or correct the reference.")
    }

    @Test func taggedLocator_withoutIndexBy_isKeyedByTheTagsLastSegment_elseById() throws {
        let built = try container("""
            services:
              pdf: { class: Counted, arguments: [pdf], tags: [{ name: app.cache.clearer, clearer: portable }] }
              csv: { class: Counted, arguments: [csv], tags: [app.cache.clearer] }
              scalar: { class: Router, arguments: [!tagged_locator app.cache.clearer] }
              mapped: { class: Router, arguments: [!tagged_locator { tag: app.cache.clearer }] }
              given: { class: Router, arguments: [!tagged_locator { tag: app.cache.clearer, index_by: missing }] }
            """)
        #expect(try built.resolve(Router.self, name: "scalar").handlers.keys == ["csv", "portable"])
        #expect(try built.resolve(Router.self, name: "mapped").handlers.get("portable").id == "pdf")
        #expect(try built.resolve(Router.self, name: "given").handlers.keys == ["csv", "pdf"], "an attribute no tag has: keyed by id, as Symfony")
    }

    @Test func abstractArguments_mustBeGivenByAChild() throws {
        let yaml = """
            services:
              base: { class: ConsoleReporter, abstract: true, arguments: [!abstract 'the reporter id, set per report'] }
              given: { parent: base, arguments: { index_0: given } }
            """
        #expect(try container(yaml).resolve(ConsoleReporter.self, name: "given").id == "given")
        #expect(errorText { _ = try container(yaml + "\n  missing: { parent: base }\n") } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "missing" (ConsoleReporter) at services.yaml:4:3: argument 0 'id' is abstract (the reporter id, set per report, at services.yaml:2:63): a child definition, or the app, must give it.
            """)
    }

    @Test func phpOnlyTags_areRefusedWithTheSwiftWay() {
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, arguments: [!closure '@b'] }\n", name: "app.yaml") }
            == "!closure at app.yaml:2:35 has no Swift meaning: it wraps a service in a PHP closure; inject Provider<T> (a new resolve per call) or Lazy<T> (built once, on first use).")
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, arguments: [!tagged { tag: x, default_index_method: key }] }\n", name: "app.yaml") }
            == "default_index_method at app.yaml:2:53 has no Swift meaning: it names a PHP static method that gives each tagged class its key or priority; give the tag the attribute instead (tags: [{ name: handler, key: pdf, priority: 10 }]).")
    }
}

@Suite("YAML: alias entries")
struct AliasEntryTests {
    @Test func aliasEntries_nameTheirTarget_andPublicOnesResolveAPrivateService() throws {
        let builder = try yamlBuilder("""
            services:
              _defaults: { public: false }
              Logger: ~
              app.logger: { alias: Logger, public: true }
              quiet.logger: { alias: '@Logger' }
            """)
        let container = try builder.build()
        let logger = try container.resolve(Logger.self, name: "app.logger")
        #expect(errorText { _ = try container.resolve(Logger.self, name: "quiet.logger") }
            == "\"Logger\" (Logger) is private (public: false, at services.yaml:3:3): it can be injected into other components, not resolved from the container. Mark it public, or resolve a public component that injects it.")
        #expect(container.definitions.first?.aliases == ["app.logger", "quiet.logger"] && logger.lines.isEmpty)
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { alias: b, class: Logger }\n", name: "app.yaml") }
            == "Bad value 'class' at app.yaml:2:18: an alias entry ('alias: b') takes only 'public' and 'deprecated'; a service of its own gives further names with 'aliases'.")
    }
}


/// What a static factory of another type makes (`factory: [App\\Greetings, make]`).
final class Greeting: Sendable {
    let text: String
    init(text: String) { self.text = text }
}
