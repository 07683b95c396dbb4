import IoCAnnotationsMacros
import SwiftSyntaxMacroExpansion
import Testing

@Suite("@Component expansion")
struct ComponentExpansionTests {
    @Test func everyOption_becomesARegistrationCall() {
        assertExpansion(
            """
            @Component("mainViewController", scope: .singleton, lazy: true, eager: false, primary: true,
                       aliases: ["main"], tags: ["ui"], profiles: ["!test"])
            final class MyViewController: Screen, @unchecked Sendable {
                @Inject("serviceNameInContainer") var myService: MyService
                @Inject var weather: any WeatherClient
                @Value("${report.days:5}") var days: Int
                @Inject(tagged: "reporter") var reporters: [any Reporter] = []
                @Inject var clock: Clock?
                var title = "Main"
                private(set) var isReady = false
                let id = 1
                init() {}
                @BeforeInjection func prepare() {}
                @AfterInjection func ready() {}
                @Dispose func close() throws {}
                @Inject func configure(logger: Logger, @Named("audit") audit: Logger) {}
            }
            """,
            expandedSource: #"""
            final class MyViewController: Screen, @unchecked Sendable {
                @IoCAnnotations.InjectedProperty var myService: MyService
                @IoCAnnotations.InjectedProperty var weather: any WeatherClient
                @IoCAnnotations.InjectedProperty var days: Int
                @IoCAnnotations.InjectedProperty var reporters: [any Reporter] = []
                @IoCAnnotations.InjectedProperty var clock: Clock?
                var title = "Main"
                private(set) var isReady = false
                let id = 1
                init() {}
                func prepare() {}
                func ready() {}
                func close() throws {}
                func configure(logger: Logger, @Named("audit") audit: Logger) {}

                public static func register(into builder: IoCCore.ContainerBuilder) -> Int {
                    let index = builder.register({
                            MyViewController()
                        }, file: "App/Weather.swift", line: 3)
                    .named("mainViewController")
                    .scope(.singleton)
                    .lazy()
                    .primary()
                    .alias("main")
                    .tagged("ui")
                    .profiles("!test")
                    .as(Screen.self) {
                        $0
                    }
                    .property("myService", source: .named("serviceNameInContainer")) { (instance: inout MyViewController, value: MyService) in
                        instance.myService = value
                    }
                    .property("weather") { (instance: inout MyViewController, value: any WeatherClient) in
                        instance.weather = value
                    }
                    .property("days", source: .config(.string("${report.days:5}"))) { (instance: inout MyViewController, value: Int) in
                        instance.days = value
                    }
                    .property("reporters", source: .tagged("reporter")) { (instance: inout MyViewController, value: [any Reporter]) in
                        instance.reporters = value
                    }
                    .property("clock") { (instance: inout MyViewController, value: Clock?) in
                        instance.clock = value
                    }
                    .call("configure(logger:audit:)", arguments: [nil, .named("audit")]) { (instance: MyViewController, p0: Logger, p1: Logger) in
                        instance.configure(logger: p0, audit: p1)
                    }
                    .beforeInjection(named: "prepare") {
                        $0.prepare()
                    }
                    .afterInjection(named: "ready") {
                        $0.ready()
                    }
                    .onDispose(named: "close") {
                        try $0.close()
                    }
                    .index
                    return index
                }

                @discardableResult
                public static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(MyViewController.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init()") {
                            MyViewController()
                        }
                        type.property("myService") { (instance: inout MyViewController, value: MyService) in
                            instance.myService = value
                        }
                        type.property("weather") { (instance: inout MyViewController, value: any WeatherClient) in
                            instance.weather = value
                        }
                        type.property("days") { (instance: inout MyViewController, value: Int) in
                            instance.days = value
                        }
                        type.property("reporters") { (instance: inout MyViewController, value: [any Reporter]) in
                            instance.reporters = value
                        }
                        type.property("clock") { (instance: inout MyViewController, value: Clock?) in
                            instance.clock = value
                        }
                        type.property("title", \MyViewController.title)
                        type.method("prepare") {
                            $0.prepare()
                        }
                        type.method("ready") {
                            $0.ready()
                        }
                        type.method("close") {
                            try $0.close()
                        }
                        type.method("configure(logger:audit:)") { (instance: MyViewController, p0: Logger, p1: Logger) in
                            instance.configure(logger: p0, audit: p1)
                        }
                        type.conforms(to: Screen.self) {
                            $0
                        }
                    }
                }
            }

            extension MyViewController: IoCAnnotations.AnnotatedComponent {
            }
            """#)
    }

    @Test func markedInitializer_isCalled_withNamedAndConfigParameters() {
        assertExpansion(
            """
            @Component(as: [WeatherClient.self, (any Pinging).self])
            final class FreeWeatherClient: WeatherClient, Pinging, Sendable {
                let session: any HTTPSession
                @Inject init(session: any HTTPSession, @Named("weather.url") baseURL: URL, @Config("${retries:3}") _ retries: Int) throws {
                    self.session = session
                }
                init() { session = URLSessionClient() }
                init?(text: String) { return nil }
            }
            """,
            expandedSource: #"""
            final class FreeWeatherClient: WeatherClient, Pinging, Sendable {
                let session: any HTTPSession
                init(session: any HTTPSession, @Named("weather.url") baseURL: URL, @Config("${retries:3}") _ retries: Int) throws {
                    self.session = session
                }
                init() { session = URLSessionClient() }
                init?(text: String) { return nil }

                public static func register(into builder: IoCCore.ContainerBuilder) -> Int {
                    let index = builder.register({ (p0: any HTTPSession, p1: URL, p2: Int) in
                            try FreeWeatherClient(session: p0, baseURL: p1, p2)
                        }, file: "App/Weather.swift", line: 2)
                    .argument(1, .named("weather.url"))
                    .argument(2, .config(.string("${retries:3}")))
                    .as(WeatherClient.self) {
                        $0
                    }
                    .as((any Pinging).self) {
                        $0
                    }
                    .index
                    return index
                }

                @discardableResult
                public static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(FreeWeatherClient.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init(session:baseURL:_:)", sources: [1: .named("weather.url"), 2: .config(.string("${retries:3}"))]) { (p0: any HTTPSession, p1: URL, p2: Int) in
                            try FreeWeatherClient(session: p0, baseURL: p1, p2)
                        }
                        type.initializer("init()") {
                            FreeWeatherClient()
                        }
                        type.conforms(to: WeatherClient.self) {
                            $0
                        }
                        type.conforms(to: (any Pinging).self) {
                            $0
                        }
                    }
                }
            }

            extension FreeWeatherClient: IoCAnnotations.AnnotatedComponent {
            }
            """#)
    }

    @Test func qualifiedAnnotations_areOurs_onlyWithOurModulesName() {
        assertExpansion(
            """
            @Component
            final class Report: Sendable {
                init(@IoCAnnotations.Named("region") region: String, @Settings.Config("days") days: Int) {}
            }
            """,
            expandedSource: #"""
            final class Report: Sendable {
                init(@IoCAnnotations.Named("region") region: String, @Settings.Config("days") days: Int) {}

                public static func register(into builder: IoCCore.ContainerBuilder) -> Int {
                    let index = builder.register({ (p0: String, p1: Int) in
                            Report(region: p0, days: p1)
                        }, file: "App/Weather.swift", line: 2)
                    .argument(0, .named("region"))
                    .index
                    return index
                }

                @discardableResult
                public static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(Report.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init(region:days:)", sources: [0: .named("region")]) { (p0: String, p1: Int) in
                            Report(region: p0, days: p1)
                        }
                    }
                }
            }

            extension Report: IoCAnnotations.AnnotatedComponent {
            }
            """#)
    }

    @Test func nonFinalClass_declaresOverridableMembers_thatGuardAgainstUnannotatedSubclasses() {
        assertExpansion(
            """
            @Component
            class Knight {
                init() {}
            }
            """,
            expandedSource: #"""
            class Knight {
                init() {}

                public class func register(into builder: IoCCore.ContainerBuilder) -> Int {
                    guard self == Knight.self else {
                        return IoCAnnotations.unannotatedSubclass(Self.self, of: "Knight", in: builder)
                    }
                    let index = builder.register({
                            Knight()
                        }, file: "App/Weather.swift", line: 2)
                    .index
                    return index
                }

                @discardableResult
                public class func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    guard self == Knight.self else {
                        return catalog.add(self, describe: { _ in
                            })
                    }
                    return catalog.add(Knight.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init()") {
                            Knight()
                        }
                    }
                }
            }

            extension Knight: IoCAnnotations.AnnotatedComponent {
            }
            """#)
    }

    @Test func annotatedSubclass_overridesItsSuperclassMembers() {
        // The compiler passes no conformance to add when a superclass already conforms.
        var inherited = annotationMacros
        inherited["Component"] = MacroSpec(type: ComponentMacro.self)
        assertExpansion(
            """
            @Component("cavalry")
            final class CavalryMan: Knight {
                @Inject override init(@Named("quest") quest: any Quest) { super.init(quest: quest) }
            }
            """,
            expandedSource: #"""
            final class CavalryMan: Knight {
                override init(@Named("quest") quest: any Quest) { super.init(quest: quest) }

                public override static func register(into builder: IoCCore.ContainerBuilder) -> Int {
                    let index = builder.register({ (p0: any Quest) in
                            CavalryMan(quest: p0)
                        }, file: "App/Weather.swift", line: 2)
                    .argument(0, .named("quest"))
                    .named("cavalry")
                    .as(Knight.self) {
                        $0
                    }
                    .index
                    return index
                }

                @discardableResult
                public override static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(CavalryMan.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init(quest:)", sources: [0: .named("quest")]) { (p0: any Quest) in
                            CavalryMan(quest: p0)
                        }
                        type.conforms(to: Knight.self) {
                            $0
                        }
                    }
                }
            }
            """#,
            macros: inherited)
    }

    @Test func structWithoutInitializer_isBuiltByItsMemberwiseInitializer_withoutDefaultedVars() {
        assertExpansion(
            """
            @Component("endpoint")
            struct Endpoint: Equatable, Codable {
                var url: URL
                var retries: Int = 3
                let version = 2
                static var shared: Endpoint?
            }
            """,
            expandedSource: #"""
            struct Endpoint: Equatable, Codable {
                var url: URL
                var retries: Int = 3
                let version = 2
                static var shared: Endpoint?

                public static func register(into builder: IoCCore.ContainerBuilder) -> Int {
                    let index = builder.register({ (p0: URL) in
                            Endpoint(url: p0)
                        }, file: "App/Weather.swift", line: 2)
                    .named("endpoint")
                    .index
                    return index
                }

                @discardableResult
                public static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(Endpoint.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init(url:)") { (p0: URL) in
                            Endpoint(url: p0)
                        }
                        type.initializer("init(url:retries:)") { (p0: URL, p1: Int) in
                            Endpoint(url: p0, retries: p1)
                        }
                        type.property("url", \Endpoint.url)
                        type.property("retries", \Endpoint.retries)
                    }
                }
            }

            extension Endpoint: IoCAnnotations.AnnotatedComponent {
            }
            """#)
    }

    @Test func proxy_replacesTheDirectExposureOfItsProtocol() {
        assertExpansion(
            """
            @Component(scope: .threadLocal, proxy: WeatherClient.self)
            final class FreeWeatherClient: WeatherClient {
                init() {}
            }
            """,
            expandedSource: #"""
            final class FreeWeatherClient: WeatherClient {
                init() {}

                public static func register(into builder: IoCCore.ContainerBuilder) -> Int {
                    let index = builder.register({
                            FreeWeatherClient()
                        }, file: "App/Weather.swift", line: 2)
                    .scope(.threadLocal)
                    .proxied(by: WeatherClientProxy.self) {
                        $0
                    }
                    .index
                    return index
                }

                @discardableResult
                public static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(FreeWeatherClient.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init()") {
                            FreeWeatherClient()
                        }
                    }
                }
            }

            extension FreeWeatherClient: IoCAnnotations.AnnotatedComponent {
            }
            """#)
    }

    @Test func catalogued_describesTheTypeOnly() {
        assertExpansion(
            """
            @Catalogued(names: ["NSURL", "Link"])
            struct Link: CustomStringConvertible {
                var description: String { "link" }
                var url: String
                init(url: String) { self.url = url }
                init(string: String, base: Link?) { url = string }
            }
            """,
            expandedSource: #"""
            struct Link: CustomStringConvertible {
                var description: String { "link" }
                var url: String
                init(url: String) { self.url = url }
                init(string: String, base: Link?) { url = string }

                @discardableResult
                public static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(Link.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.alias("NSURL")
                        type.alias("Link")
                        type.initializer("init(url:)") { (p0: String) in
                            Link(url: p0)
                        }
                        type.initializer("init(string:base:)") { (p0: String, p1: Link?) in
                            Link(string: p0, base: p1)
                        }
                        type.property("url", \Link.url)
                    }
                }
            }

            extension Link: IoCAnnotations.DescribedType {
            }
            """#)
    }

    @Test func defaultedParameters_areLeftToSwiftInCode_andGivenAsDefaultsToTheCatalog() {
        assertExpansion(
            """
            @Component
            final class Client {
                init(host: String, @Named("policy") policy: Policy = .standard, retries: Int = 3, _ timeout: Double = 5) {}
            }
            """,
            expandedSource: #"""
            final class Client {
                init(host: String, @Named("policy") policy: Policy = .standard, retries: Int = 3, _ timeout: Double = 5) {}

                public static func register(into builder: IoCCore.ContainerBuilder) -> Int {
                    let index = builder.register({ (p0: String, p1: Policy) in
                            Client(host: p0, policy: p1)
                        }, file: "App/Weather.swift", line: 2)
                    .argument(1, .named("policy"))
                    .index
                    return index
                }

                @discardableResult
                public static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(Client.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init(host:policy:retries:_:)", defaults: [1: IoCCore.DefaultArgument { () -> Policy in
                                        .standard
                                    }, 2: IoCCore.DefaultArgument { () -> Int in
                                        3
                                    }, 3: IoCCore.DefaultArgument { () -> Double in
                                        5
                                    }], sources: [1: .named("policy")]) { (p0: String, p1: Policy, p2: Int, p3: Double) in
                            Client(host: p0, policy: p1, retries: p2, p3)
                        }
                    }
                }
            }

            extension Client: IoCAnnotations.AnnotatedComponent {
            }
            """#)
    }

    @Test func injectedProperty_withoutDefault_isBackedByEmptyStorage() {
        assertExpansion(
            """
            final class Screen {
                @InjectedProperty var service: MyService
                @InjectedProperty var count: Int = 3
                @InjectedProperty var clock: Clock?
            }
            """,
            expandedSource: #"""
            final class Screen {
                var service: MyService {
                    get {
                        _ioc_service.get("service", of: "Screen")
                    }
                    set {
                        _ioc_service.set(newValue)
                    }
                }

                private var _ioc_service: IoCAnnotations.InjectedStorage<MyService> = IoCAnnotations.InjectedStorage()
                var count: Int {
                    @storageRestrictions(initializes: _ioc_count)
                    init(initialValue) {
                        _ioc_count = IoCAnnotations.InjectedStorage(initialValue)
                    }
                    get {
                        _ioc_count.get("count", of: "Screen")
                    }
                    set {
                        _ioc_count.set(newValue)
                    }
                }

                private var _ioc_count: IoCAnnotations.InjectedStorage<Int>
                var clock: Clock? {
                    get {
                        _ioc_clock.get("clock", of: "Screen")
                    }
                    set {
                        _ioc_clock.set(newValue)
                    }
                }

                private var _ioc_clock: IoCAnnotations.InjectedStorage<Clock?> = IoCAnnotations.InjectedStorage(nil)
            }
            """#)
    }
}
