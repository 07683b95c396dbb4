import Foundation
import IoCAnnotations

// Annotated types for the behaviour tests: the weather app of the README, in annotations.

protocol HTTPSession: AnyObject, Sendable {
    var name: String { get }
}

@Component("session", scope: .singleton)
final class URLSessionClient: HTTPSession, @unchecked Sendable {
    let name = "urlsession"
    init() {}
}

@LazyProxy
protocol WeatherClient: AnyObject {
    var baseURL: URL { get throws }
    func forecast(for city: String) throws -> String
    func temperature(in city: String) throws -> Int
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

@Component(scope: .singleton, as: [WeatherClient.self])
final class FreeWeatherClient: WeatherClient {
    let session: any HTTPSession
    let baseURL: URL

    init(session: any HTTPSession, @Config("${weather.url:https://api.example.com}") baseURL: URL) {
        self.session = session
        self.baseURL = baseURL
    }

    func forecast(for city: String) throws -> String { "sunny in \(city)" }
    func temperature(in city: String) -> Int { city.count }
}

@Component("mainViewController", scope: .singleton, lazy: true)
final class MyViewController {
    @Inject("session") var myService: any HTTPSession
    @Inject var weather: any WeatherClient
    @Value("${report.days:5}") var days: Int
    @Inject var reports: Lazy<ReportService>
    @Inject var makeReport: Provider<ReportService>
    @Inject var optionalClock: Clock?
    private(set) var isReady = false
    private(set) var isClosed = false

    init() {}

    @AfterInjection func ready() { isReady = true }
    @Dispose func close() { isClosed = true }
}

final class Clock {}

@Component
final class ReportService {
    let client: any WeatherClient
    let days: Int

    @Inject init(client: any WeatherClient, @Config("${report.days:5}") days: Int) {
        self.client = client
        self.days = days
    }

    init() throws {
        throw CocoaError(.featureUnsupported)
    }
}

struct AppConfig: Sendable, Equatable {
    let region: String
}

@Module
enum NetworkModule {
    @Provides("appConfig", scope: .singleton)
    static func config() -> AppConfig { AppConfig(region: "eu") }

    @Provides(scope: .prototype)
    static func greeting(config: AppConfig, @Named("session") session: any HTTPSession) -> String {
        "hello from \(config.region) via \(session.name)"
    }
}

/// What happened, in order, from any thread.
final class Log<Entry: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Entry] = []
    func add(_ entry: Entry) { lock.withLock { entries.append(entry) } }
    var all: [Entry] { lock.withLock { entries } }
}

/// The error text a throwing call produced, or "no error".
func errorText(_ body: () throws -> Void) -> String {
    do { try body(); return "no error" } catch { return String(describing: error) }
}
