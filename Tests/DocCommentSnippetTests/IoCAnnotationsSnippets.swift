import Foundation
import IoCAnnotations
import IoCCore

// The code examples of IoCAnnotations's doc comments, each where the compiler checks it (see
// SnippetCoverageTests). Lines marked `// scaffold` give an example what it takes for granted.
// Examples that declare their own `WeatherClient` or `FreeWeatherClient` stand in a namespace
// (an enum), so that they do not meet the fixture's.

struct AppConfig: Sendable { var timeout = 30.0 }

// Modules/IoCAnnotations/Macros.swift:11
enum ComponentExample { // scaffold
protocol WeatherClient: AnyObject {} // scaffold: a class with `@Inject` properties is not Sendable
@Component("weatherClient", scope: .singleton)
final class FreeWeatherClient: WeatherClient {
    @Inject var logger: Logger
    @Value("${weather.url}") var baseURL: URL
    let session: any HTTPSession
    init(session: any HTTPSession) { self.session = session }
}
} // scaffold

// Modules/IoCAnnotations/Macros.swift:55
@Catalogued(names: ["NSURL"]) struct Endpoint { var url: URL; var retries = 3 }
func catalogued55(catalog: TypeCatalog) { // scaffold
catalog.add(Endpoint.self)
} // scaffold

// Modules/IoCAnnotations/Macros.swift:114
@Module enum NetworkModule {
    @Provides(scope: .singleton) static func session(config: AppConfig) -> any HTTPSession {
        URLSessionTransport(timeout: config.timeout)
    }
}

// Modules/IoCAnnotations/Macros.swift:146
enum LazyProxyExample { // scaffold
@LazyProxy protocol WeatherClient: AnyObject, Sendable {
    func forecast(for city: String) async throws -> Forecast
}
@Component(lazy: true, proxy: WeatherClient.self)
final class FreeWeatherClient: WeatherClient {
    func forecast(for city: String) async throws -> Forecast { Forecast(city: city) }
}
} // scaffold

// Modules/IoCAnnotations/Support.swift:31
@Component final class MyViewController: Sendable { init() {} }
func support31(builder: ContainerBuilder) throws { // scaffold
    builder.register(MyViewController.self)
} // scaffold

// Modules/IoCAnnotations/Support.swift:41
func support41(builder: ContainerBuilder) throws { // scaffold
    builder.register(module: NetworkModule.self)
} // scaffold

// Modules/IoCAnnotations/Support.swift:53
extension ComponentExample { // scaffold
static func support53(catalog: TypeCatalog) throws { // scaffold
    catalog.add(FreeWeatherClient.self)
} // scaffold
} // scaffold

// Modules/IoCAnnotations/Support.swift:65
extension LazyProxyExample { // scaffold
static func support65(catalog: TypeCatalog) throws { // scaffold
    catalog.add(proxy: WeatherClientProxy.self)
} // scaffold
} // scaffold

// Modules/IoCAnnotations/Support.swift:79
@Component class Paladin { init() {} }
final class CavalryMan: Paladin {}
func support79(builder: ContainerBuilder) throws -> Int { // scaffold
    // What `@Component`'s expansion writes for a subclass without an annotation of its own:
    return unannotatedSubclass(CavalryMan.self, of: "Knight", in: builder)
} // scaffold

// Modules/IoCAnnotations/Support.swift:102, 109, 117
final class HandWrittenReportService { // scaffold
    private var _client = InjectedStorage<any WeatherClient>()   // `@Inject var client: any WeatherClient`
    private var _days = InjectedStorage<Int>(5)   // `@Value("${report.days}") var days = 5`
    var client: any WeatherClient { _client.get("client", of: "ReportService") }
} // scaffold

// Modules/IoCAnnotations/Support.swift:129
final class ReportServiceStorage { // scaffold
    var _client = InjectedStorage<any WeatherClient>() // scaffold
} // scaffold
func support129(report: ReportServiceStorage) throws { // scaffold
    report._client.set(StubWeatherClient())
} // scaffold

// Modules/IoCAnnotations/Support.swift:139
struct Support139 { // scaffold
    let baseURL: URL // scaffold
    init(session: any HTTPSession, @Named("weather.url") baseURL: URL) { self.baseURL = baseURL }
} // scaffold

// Modules/IoCAnnotations/Support.swift:149
struct Support149 { // scaffold
    let baseURL: URL // scaffold
    init(@Named("weather.url") baseURL: URL) { self.baseURL = baseURL }
} // scaffold

// Modules/IoCAnnotations/Support.swift:162
struct Support162 { // scaffold
    let days: Int // scaffold
    init(@Config("${report.days:5}") days: Int) { self.days = days }
} // scaffold

// Modules/IoCAnnotations/Support.swift:198
@LazyProxy protocol ForecastClient: AnyObject, Sendable {
    func forecast(for city: String) throws -> Forecast
}
final class StubForecastClient: ForecastClient {
    func forecast(for city: String) throws -> Forecast { Forecast(city: city) }
}
func support198() throws { // scaffold
    let proxy = ForecastClientProxy.make(ProxyTarget({ StubForecastClient() }, async: { StubForecastClient() }))
    _ = proxy // scaffold
} // scaffold

// Modules/IoCAnnotations/Support.swift:210
struct HandWrittenForecastProxy { // scaffold
    let target: ProxyTarget<any ForecastClient> // scaffold
    func forecast(for city: String) throws -> Forecast { try target.instance().forecast(for: city) }
} // scaffold

// Modules/IoCAnnotations/Support.swift:226
extension LazyProxyExample { // scaffold
static func support226(builder: ContainerBuilder) throws { // scaffold
    builder.register(FreeWeatherClient.init).singleton().lazy()
        .proxied(by: WeatherClientProxy.self) { $0 }
} // scaffold
} // scaffold
