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
