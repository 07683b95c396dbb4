import Foundation
import IoCCore
import IoCYAML
import Testing

/// services.yaml read as Symfony reads it, where the differential tests (Tests/FidelityTests,
/// docs/Fidelity.md) found swift-ioc reading otherwise. Each test names Symfony's rule.
@Suite("YAML: read as Symfony reads it")
struct YAMLFidelityTests {
    static func definitions(_ text: String) throws -> [Definition] {
        try YAMLLoader().load(string: text, name: "services.yaml").definitions
    }

    @Test func anAlias_isPublic_whenDefaultsMakeServicesPublic() throws {
        let definitions = try Self.definitions("""
            services:
              _defaults: { public: true }
              mailer: { class: Mailer }
              Mail.Sender: '@mailer'
              Mail.Transport: { alias: mailer }
              Mail.Private: { alias: mailer, public: false }
            """)
        let aliases = Dictionary(definitions.compactMap { d in d.aliasTarget.map { _ in (d.name ?? "", d.isPublic) } }) { a, _ in a }
        #expect(aliases == ["Mail.Sender": true, "Mail.Transport": true, "Mail.Private": false])
        let privateByDefault = try Self.definitions("services:\n  mailer: { class: Mailer }\n  Mail.Sender: '@mailer'\n")
        #expect(privateByDefault.first { $0.name == "Mail.Sender" }?.isPublic == false)
    }

    @Test func anOptionalReferenceToNoId_isNil() throws {
        let definition = try #require(try Self.definitions("services:\n  a: { class: Logger, arguments: ['@?', '@?b'] }\n").first)
        #expect(definition.construction.arguments.map(\.source) == [.nilValue, .optional(.named("b"))])
        #expect(errorText { _ = try Self.definitions("services:\n  a: { class: Logger, arguments: ['@'] }\n") }
            == "Bad value '@' at services.yaml:2:35: a reference is '@' followed by a service id ('@?id' when optional, '@@' for a literal '@').")
    }

    @Test func anInvokableFactory_callsTheServicesCallAsFunction() throws {
        let definitions = try Self.definitions("""
            services:
              maker: { class: Maker }
              made: { class: Made, factory: '@maker' }
            """)
        let made = try #require(definitions.last)
        #expect(made.construction.kind == .factoryMethod("callAsFunction"))
        #expect(made.construction.factory == .named("maker"))
        #expect(errorText { _ = try Self.definitions("services:\n  made: { class: Made, factory: '@maker:make' }\n") }
            == "Bad value '@maker:make' at services.yaml:2:33: an invokable factory is '@' followed by a service id; a method of the service is ['@service', 'method'].")
    }

    @Test func aChildWhoseIdIsANamespacedClass_takesItsClassFromItsId_notFromItsParent() throws {
        let builder = ContainerBuilder()
        builder.add(contentsOf: try Self.definitions("""
            services:
              io.service: { class: IO\\TolerantService, arguments: { $prefix: none } }
              IO\\Service: { parent: io.service }
              io.other: { parent: io.service }
            """))
        let merged = Dictionary(builder.mergedAsWritten().definitions.map { ($0.name ?? "", $0.typeName ?? "-") }) { a, _ in a }
        #expect(merged == ["io.service": "IO.TolerantService", "IO\\Service": "IO.Service", "io.other": "IO.TolerantService"])
    }

    @Test func aChild_neverTakesItsParentsTags_andAddsItsPositionalArgumentsAfterItsParents() throws {
        let builder = ContainerBuilder()
        builder.add(contentsOf: try Self.definitions("""
            services:
              base: { class: Tool, abstract: true, arguments: ['@logger', base], tags: [tool, { name: audit, level: 2 }] }
              wrench: { parent: base, arguments: { index_1: wrench }, tags: [wrench] }
              hammer: { parent: base, arguments: [heavy] }
            """))
        let merged = Dictionary(builder.mergedAsWritten().definitions.map { ($0.name ?? "", $0) }) { a, _ in a }
        #expect(merged["wrench"]?.tags == ["wrench"])
        #expect(merged["hammer"]?.tags == [])
        #expect(merged["wrench"]?.construction.arguments.map(\.source) == [.named("logger"), .config(ConfigValue(.string("wrench")))])
        #expect(merged["hammer"]?.construction.arguments.map(\.source)
            == [.named("logger"), .config(ConfigValue(.string("base"))), .config(ConfigValue(.string("heavy")))])
        let outOfRange = ContainerBuilder()
        outOfRange.add(contentsOf: try Self.definitions("""
            services:
              base: { class: Tool, abstract: true, arguments: [one] }
              child: { parent: base, arguments: { index_3: four } }
            """))
        #expect(outOfRange.mergedAsWritten().problems.map(String.init(describing:)) == [
            "Invalid definition of \"child\" at services.yaml:3:48: argument index_3 replaces the parent's argument 3, but \"base\" (Tool) has 1 argument(s). Give it as a named argument ($name), or add it to the parent.",
        ])
    }

    @Test func aTagGivenAgain_isAnotherEntry_andIndexedCollectionsHaveOnePerEntry() throws {
        let definition = try #require(try Self.definitions("""
            services:
              listener:
                class: ConsoleReporter
                tags:
                  - { name: kernel.event_listener, event: kernel.request, priority: 10 }
                  - { name: kernel.event_listener, event: kernel.response }
                  - reporter
            """).first)
        #expect(definition.tagEntries == [
            TagEntry("kernel.event_listener", ["event": ConfigValue(.string("kernel.request")), "priority": ConfigValue(.int(10))]),
            TagEntry("kernel.event_listener", ["event": ConfigValue(.string("kernel.response"))]),
            TagEntry("reporter"),
        ])
        final class Index: @unchecked Sendable {
            let byEvent: [String: any Reporter]
            init(byEvent: [String: any Reporter]) { self.byEvent = byEvent }
        }
        let container = try build("""
            services:
              listener:
                class: ConsoleReporter
                tags:
                  - { name: listener, event: request }
                  - { name: listener, event: response }
              index: { class: Index, arguments: [!tagged_iterator { tag: listener, index_by: event }] }
              all: { class: ReportService, arguments: [!tagged_iterator listener, ~] }
            """, catalog: { $0.add(Index.self) { $0.initializer("init(byEvent:)") { (byEvent: [String: any Reporter]) in Index(byEvent: byEvent) } } })
        let index = try container.resolve(Index.self, name: "index")
        #expect(index.byEvent.keys.sorted() == ["request", "response"], "one key per entry, as Symfony's index_by")
        #expect(try container.resolve(ReportService.self, name: "all").reporters.count == 1, "a list holds the component once, as Symfony's")
    }

    @Test func aReferenceToASyntheticServiceNothingRegisters_saysTheAppProvidesIt() throws {
        let yaml = """
            services:
              request_stack: { synthetic: true }
              router: { class: ReportService, arguments: [[], '@request_stack'] }
            """
        #expect(errorText { _ = try build(yaml) } == """
            Container validation failed with 1 problem:
            1. No component "request_stack" is registered; required by "router" (ReportService), argument 1 'metrics', at services.yaml:3:51. It is declared synthetic at services.yaml:2:3: the app provides it. Register it in code before build() (builder.register { … }.named("request_stack")), or, for ioc, name it with --provided request_stack.
            """)
        let builder = try yamlBuilder(yaml)
        builder.register { Logger() }.named("request_stack").scope(.singleton)
        #expect(try builder.build().resolve(ReportService.self, name: "router").metrics != nil)
    }

    @Test func everyProblemOfAService_isReported_notOnlyItsFirst() {
        let problems: [String]
        do {
            _ = try YAMLLoader().load(string: """
                services:
                  a:
                    class: Logger
                    configurator: ['@b', configure]
                    arguments: ["@=service('x').y()", '@c', !closure '@d']
                    scop: prototype
                """, name: "services.yaml")
            problems = []
        } catch {
            problems = error.problems.map(String.init(describing:))
        }
        #expect(problems == [
            "configurator at services.yaml:4:5 has no Swift meaning: it hands the new service to another service's (or a PHP callable's) method to finish it; in Swift, give the type an after-injection method that takes what it needs through calls:, or make it with a factory service (factory: ['@configurator', 'make']).",
            "'@=service('x').y()' at services.yaml:5:17 has no Swift meaning: '@=' starts an expression of Symfony's expression language, which has no Swift counterpart: compute the value in a factory, or give it as a parameter.",
            "!closure at services.yaml:5:45 has no Swift meaning: it wraps a service in a PHP closure; inject Provider<T> (a new resolve per call) or Lazy<T> (built once, on first use).",
            "Unknown key 'scop' in service 'a' at services.yaml:6:5. Did you mean 'scope'? Known keys: class, as, arguments, properties, calls, factory, scope, shared, lazy, eager, primary, tags, parent, abstract, aliases, profile, before-injection, after-injection, dispose, decorates, depends-on, autowire, autoconfigure, public, bind, synthetic, deprecated, $<argument>, resource, exclude, decoration_inner_name, decoration_priority, decoration_on_invalid, decorates_tag, constructor, namespace.",
        ])
    }

    @Test func resolveProcessor_resolvesTheValuesParameters_writtenAsSymfonyWritesThem() throws {
        let container = try build("""
            parameters:
              db.host: db.internal
              db.port: 5432
            services:
              symfony: { class: ConsoleReporter, arguments: ['%env(resolve:DSN)%'] }
              dollar: { class: ConsoleReporter, arguments: ['%env(resolve:DSN_DOLLAR)%'] }
              percent: { class: ConsoleReporter, arguments: ['%env(resolve:RATE)%'] }
            """, env: ["DSN": "pgsql://%db.host%:%db.port%/app", "DSN_DOLLAR": "pgsql://${db.host}/app", "RATE": "50%% of %db.port%"])
        #expect(try container.resolve(ConsoleReporter.self, name: "symfony").id == "pgsql://db.internal:5432/app")
        #expect(try container.resolve(ConsoleReporter.self, name: "dollar").id == "pgsql://db.internal/app")
        #expect(try container.resolve(ConsoleReporter.self, name: "percent").id == "50% of 5432")
    }

    @Test func decoratesTag_decoratesEveryServiceOfTheTag_andDecorationOrderKeysAreRefusedByName() throws {
        final class Logged: Reporter, @unchecked Sendable {
            let inner: any Reporter
            var id: String { "logged " + inner.id }
            init(inner: any Reporter) { self.inner = inner }
        }
        let container = try build("""
            services:
              pdf: { class: ConsoleReporter, arguments: [pdf], tags: [exporter] }
              csv: { class: ConsoleReporter, arguments: [csv], tags: [exporter] }
              plain: { class: ConsoleReporter, arguments: [plain] }
              logging: { class: Logged, decorates_tag: exporter, arguments: ['@.inner'] }
            """, catalog: { catalog in
                catalog.add(Logged.self) { type in
                    type.initializer("init(inner:)") { (inner: any Reporter) in Logged(inner: inner) }
                    type.conforms(to: (any Reporter).self) { $0 }
                }
            })
        #expect(try container.resolve((any Reporter).self, name: "pdf").id == "logged pdf")
        #expect(try container.resolve((any Reporter).self, name: "csv").id == "logged csv")
        #expect(try container.resolve((any Reporter).self, name: "plain").id == "plain")
        #expect(try container.resolve((any Reporter).self, name: "logging.pdf.inner").id == "pdf")
        #expect(errorText { _ = try Self.definitions("services:\n  a: { class: Logger, decorates: b, decoration_around: c }\n") }
            == "decoration_around at services.yaml:2:37 has no Swift meaning: it orders this decorator against the other decorators of one service by their ids; give each decorator a decoration_priority instead (the highest wraps the service first).")
    }

    @Test func everyRefusedPropertyOfAService_isReported() {
        var count = 0
        do {
            _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, properties: { x: '@=one()', y: !closure '@b' } }\n", name: "services.yaml")
        } catch {
            count = error.problems.filter { $0.kind == .refused }.count
        }
        #expect(count == 2)
    }
}

