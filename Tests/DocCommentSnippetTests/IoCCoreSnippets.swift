import Foundation
import IoCConfig
import IoCCore
import IoCYAML
import Testing

// The code examples of IoCCore's doc comments, each where the compiler checks it (see
// SnippetCoverageTests). Lines marked `// scaffold` give an example what it takes for granted.

// Modules/IoCCore/Catalog/Signature.swift:12
func signature12() throws { // scaffold
    let signature = Signature("init(quest:)")   // base name "init", labels ["quest"]
    _ = signature // scaffold
} // scaffold

// Modules/IoCCore/Catalog/TypeCatalog.swift:4
func typeCatalog4(builder: ContainerBuilder) throws { // scaffold
    let catalog = TypeCatalog()
    catalog.add(FreeWeatherClient.self) { client in
        client.initializer("init(session:baseURL:)") { (s: HTTPSession, u: URL) in FreeWeatherClient(session: s, baseURL: u) }
        client.property("timeout", \.timeout)
        client.conforms(to: (any WeatherClient).self) { $0 }
    }
    catalog.add(URL.self) { url in
        url.alias("NSURL")
        url.staticFactory("URL(string:)") { (text: String) throws -> URL in
            guard let url = URL(string: text) else { throw BadURL(text: text) }
            return url
        }
    }
    builder.catalog = catalog
    _ = catalog // scaffold
} // scaffold

// Modules/IoCCore/Catalog/TypeCatalog.swift:27
func typeCatalog27() throws { // scaffold
    let catalog = TypeCatalog()
    catalog.add(Knight.self) { knight in knight.initializer("init(quest:)") { (quest: any Quest) in Knight(quest: quest) } }
    _ = catalog // scaffold
} // scaffold

// Modules/IoCCore/Catalog/TypeCatalog.swift:44
func typeCatalog44(catalog: TypeCatalog) throws { // scaffold
    catalog.addProxy(for: (any WeatherClient).self) { provider in WeatherClientProxy(provider) }
} // scaffold

// Modules/IoCCore/Catalog/TypeCatalog.swift:61
func typeCatalog61(catalog: TypeCatalog) throws { // scaffold
    catalog.add(Knight.self, names: "knight") { knight in
        knight.initializer("init(quest:)") { (quest: any Quest) in Knight(quest: quest) }
        knight.property("damselsRescued", \.damselsRescued)
    }
} // scaffold

// Modules/IoCCore/Catalog/TypeCatalog.swift:78
func typeCatalog78(catalog: TypeCatalog, otherCatalog: TypeCatalog) throws { // scaffold
    if let knight = otherCatalog.descriptor(named: "Knight") { catalog.add(knight) }
} // scaffold

// Modules/IoCCore/Catalog/TypeCatalog.swift:88
func typeCatalog88(catalog: TypeCatalog) throws { // scaffold
    catalog.add(protocol: (any Quest).self, names: "Quest")
} // scaffold

// Modules/IoCCore/Catalog/TypeCatalog.swift:100
enum PaymentsModule { static let catalog = TypeCatalog() } // scaffold
func typeCatalog100(catalog: TypeCatalog) throws { // scaffold
    catalog.add(contentsOf: PaymentsModule.catalog)
} // scaffold

// Modules/IoCCore/Catalog/TypeCatalog.swift:115
func typeCatalog115(catalog: TypeCatalog) throws { // scaffold
    let knight = catalog.descriptor(named: "Knight")   // as config names it
    _ = knight // scaffold
} // scaffold

// Modules/IoCCore/Catalog/TypeCatalog.swift:124
func typeCatalog124(catalog: TypeCatalog) throws { // scaffold
    let knight = catalog.descriptor(of: TypeRef(Knight.self))
    _ = knight // scaffold
} // scaffold

// Modules/IoCCore/Catalog/TypeCatalog.swift:133
func typeCatalog133(catalog: TypeCatalog) throws { // scaffold
    let quest = catalog.type(named: "Quest")   // TypeRef((any Quest).self)
    _ = quest // scaffold
} // scaffold

// Modules/IoCCore/Catalog/TypeDescriptor.swift:165
func typeDescriptor165(catalog: TypeCatalog) throws { // scaffold
    catalog.add(Knight.self) { knight in
        knight.initializer("init()") { Knight() }
        knight.initializer("init(quest:)") { (quest: any Quest) in Knight(quest: quest) }
        knight.property("quest", \.quest)
        knight.property("damselsRescued", \.damselsRescued)
        knight.method("questAfterPropertyInjection") { $0.questAfterPropertyInjection() }
        knight.conforms(to: (any Warrior).self) { $0 }
    }
} // scaffold

// Modules/IoCCore/Catalog/TypeDescriptor.swift:184
func typeDescriptor184(catalog: TypeCatalog, url: URL) throws { // scaffold
    catalog.add(URL.self) { url in url.alias("NSURL") }
} // scaffold

// Modules/IoCCore/Catalog/TypeDescriptor.swift:198
func typeDescriptor198(client: inout TypeDescriptorBuilder<Client>) throws { // scaffold
    client.initializer("init(host:retries:)", defaults: [1: DefaultArgument { 3 }]) { (host: String, retries: Int) in
        Client(host: host, retries: retries)
    }
    client.initializer("init(host:)", sources: [0: .config(.string("${client.host:localhost}"))]) { (host: String) in
        Client(host: host, retries: 3)
    }
} // scaffold

// Modules/IoCCore/Catalog/TypeDescriptor.swift:224
func typeDescriptor224(url: inout TypeDescriptorBuilder<URL>) throws { // scaffold
    url.staticFactory("URL(string:)") { (text: String) in
        guard let url = URL(string: text) else { throw BadURL(text: text) }
        return url
    }
} // scaffold

// Modules/IoCCore/Catalog/TypeDescriptor.swift:239
func typeDescriptor239(factory: inout TypeDescriptorBuilder<SwordFactory>) throws { // scaffold
    factory.factoryMethod("sword(specification:)") { (factory: SwordFactory, specification: String) in
        factory.sword(specification: specification)
    }
} // scaffold

// Modules/IoCCore/Catalog/TypeDescriptor.swift:258
func typeDescriptor258(knight: inout TypeDescriptorBuilder<Knight>) throws { // scaffold
    knight.property("quest", \.quest)
} // scaffold

// Modules/IoCCore/Catalog/TypeDescriptor.swift:270
func typeDescriptor270(client: inout TypeDescriptorBuilder<HTTPClient>) throws { // scaffold
    client.property("timeout") { (client: inout HTTPClient, seconds: Double) in client.timeout = .seconds(seconds) }
} // scaffold

// Modules/IoCCore/Catalog/TypeDescriptor.swift:281
func typeDescriptor281(knight: inout TypeDescriptorBuilder<Knight>) throws { // scaffold
    knight.method("questAfterPropertyInjection") { knight in knight.questAfterPropertyInjection() }
} // scaffold

// Modules/IoCCore/Catalog/TypeDescriptor.swift:307
func typeDescriptor307(quest: inout TypeDescriptorBuilder<HolyGrailQuest>) throws { // scaffold
    quest.conforms(to: (any Quest).self) { $0 }
} // scaffold

// Modules/IoCCore/Catalog/TypeDescriptor.swift:412
func typeDescriptor412(catalog: TypeCatalog) throws { // scaffold
    catalog.add(ConnectionFactory.self) { factory in
        factory.initializer("init(path:)") { (path: String) in ConnectionFactory(path: path) }
        factory.makesProduct()
    }
} // scaffold

// Modules/IoCCore/Container.swift:9
func container9(builder: ContainerBuilder) throws { // scaffold
    let container = try builder.build()
    let service = try container.resolve(ReportService.self)
    let free = try container.resolve((any WeatherClient).self, name: "free")
    _ = container // scaffold
    _ = service // scaffold
    _ = free // scaffold
} // scaffold

// Modules/IoCCore/Container.swift:280
func container280(container: Container) throws { // scaffold
    let report = try container.resolve(ReportService.self)
    let client: any WeatherClient = try container.resolve()
    _ = report // scaffold
    _ = client // scaffold
} // scaffold

// Modules/IoCCore/Container.swift:300
func container300(container: Container) throws { // scaffold
    let audit = try container.resolve((any Logger).self, name: "audit")
    _ = audit // scaffold
} // scaffold

// Modules/IoCCore/Container.swift:319
func container319(container: Container) throws { // scaffold
    let metrics = try container.resolveOptional(Metrics.self)   // nil when not registered
    _ = metrics // scaffold
} // scaffold

// Modules/IoCCore/Container.swift:359
func container359(container: Container) throws { // scaffold
    let reporters = try container.resolveAll((any Reporter).self)
    _ = reporters // scaffold
} // scaffold

// Modules/IoCCore/Container.swift:373
func container373(container: Container) throws { // scaffold
    let handlers = try container.resolveAll((any Handler).self, tagged: "handler")
    _ = handlers // scaffold
} // scaffold

// Modules/IoCCore/Container.swift:386
func container386(container: Container) throws { // scaffold
    let channels = try container.resolveMap((any Channel).self)   // ["email": ..., "sms": ...]
    _ = channels // scaffold
} // scaffold

// Modules/IoCCore/Container.swift:405
func container405(container: Container) throws { // scaffold
    let report = try container.resolve(Report.self, runtimeArguments: "Oslo", 5)
    _ = report // scaffold
} // scaffold

// Modules/IoCCore/Container.swift:415
func container415(container: Container) throws { // scaffold
    if container.isRegistered(ReportCache.self) { try container.resolve(ReportCache.self).warmUp() }
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:14
func containerLifecycle14(container: Container) async throws { // scaffold
    let store = try await container.resolve(ForecastStore.self)
    _ = store // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:28
func containerLifecycle28(container: Container) async throws { // scaffold
    let store = try await container.resolve(ForecastStore.self, name: "cached")
    _ = store // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:44
func containerLifecycle44(container: Container) async throws { // scaffold
    let forecast = try await container.resolve(Forecast.self, runtimeArguments: "Oslo")
    _ = forecast // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:56
func containerLifecycle56(container: Container) async throws { // scaffold
    let cache = try await container.resolveOptional(Cache.self)   // nil when none is registered
    _ = cache // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:69
func containerLifecycle69(container: Container) async throws { // scaffold
    let stores = try await container.resolveAll((any Store).self)
    _ = stores // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:82
func containerLifecycle82(container: Container) async throws { // scaffold
    let stores = try await container.resolveAll((any Store).self, tagged: "warm")
    _ = stores // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:95
func containerLifecycle95(container: Container) async throws { // scaffold
    let stores = try await container.resolveMap((any Store).self)   // by name
    _ = stores // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:120
func containerLifecycle120(container: Container, storyboard: Storyboard) throws { // scaffold
    let controller = storyboard.instantiateViewController(identifier: "report") as! ReportViewController
    try container.inject(into: controller)
    _ = controller // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:156
func containerLifecycle156(app: Container, currentUser: RequestUser) throws { // scaffold
    let request = try app.makeChild { $0.register(instance: currentUser) }
    _ = request // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:174
func containerLifecycle174(container: Container, request: Request) throws { // scaffold
    let page = try container.withTaskScope { try container.resolve(RequestHandler.self).handle(request) }
    _ = page // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:189
func containerLifecycle189(container: Container, handler: RequestHandler, request: Request) async throws { // scaffold
    let page = try await container.withTaskScope { try await handler.handle(request) }
    _ = page // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift:207
func containerLifecycle207(container: Container) throws { // scaffold
    defer { try? container.shutdown() }
    _ = try container.resolve(ReportService.self) // scaffold
} // scaffold

// Modules/IoCCore/Definition/CanonicalForm.swift:9
func canonicalForm9(yamlBuilder: ContainerBuilder, codeBuilder: ContainerBuilder) throws { // scaffold
    #expect(try yamlBuilder.build().canonicalDescription == codeBuilder.build().canonicalDescription)
} // scaffold

// Modules/IoCCore/Definition/ComponentCode.swift:142
func componentCode142() throws { // scaffold
    let shared = ContainerBuilder()
    let clock = shared.register(SystemClock.init).singleton()
    let builder = ContainerBuilder()
    builder.add(clock.component)
    _ = shared // scaffold
    _ = clock // scaffold
    _ = builder // scaffold
} // scaffold

// Modules/IoCCore/Definition/ComponentKey.swift:10
func componentKey10() throws { // scaffold
    let key = ComponentKey(type: TypeRef((any WeatherClient).self), name: "free")
    _ = key // scaffold
} // scaffold

// Modules/IoCCore/Definition/ConfigLocation.swift:25
func configLocation25() throws { // scaffold
    let location = ConfigLocation(file: "config/services.yaml", line: 12, column: 5)   // config/services.yaml:12:5
    _ = location // scaffold
} // scaffold

// Modules/IoCCore/Definition/ConfigSettings.swift:38
func configSettings38(location: ConfigLocation) throws { // scaffold
    var definition = Definition(name: "mailer", typeName: "Mailer", location: ConfigLocation(file: "services.yaml", line: 3))
    definition.bindings.append(ArgumentBinding(parameter: "locale", typeName: "String", source: .config(.string("fr"))))
    _ = definition // scaffold
} // scaffold

// Modules/IoCCore/Definition/Construction.swift:124
func construction124(location: ConfigLocation) throws { // scaffold
    var knight = Definition(name: "knight", typeName: "Knight", location: location)
    knight.construction = .initializer("init(quest:)", arguments: [InjectionPoint(label: "quest", source: .named("quest"))])
    _ = knight // scaffold
} // scaffold

// Modules/IoCCore/Definition/Construction.swift:134
func construction134(url: inout Definition) throws { // scaffold
    url.construction = .staticFactory("URL(string:)", arguments: [InjectionPoint(source: .config(.string("https://example.com")))])
} // scaffold

// Modules/IoCCore/Definition/Construction.swift:143
func construction143(sword: inout Definition) throws { // scaffold
    sword.construction = .factoryMethod("sword(specification:)", of: .named("swordFactory"),
                                        arguments: [InjectionPoint(source: .config(.string("broad")))])
} // scaffold

// Modules/IoCCore/Definition/Construction.swift:164
func construction164(definition: inout Definition) throws { // scaffold
    definition.construction.setSource(.named("holyGrailQuest"), forArgument: 0)
} // scaffold

// Modules/IoCCore/Definition/Construction.swift:174
func construction174(definition: inout Definition) throws { // scaffold
    definition.construction.append(InjectionPoint(label: "retries", source: .config(.string("${retries:3}"))))
} // scaffold

// Modules/IoCCore/Definition/Definition.swift:346
func definition346(location: ConfigLocation, here: ConfigLocation) throws { // scaffold
    var knight = Definition(name: "knight", typeName: "Knight", location: here)
    knight.properties.append(PropertyInjection(name: "quest", source: .named("quest")))
    _ = knight // scaffold
} // scaffold

// Modules/IoCCore/Definition/DefinitionSettings.swift:34
func definitionSettings34(builder: ContainerBuilder, location: ConfigLocation) throws { // scaffold
    builder.add(.alias("mailer", of: "smtpMailer", location: ConfigLocation(file: "services.yaml", line: 4)))
} // scaffold

// Modules/IoCCore/Definition/DefinitionSettings.swift:91
func definitionSettings91(definition: inout Definition) throws { // scaffold
    definition.tagEntries = [TagEntry("kernel.event_listener", ["event": .string("kernel.request")]),
                             TagEntry("kernel.event_listener", ["event": .string("kernel.response")])]
} // scaffold

// Modules/IoCCore/Definition/InjectionSource.swift:53
func injectionSource53(builder: ContainerBuilder) throws { // scaffold
    builder.register(ReportService.init).arguments(.type((any WeatherClient).self))
} // scaffold

// Modules/IoCCore/Definition/InjectionSource.swift:59
func injectionSource59(builder: ContainerBuilder) throws { // scaffold
    builder.register(Broadcaster.init).arguments(.all((any Channel).self))
} // scaffold

// Modules/IoCCore/Definition/InjectionSource.swift:65
func injectionSource65(builder: ContainerBuilder) throws { // scaffold
    builder.register(RetryPolicy.init).arguments(.value(3))
} // scaffold

// Modules/IoCCore/Definition/InjectionSource.swift:112
func injectionSource112() throws { // scaffold
    let point = InjectionPoint(label: "retries", source: .value(InjectedValue(3)))
    _ = point // scaffold
} // scaffold

// Modules/IoCCore/Definition/Injections.swift:27
func injections27(location: ConfigLocation) throws { // scaffold
    let point = InjectionPoint(label: "quest", source: .named("quest"), location: ConfigLocation(file: "knights.xml", line: 7))
    _ = point // scaffold
} // scaffold

// Modules/IoCCore/Definition/Injections.swift:72
func injections72(definition: inout Definition) throws { // scaffold
    definition.properties.append(PropertyInjection(name: "damselsRescued", source: .config(.string("12"))))
} // scaffold

// Modules/IoCCore/Definition/Injections.swift:110
func injections110(definition: inout Definition) throws { // scaffold
    definition.methodCalls.append(MethodInjection(method: "configure(logger:)", arguments: [InjectionPoint(source: .named("logger"))]))
} // scaffold

// Modules/IoCCore/Definition/Injections.swift:159
func injections159(definition: inout Definition) throws { // scaffold
    definition.hooks.append(LifecycleHook(kind: .afterInjection, method: "questAfterPropertyInjection"))
} // scaffold

// Modules/IoCCore/Definition/Injections.swift:191
func injections191(definition: inout Definition) throws { // scaffold
    definition.exposedAs.append(Exposure(typeName: "Quest"))
} // scaffold

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

// Modules/IoCCore/Registration/ContainerBuilder.swift:157
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

// Modules/IoCCore/Registration/Registration.swift:35
func registration35(builder: ContainerBuilder) throws { // scaffold
    let shared = ContainerBuilder()
    let clock = shared.register(SystemClock.init).singleton()
    builder.add(clock.component)
    _ = shared // scaffold
    _ = clock // scaffold
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

// Modules/IoCCore/Resolution/Lazy.swift:10
final class MainController {
    let next: Lazy<NextController>
    init(next: Lazy<NextController>) { self.next = next }
    func openNext() throws { try next.get().show() }
}

// Modules/IoCCore/Resolution/Lazy.swift:29
enum Lazy29 { // scaffold
final class ReportService { init(printer: Lazy<any Printer>) {} } // scaffold
static func lazy29() throws { // scaffold
    let service = ReportService(printer: Lazy { StubPrinter() })
    _ = service // scaffold
} // scaffold
} // scaffold

// Modules/IoCCore/Resolution/Lazy.swift:52
func lazy52(lazyPrinter: Lazy<any Printer>) throws { // scaffold
    let printer = try lazyPrinter.get()
    _ = printer // scaffold
} // scaffold

// Modules/IoCCore/Resolution/Lazy.swift:71
func lazy71(lazyStore: Lazy<ForecastStore>) async throws { // scaffold
    let store = try await lazyStore.get()
    _ = store // scaffold
} // scaffold

// Modules/IoCCore/Resolution/Lazy.swift:90
func lazy90(next: Lazy<NextController>) throws { // scaffold
    try next().show()   // next: Lazy<NextController>
} // scaffold

enum ProviderExamples { // scaffold
// Modules/IoCCore/Resolution/Provider.swift:4
final class ReportService {
    let makePrinter: Provider<Printer>
    init(makePrinter: Provider<Printer>) { self.makePrinter = makePrinter }
    func run() throws { try makePrinter.get().print("…") }
}

// Modules/IoCCore/Resolution/Provider.swift:18
static func provider18() throws { // scaffold
    let service = ReportService(makePrinter: Provider { StubPrinter() })
    _ = service // scaffold
} // scaffold
} // scaffold

// Modules/IoCCore/Resolution/Provider.swift:35
func provider35(makePrinter: Provider<any Printer>) throws { // scaffold
    let printer = try makePrinter.get()
    _ = printer // scaffold
} // scaffold

// Modules/IoCCore/Resolution/Provider.swift:43
func provider43(makeSession: Provider<Session>) async throws { // scaffold
    let session = try await makeSession.get()
    _ = session // scaffold
} // scaffold

// Modules/IoCCore/Resolution/Provider.swift:51
func provider51(makePrinter: Provider<any Printer>) throws { // scaffold
    try makePrinter().print("…")   // makePrinter: Provider<Printer>
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:5
enum Resolver5 { // scaffold
final class ReportService { init(client: any WeatherClient, printer: any Printer) {} } // scaffold
static func resolver5(builder: ContainerBuilder, r: Resolver) throws { // scaffold
    builder.register(ReportService.self) { r in
        ReportService(client: try r.resolve(), printer: try r.resolve(name: "console"))
    }
} // scaffold
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:33
enum Resolver33 { // scaffold
final class ReportService { init(client: any WeatherClient) {} } // scaffold
static func resolver33(builder: ContainerBuilder, r: Resolver) throws { // scaffold
    builder.register(ReportService.self) { r in ReportService(client: try r.resolve()) }
} // scaffold
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:45
enum Resolver45 { // scaffold
final class ReportService { init(client: any WeatherClient) {} } // scaffold
static func resolver45(builder: ContainerBuilder, r: Resolver) throws { // scaffold
    builder.register(ReportService.self) { r in ReportService(client: try r.resolve((any WeatherClient).self, name: "free")) }
} // scaffold
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:56
enum Resolver56 { // scaffold
final class ReportService { init(cache: ReportCache?) {} } // scaffold
static func resolver56(builder: ContainerBuilder, r: Resolver) throws { // scaffold
    builder.register(ReportService.self) { r in ReportService(cache: try r.resolveOptional(ReportCache.self)) }
} // scaffold
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:69
func resolver69(builder: ContainerBuilder, r: Resolver) throws { // scaffold
    builder.register(Broadcaster.self) { r in Broadcaster(channels: try r.resolveAll((any Channel).self)) }
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:80
func resolver80(builder: ContainerBuilder, r: Resolver) throws { // scaffold
    builder.register(Broadcaster.self) { r in Broadcaster(channels: try r.resolveAll((any Channel).self, tagged: "urgent")) }
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:91
func resolver91(builder: ContainerBuilder, r: Resolver) throws { // scaffold
    builder.register(Router.self) { r in Router(channels: try r.resolveMap((any Channel).self)) }
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:103
func resolver103(builder: ContainerBuilder, r: Resolver) throws { // scaffold
    builder.register(Dashboard.self) { r in Dashboard(report: try r.resolve(Report.self, runtimeArguments: "Oslo", 5)) }
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:114
func resolver114(builder: ContainerBuilder, r: Resolver) async throws { // scaffold
    builder.register(Dashboard.self, asyncFactory: { r in Dashboard(store: try await r.resolve()) })
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:126
func resolver126(builder: ContainerBuilder, r: Resolver) async throws { // scaffold
    builder.register(Dashboard.self, asyncFactory: { r in Dashboard(store: try await r.resolve(ForecastStore.self, name: "cached")) })
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:137
func resolver137(builder: ContainerBuilder, r: Resolver) async throws { // scaffold
    builder.register(Dashboard.self, asyncFactory: { r in Dashboard(forecast: try await r.resolve(Forecast.self, runtimeArguments: "Oslo")) })
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:148
func resolver148(builder: ContainerBuilder, r: Resolver) async throws { // scaffold
    builder.register(Dashboard.self, asyncFactory: { r in Dashboard(cache: try await r.resolveOptional(ReportCache.self)) })
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:161
func resolver161(builder: ContainerBuilder, r: Resolver) async throws { // scaffold
    builder.register(Broadcaster.self, asyncFactory: { r in Broadcaster(channels: try await r.resolveAll((any Channel).self)) })
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:172
func resolver172(builder: ContainerBuilder, r: Resolver) async throws { // scaffold
    builder.register(Broadcaster.self, asyncFactory: { r in Broadcaster(channels: try await r.resolveAll((any Channel).self, tagged: "urgent")) })
} // scaffold

// Modules/IoCCore/Resolution/Resolver.swift:183
func resolver183(builder: ContainerBuilder, r: Resolver) async throws { // scaffold
    builder.register(Router.self, asyncFactory: { r in Router(channels: try await r.resolveMap((any Channel).self)) })
} // scaffold

// Modules/IoCCore/Resolution/ServiceLocator.swift:8
final class CommandBus {
    let handlers: ServiceLocator<any CommandHandler>
    init(handlers: ServiceLocator<any CommandHandler>) { self.handlers = handlers }
    func dispatch(_ command: some Command) throws { try handlers.get(command.name).handle(command) }
}

// Modules/IoCCore/Resolution/ServiceLocator.swift:25
func serviceLocator25() throws { // scaffold
    let handlers = ServiceLocator<any Handler>(["csv": { CSVHandler() }, "json": { JSONHandler() }])
    _ = handlers // scaffold
} // scaffold

// Modules/IoCCore/Resolution/ServiceLocator.swift:37
func serviceLocator37(handlers: ServiceLocator<any Handler>, format: String) throws { // scaffold
    guard handlers.has(format) else { throw UnsupportedFormat(format) }
} // scaffold

// Modules/IoCCore/Resolution/ServiceLocator.swift:45
func serviceLocator45(handlers: ServiceLocator<any Handler>) throws { // scaffold
    let handler = try handlers.get("csv")
    _ = handler // scaffold
} // scaffold

// Modules/IoCCore/Resolution/ServiceLocator.swift:57
func serviceLocator57(handlers: ServiceLocator<any Handler>) async throws { // scaffold
    let handler = try await handlers.get("csv")
    _ = handler // scaffold
} // scaffold

// Modules/IoCCore/Scope.swift:50
func scope50(builder: ContainerBuilder) throws { // scaffold
    builder.register(Session.init).scope(.custom("request"))
} // scaffold

// Modules/IoCCore/Scope.swift:71
func scope71() throws { // scaffold
    let scope = Scope.builtIn(named: "weak-singleton")   // .weakSingleton
    _ = scope // scaffold
} // scaffold

// Modules/IoCCore/Scope.swift:135
func scope135(builder: ContainerBuilder) { // scaffold
final class RequestScope: CustomScope, @unchecked Sendable {   // `lock` guards `cache`
    let lifetime = ScopeLifetime.perContext
    private let lock = NSLock()
    private var cache: [ScopedInstanceKey: Any] = [:]
    func instance<T>(for key: ScopedInstanceKey, create: () throws -> T) throws -> T {
        if let cached = lock.withLock({ cache[key] }) as? T { return cached }
        let made = try create()   // outside the lock: it resolves the component's dependencies
        return lock.withLock {
            if let first = cache[key] as? T { return first }   // another thread's, made meanwhile
            cache[key] = made
            return made
        }
    }
    func endRequest() { lock.withLock { cache.removeAll() } }
}
builder.register(scope: RequestScope(), named: "request")
} // scaffold

// Modules/IoCCore/Values/ConfigValue.swift:56
func configValue56() throws { // scaffold
    let retries = ConfigValue(.int(3), at: ConfigLocation(file: "services.yaml", line: 4, column: 14))
    let password = ConfigValue(.string("s3cret"), isSecret: true)   // shown as <redacted>
    _ = (retries, password) // scaffold
} // scaffold

// Modules/IoCCore/Values/ConfigValue.swift:68
func configValue68() throws { // scaffold
    let token = ConfigValue.string("abc123").markedSecret()   // description: <redacted>
    _ = token // scaffold
} // scaffold

// Modules/IoCCore/Values/PlaceholderFunction.swift:6
func placeholderFunction6(builder: ContainerBuilder) { // scaffold
struct Upper: PlaceholderFunction {
    func value(of argument: String, in call: PlaceholderCall) throws(IoCError) -> ConfigValue? {
        call.lookup(argument).flatMap(\.scalarText).map { ConfigValue(.string($0.uppercased()), at: call.location) }
    }
}
builder.placeholderFunctions["upper"] = Upper()   // ${upper(app.name)}
} // scaffold

// Modules/IoCCore/Values/PlaceholderSpelling.swift:6
func placeholderSpelling6(builder: ContainerBuilder) throws { // scaffold
    let parameter = PlaceholderSpelling(noun: "Parameter", opening: "%", closing: "%",
                                        whereToDefine: "under parameters:, or in another property source")
    builder.spellPlaceholders(["api.host"], as: parameter)
    _ = parameter // scaffold
} // scaffold

// Modules/IoCCore/Values/PropertySource.swift:6
func propertySource6(builder: ContainerBuilder, configURL: URL) throws { // scaffold
    builder.propertySources = [
        EnvironmentPropertySource(),
        try PropertiesFileSource(contentsOf: configURL),   // IoCConfig's
        DictionaryPropertySource(name: "defaults", ["report.days": "5"]),
    ]
} // scaffold

// Modules/IoCCore/Values/PropertySource.swift:28
func propertySource28(builder: ContainerBuilder) throws { // scaffold
    builder.propertySources = [EnvironmentPropertySource()]
    let testSource = EnvironmentPropertySource(["WEATHER_URL": "http://localhost:8080"])
    _ = testSource // scaffold
} // scaffold

// Modules/IoCCore/Values/PropertySource.swift:38
func propertySource38() throws { // scaffold
    let home = EnvironmentPropertySource(["HOME": "/root"]).value(for: "HOME")   // "/root", at "environment"
    _ = home // scaffold
} // scaffold

// Modules/IoCCore/Values/PropertySource.swift:54
func propertySource54(builder: ContainerBuilder) throws { // scaffold
    builder.propertySources = [DictionaryPropertySource(["retries": .int(3)])]
} // scaffold

// Modules/IoCCore/Values/PropertySource.swift:64
func propertySource64(builder: ContainerBuilder) throws { // scaffold
    builder.propertySources = [DictionaryPropertySource(["weather.url": "https://api.example.com"])]
} // scaffold

// Modules/IoCCore/Values/PropertySource.swift:73
func propertySource73() throws { // scaffold
    let retries = DictionaryPropertySource(["retries": "3"]).value(for: "retries")   // .string("3")
    _ = retries // scaffold
} // scaffold

// Modules/IoCCore/Values/ValueConversion.swift:14
func valueConversion14(value: ConfigValue) throws { // scaffold
    throw ConversionFailure(value: value, target: "Color", reason: "expected #rrggbb")
} // scaffold

// Modules/IoCCore/Values/ValueConversion.swift:31
func valueConversion31(builder: ContainerBuilder) throws { // scaffold
    builder.converters.register(Color.self) { value in
        guard case .string(let hex) = value.kind, let color = Color(hex: hex) else {
            throw ConversionFailure(value: value, target: "Color", reason: "expected #rrggbb")
        }
        return color
    }
} // scaffold

// Modules/IoCCore/Values/ValueConversion.swift:44
func valueConversion44() throws { // scaffold
    let converters = ValueConverters()
    let days = try converters.convert(.string("5"), to: Int.self)
    _ = converters // scaffold
    _ = days // scaffold
} // scaffold

// Modules/IoCCore/Values/ValueConversion.swift:52
func valueConversion52(builder: ContainerBuilder) throws { // scaffold
    builder.converters.register(Color.self) { value in try Color(parsing: value) }
} // scaffold

// Modules/IoCCore/Values/ValueConversion.swift:61
func valueConversion61(builder: ContainerBuilder) throws { // scaffold
    #expect(builder.converters.canConvert(to: Duration.self))
} // scaffold

// Modules/IoCCore/Values/ValueConversion.swift:74
func valueConversion74() throws { // scaffold
    let timeout = try ValueConverters().convert(.string("250ms"), to: Duration.self)
    _ = timeout // scaffold
} // scaffold

// Modules/IoCCore/ContainerEvent.swift:7 and Modules/IoCCore/Registration/ContainerBuilder.swift (events)
func containerEvents(builder: ContainerBuilder) { // scaffold
    builder.events = { event in print("container: \(event)") }
} // scaffold

// Modules/IoCCore/Registration/Registering.swift (register(scopeValue:))
func registeringAScopeValue(builder: ContainerBuilder) { // scaffold
    builder.register(scopeValue: RequestInfo.self)
    builder.register(RequestLog.init).scope(.taskLocal)   // init(info: RequestInfo)
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift (withTaskScope(providing:_:))
func aScopeGivenAValue(container: Container) throws { // scaffold
    let page = try container.withTaskScope(providing: RequestInfo(path: "/todos")) {
        try container.resolve(TodoController.self).list()
    }
    _ = page // scaffold
} // scaffold

// Modules/IoCCore/ContainerLifecycle.swift (withTaskScope(providing:_:) async)
func aScopeGivenAValueAsync(container: Container, info: RequestInfo, handler: RequestHandler, request: Request) async throws { // scaffold
    let page = try await container.withTaskScope(providing: info) { try await handler.handle(request) }
    _ = page // scaffold
} // scaffold
