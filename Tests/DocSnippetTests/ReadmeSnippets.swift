import Foundation
import IoCConfig
import IoCCore
import IoCXML
import IoCYAML
import Testing

// README.md's Swift snippets, each in a namespace of its own (they declare the same names).

@Suite("README: quick start")
enum ReadmeQuickStart {
    protocol WeatherClient: Sendable { func forecast(city: String) throws -> String }
    final class FreeWeatherClient: WeatherClient {
        init() {}
        func forecast(city: String) throws -> String { "Sunny in \(city)" }
    }
    final class Printer { init() {} }
    final class ReportService {
        let client: any WeatherClient
        init(client: any WeatherClient, printer: Printer) { self.client = client }
    }

    @Test static func quickStart() throws { // scaffold
    let builder = ContainerBuilder()
    builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).singleton()
    builder.register(Printer.init)
    builder.register(ReportService.init)          // its parameters are its dependencies

    let container = try builder.build()           // checks the whole graph, once
    let service = try container.resolve(ReportService.self)
    #expect(try service.client.forecast(city: "Oslo") == "Sunny in Oslo") // scaffold
    } // scaffold
}

@Suite("README: resolving")
enum ReadmeResolving {
    protocol WeatherClient: Sendable {}
    protocol Reporter: Sendable {}
    final class FreeWeatherClient: WeatherClient { init() {} }
    final class ConsoleReporter: Reporter { init() {} }
    final class ReportService: Sendable { init(client: any WeatherClient) {} }
    final class Metrics: Sendable { init() {} }
    struct Report: Sendable { let city: String }
    actor Database { static func open() async throws -> Database { Database() } }
    struct User: Sendable { let name: String }

    @Test static func resolving() throws {
        let builder = ContainerBuilder() // scaffold
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free") // scaffold
        builder.register(ReportService.init) // scaffold
        builder.register(ConsoleReporter.init, as: (any Reporter).self) // scaffold
        builder.register(Report.self, runtimeArguments: { (_: Resolver, city: String) in Report(city: city) }) // scaffold
        builder.register(Database.self, asyncFactory: { _ in try await Database.open() }).singleton() // scaffold
        let container = try builder.build() // scaffold
        let currentUser = User(name: "ada") // scaffold
        try container.resolve(ReportService.self)
        try container.resolve((any WeatherClient).self, name: "free")
        try container.resolveOptional(Metrics.self)           // nil only when nothing is registered
        try container.resolveAll((any Reporter).self)          // or resolveAll(_:tagged:), resolveMap(_:)
        try container.resolve(Report.self, runtimeArguments: "Oslo")  // runtime arguments
        Task { @Sendable in // scaffold
        try await container.resolve(Database.self)             // async factories: every form above has
                                                               // an awaiting twin (resolveAll, resolveMap, ...)
        } // scaffold
        let child = try container.makeChild { $0.register(instance: currentUser) }
        #expect(try child.resolve(User.self).name == "ada") // scaffold
    }
}

@Suite("README: configuration from files")
enum ReadmeConfiguration {
    protocol WeatherClient: Sendable {}
    final class FreeWeatherClient: WeatherClient, @unchecked Sendable {
        let baseURL: URL
        var timeout: Duration = .seconds(10)
        init(baseURL: URL) { self.baseURL = baseURL }
    }

    @Test static func catalog() throws {
        let builder = ContainerBuilder() // scaffold
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-readme-\(UUID().uuidString).properties") // scaffold
        try "weather.url=https://weather.example\n".write(to: url, atomically: true, encoding: .utf8) // scaffold
        defer { try? FileManager.default.removeItem(at: url) } // scaffold
        let catalog = TypeCatalog()
        catalog.add(FreeWeatherClient.self) { client in
            client.initializer("init(baseURL:)") { (url: URL) in FreeWeatherClient(baseURL: url) }
            client.property("timeout", \.timeout)
            client.conforms(to: (any WeatherClient).self) { $0 }
        }
        builder.catalog = catalog
        builder.propertySources = [EnvironmentPropertySource(), try PropertiesFileSource(contentsOf: url)]
        builder.activeProfiles = ["production"]
        try builder.loadYAML("services: { client: { class: FreeWeatherClient, arguments: ['${weather.url}'], properties: { timeout: 5s } } }") // scaffold
        let client = try builder.build().resolve(FreeWeatherClient.self, name: "client") // scaffold
        #expect(client.baseURL.absoluteString == "https://weather.example" && client.timeout == .seconds(5)) // scaffold
    }

    /// Compiled, not run: the snippets read files by the paths the README names.
    static func loadingFiles(_ catalog: TypeCatalog) throws {
        let builder = ContainerBuilder() // scaffold
        builder.catalog = catalog
        try builder.loadYAML(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
        builder.catalog = catalog
        try builder.loadXML(contentsOf: URL(fileURLWithPath: "MiddleAgesAssembly.xml"))
    }
}

