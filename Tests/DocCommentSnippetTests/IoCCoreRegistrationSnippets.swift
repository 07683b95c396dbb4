import Foundation
import IoCConfig
import IoCCore
import IoCYAML
import Testing

// IoCCore's doc comment examples, continued (IoCCoreSnippets.swift): extensions, errors, registration.

// Modules/IoCCore/Extension/ComponentFactory.swift:8
func componentFactory8(builder: ContainerBuilder) { // scaffold
struct ConnectionFactory: ComponentFactory {
    let path: String
    func makeProduct() throws -> Connection { try Connection(path: path) }
}
builder.register(instance: "reports.sqlite", name: "dbPath")
builder.registerFactory { (path: String) in ConnectionFactory(path: path) }
    .arguments(.named("dbPath"))   // the factory's own dependencies
    .singleton()                   // the product's scope
} // scaffold

// Modules/IoCCore/Extension/ComponentInfo.swift:5
final class AuditReporter: Reporter {
    let channel: String
    init(info: ComponentInfo) {
        channel = info.attribute("channel", ofTag: "reporter")?.scalarText ?? "main"
    }
}

// Modules/IoCCore/Extension/ComponentInfo.swift:33
func componentInfo33(info: ComponentInfo) throws { // scaffold
    let priority = info.attribute("priority", ofTag: "kernel.event_listener")
    _ = priority // scaffold
} // scaffold

// Modules/IoCCore/Extension/DefinitionSetting.swift:12
enum Owner: DefinitionSetting {
    static let defaultValue: String? = nil
}
extension Definition {
    var owner: String? {
        get { self[setting: Owner.self] }
        set { self[setting: Owner.self] = newValue }
    }
}

// Modules/IoCCore/Extension/ParameterSources.swift:9
/// Every parameter labelled `locale` takes this text.
enum GivenLocale: ParameterSourceSetting {
    static let defaultValue: String? = nil
    static func source(for parameter: LeftOutParameter, in value: String?) -> InjectionPoint? {
        guard let value, parameter.label == "locale" else { return nil }
        return InjectionPoint(label: "locale", source: .config(.string(value)))
    }
    static func mapSources(_ value: String?, _ transform: (InjectionPoint) throws(IoCError) -> InjectionSource) throws(IoCError) -> String? {
        value
    }
}

// Modules/IoCCore/Extension/DefinitionSetting.swift:231
func definitionSetting231(definition: inout Definition) throws { // scaffold
    definition[setting: Owner.self] = "billing"
} // scaffold

// Modules/IoCCore/Extension/InstancePostProcessor.swift:8
func instancePostProcessor8(builder: ContainerBuilder) { // scaffold
struct Logging: InstancePostProcessor {
    func postProcess<T>(_ instance: T, component: ComponentInfo) throws -> T {
        if let client = instance as? any WeatherClient, let logged = LoggingClient(client) as? T { return logged }
        return instance
    }
}
builder.addPostProcessor(Logging())
} // scaffold

// Modules/IoCCore/IoCError.swift:29
func ioCError29(builder: ContainerBuilder) throws { // scaffold
    var container: Container? // scaffold
    do {
        container = try builder.build()
    } catch let error as IoCError where error.kind == .validationFailed {
        for problem in error.problems where problem.kind == .missingComponent {
            print(problem.location?.description ?? "?", problem)
        }
    }
    _ = container // scaffold
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:5
func containerBuilder5() throws { // scaffold
    let builder = ContainerBuilder()
    builder.register(URLSessionTransport.init).singleton()
    builder.register(FreeWeatherClient.init).as((any WeatherClient).self) { $0 }
    builder.register(ReportService.init)
    let container = try builder.build()   // throws one error listing every problem
    _ = builder // scaffold
    _ = container // scaffold
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:107
func containerBuilder107(builder: ContainerBuilder) throws { // scaffold
    builder.spellPlaceholders(["api.host"], as: PlaceholderSpelling(noun: "Parameter", opening: "%", closing: "%"))
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:116
func containerBuilder116() throws { // scaffold
    let builder = ContainerBuilder()
    builder.register(ReportService.init)
    let container = try builder.build()
    _ = builder // scaffold
    _ = container // scaffold
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:125
func containerBuilder125(app: Container, currentUser: RequestUser) throws { // scaffold
    let request = ContainerBuilder(parent: app)
    request.register(instance: currentUser)
    let scoped = try request.build()   // sees app's components
    _ = request // scaffold
    _ = scoped // scaffold
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:136
func containerBuilder136(builder: ContainerBuilder, catalog: TypeCatalog, app: Container, location: ConfigLocation) throws { // scaffold
    builder.catalog = catalog
    builder.add(Definition(name: "clock", typeName: "SystemClock", location: ConfigLocation(file: "app.yaml", line: 3)))
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:148
func containerBuilder148(builder: ContainerBuilder, url: URL) throws { // scaffold
    builder.add(contentsOf: try YAMLLoader().load(contentsOf: url).definitions)
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:157 (and Registration.swift:35, the same example)
func containerBuilder157(builder: ContainerBuilder) throws { // scaffold
    let shared = ContainerBuilder()
    let clock = shared.register(SystemClock.init).singleton()
    builder.add(clock.component)
    _ = shared // scaffold
    _ = clock // scaffold
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:170
func containerBuilder170(builder: ContainerBuilder, networking: ContainerBuilder) throws { // scaffold
    builder.add(contentsOf: networking.components)
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:180
func containerBuilder180(builder: ContainerBuilder) throws { // scaffold
    let client = ContainerBuilder().register(BetterWeatherClient.init, as: (any WeatherClient).self)
    builder.register(ReportService.init).arguments(.inner(builder.keepingCode(of: client.component)))
    _ = client // scaffold
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:191
func containerBuilder191(builder: ContainerBuilder) throws { // scaffold
    let networking = ContainerBuilder()
    networking.register(URLSessionTransport.init).singleton()
    builder.add(contentsOf: networking.components)
    _ = networking // scaffold
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:217
func containerBuilder217(builder: ContainerBuilder) throws { // scaffold
    builder.register(scope: RequestScope(), named: "request")
    builder.register(Session.init).scope(.custom("request"))
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:227
func containerBuilder227(builder: ContainerBuilder) throws { // scaffold
    builder.addPostProcessor(Logging())
} // scaffold

// Modules/IoCCore/Registration/ContainerBuilder.swift:243
func containerBuilder243() throws { // scaffold
    let builder = ContainerBuilder()
    builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).singleton()
    builder.register(ReportService.init)
    let container = try builder.build()
    _ = builder // scaffold
    _ = container // scaffold
} // scaffold

// Modules/IoCCore/Registration/MainActorForms.swift:12
func mainActorForms12(builder: ContainerBuilder) throws { // scaffold
    builder.register(mainActor: ProfileViewController.init)
    builder.register(mainActor: RootViewController.init).singleton()
} // scaffold

// Modules/IoCCore/Registration/MainActorForms.swift:28
func mainActorForms28(builder: ContainerBuilder, r: Resolver) throws { // scaffold
    builder.register(SettingsViewController.self, mainActorFactory: { r in
        SettingsViewController(store: try r.resolve())
    })
} // scaffold

// Modules/IoCCore/Registration/MainActorForms.swift:52
func mainActorForms52(builder: ContainerBuilder) throws { // scaffold
    builder.register(mainActor: ProfileViewController.init) // scaffold
    .property("theme", onMainActor: { (controller: inout ProfileViewController, theme: Theme) in controller.theme = theme })
} // scaffold

// Modules/IoCCore/Registration/MainActorForms.swift:64
func mainActorForms64(builder: ContainerBuilder) throws { // scaffold
    builder.register(mainActor: InboxViewController.init)
        .call("configure(store:)", onMainActor: { (controller: InboxViewController, store: MailStore) in controller.configure(store: store) })
} // scaffold

// Modules/IoCCore/Registration/MainActorForms.swift:76
func mainActorForms76(builder: ContainerBuilder) throws { // scaffold
    builder.register(mainActor: InboxViewController.init).beforeInjection(named: "loadView", onMainActor: { $0.loadView() })
} // scaffold

// Modules/IoCCore/Registration/MainActorForms.swift:86
func mainActorForms86(builder: ContainerBuilder) throws { // scaffold
    builder.register(mainActor: SettingsViewController.init).afterInjection(named: "viewDidLoad", onMainActor: { $0.viewDidLoad() })
} // scaffold

// Modules/IoCCore/Registration/MainActorForms.swift:97
func mainActorForms97(builder: ContainerBuilder) throws { // scaffold
    builder.register(mainActor: PlayerViewController.init).onDispose(named: "stop", onMainActor: { $0.stop() })
} // scaffold

// Modules/IoCCore/Registration/MainActorForms.swift:110
func mainActorForms110(catalog: TypeCatalog) throws { // scaffold
    catalog.add(InboxViewController.self) { inbox in
        inbox.initializer("init(store:)", onMainActor: { (store: MailStore) in InboxViewController(store: store) })
    }
} // scaffold

// Modules/IoCCore/Registration/MainActorForms.swift:131
func mainActorForms131(settings: inout TypeDescriptorBuilder<SettingsViewController>) throws { // scaffold
    settings.property("theme", onMainActor: { (controller: inout SettingsViewController, theme: Theme) in controller.theme = theme })
} // scaffold

// Modules/IoCCore/Registration/MainActorForms.swift:141
func mainActorForms141(settings: inout TypeDescriptorBuilder<SettingsViewController>) throws { // scaffold
    settings.method("viewDidLoad", onMainActor: { controller in controller.viewDidLoad() })
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:20
func registering20(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init)
    builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).singleton()
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:54
func registering54(builder: ContainerBuilder) throws { // scaffold
    builder.register(SystemClock.init)
    builder.register({ SystemClock() }, as: (any Clock).self)
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:74
enum Registering74 { // scaffold
final class ReportService { init(client: any WeatherClient) {} } // scaffold
static func registering74(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init)   // init(client: any WeatherClient)
} // scaffold
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:110
func registering110(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init)   // init(client: any WeatherClient, logger: any Logger)
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:140
enum Registering140 { // scaffold
final class ReportService { init(client: any WeatherClient, logger: any Logger, days: Int) {} } // scaffold
static func registering140(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init)   // an initializer of three parameters
} // scaffold
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:172
enum Registering172 { // scaffold
final class ReportService { init(client: any WeatherClient, logger: any Logger, days: Int, cache: ReportCache) {} } // scaffold
static func registering172(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init)   // an initializer of four parameters
} // scaffold
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:224
func registering224(builder: ContainerBuilder) throws { // scaffold
    builder.register(Printer.self, name: "console") { _ in ConsolePrinter() }
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:239
func registering239(builder: ContainerBuilder, container: Container, r: Resolver) async throws { // scaffold
    builder.register(ForecastStore.self, asyncFactory: { r in try await ForecastStore.open(client: r.resolve()) })
    let store = try await container.resolve(ForecastStore.self)
    _ = store // scaffold
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:256
func registering256(builder: ContainerBuilder) throws { // scaffold
    builder.register(instance: "reports.sqlite", name: "dbPath")
    builder.register(instance: AppSettings.load(), as: (any Settings).self)
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:273
func registering273(builder: ContainerBuilder) throws { // scaffold
    builder.registerFactory { (path: String) in ConnectionFactory(path: path) }
        .arguments(.named("dbPath"))
        .singleton()
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:293
func registering293(builder: ContainerBuilder) throws { // scaffold
    builder.register(ConnectionFactory.init).named("connections")
    builder.registerFactory(ConnectionFactory.self, source: .named("connections")).singleton()
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:317
func registering317(builder: ContainerBuilder) throws { // scaffold
    builder.register(SwordFactory.init).named("swordFactory")
    builder.register(factoryMethod: SwordFactory.sword(specification:), of: .named("swordFactory"))
        .arguments(.value("blue"))
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:364
func registering364(builder: ContainerBuilder, r: Resolver) throws { // scaffold
    builder.register(Report.self, runtimeArguments: { (r: Resolver, city: String, days: Int) in
        Report(city: city, days: days, client: try r.resolve())
    })
} // scaffold

// Modules/IoCCore/Registration/Registering.swift:386
func registering386(builder: ContainerBuilder, container: Container, r: Resolver) async throws { // scaffold
    builder.register(Forecast.self, asyncRuntimeArguments: { (r: Resolver, city: String) in
        Forecast(city: city, store: try await r.resolve())
    })
    let forecast = try await container.resolve(Forecast.self, runtimeArguments: "Oslo")
    _ = forecast // scaffold
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:3
func registration3(builder: ContainerBuilder) throws { // scaffold
    builder.register(FreeWeatherClient.init)
        .named("free")
        .as((any WeatherClient).self) { $0 }
        .singleton()
        .property(\.logger)
        .afterInjection(named: "warmUp") { try $0.warmUp() }
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:46
func registration46(builder: ContainerBuilder) throws { // scaffold
    builder.register(FreeWeatherClient.init).named("free")
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:54
func registration54(builder: ContainerBuilder) throws { // scaffold
    builder.register(SMTPMailer.init).named("mailer").alias("mailer.default", "smtp")
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:63
func registration63(builder: ContainerBuilder) throws { // scaffold
    builder.register(FreeWeatherClient.init).as((any WeatherClient).self) { $0 }
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:74
func registration74(builder: ContainerBuilder) throws { // scaffold
    builder.register(FreeWeatherClient.init).as((any WeatherClient).self)
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:84
func registration84(builder: ContainerBuilder, container: Container) throws { // scaffold
    builder.register(EmailChannel.init).tagged("channel")
    let channels = try container.resolveAll((any Channel).self, tagged: "channel")
    _ = channels // scaffold
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:95
func registration95(builder: ContainerBuilder) throws { // scaffold
    builder.register(AuditReporter.init).tagged("reporter", attributes: ["priority": .int(10), "channel": .string("audit")])
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:109
func registration109(builder: ContainerBuilder) throws { // scaffold
    builder.register(StubWeatherClient.init).as((any WeatherClient).self).profiles("test")
    builder.activeProfiles = ["test"]
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:118
func registration118(builder: ContainerBuilder) throws { // scaffold
    builder.register(BetterWeatherClient.init).as((any WeatherClient).self).primary()
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:126
func registration126(builder: ContainerBuilder) throws { // scaffold
    builder.register(FixedClock.init).named("clock").overriding()   // replaces an earlier "clock"
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:136
func registration136(builder: ContainerBuilder) throws { // scaffold
    builder.register(RequestContext.init).scope(.taskLocal)
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:144
func registration144(builder: ContainerBuilder) throws { // scaffold
    builder.register(URLSessionTransport.init).singleton()
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:151
func registration151(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportCommand.init).prototype()
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:158
func registration158(builder: ContainerBuilder) throws { // scaffold
    builder.register(UnitOfWork.init).objectGraph()   // one per top-level resolve
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:165
func registration165(builder: ContainerBuilder) throws { // scaffold
    builder.register(ImageCache.init).weakSingleton()
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:173
func registration173(builder: ContainerBuilder) throws { // scaffold
    builder.register(MetricsExporter.init).singleton().eager()   // made by build()
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:182
func registration182(builder: ContainerBuilder) throws { // scaffold
    builder.register(Migrations.init).named("migrations")
    builder.register(Repository.init).dependsOn("migrations")   // made first, not injected
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:191
func registration191(builder: ContainerBuilder) throws { // scaffold
    builder.register(SearchIndex.init).singleton().lazy()
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:201
func registration201(builder: ContainerBuilder) throws { // scaffold
    builder.register(SearchIndex.init).lazy(as: (any Searching).self) { LazySearching($0) }
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:220
func registration220(builder: ContainerBuilder) throws { // scaffold
    builder.register(RequestUser.init).scope(.taskLocal)
        .proxy(as: (any CurrentUser).self) { CurrentUserProxy($0) }
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:240
func registration240(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init).strategy(TimingStrategy())
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:257
func registration257(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init).arguments(.named("free"), .config(.string("${report.days:5}")))
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:269
func registration269(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init).argument(0, .named("free"))
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:291
func registration291(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init).property(\.logger).property(\.days, .config(.string("${report.days:5}")))
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:308
func registration308(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init)
        .property("logger") { (service: inout ReportService, logger: any Logger) in service.logger = logger }
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:322
func registration322(builder: ContainerBuilder) throws { // scaffold
    builder.register(FreeWeatherClient.init) // scaffold
    .call("configure(logger:)") { (client: FreeWeatherClient, logger: Logger) in client.configure(logger: logger) }
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:351
func registration351(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init).beforeInjection(named: "prepare") { $0.prepare() }
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:361
func registration361(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init).afterInjection(named: "warmUp") { try $0.warmUp() }
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:371
func registration371(builder: ContainerBuilder) throws { // scaffold
    builder.register(FreeWeatherClient.init, as: (any WeatherClient).self)
        .decorate(named: "cached") { CachingClient(wrapping: $0) }
} // scaffold

// Modules/IoCCore/Registration/Registration.swift:383
func registration383(builder: ContainerBuilder) throws { // scaffold
    builder.register(ConnectionPool.init).singleton().onDispose(named: "close") { $0.close() }
} // scaffold

// Modules/IoCCore/Registration/Slots.swift:81
func slots81(client: inout TypeDescriptorBuilder<Client>) throws { // scaffold
    client.initializer("init(host:retries:)", defaults: [1: DefaultArgument { 3 }]) { (host: String, retries: Int) in
        Client(host: host, retries: retries)
    }
} // scaffold
