import Foundation
import IoCCore
import IoCYAML
import Testing

@Suite("YAML: the services.yaml format")
struct YAMLFormatTests {
    @Test func theReadmeExample_wiresEveryService() throws {
        let container = try build("""
            parameters:
              weather.url: https://api.example.com
              report.days: 5
            services:
              _defaults: { scope: singleton }
              httpSession: { class: URLSessionClient }
              logger: { class: Logger }
              weatherClient:
                class: FreeWeatherClient
                as: [WeatherClient]
                arguments: { baseURL: '%weather.url%', session: '@httpSession' }
                properties: { timeout: 5s, retries: '${RETRIES:3}' }
                calls: [[configure, ['@logger']]]
              reportService:
                class: ReportService
                arguments: [ !tagged_iterator reporter, '@?metrics' ]
                lazy: true
                after-injection: start
                properties:
                  limits: { retries: 2, hosts: [a, b] }
              consoleReporter: { class: ConsoleReporter, tags: [reporter] }
              auditReporter: { class: ConsoleReporter, arguments: [audit], tags: [{ name: reporter }] }
              baseURL: { class: URL, factory: 'URL(string:)', arguments: ['%weather.url%'] }
              mainClient: '@weatherClient'
            """)
        let client = try container.resolve(FreeWeatherClient.self)
        #expect(client.baseURL.absoluteString == "https://api.example.com")
        #expect(client.timeout == .seconds(5) && client.retries == 3)
        #expect(client.logger === (try container.resolve(Logger.self)))
        #expect(try container.resolve((any WeatherClient).self, name: "mainClient").name == "free")
        let report = try container.resolve(ReportService.self)
        #expect(report.reporters.map(\.id).sorted() == ["audit", "console"])
        #expect(report.metrics == nil && report.ready)
        #expect(report.limits == Limits(retries: 2, hosts: ["a", "b"]))
        #expect(try container.resolve(URL.self, name: "baseURL").host == "api.example.com")
    }

    @Test func environmentPlaceholders_andSymfonyEnvSyntax() throws {
        let container = try build("""
            services:
              a: { class: ConsoleReporter, arguments: ['%env(REPORTER_ID)%'] }
              b: { class: ConsoleReporter, arguments: ['${REPORTER_ID}-2'] }
              c: { class: ConsoleReporter, arguments: ['100%% sure'] }
              d: { class: ConsoleReporter, arguments: ['@@home'] }
            """, env: ["REPORTER_ID": "nightly"])
        #expect(try container.resolve(ConsoleReporter.self, name: "a").id == "nightly")
        #expect(try container.resolve(ConsoleReporter.self, name: "b").id == "nightly-2")
        #expect(try container.resolve(ConsoleReporter.self, name: "c").id == "100% sure")
        #expect(try container.resolve(ConsoleReporter.self, name: "d").id == "@home")
    }

    @Test func envProcessors_castDecodeAndPick_asSymfonyDoes() throws {
        let container = try build("""
            parameters:
              env(RETRIES): '4'
              fallback_id: from-parameter
            services:
              client:
                class: FreeWeatherClient
                arguments: ['%env(URL)%', { class: URLSessionClient }]
                properties: { retries: '%env(int:APP_RETRIES)%', timeout: '%env(trim:TIMEOUT)%' }
              defaulted:
                class: FreeWeatherClient
                arguments: ['%env(URL)%', { class: URLSessionClient }]
                properties: { retries: '%env(int:RETRIES)%' }
              report:
                class: ReportService
                arguments: [[], ~]
                properties: { limits: '%env(key:limits:json:CONFIG)%' }
              decoded: { class: ConsoleReporter, arguments: ['%env(base64:SECRET)%'] }
              fallback: { class: ConsoleReporter, arguments: ['%env(default:fallback_id:MISSING)%'] }
              literal: { class: ConsoleReporter, arguments: ['%%env(URL)%%'] }
            """, env: ["URL": "https://api.example.com", "APP_RETRIES": "7", "TIMEOUT": "  250ms\n",
                       "CONFIG": #"{"limits": {"retries": 2, "hosts": ["a", "b"]}}"#, "SECRET": "c2VjcmV0LWlk"])
        let client = try container.resolve(FreeWeatherClient.self, name: "client")
        #expect(client.retries == 7 && client.timeout == .milliseconds(250))
        #expect(try container.resolve(FreeWeatherClient.self, name: "defaulted").retries == 4, "env(NAME) parameter is the default")
        #expect(try container.resolve(ReportService.self, name: "report").limits == Limits(retries: 2, hosts: ["a", "b"]))
        #expect(try container.resolve(ConsoleReporter.self, name: "decoded").id == "secret-id")
        #expect(try container.resolve(ConsoleReporter.self, name: "fallback").id == "from-parameter")
        #expect(try container.resolve(ConsoleReporter.self, name: "literal").id == "%env(URL)%")
    }

    @Test func envProcessors_unknownOrPHPOnly_areRefused_neverMisread() {
        #expect(errorText { _ = try build("services: { a: { class: ConsoleReporter, arguments: ['%env(integer:PORT)%'] } }", env: ["PORT": "80"]) }
            == """
            Container validation failed with 1 problem:
            1. Cannot evaluate env(integer:PORT) at services.yaml:1:54: 'integer:' is not a processor; known: string, int, float, bool, not, json, csv, base64, trim, file, key, default, resolve. An app adds its own in code: builder.addEnvironmentProcessor("integer") { value in ... }.
            """)
        #expect(errorText { _ = try build("services: { a: { class: ConsoleReporter, arguments: ['%env(const:PORT)%'] } }", env: ["PORT": "80"]) }
            == """
            Container validation failed with 1 problem:
            1. Cannot evaluate env(const:PORT) at services.yaml:1:54: the processor 'const:' has no Swift meaning: it reads a PHP constant.
            """)
        #expect(errorText { _ = try build("services: { a: { class: FreeWeatherClient, arguments: ['%env(URL)%', { class: URLSessionClient }], properties: { retries: '%env(int:N)%' } } }", env: ["URL": "https://a.example", "N": "seven"]) }
            == """
            Container validation failed with 1 problem:
            1. Cannot evaluate env(int:N) at services.yaml:1:123: 'int:' cannot read "seven" as a whole number.
            """)
        #expect(errorText { _ = try build("services: { a: { class: ConsoleReporter, arguments: ['%env(int:APP_ID)%'] } }") }
            == """
            Container validation failed with 1 problem:
            1. Parameter %env(int:APP_ID)% at services.yaml:1:54 has no value: not found in environment. Set the variable APP_ID, or give it a default: the parameter env(APP_ID), or ${env(int:APP_ID):default}.
            """)
    }

    @Test func envFile_readsInsideTheConfigRoot_only() throws {
        let root = try directory([
            "config/services.yaml": "services: { a: { class: ConsoleReporter, arguments: ['%env(trim:file:TOKEN_FILE)%'] } }\n",
            "config/secrets/token": "token-123\n",
            "outside": "leaked\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        func load(_ path: String) throws -> Container {
            try weatherContainer(loading: root.appendingPathComponent("config/services.yaml"), environment: ["TOKEN_FILE": path])
        }
        #expect(try load("secrets/token").resolve(ConsoleReporter.self, name: "a").id == "token-123")
        let config = URL(fileURLWithPath: root.appendingPathComponent("config").path).resolvingSymlinksInPath().path
        #expect(try load(config + "/secrets/token").resolve(ConsoleReporter.self, name: "a").id == "token-123")
        let base = root.appendingPathComponent("config").standardizedFileURL.path
        #expect(errorText { _ = try load("../outside") } == """
            Container validation failed with 1 problem:
            1. Cannot evaluate env(trim:file:TOKEN_FILE) at \(base)/services.yaml:1:54: 'file:' may read only inside the config root \(config), and ../outside is outside it.
            """)
        #expect(errorText { _ = try build("services: { a: { class: ConsoleReporter, arguments: ['%env(file:F)%'] } }", env: ["F": "x"]) }
            == """
            Container validation failed with 1 problem:
            1. Cannot evaluate env(file:F) at services.yaml:1:54: 'file:' reads only inside the config root, and config given as text has none.
            """)
    }

    @Test func envFile_readsOnlyRegularFiles_ofAtMostOneMebibyte_byTheirSizeBeforeReading() throws {
        let root = try directory([
            "config/services.yaml": "services: { a: { class: ConsoleReporter, arguments: ['%env(file:F)%'] } }\n",
            "config/limit": String(repeating: "x", count: 1 << 20),
            "config/secrets/token": "t",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let config = root.appendingPathComponent("config")
        // Sparse: four gigabytes on disk that take no room, refused by their size, not read.
        #expect(mkfifo(config.appendingPathComponent("pipe").path, 0o600) == 0)
        _ = FileManager.default.createFile(atPath: config.appendingPathComponent("huge").path, contents: nil)
        let hugeHandle = try #require(FileHandle(forWritingAtPath: config.appendingPathComponent("huge").path))
        try hugeHandle.truncate(atOffset: 4 << 30)
        try hugeHandle.close()
        func load(_ path: String) throws -> Container {
            try weatherContainer(loading: config.appendingPathComponent("services.yaml"), environment: ["F": path])
        }
        let base = config.standardizedFileURL.path
        #expect(try load("limit").resolve(ConsoleReporter.self, name: "a").id.utf8.count == 1 << 20)
        #expect(errorText { _ = try load("huge") } == """
            Container validation failed with 1 problem:
            1. Cannot evaluate env(file:F) at \(base)/services.yaml:1:54: 'file:' will not read huge: it is 4294967296 bytes, and a value read from a file may have at most 1048576 (1 MiB).
            """)
        #expect(errorText { _ = try load("pipe") } == """
            Container validation failed with 1 problem:
            1. Cannot evaluate env(file:F) at \(base)/services.yaml:1:54: 'file:' cannot read pipe: it is not a regular file (a directory, pipe, socket or device).
            """)
        #expect(errorText { _ = try load("secrets") } == """
            Container validation failed with 1 problem:
            1. Cannot evaluate env(file:F) at \(base)/services.yaml:1:54: 'file:' cannot read secrets: it is not a regular file (a directory, pipe, socket or device).
            """)
    }

    @Test func sharedFalse_isPrototype_andScopesByName() throws {
        let container = try build("""
            services:
              a: { class: Logger, shared: false }
              b: { class: Logger, scope: singleton }
              c: { class: Logger, scope: object-graph }
            """)
        #expect(try container.resolve(Logger.self, name: "a") !== container.resolve(Logger.self, name: "a"))
        #expect(try container.resolve(Logger.self, name: "b") === container.resolve(Logger.self, name: "b"))
        #expect(container.definitions.first { $0.name == "c" }?.scope == .objectGraph)
    }

    @Test func aNullOrEmptyService_isItsIdAsAClass() throws {
        let container = try build("""
            services:
              Logger: ~
              HTTPSession:
              URLSessionClient: {}
            """)
        #expect(container.isRegistered(Logger.self, name: "Logger"))
        #expect(container.isRegistered(HTTPSession.self, name: "HTTPSession"))
        #expect(container.isRegistered(HTTPSession.self, name: "URLSessionClient"))
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  Logger: '~'\n", name: "app.yaml") }
            == "Service 'Logger' at app.yaml:2:11 must be a map, not a scalar.")
    }

    @Test func parentAbstractPrimaryEagerAndProfiles() throws {
        let builder = ContainerBuilder()
        builder.catalog = weatherCatalog()
        builder.activeProfiles = ["test"]
        try builder.loadYAML("""
            services:
              base: { class: ConsoleReporter, abstract: true, scope: singleton, tags: [reporter] }
              first: { parent: base, arguments: [one], tags: [reporter] }
              second: { parent: base, arguments: [two], primary: true, tags: [reporter] }
              third: { parent: base, arguments: [three] }
              prodOnly: { class: Logger, profile: production }
              testOnly: { class: Logger, profile: [test], eager: true, scope: singleton }
            """)
        let container = try builder.build()
        #expect(try container.resolve(ConsoleReporter.self).id == "two", "primary wins")
        #expect(try container.resolve(ConsoleReporter.self, name: "first") === container.resolve(ConsoleReporter.self, name: "first"))
        #expect(try container.resolveAll((any Reporter).self, tagged: "reporter").count == 2, "a child never takes its parent's tags (Symfony)")
        #expect(container.isRegistered(Logger.self, name: "testOnly") && !container.isRegistered(Logger.self, name: "prodOnly"))
        #expect(!container.isRegistered(ConsoleReporter.self, name: "base"))
    }

    @Test func innerDefinitions_andDecorates() throws {
        let container = try build("""
            services:
              report:
                class: ReportService
                arguments:
                  reporters: [ { class: ConsoleReporter, arguments: [inner] } ]
                  metrics: '@logger'
              logger: { class: Logger, scope: singleton }
              auditLogger: { class: Logger, decorates: logger, scope: singleton }
            """)
        let report = try container.resolve(ReportService.self)
        #expect(report.reporters.map(\.id) == ["inner"])
        #expect(report.metrics === (try container.resolve(Logger.self, name: "auditLogger")), "the decorator took the name")
        #expect(container.isRegistered(Logger.self, name: "auditLogger.inner"))
    }

    @Test func dependsOn_namesComponentsToCreateFirst() throws {
        let config = try YAMLLoader().load(string: """
            services:
              report: { class: ReportService, depends-on: [logger, metrics] }
              single: { class: ReportService, depends-on: logger }
            """)
        #expect(config.definitions.map(\.dependsOn) == [["logger", "metrics"], ["logger"]])
    }

    @Test func check_goesOnPastProblems_andListsThemAll() throws {
        let root = try directory([
            "services.yaml": """
                imports: [missing.yaml]
                services:
                  a: { class: Logger, scop: singleton }
                  b: { class: Logger }
                  c: '@nowhere'
                extras: {}
                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("services.yaml")
        let path = url.standardizedFileURL.path
        let config = YAMLLoader().check(contentsOf: url)
        #expect(config.definitions.map(\.name) == ["b", "c"])
        #expect(config.definitions.last?.aliasTarget == "nowhere", "a component defined elsewhere, or missing: the build says")
        #expect(config.skipped == ["a"])
        #expect(config.problems.map(\.description) == [
            "Unknown key 'scop' in service 'a' at \(path):3:23. Did you mean 'scope'? Known keys: class, as, arguments, properties, calls, factory, scope, shared, lazy, eager, primary, tags, parent, abstract, aliases, profile, before-injection, after-injection, dispose, decorates, depends-on, autowire, autoconfigure, public, bind, synthetic, deprecated, $<argument>, resource, exclude, decoration_inner_name, decoration_priority, decoration_on_invalid, decorates_tag, constructor, namespace.",
            "'extras' at \(path):6:1 has no Swift meaning: in a Symfony config file a top-level key other than parameters, imports, services and when@ configures a bundle (framework, security, doctrine...), which is a PHP library's own setup; configure that library in Swift code, and keep the services of this file under services:.",
            "Cannot read '\(root.standardizedFileURL.path)/missing.yaml' (imported at \(path):1:11): no such file.",
        ])
        #expect(throws: ConfigError.self) { try YAMLLoader().load(contentsOf: url) }
    }

    @Test func imports_areRelativeAndMerged() throws {
        let root = try directory([
            "services.yaml": "imports: [{ resource: local/extra.yaml }]\nparameters: { id: root }\nservices:\n  a: { class: ConsoleReporter, arguments: ['%id%'] }\n",
            "local/extra.yaml": "services:\n  b: { class: ConsoleReporter, arguments: [extra] }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let container = try weatherContainer(loading: root.appendingPathComponent("services.yaml"))
        #expect(try container.resolve(ConsoleReporter.self, name: "a").id == "root")
        #expect(try container.resolve(ConsoleReporter.self, name: "b").id == "extra")
        #expect(container.definitions.first { $0.name == "b" }?.location.file.hasSuffix("local/extra.yaml") == true)
    }

    @Test func aServiceOfALaterFile_replacesTheOneOfTheSameIdReadBefore_asInSymfony() throws {
        let root = try directory([
            "services.yaml": "imports: [first.yaml, second.yaml]\nservices:\n  a: { class: ConsoleReporter, arguments: [own] }\n",
            "first.yaml": "services:\n  a: { class: ConsoleReporter, arguments: [first] }\n  b: { class: ConsoleReporter, arguments: [first] }\n",
            "second.yaml": "services:\n  b: { class: ConsoleReporter, arguments: [second] }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let container = try weatherContainer(loading: root.appendingPathComponent("services.yaml"))
        #expect(try container.resolve(ConsoleReporter.self, name: "a").id == "own", "the importing file comes after its imports")
        #expect(try container.resolve(ConsoleReporter.self, name: "b").id == "second")
        // Two files loaded apart are not one Symfony configuration: the same id twice is a duplicate.
        let apart = ContainerBuilder()
        apart.catalog = weatherCatalog()
        try apart.loadYAML(contentsOf: root.appendingPathComponent("first.yaml"))
        try apart.loadYAML(contentsOf: root.appendingPathComponent("second.yaml"))
        #expect(errorText { _ = try apart.build() }.contains("Duplicate component \"b\""))
    }

    @Test func scalarsFollowTheCoreSchema() throws {
        let config = try YAMLLoader().load(string: """
            parameters:
              int: 12
              hex: 0x1F
              float: 2.5
              bool: true
              null: ~
              quoted: '12'
              text: hello
              list: [1, two]
            """)
        #expect(config.parameters["int"] == .int(12))
        #expect(config.parameters["hex"] == .int(31))
        #expect(config.parameters["float"] == .double(2.5))
        #expect(config.parameters["bool"] == .bool(true))
        #expect(config.parameters["null"] == .null())
        #expect(config.parameters["quoted"] == .string("12"))
        #expect(config.parameters["text"] == .string("hello"))
        #expect(config.parameters["list"] == .list([.int(1), .string("two")]))
        #expect(config.parameters["int"]?.location == ConfigLocation(file: "<string>", line: 2, column: 8))
    }
}
