import Foundation
import IoCCore
import IoCYAML

// The app the testing snippets (README.md, docs/Testing.md) test: a report service with a
// weather client, a clock and an HTTP client, wired in YAML through a catalog.

protocol WeatherClient: Sendable { var name: String { get } }
final class BetterWeatherClient: WeatherClient { let name = "Better"; init() {} }
final class StubWeatherClient: WeatherClient { let name = "Stub"; init() {} }
final class RecordedClient: WeatherClient {
    let city: String
    var name: String { "Recorded (\(city))" }
    init(city: String) { self.city = city }
}

protocol Clock: Sendable { var now: Date { get } }
final class SystemClock: Clock { var now: Date { Date() }; init() {} }
final class FixedClock: Clock { let now = Date(timeIntervalSince1970: 0); init() {} }

final class HTTPClient: @unchecked Sendable {
    var retries = 3
    init() {}
}

final class ReportService: Sendable {
    let client: any WeatherClient
    let days: Int
    init(client: any WeatherClient, days: Int) {
        self.client = client
        self.days = days
    }
    func report(city: String) throws -> [String] { ["\(city) — \(days)-day forecast by \(client.name)"] }
}

final class ReportPrinter: Sendable {
    let service: ReportService
    init(service: ReportService) { self.service = service }
    func printReports(cities: [String]) throws {
        for city in cities { _ = try service.report(city: city) }
    }
}

enum App {
    static let catalog: TypeCatalog = {
        let catalog = TypeCatalog()
        catalog.add(BetterWeatherClient.self) { client in
            client.initializer("init()") { BetterWeatherClient() }
            client.conforms(to: (any WeatherClient).self) { $0 }
        }
        catalog.add(RecordedClient.self) { client in
            client.initializer("init(city:)") { (city: String) in RecordedClient(city: city) }
            client.conforms(to: (any WeatherClient).self) { $0 }
        }
        catalog.add(SystemClock.self) { clock in
            clock.initializer("init()") { SystemClock() }
            clock.conforms(to: (any Clock).self) { $0 }
        }
        catalog.add(HTTPClient.self) { client in
            client.initializer("init()") { HTTPClient() }
            client.property("retries", \.retries)
        }
        catalog.add(ReportService.self) { service in
            service.initializer("init(client:days:)") { (client: any WeatherClient, days: Int) in ReportService(client: client, days: days) }
        }
        catalog.add(ReportPrinter.self) { printer in
            printer.initializer("init(service:)") { (service: ReportService) in ReportPrinter(service: service) }
        }
        return catalog
    }()

    static let services = """
        services:
          weatherClient: { class: BetterWeatherClient, as: [WeatherClient], scope: singleton }
          clock: { class: SystemClock, as: [Clock], scope: singleton }
          httpClient: { class: HTTPClient, scope: singleton, properties: { retries: 3 } }
          reportService: { class: ReportService, shared: false, arguments: { client: '@weatherClient', days: '${report.days:1}' } }
          reportPrinter: { class: ReportPrinter, shared: false }
        """

    // NB: a test that cannot build the app's container fails on its first use, with the reason.
    static let container: Container = {
        let builder = ContainerBuilder()
        builder.catalog = catalog
        do {
            try builder.loadYAML(services, name: "services.yaml")
            return try builder.build()
        } catch {
            preconditionFailure("the app fixture does not build: \(error)")
        }
    }()
}

/// The app's services.yaml, as a file.
let servicesURL: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-doc-services-\(UUID().uuidString).yaml")
    try? App.services.write(to: url, atomically: true, encoding: .utf8)
    return url
}()
