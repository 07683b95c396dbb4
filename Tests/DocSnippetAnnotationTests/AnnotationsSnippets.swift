import Foundation
import IoCAnnotations   // re-exports IoCCore
import Testing

// README.md's and docs/Annotations.md's macro snippets. Macros write extensions, which need
// the types at file scope: this target keeps them apart from the other snippets' types.

protocol MyService: Sendable {}
protocol WeatherClient: Sendable {}
protocol HTTPSession: Sendable {}
struct AppConfig: Sendable { init() {} }
struct URLSessionHTTP: HTTPSession { init(config: AppConfig) {} }
final class Service: MyService { init() {} }
final class ReportService: Sendable { init() {} }
struct Forecast: Sendable { let city: String }

@Component("mainViewController", scope: .singleton, lazy: true)
final class MyViewController {
    @Inject("serviceNameInContainer") var myService: any MyService   // by name
    @Inject var weather: any WeatherClient                            // by type (autowiring)
    @Value("${report.days:5}") var days: Int                          // config value
    @Inject var reports: Lazy<ReportService>                          // handle: built on first use
    init() {}
    @AfterInjection func ready() { }
    @Dispose func close() { }
}

@Component(scope: .singleton)            // stands for WeatherClient: it is in its inheritance list
final class FreeWeatherClient: WeatherClient {
    init(session: any HTTPSession, @Named("weather.url") baseURL: URL, @Config("${retries:3}") retries: Int) { }
}

@Module enum NetworkModule {
    @Provides(scope: .singleton) static func session(config: AppConfig) -> any HTTPSession { URLSessionHTTP(config: config) }
}

@Test func annotations() throws { // scaffold
let builder = ContainerBuilder() // scaffold
let catalog = TypeCatalog() // scaffold
builder.register(instance: AppConfig()) // scaffold
builder.register(instance: URL(fileURLWithPath: "/weather"), name: "weather.url") // scaffold
builder.register(Service.init, as: (any MyService).self).named("serviceNameInContainer").singleton() // scaffold
builder.register(ReportService.init) // scaffold
builder.register(MyViewController.self)      // OxIC's addDefinitionFromClassName:, in Swift
builder.register(FreeWeatherClient.self)
builder.register(module: NetworkModule.self)
catalog.add(FreeWeatherClient.self)          // so that YAML and XML can name it
let controller = try builder.build().resolve(MyViewController.self, name: "mainViewController") // scaffold
#expect(controller.days == 5) // scaffold
} // scaffold

@LazyProxy protocol ForecastClient: AnyObject, Sendable {
    func forecast(for city: String) async throws -> Forecast
}

@Component(scope: .singleton, lazy: true, proxy: ForecastClient.self)
final class FreeForecastClient: ForecastClient {         // built on the proxy's first call
    init() {}
    func forecast(for city: String) async throws -> Forecast { Forecast(city: city) }
}

@Component(scope: .threadLocal, proxy: ForecastClient.self)
final class PerThreadForecastClient: ForecastClient {    // each call reaches this thread's instance
    init() {}
    func forecast(for city: String) async throws -> Forecast { Forecast(city: city) }
}

@Test func proxies() async throws { // scaffold
let builder = ContainerBuilder() // scaffold
builder.register(FreeForecastClient.self) // scaffold
let client = try await builder.build().resolve((any ForecastClient).self) // scaffold
#expect(try await client.forecast(for: "Oslo").city == "Oslo") // scaffold
} // scaffold

// docs/Configuration.md: lazy components and their proxies.
@LazyProxy protocol Meter: Sendable {
    func read() throws -> Int
}

final class MyMeterProxy: Meter {
    let provider: Provider<any Meter>
    init(_ provider: Provider<any Meter>) { self.provider = provider }
    func read() throws -> Int { try provider.get().read() }
}

@Suite("docs/Configuration.md: lazy proxies")
enum LazyProxyCatalogSnippets {
    @Test static func addingProxies() {
        let catalog = TypeCatalog() // scaffold
        catalog.add(proxy: MeterProxy.self)          // IoCAnnotations; or, by hand:
        catalog.addProxy(for: (any Meter).self) { provider in MyMeterProxy(provider) }
    }
}

// docs/Annotations.md: main-actor components.
final class MailStore: Sendable { init() {} }
@MainActor class ScreenController { init() {} }

@Component(scope: .singleton)
@MainActor
final class InboxViewController {
    @Inject var store: MailStore
    init() {}
    @AfterInjection func viewDidLoad() { }
}

@Component(mainActor: true)                   // main-actor through its superclass
final class ComposeViewController: ScreenController {
    init(store: MailStore) { super.init() }
}

@MainActor
@Test func mainActorComponents() throws { // scaffold
let builder = ContainerBuilder() // scaffold
builder.register(MailStore.init).singleton() // scaffold
builder.register(InboxViewController.self) // scaffold
builder.register(ComposeViewController.self) // scaffold
let container = try builder.build() // scaffold
_ = try container.resolve(InboxViewController.self) // scaffold
_ = try container.resolve(ComposeViewController.self) // scaffold
} // scaffold

// docs/Configuration.md: main-actor types.
@MainActor final class SettingsViewController {
    var version = ""
    var loaded = false
    init(store: MailStore) {}
    func viewDidLoad() { loaded = !version.isEmpty }
}

@Test func mainActorTypes() async throws { // scaffold
let catalog = TypeCatalog() // scaffold
catalog.add(SettingsViewController.self) { type in
    type.initializer("init(store:)", onMainActor: { (store: MailStore) in SettingsViewController(store: store) })
    type.property("version", onMainActor: { (controller: inout SettingsViewController, version: String) in controller.version = version })
    type.method("viewDidLoad", onMainActor: { (controller: SettingsViewController) in controller.viewDidLoad() })
}
let builder = ContainerBuilder() // scaffold
builder.catalog = catalog // scaffold
builder.register(MailStore.init).singleton() // scaffold
builder.register(instance: "2.1", name: "app.version") // scaffold
var definition = Definition(name: "settings", typeName: "SettingsViewController", location: ConfigLocation(file: "services.yaml", line: 2, column: 3)) // scaffold
definition.properties = [PropertyInjection(name: "version", source: .config(.string("2.1")))] // scaffold
definition.methodCalls = [MethodInjection(method: "viewDidLoad", arguments: [])] // scaffold
builder.add(definition) // scaffold
let settings = try await builder.build().resolve(SettingsViewController.self, name: "settings") // scaffold
#expect(await settings.loaded) // scaffold
} // scaffold
