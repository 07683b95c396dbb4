import Foundation
import IoCConfig
import IoCCore
import IoCYAML
import Testing

// IoCCore's doc comment examples, continued (IoCCoreSnippets.swift): resolution, scopes, values, events.

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
