import Foundation
import IoCCore

// The app the doc comments' examples speak of: its types, just enough for each example to
// compile. The examples are compiled, not run (their files, servers and storyboards are not
// here); the behaviour each shows is tested in the modules' own test targets.

struct Forecast: Sendable {
    let city: String
    init(city: String, store: ForecastStore? = nil) { self.city = city }
}

protocol WeatherClient: AnyObject, Sendable {
    func forecast(for city: String) throws -> Forecast
}

protocol Logger: Sendable {}
final class ConsoleLogger: Logger { init() {} }

protocol HTTPSession: Sendable {}
final class URLSessionTransport: HTTPSession {
    init(timeout: Double = 30) {}
}

final class FreeWeatherClient: WeatherClient, @unchecked Sendable {
    let session: any HTTPSession
    let baseURL: URL
    var logger: any Logger = ConsoleLogger()
    var timeout = 30.0
    init(session: any HTTPSession, baseURL: URL) {
        self.session = session
        self.baseURL = baseURL
    }
    func configure(logger: any Logger) { self.logger = logger }
    func warmUp() throws {}
    func forecast(for city: String) throws -> Forecast { Forecast(city: city) }
}

final class BetterWeatherClient: WeatherClient {
    init() {}
    func forecast(for city: String) throws -> Forecast { Forecast(city: city) }
}

final class StubWeatherClient: WeatherClient {
    init() {}
    func forecast(for city: String) throws -> Forecast { Forecast(city: city) }
}
typealias StubClient = StubWeatherClient

final class CachingClient: WeatherClient {
    let inner: any WeatherClient
    init(wrapping inner: any WeatherClient) { self.inner = inner }
    func forecast(for city: String) throws -> Forecast { try inner.forecast(for: city) }
}
typealias RecordingClient = CachingClient

final class LoggingClient: WeatherClient {
    let inner: any WeatherClient
    init(_ inner: any WeatherClient) { self.inner = inner }
    func forecast(for city: String) throws -> Forecast { try inner.forecast(for: city) }
}

final class WeatherClientProxy: WeatherClient {
    let provider: Provider<any WeatherClient>
    init(_ provider: Provider<any WeatherClient>) { self.provider = provider }
    func forecast(for city: String) throws -> Forecast { try provider.get().forecast(for: city) }
}

protocol Printer: Sendable { func print(_ text: String) }
final class ConsolePrinter: Printer { init() {}; func print(_ text: String) {} }
final class StubPrinter: Printer { init() {}; func print(_ text: String) {} }

final class ReportCache: Sendable { init() {}; func warmUp() {} }

final class ReportService: @unchecked Sendable {
    let client: any WeatherClient
    var logger: any Logger
    var days = 5
    var clock: any Clock = SystemClock()
    var date: Date { clock.now }
    init(client: any WeatherClient, logger: any Logger) {
        self.client = client
        self.logger = logger
    }
    func prepare() {}
    func warmUp() throws {}
    func run() throws {}
    func refresh() async throws {}
}

struct Report: Sendable {
    let city: String
    let days: Int
    init(city: String, days: Int, client: any WeatherClient) {
        self.city = city
        self.days = days
    }
}

actor ForecastStore {
    private(set) var date = Date(timeIntervalSince1970: 0)
    init() {}
    static func open(client: any WeatherClient) async throws -> ForecastStore { ForecastStore() }
}

protocol Clock: Sendable { var now: Date { get } }
final class SystemClock: Clock { init() {}; var now: Date { Date() } }
final class FixedClock: Clock {
    static let date = Date(timeIntervalSince1970: 0)
    init() {}
    var now: Date { Self.date }
}

protocol Channel: Sendable {}
final class EmailChannel: Channel { init() {} }
final class SilentChannel: Channel { init() {} }

final class Broadcaster: Sendable { init(channels: [any Channel]) {} }
final class Router: Sendable { init(channels: [String: any Channel]) {} }

protocol Reporter: Sendable {}
protocol Handler: Sendable {}
final class CSVHandler: Handler { init() {} }
final class JSONHandler: Handler { init() {} }
struct UnsupportedFormat: Error { init(_ format: String) {} }

protocol Quest: Sendable {}
protocol Warrior: Sendable {}
final class HolyGrailQuest: Quest { init() {} }
final class Knight: Warrior, @unchecked Sendable {
    var quest: (any Quest)?
    var damselsRescued = 0
    init() {}
    init(quest: any Quest) { self.quest = quest }
    func questAfterPropertyInjection() {}
}

final class Sword: Sendable { init() {} }
final class SwordFactory: Sendable {
    init() {}
    func sword(specification: String) -> Sword { Sword() }
}

struct Connection: Sendable { init(path: String) throws {} }
struct ConnectionFactory: ComponentFactory {
    let path: String
    init(path: String) { self.path = path }
    func makeProduct() throws -> Connection { try Connection(path: path) }
}
final class ConnectionPool: Sendable { init() {}; func close() {} }

struct Client: Sendable {
    let host: String
    let retries: Int
}
struct BadURL: Error { let text: String }

final class HTTPClient: @unchecked Sendable {
    var timeout: Duration = .seconds(30)
    init() {}
}

struct Color: Sendable {
    init?(hex: String) {}
    init(parsing value: ConfigValue) throws {}
}

final class SMTPMailer: Sendable { init() {} }
final class AuditLog: Sendable { init() {} }
final class RequestContext: Sendable { init() {} }
struct RequestInfo: Sendable { let path: String }
final class RequestLog: Sendable { init(info: RequestInfo) {} }
final class TodoController: Sendable {
    init(log: RequestLog) {}
    func list() -> [String] { [] }
}
final class ReportCommand: Sendable { init() {} }
final class UnitOfWork: Sendable { init() {} }
final class ImageCache: Sendable { init() {} }
final class MetricsExporter: Sendable { init() {} }
final class Metrics: Sendable { init() {} }
final class Migrations: Sendable { init() {} }
final class Repository: Sendable { init() {} }
final class Session: Sendable { init() {} }
final class RetryPolicy: Sendable { init(retries: Int) {} }

protocol Searching: Sendable {}
final class SearchIndex: Searching { init() {} }
final class LazySearching: Searching { init(_ index: Lazy<SearchIndex>) {} }

protocol CurrentUser: Sendable {}
final class RequestUser: CurrentUser { init() {} }
final class CurrentUserProxy: CurrentUser { init(_ provider: Provider<RequestUser>) {} }

struct TimingStrategy: ConstructionStrategy {
    let name = "timing"
    func construct<T>(_ component: ComponentInfo, resolver: Resolver, proceed: () throws -> T) throws -> T { try proceed() }
}

struct Logging: InstancePostProcessor {
    func postProcess<T>(_ instance: T, component: ComponentInfo) throws -> T { instance }
}

final class RequestScope: CustomScope {
    let lifetime = ScopeLifetime.perContext
    private let cache = Locked<[ScopedInstanceKey: Int]>([:])
    init() {}
    func instance<T>(for key: ScopedInstanceKey, create: () throws -> T) throws -> T { try create() }
}

@MainActor final class Theme {}
@MainActor final class MailStore {}
@MainActor final class ProfileViewController {
    var theme = Theme()
    init() {}
}
@MainActor final class RootViewController { init() {} }
@MainActor final class PlayerViewController { init() {}; func stop() {} }
@MainActor final class InboxViewController {
    init(store: MailStore) {}
    func configure(store: MailStore) {}
    func loadView() {}
}
@MainActor final class SettingsViewController {
    var theme = Theme()
    init(store: MailStore) {}
    func viewDidLoad() {}
}

final class Cache: Sendable { init() {} }
protocol Store: Sendable {}

final class ReportViewController: @unchecked Sendable {
    var service: ReportService?
    init() {}
}
/// A stand-in for UIKit's storyboard.
final class Storyboard {
    func instantiateViewController(identifier: String) -> Any { ReportViewController() }
}

struct Request: Sendable {}
struct Page: Sendable {}
final class RequestHandler: Sendable {
    init() {}
    func handle(_ request: Request) throws -> Page { Page() }
    func handle(_ request: Request) async throws -> Page { Page() }
}

final class Dashboard: Sendable {
    init(store: ForecastStore) {}
    init(forecast: Forecast) {}
    init(cache: ReportCache?) {}
    init(report: Report) {}
}

protocol Settings: Sendable {}
struct AppSettings: Settings {
    static func load() -> AppSettings { AppSettings() }
}

final class NextController: Sendable {
    init() {}
    func show() {}
}

protocol Command: Sendable { var name: String { get } }
protocol CommandHandler: Sendable { func handle(_ command: some Command) throws }
