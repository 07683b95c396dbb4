import Foundation
import IoCConfig
import IoCCore
import IoCYAML
import Testing

@Suite("YAML: Symfony habits")
struct SymfonyHabitTests {
    @Test func everyUnknownKeyOfAService_isReportedAtOnce() {
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, scop: singleton, lazzy: true }\n", name: "app.yaml") }
            == """
            2 problems:
            1. Unknown key 'scop' in service 'a' at app.yaml:2:23. Did you mean 'scope'? Known keys: \(YAMLTranslatorKeys.service).
            2. Unknown key 'lazzy' in service 'a' at app.yaml:2:40. Did you mean 'lazy'? Known keys: \(YAMLTranslatorKeys.service).
            """)
    }

    @Test func dollarArgumentNames_areParameterLabels() throws {
        let container = try build("""
            services:
              Logger: ~
              reporter: { class: ConsoleReporter, arguments: { $id: nightly } }
            """)
        #expect(try container.resolve(ConsoleReporter.self, name: "reporter").id == "nightly")
    }

    @Test func whenBlocks_areProfiles() throws {
        let yaml = """
            services:
              reporter: { class: ConsoleReporter, arguments: [production] }
            when@test:
              services:
                reporter: { class: ConsoleReporter, arguments: [test] }
                extra: { class: ConsoleReporter, arguments: [extra] }
                extraAlias: '@extra'
                testReporter: { alias: reporter, public: true }
            """
        let config = try YAMLLoader().load(string: yaml, name: "app.yaml")
        #expect(config.definitions.map(\.profiles) == [[], ["test"], ["test"], ["test"], ["test"]])
        for (profiles, expected) in [(Set<String>(), "production"), (["test"], "test")] {
            let builder = try yamlBuilder(yaml, name: "app.yaml")
            builder.activeProfiles = profiles
            let container = try builder.build()
            #expect(try container.resolve(ConsoleReporter.self, name: "reporter").id == expected)
            #expect(container.isRegistered(ConsoleReporter.self, name: "extra") == (expected == "test"))
            // Aliases of the block exist in its profile only, as its services do.
            #expect(container.isRegistered(ConsoleReporter.self, name: "extraAlias") == (expected == "test"))
            #expect(container.isRegistered(ConsoleReporter.self, name: "testReporter") == (expected == "test"))
        }
        #expect(errorText { _ = try YAMLLoader().load(string: "when@test:\n  parameters: { a: 1 }\n", name: "app.yaml") }
            == "'parameters' inside when@test at app.yaml:2:3 has no Swift meaning: it would apply to one profile only, which property sources and imports cannot do here; put them in a file of their own and load it for that profile.")
    }

    @Test func expressions_areRefusedWithAReason() {
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, arguments: ['@=service(\"x\").y()'] }\n", name: "app.yaml") }
            == "'@=service(\"x\").y()' at app.yaml:2:35 has no Swift meaning: '@=' starts an expression of Symfony's expression language, which has no Swift counterpart: compute the value in a factory, or give it as a parameter.")
    }
}

private enum YAMLTranslatorKeys {
    static let service = "class, as, arguments, properties, calls, factory, scope, shared, lazy, eager, primary, tags, parent, abstract, aliases, profile, before-injection, after-injection, dispose, decorates, depends-on, autowire, autoconfigure, public, bind, synthetic, deprecated, $<argument>, resource, exclude, decoration_inner_name, decoration_priority, decoration_on_invalid, decorates_tag, constructor, namespace"
}

@Suite("YAML: Symfony's service options")
struct SymfonyServiceOptionTests {
    private func builder(_ yaml: String) throws -> ContainerBuilder { try yamlBuilder(yaml) }

    @Test func defaultsOfEveryModernFile_areUnderstood() throws {
        let container = try builder("""
            parameters:
              reporter_id: from-binding
            services:
              _defaults:
                autowire: true
                autoconfigure: true
                public: false
                bind:
                  $id: '%reporter_id%'
              reporter: { class: ConsoleReporter }
              exposed: { class: ConsoleReporter, public: true, arguments: [own] }
              report: { class: ReportService, public: true, arguments: { reporters: !tagged_iterator none, metrics: ~ } }
            """).build()
        // Private: injectable, not resolvable at the top level.
        #expect(errorText { _ = try container.resolve(ConsoleReporter.self, name: "reporter") }
            == "\"reporter\" (ConsoleReporter) is private (public: false, at services.yaml:10:3): it can be injected into other components, not resolved from the container. Mark it public, or resolve a public component that injects it.")
        #expect(try container.resolve(ConsoleReporter.self, name: "exposed").id == "own")
        _ = try container.resolve(ReportService.self, name: "report")
        let reporter = container.definitions.first { $0.name == "reporter" }
        #expect(reporter?.bindings.map(\.description) == [#"$id <- value "from-binding""#])
    }

    @Test func bindings_fillParametersByNameAndType() throws {
        // Bindings fill parameters of the initializer the arguments choose; they do not choose one.
        let container = try builder("""
            services:
              _defaults: { bind: { URL $baseURL: 'https://typed.example', $unused: 3 } }
              URLSessionClient: ~
              a: { class: FreeWeatherClient }
              b: { class: FreeWeatherClient, bind: { $baseURL: 'https://own.example' } }
              c: { class: FreeWeatherClient, arguments: { baseURL: 'https://given.example' } }
              d: { class: ConsoleReporter, bind: { string $id: typed }, arguments: { id: given } }
              e: { class: FreeWeatherClient, bind: { $baseURL: 'https://other.example' } }
              f: { class: FreeWeatherClient }
            """).build()
        #expect(try container.resolve(FreeWeatherClient.self, name: "a").baseURL.host == "typed.example")
        #expect(try container.resolve(FreeWeatherClient.self, name: "b").baseURL.host == "own.example")
        // Definitions of one shape share a binding plan: their bindings are part of the shape.
        #expect(try container.resolve(FreeWeatherClient.self, name: "e").baseURL.host == "other.example")
        #expect(try container.resolve(FreeWeatherClient.self, name: "f").baseURL.host == "typed.example")
        #expect(try container.resolve(FreeWeatherClient.self, name: "c").baseURL.host == "given.example")
        #expect(try container.resolve(ConsoleReporter.self, name: "d").id == "given")
    }

    @Test func autowireOff_requiresEveryParameter() {
        #expect(errorText { _ = try builder("""
            services:
              _defaults: { autowire: false }
              client: { class: FreeWeatherClient, arguments: { baseURL: 'https://a.example' } }
            """).build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "client" (FreeWeatherClient) at services.yaml:3:3: init(baseURL:session:) parameter 1 'session' is not given, and autowiring is off for it (autowire: false). Give it in arguments, bind it, or turn autowiring on.
            """)
        // Definitions of one shape share a binding plan: autowiring is part of the shape.
        #expect(errorText { _ = try builder("""
            services:
              URLSessionClient: ~
              first: { class: FreeWeatherClient, arguments: { baseURL: 'https://a.example' } }
              client: { class: FreeWeatherClient, arguments: { baseURL: 'https://b.example' }, autowire: false }
            """).build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "client" (FreeWeatherClient) at services.yaml:4:3: init(baseURL:session:) parameter 1 'session' is not given, and autowiring is off for it (autowire: false). Give it in arguments, bind it, or turn autowiring on.
            """)
    }

    @Test func autoconfigureOff_exposesOnlyTheOwnType() throws {
        let container = try builder("""
            services:
              plain: { class: ConsoleReporter, autoconfigure: false }
              exposed: { class: ConsoleReporter }
              alsoPlain: { class: ConsoleReporter, autoconfigure: false }
              alsoExposed: { class: ConsoleReporter }
            """).build()
        // Definitions of one shape share a binding plan: autoconfigure is part of the shape.
        #expect(try container.resolveAll((any Reporter).self).count == 2)
    }

    @Test func tagAttributes_areKept_andPriorityOrdersTaggedCollections() throws {
        let container = try builder("""
            services:
              low: { class: ConsoleReporter, arguments: [low], tags: [{ name: reporter, priority: -5 }] }
              plain: { class: ConsoleReporter, arguments: [plain], tags: [reporter] }
              high: { class: ConsoleReporter, arguments: [high], tags: [reporter: { priority: 20, channel: audit }] }
              report: { class: ReportService, arguments: [!tagged_iterator reporter, ~] }
            """).build()
        #expect(try container.resolve(ReportService.self, name: "report").reporters.map(\.id) == ["high", "plain", "low"])
        let high = container.definitions.first { $0.name == "high" }
        #expect(high?.tagAttributes["reporter"]?["channel"] == .string("audit"))
    }

    @Test func syntheticServices_areLeftToCode_andDeprecationsKept() throws {
        let builder = try builder("""
            services:
              request: { class: Logger, synthetic: true }
              old: { class: Logger, deprecated: { package: acme/app, version: '1.2', message: 'use "new" instead' } }
              user: { class: ReportService, arguments: [[], '@request'] }
            """)
        builder.register(instance: Logger(), name: "request")
        let container = try builder.build()
        #expect(container.definitions.first { $0.name == "old" }?.deprecation == "use \"new\" instead (since acme/app 1.2)")
        _ = try container.resolve(ReportService.self, name: "user")
    }

    @Test func deprecatedAliases_resolve_andKeepWhy_whereverTheirTargetIs() throws {
        let builder = try builder("""
            services:
              mailer: { class: Logger }
              old_mailer: { alias: mailer, deprecated: 'use "mailer"' }
              legacy: { alias: clock, public: true, deprecated: { package: acme/mail, version: '2.1', message: gone } }
            """)
        builder.register(instance: Logger(), name: "clock")
        let container = try builder.build()
        _ = try container.resolve(Logger.self, name: "old_mailer")
        _ = try container.resolve(Logger.self, name: "legacy")
        #expect(container.definitions.first { $0.name == "mailer" }?.deprecatedAliases == ["old_mailer": "use \"mailer\""])
        #expect(container.definitions.first { $0.name == "clock" }?.deprecatedAliases == ["legacy": "gone (since acme/mail 2.1)"])
        #expect(container.definitions.first { $0.name == "mailer" }?.description.contains("  deprecated alias old_mailer: use \"mailer\"") == true)
    }

    @Test func aDeprecationMessage_namesTheServiceOrAlias_whereSymfonysPlaceholderIs() throws {
        let config = try YAMLLoader().load(string: """
            services:
              old: { class: Logger, deprecated: { package: acme/app, version: '1.2', message: 'The "%service_id%" service is gone; 100% sure.' } }
              said: { class: Logger, deprecated: 'Stop using %service_id%.' }
              legacy: { alias: old, deprecated: { package: acme/app, version: '1.3', message: '"%alias_id%" is an old name of %service_id%' } }
            """, name: "services.yaml")
        #expect(config.definitions.map(\.deprecation) == ["The \"old\" service is gone; 100% sure. (since acme/app 1.2)", "Stop using said.",
                                                    "\"legacy\" is an old name of %service_id% (since acme/app 1.3)"], "an alias's message names the alias only, as Symfony's")
        let builder = try builder("""
            services:
              old: { class: Logger }
              legacy: { alias: old, deprecated: { package: acme/app, version: '1.3', message: '"%alias_id%" is an old name' } }
            """)
        #expect(try builder.build().definitions.first?.deprecatedAliases == ["legacy": "\"legacy\" is an old name (since acme/app 1.3)"])
    }

    @Test func staticFactoryOfAnotherType_isFoundUnderItsQualifiedName_inTheEntryOfTheTypeItMakes() throws {
        let yaml = """
            services:
              greeting: { class: Greeting, factory: [\\App\\Greetings, 'make(text:)'], arguments: [hello] }
            """
        let config = try YAMLLoader().load(string: yaml, name: "services.yaml")
        #expect(config.definitions.first?.construction.kind == .staticFactory("App.Greetings.make(text:)"))
        let container = try yamlBuilder(yaml) { catalog in
            catalog.add(Greeting.self) { greeting in
                greeting.staticFactory("App.Greetings.make(text:)") { (text: String) in Greeting(text: text + "!") }
            }
        }.build()
        #expect(try container.resolve(Greeting.self, name: "greeting").text == "hello!")
        let withoutIt = try yamlBuilder(yaml) { catalog in
            catalog.add(Greeting.self) { greeting in greeting.initializer("init(text:)") { (text: String) in Greeting(text: text) } }
        }
        #expect(throws: IoCError.self) { try withoutIt.build() }
        do { _ = try withoutIt.build() } catch {
            #expect("\(error)" == """
                Container validation failed with 1 problem:
                1. Greeting has no static factory App.Greetings.make(text:) (for "greeting" (Greeting) at services.yaml:2:3). \
                Its catalog entry lists none. A static factory of another type is listed in the entry of the type it makes: \
                Greeting.staticFactory("App.Greetings.make(text:)") { ... }.
                """)
        }
    }

    @Test func phpClassNames_andStaticFactoriesOfAClass_mapToTheCatalog() throws {
        let config = try YAMLLoader().load(string: """
            services:
              App\\Mailer: ~
              url: { factory: ['URL', 'URL(string:)'], arguments: ['https://a.example'] }
              App\\Transport: { class: \\App\\SmtpTransport, factory: [\\App\\SmtpTransport, create] }
            """, name: "services.yaml")
        #expect(config.definitions.map(\.typeName) == ["App.Mailer", "URL", "App.SmtpTransport"], "a leading backslash is PHP's fully qualified name")
        #expect(config.definitions.last?.construction.kind == .staticFactory("create"))
    }
}

@Suite("YAML: Symfony's service shapes")
struct SymfonyServiceShapeTests {
    @Test func servicesAreShared_unlessTheySayOtherwise_asInSymfony() throws {
        let container = try build("""
            services:
              shared: { class: Logger }
              fresh: { class: Logger, shared: false }
              _defaults_free: { class: Logger, scope: prototype }
            """)
        #expect(try container.resolve(Logger.self, name: "shared") === container.resolve(Logger.self, name: "shared"))
        #expect(try container.resolve(Logger.self, name: "fresh") !== container.resolve(Logger.self, name: "fresh"))
        #expect(try container.resolve(Logger.self, name: "_defaults_free") !== container.resolve(Logger.self, name: "_defaults_free"))
        let defaulted = try build("""
            services:
              _defaults: { shared: false }
              logger: { class: Logger }
            """)
        #expect(try defaulted.resolve(Logger.self, name: "logger") !== defaulted.resolve(Logger.self, name: "logger"))
    }

    @Test func aListIsTheArguments_andNullSettingsAreSettingsNotGiven() throws {
        let container = try build("""
            services:
              _defaults: { autowire: false, public: ~ }
              URLSessionClient: { autowire: ~ }
              ConsoleReporter: [short-form]
            """)
        #expect(try container.resolve(ConsoleReporter.self, name: "ConsoleReporter").id == "short-form")
        // `autowire: ~` left _defaults' false in place, and `public: ~` left the service public.
        let session = container.definitions.first { $0.name == "URLSessionClient" }
        #expect(session?.autowires == false && session?.isPublic == true)
    }

    @Test func callsInTheirLongForm_andWithersAreRefused() throws {
        let container = try build("""
            services:
              logger: { class: Logger }
              client:
                class: FreeWeatherClient
                arguments: ['https://a.example', { class: URLSessionClient }]
                calls:
                  - method: configure
                    arguments: ['@logger']
            """)
        #expect(try container.resolve(FreeWeatherClient.self, name: "client").logger === container.resolve(Logger.self, name: "logger"))
        #expect(errorText { _ = try YAMLLoader().load(string: """
            services:
              client: { class: FreeWeatherClient, calls: [{ method: withLogger, arguments: ['@logger'], returns_clone: true }] }
            """, name: "services.yaml") } == "returns_clone at services.yaml:2:93 has no Swift meaning: it calls a PHP 'wither' that returns a changed copy; Swift classes are set in place: make the method set the value, or give it as an initializer argument.")
        #expect(errorText { _ = try YAMLLoader().load(string: """
            services:
              client: { class: FreeWeatherClient, calls: [{ withLogger: !returns_clone ['@logger'] }] }
            """, name: "services.yaml") } == "returns_clone at services.yaml:2:61 has no Swift meaning: it calls a PHP 'wither' that returns a changed copy; Swift classes are set in place: make the method set the value, or give it as an initializer argument.")
        // Symfony reads `{ method: [...] }` as a call of a method named `method` (the long form's
        // `method` is a name).
        let calls = try YAMLLoader().load(string: """
            services:
              client: { class: FreeWeatherClient, calls: [{ method: ['@logger'] }] }
            """, name: "services.yaml").definitions[0].methodCalls
        #expect(calls.map(\.method) == ["method"] && calls[0].arguments.map(\.source) == [.named("logger")])
    }

    @Test func constructor_isAStaticFactoryOfTheClass_andInlineServicesAreInner() throws {
        let container = try build("""
            services:
              URL: { constructor: 'URL(string:)', arguments: ['https://made.example'] }
              client:
                class: FreeWeatherClient
                arguments: ['@URL', !service { class: URLSessionClient }]
            """)
        #expect(try container.resolve(FreeWeatherClient.self, name: "client").baseURL.host == "made.example")
        #expect(errorText { _ = try YAMLLoader().load(string: """
            services:
              URL: { constructor: make, factory: ['@f', make] }
            """, name: "services.yaml") } == "'constructor' at services.yaml:2:10 and 'factory' both set how the service is made; keep one.")
    }

    @Test func lazyNamingAProtocol_isLazy_andSeenThroughIt() throws {
        let config = try YAMLLoader().load(string: """
            services:
              client: { class: FreeWeatherClient, lazy: WeatherClient }
              plain: { class: Logger, lazy: True }
            """, name: "services.yaml")
        #expect(config.definitions.map(\.isLazy) == [true, true])
        #expect(config.definitions[0].exposedAs.map(\.typeName) == ["WeatherClient"])
    }

    @Test func namespace_givesAResourceItsPrefix_underAnyKey() {
        let config = try? YAMLLoader().load(string: """
            services:
              reporting:
                namespace: App\\Reporting\\
                resource: '../src/Reporting/*'
            """, name: "services.yaml")
        #expect(config?.definitions.first?.resource?.namePrefix == "App.Reporting.")
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, namespace: App\\ }\n", name: "services.yaml") }
            == "Bad value 'App\\' at services.yaml:2:3: 'namespace' only goes with 'resource'.")
    }

    @Test func importsThatMayBeMissing_arePassedOver_butAWrongOneIsReported() throws {
        let root = try directory([
            "services.yaml": """
                imports:
                  - { resource: local.yaml, ignore_errors: not_found }
                  - { resource: broken.yaml, ignore_errors: true }
                services:
                  logger: { class: Logger }
                """,
            "broken.yaml": "services:\n  a: { clas: Logger }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let config = YAMLLoader().check(contentsOf: root.appendingPathComponent("services.yaml"))
        #expect(config.definitions.map(\.name) == ["logger"])
        #expect(config.problems.count == 1)
        #expect(config.problems.first?.description.hasPrefix("Unknown key 'clas' in service 'a' at \(root.appendingPathComponent("broken.yaml").path):2:8.") == true)
    }

    @Test func instanceof_appliesToTheServicesWhoseTypeConforms_overridingDefaultsButNotTheServicesOwnSettings() throws {
        let container = try build("""
            services:
              _defaults: { public: true }
              _instanceof:
                Reporter:
                  tags: [{ name: reporter, priority: 5 }]
                  public: false
                  shared: false
              console: { class: ConsoleReporter, arguments: [console] }
              own: { class: ConsoleReporter, arguments: [own], public: true, shared: true }
              logger: { class: Logger }
              report: { class: ReportService, shared: false, arguments: [!tagged_iterator reporter, '@logger'] }
            """)
        #expect(try container.resolve(ReportService.self, name: "report").reporters.map(\.id).sorted() == ["console", "own"])
        let console = container.definitions.first { $0.name == "console" }
        #expect(console?.isPublic == false && console?.scope == .prototype && console?.tagAttributes["reporter"]?["priority"] == .int(5))
        let own = container.definitions.first { $0.name == "own" }
        #expect(own?.isPublic == true && own?.scope == .singleton)
        #expect(container.definitions.first { $0.name == "logger" }?.tags == [], "Logger is no Reporter")
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  _instanceof: { Reporter: { tag: [x] } }\n", name: "services.yaml") }
            == "Unknown key 'tag' in _instanceof Reporter at services.yaml:2:30. Did you mean 'tags'? Known keys: tags, calls, properties, bind, shared, scope, lazy, public, autowire.")
    }

    @Test func configuratorAndPHPFiles_areRefusedWithTheSwiftWay() {
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, configurator: ['@c', configure] }\n", name: "services.yaml") }
            == "configurator at services.yaml:2:23 has no Swift meaning: it hands the new service to another service's (or a PHP callable's) method to finish it; in Swift, give the type an after-injection method that takes what it needs through calls:, or make it with a factory service (factory: ['@configurator', 'make']).")
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, file: '%kernel.project_dir%/a.php' }\n", name: "services.yaml") }
            == "file at services.yaml:2:23 has no Swift meaning: it loads a PHP file before the service is made; Swift code is compiled into the app.")
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  mailer:\n    stack: [{ class: Logger }]\n", name: "services.yaml") }
            == "stack at services.yaml:3:5 has no Swift meaning: Symfony builds a chain of decorators from the list; write each layer as a service with decorates: and decoration_priority (the highest wraps the original first).")
    }

    @Test func binaryValues_areRefusedWithAReason() {
        #expect(errorText { _ = try YAMLLoader().load(string: "parameters:\n  key: !!binary aGVsbG8=\n", name: "services.yaml") }
            == "!!binary at services.yaml:2:8 has no Swift meaning: config values here are text, numbers, booleans, lists and maps, not raw bytes; give the text itself, or a base64 string that the component decodes.")
    }
}
