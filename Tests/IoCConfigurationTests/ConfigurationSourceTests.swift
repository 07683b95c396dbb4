import Configuration
import Foundation
import IoCConfiguration
import IoCCore
import IoCYAML
import Logging
import ServiceLifecycle
import Testing

/// swift-configuration's providers as a property source: `${key}` and `%env(NAME)%` read
/// through a ConfigReader, the first provider that has a key winning, values keeping their kind.
@Suite("swift-configuration as a property source")
struct ConfigurationSourceTests {
    @Test func aKey_isReadFromTheFirstProviderThatHasIt_withItsKind() async throws {
        let source = ConfigurationPropertySource(providers: [
            EnvironmentVariablesProvider(environmentVariables: ["DB_HOST": "env.internal"]),
            try await FileProvider<JSONSnapshot>(filePath: .init(stringLiteral: try fixture("app.json").path)),
        ])
        let host = try #require(source.value(for: "db.host"))
        #expect(host == .string("env.internal"))
        #expect(host.location.description == "EnvironmentVariablesProvider")
        #expect(!host.isSecret)
        #expect(source.value(for: "DB_HOST") == .string("env.internal"))  // as %env(DB_HOST)% asks
        let port = try #require(source.value(for: "db.port"))
        #expect(port == .int(5432))
        #expect(port.location.description == "FileProvider<JSONSnapshot>")
        #expect(source.value(for: "db.replicas") == .list([.string("r1"), .string("r2")]))
        #expect(source.value(for: "db.user") == nil)
        #expect(source.name == "swift-configuration")
    }

    /// services.yaml's `${db.host}` and `%env(int:DB_PORT)%`, and a handle by its key.
    @Test func servicesYAML_isWiredFromTheProviders() async throws {
        let builder = ContainerBuilder()
        builder.catalog = appCatalog()
        builder.addConfiguration(ConfigurationPropertySource(providers: [
            EnvironmentVariablesProvider(environmentVariables: ["DB_PORT": "15432", "DB_PASSWORD": "hunter2"]),
            try await FileProvider<JSONSnapshot>(filePath: .init(stringLiteral: try fixture("app.json").path)),
        ]))
        try builder.loadYAML(contentsOf: try fixture("services.yaml"))
        let container = try builder.build()
        #expect(try await container.resolve(Database.self, name: "database") == Database(host: "json.internal", port: 15432, password: "hunter2"))
        let limiter = try await container.resolve(RateLimiter.self, name: "limiter")
        #expect(limiter.limit.value == 10)
        #expect(limiter.limit.key == "rate.limit")
        #expect(limiter.allows(9) && !limiter.allows(10))
    }

    @Test func aReaderTheAppMade_canBeTheSource() {
        let reader = ConfigReader(provider: InMemoryProvider(values: ["db.host": "memory.internal", "db.port": 7000]))
        let source = ConfigurationPropertySource(reader: reader, name: "settings")
        #expect(source.value(for: "db.host") == .string("memory.internal"))
        #expect(source.value(for: "db.port") == .int(7000))
        #expect(source.name == "settings")
    }
}

/// Secrets — values a provider marks secret, or keys the app names — never reach a message.
@Suite("swift-configuration secrets")
struct ConfigurationSecretTests {
    static func secretSource() -> ConfigurationPropertySource {
        ConfigurationPropertySource(providers: [
            EnvironmentVariablesProvider(environmentVariables: ["DB_HOST": "db", "DB_PASSWORD": "hunter2"],
                                         secretsSpecifier: .specific(["DB_PASSWORD"])),
        ])
    }

    @Test func aProvidersSecret_isASecretValue() {
        let source = Self.secretSource()
        let password = source.value(for: "db.password")
        #expect(password?.isSecret == true)
        #expect(password?.description == "<redacted>")
        #expect(password?.kind == .string("hunter2"))  // injected as it is
        #expect(source.value(for: "db.host")?.isSecret == false)
    }

    @Test func keysTheAppNames_areSecretsOfAReaderItMade() {
        let reader = ConfigReader(provider: InMemoryProvider(values: ["db.password": "hunter2"]))
        let source = ConfigurationPropertySource(reader: reader, secretKeys: ["db.password"])
        #expect(source.value(for: "db.password")?.description == "<redacted>")
    }

    /// A build error that quotes a secret (alone, or put into text) shows `<redacted>`, and so
    /// does the event a logger writes.
    @Test func aBuildError_showsASecretRedacted() throws {
        let events = Locked<[String]>([])
        let builder = ContainerBuilder()
        builder.catalog = appCatalog()
        builder.events = { event in events.withLock { $0.append("\(event)") } }
        builder.addConfiguration(Self.secretSource())
        try builder.loadYAML("""
            services:
              database: { class: Database, arguments: ['${db.host}', '${db.password}', x] }
              other: { class: Database, arguments: ['${db.host}', 'p${db.password}', x] }
              third: { class: Database, arguments: ['${db.host}', '%env(int:DB_PASSWORD)%', x] }
            """)
        let error = #expect(throws: IoCError.self) { try builder.build() }
        let text = error.map { "\($0)" } ?? ""
        #expect(text == """
            Container validation failed with 3 problems:
            1. Cannot evaluate env(int:DB_PASSWORD) at <string>:4:55: 'int:' cannot read the secret value of DB_PASSWORD as a whole number.
            2. Value <redacted> at <string>:2:58 cannot become Int for "database" (Database), argument 1 'port': not a whole number.
            3. Value <redacted> at <string>:3:55 cannot become Int for "other" (Database), argument 1 'port': not a whole number.
            """)
        #expect(!text.contains("hunter2"))
        #expect(events.withLock { $0 }.count == 1)
        #expect(!events.withLock { $0 }.joined().contains("hunter2"))
    }

    @Test func aHandleOnASecret_doesNotShowIt() throws {
        let handle = try Self.secretSource().handle("db.password", as: String.self)
        #expect(handle.isSecret)
        #expect(handle.value == "hunter2")
        #expect(handle.description == "db.password = <redacted>")
        #expect(try Self.secretSource().handle("db.host", as: String.self).description == "db.host = db")
    }
}

/// Handles: a component reads a setting's current value, the container is not rebuilt.
@Suite("swift-configuration handles")
struct ConfigHandleTests {
    @Test func aHandle_readsTheValueNow() throws {
        let settings = MutableInMemoryProvider(initialValues: ["rate.limit": 10])
        let limiter = try appBuilder([settings], yaml: limiterYAML).build().resolve(RateLimiter.self, name: "limiter")
        #expect(limiter.limit.value == 10)
        settings.setValue(25, forKey: "rate.limit")
        #expect(limiter.limit.value == 25)
        // Gone, or no longer a whole number: the value at build.
        settings.setValue(nil, forKey: "rate.limit")
        #expect(limiter.limit.value == 10)
        settings.setValue("many", forKey: "rate.limit")
        #expect(limiter.limit.value == 10)
    }

    @Test func aKeyWithoutAValue_failsTheBuild_namingItAndTheFix() throws {
        let builder = try appBuilder([InMemoryProvider(values: ["rate.limit": "many"])], yaml: """
            services:
              limiter: { class: RateLimiter, arguments: [rate.limt] }
              other: { class: RateLimiter, arguments: ['${rate.limit}'] }
            """)
        let error = #expect(throws: IoCError.self) { try builder.build() }
        #expect(error.map { "\($0)" } == """
            Container validation failed with 2 problems:
            1. Value "rate.limt" at <string>:2:46 cannot become ConfigHandle<Int> for "limiter" (RateLimiter), argument 0 'limit': \
            swift-configuration reads no Int at the key rate.limt: no provider has a value for it. Give the setting's key itself \
            (rate.limit, not ${rate.limit}, which gives its value at build).
            2. Value "many" at <string>:3:44 cannot become ConfigHandle<Int> for "other" (RateLimiter), argument 0 'limit': \
            swift-configuration reads no Int at the key many: no provider has a value for it. Give the setting's key itself \
            (rate.limit, not ${rate.limit}, which gives its value at build).
            """)
    }

    @Test func aHandleInCode_andItsLists() throws {
        let source = ConfigurationPropertySource(providers: [
            InMemoryProvider(values: ["rate.limit": 10, "ratio": 0.5, "hosts": .init(.stringArray(["a", "b"]), isSecret: false), "on": true]),
        ])
        #expect(try source.handle("rate.limit", as: Int.self).value == 10)
        #expect(try source.handle("ratio", as: Double.self).value == 0.5)
        #expect(try source.handle("hosts", as: [String].self).value == ["a", "b"])
        #expect(try source.handle("on", as: Bool.self).description == "on = true")
        let error = #expect(throws: ConversionFailure.self) { try source.handle("hosts", as: Int.self) }
        #expect(error?.description == """
            cannot convert "hosts" at swift-configuration to ConfigHandle<Int>: swift-configuration reads no Int at the key \
            hosts: its value is a list, not Int. Give the setting's key itself (rate.limit, not ${rate.limit}, which gives its \
            value at build)
            """)
    }

    /// swift-configuration's ReloadingFileProvider, run as a Service: an edit of the file
    /// reaches the component through its handle.
    @Test func aReloadingFile_reachesTheComponent() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("settings.json")
        try Data(#"{"rate": {"limit": 10}}"#.utf8).write(to: file)
        let provider = try await ReloadingFileProvider<JSONSnapshot>(filePath: .init(stringLiteral: file.path), pollInterval: .milliseconds(20))
        let limiter = try await appBuilder([provider], yaml: limiterYAML).build().resolve(RateLimiter.self, name: "limiter")
        #expect(limiter.limit.value == 10)
        let group = ServiceGroup(services: [provider], logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            // Atomically (a new file renamed over the old): written in place, a poll between the
            // truncation and the write read an empty file, whose JSON error ended the provider's
            // run, and the value stayed 10 for good (seen under load).
            try Data(#"{"rate": {"limit": 42}}"#.utf8).write(to: file, options: .atomic)
            // The provider reloads when the file's modification time changes: make sure it does,
            // whatever the file system's time resolution.
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: file.path)
            // The provider polls every 20 ms: wait for the new value, with a bound only a real
            // failure reaches, however loaded the machine.
            let deadline = ContinuousClock.now + .seconds(120)
            while limiter.limit.value != 42, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            await group.triggerGracefulShutdown()
        }
        #expect(limiter.limit.value == 42)
    }
}
