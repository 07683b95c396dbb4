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
            }

            extension MyViewController: IoCAnnotations.AnnotatedComponent {
                @discardableResult
                public static func register(in builder: IoCCore.ContainerBuilder) -> IoCCore.Registration<MyViewController> {
                    builder.register({
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
                }

                public static func describe(_ type: inout IoCCore.TypeDescriptorBuilder<MyViewController>) {
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
            }

            extension FreeWeatherClient: IoCAnnotations.AnnotatedComponent {
                @discardableResult
                public static func register(in builder: IoCCore.ContainerBuilder) -> IoCCore.Registration<FreeWeatherClient> {
                    builder.register({ (p0: any HTTPSession, p1: URL, p2: Int) in
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
                }

                public static func describe(_ type: inout IoCCore.TypeDescriptorBuilder<FreeWeatherClient>) {
                    type.initializer("init(session:baseURL:_:)") { (p0: any HTTPSession, p1: URL, p2: Int) in
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
            """#)
    }

    @Test func structWithoutInitializer_usesItsMemberwiseInitializer() {
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
            }

            extension Endpoint: IoCAnnotations.AnnotatedComponent {
                @discardableResult
                public static func register(in builder: IoCCore.ContainerBuilder) -> IoCCore.Registration<Endpoint> {
                    builder.register({ (p0: URL, p1: Int) in
                            Endpoint(url: p0, retries: p1)
                        }, file: "App/Weather.swift", line: 2)
                        .named("endpoint")
                }

                public static func describe(_ type: inout IoCCore.TypeDescriptorBuilder<Endpoint>) {
                    type.initializer("init(url:retries:)") { (p0: URL, p1: Int) in
                        Endpoint(url: p0, retries: p1)
                    }
                    type.property("url", \Endpoint.url)
                    type.property("retries", \Endpoint.retries)
                }
            }
            """#)
    }

    @Test func proxy_replacesTheDirectExposureOfItsProtocol() {
        assertExpansion(
            """
            @Component(scope: .threadLocal, proxy: WeatherClientProxy.self)
            final class FreeWeatherClient: WeatherClient {
                init() {}
            }
            """,
            expandedSource: #"""
            final class FreeWeatherClient: WeatherClient {
                init() {}
            }

            extension FreeWeatherClient: IoCAnnotations.AnnotatedComponent {
                @discardableResult
                public static func register(in builder: IoCCore.ContainerBuilder) -> IoCCore.Registration<FreeWeatherClient> {
                    builder.register({
                            FreeWeatherClient()
                        }, file: "App/Weather.swift", line: 2)
                        .scope(.threadLocal)
                        .proxied(by: WeatherClientProxy.self) {
                        $0
                    }
                }

                public static func describe(_ type: inout IoCCore.TypeDescriptorBuilder<FreeWeatherClient>) {
                    type.initializer("init()") {
                        FreeWeatherClient()
                    }
                }
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
            }

            extension Link: IoCAnnotations.DescribedType {
                public static func describe(_ type: inout IoCCore.TypeDescriptorBuilder<Link>) {
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

@Suite("@Module and @LazyProxy expansion")
struct ModuleExpansionTests {
    @Test func module_registersEachProvider() {
        assertExpansion(
            """
            @Module
            enum NetworkModule {
                @Provides("session", scope: .singleton, tags: ["net"])
                static func session(config: AppConfig, @Named("proxy") proxy: URL?) -> any HTTPSession { fatalError() }
                @Provides(eager: true)
                static func config() throws -> AppConfig { AppConfig() }
                static func helper() -> Int { 1 }
            }
            """,
            expandedSource: #"""
            enum NetworkModule {
                static func session(config: AppConfig, @Named("proxy") proxy: URL?) -> any HTTPSession { fatalError() }
                static func config() throws -> AppConfig { AppConfig() }
                static func helper() -> Int { 1 }
            }

            extension NetworkModule: IoCAnnotations.AnnotatedModule {
                public static func register(in builder: IoCCore.ContainerBuilder) {
                    builder.register({ (p0: AppConfig, p1: URL?) in
                            NetworkModule.session(config: p0, proxy: p1)
                        }, file: "App/Weather.swift", line: 4)
                        .argument(1, .named("proxy"))
                        .named("session")
                        .scope(.singleton)
                        .tagged("net")
                    builder.register({
                            try NetworkModule.config()
                        }, file: "App/Weather.swift", line: 6)
                        .eager()
                }
            }
            """#)
    }

    @Test func lazyProxy_forwardsEveryMember() {
        assertExpansion(
            """
            @LazyProxy
            public protocol WeatherClient: AnyObject, Sendable {
                var name: String { get }
                var timeout: Double { get set }
                func forecast(for city: String) async throws -> Forecast
                func ping() throws
                func temperature(_ city: String, in unit: inout Unit) -> Int
                func decode<T: Decodable>(_ type: T.Type) async -> T
            }
            """,
            expandedSource: #"""
            public protocol WeatherClient: AnyObject, Sendable {
                var name: String { get }
                var timeout: Double { get set }
                func forecast(for city: String) async throws -> Forecast
                func ping() throws
                func temperature(_ city: String, in unit: inout Unit) -> Int
                func decode<T: Decodable>(_ type: T.Type) async -> T
            }

            /// Forwards every call to the `WeatherClient` its target gives (written by `@LazyProxy`).
            public final class WeatherClientProxy: WeatherClient, IoCAnnotations.ComponentProxy {
                public typealias Target = any WeatherClient
                private let _ioc_target: IoCAnnotations.ProxyTarget<any WeatherClient>

                public init(_ target: IoCAnnotations.ProxyTarget<any WeatherClient>) {
                    _ioc_target = target
                }

                public static func make(_ target: IoCAnnotations.ProxyTarget<any WeatherClient>) -> any WeatherClient {
                    WeatherClientProxy(target)
                }

                public var name: String {
                    get {
                        _ioc_target.unfailingInstance("name").name
                    }
                }

                public var timeout: Double {
                    get {
                        _ioc_target.unfailingInstance("timeout").timeout
                    }
                    set {
                        _ioc_target.unfailingInstance("timeout").timeout = newValue
                    }
                }

                public func forecast(for p0: String) async throws -> Forecast {
                    try await _ioc_target.instance().forecast(for: p0)
                }

                public func ping() throws {
                    try _ioc_target.instance().ping()
                }

                public func temperature(_ p0: String, in p1: inout Unit) -> Int {
                    _ioc_target.unfailingInstance("temperature(_:in:)").temperature(p0, in: &p1)
                }

                public func decode<T: Decodable>(_ p0: T.Type) async -> T {
                    await _ioc_target.unfailingInstance("decode(_:)").decode(p0)
                }
            }
            """#)
    }
}
