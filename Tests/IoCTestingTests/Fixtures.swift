import Foundation
import IoCCore
import IoCYAML

// The weather app of the README, registered in code and in YAML, for the overlay tests.

protocol WeatherClient: Sendable {
    func forecast(_ city: String) -> String
}

/// What the components of one production container did, in order.
final class BuildLog: Sendable {
    private let entries = Locked<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

final class FreeWeatherClient: WeatherClient {
    init(log: BuildLog) { log.add("free client") }
    func forecast(_ city: String) -> String { "free: sunny in \(city)" }
}

final class StubClient: WeatherClient {
    let text: String
    init(_ text: String) { self.text = text }
    func forecast(_ city: String) -> String { "\(text) \(city)" }
}

final class Database: Sendable {
    let log: BuildLog
    init(log: BuildLog) {
        self.log = log
        log.add("database")
    }
    func close() { log.add("database closed") }
}

final class ReportService: Sendable {
    let client: any WeatherClient
    let database: Database
    let days: Int
    init(client: any WeatherClient, database: Database, days: Int) {
        self.client = client
        self.database = database
        self.days = days
    }
    func report(_ city: String) -> String { "\(days) days: \(client.forecast(city))" }
}

protocol Reporter: Sendable { var channel: String { get } }
struct ConsoleReporter: Reporter { let channel: String }

/// The production container, registered in code: a free weather client named
/// "weatherClient" (a singleton, injected as `any WeatherClient`), a database singleton, a
/// report service singleton with `${report.days}`, and two reporters tagged "reporter".
func productionContainer(log: BuildLog = BuildLog()) throws -> Container {
    let builder = ContainerBuilder()
    builder.propertySources = [DictionaryPropertySource(name: "app", ["report.days": "5"])]
    builder.register(instance: log)
    builder.register { (log: BuildLog) in FreeWeatherClient(log: log) }
        .named("weatherClient").as((any WeatherClient).self) { $0 }.singleton()
    builder.register { (log: BuildLog) in Database(log: log) }.singleton().onDispose { $0.close() }
    builder.register { (client: any WeatherClient, database: Database, days: Int) in
        ReportService(client: client, database: database, days: days)
    }.argument(2, .config(.string("${report.days}"))).singleton()
    builder.register { ConsoleReporter(channel: "console") as any Reporter }.named("console").tagged("reporter")
    builder.register { ConsoleReporter(channel: "audit") as any Reporter }.named("audit").tagged("reporter")
    return try builder.build()
}

/// A client configured by YAML through the catalog.
final class ConfiguredClient: WeatherClient, @unchecked Sendable {
    let city: String
    var retries = 1
    init(city: String) { self.city = city }
    func forecast(_ city: String) -> String { "configured(\(retries)): \(city)" }
}

final class RecordedClient: WeatherClient, @unchecked Sendable {
    let city: String
    var retries = 0
    init(city: String) { self.city = city }
    func forecast(_ city: String) -> String { "recorded \(self.city) \(retries)" }
}

func weatherCatalog() -> TypeCatalog {
    let catalog = TypeCatalog()
    catalog.add(ConfiguredClient.self) { client in
        client.initializer("init(city:)") { (city: String) in ConfiguredClient(city: city) }
        client.property("retries", \.retries)
        client.conforms(to: (any WeatherClient).self) { $0 }
    }
    catalog.add(RecordedClient.self) { client in
        client.initializer("init(city:)") { (city: String) in RecordedClient(city: city) }
        client.property("retries", \.retries)
        client.conforms(to: (any WeatherClient).self) { $0 }
    }
    return catalog
}

/// The production container, wired by YAML.
func yamlContainer() throws -> Container {
    let builder = ContainerBuilder()
    builder.catalog = weatherCatalog()
    try builder.loadYAML("""
        parameters:
          city: Oslo
        services:
          weatherClient:
            class: ConfiguredClient
            as: [WeatherClient]
            scope: singleton
            arguments: { city: '%city%' }
            properties: { retries: 2 }
        """, name: "services.yaml")
    return try builder.build()
}
