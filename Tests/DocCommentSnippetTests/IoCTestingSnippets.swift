import Foundation
import IoCCore
import IoCTesting
import IoCYAML
import Testing
import XCTest

// The code examples of IoCTesting's doc comments, each where the compiler checks it (see
// SnippetCoverageTests). Lines marked `// scaffold` give an example what it takes for granted.
// The examples that are tests (`@Test`, `@Suite`) run, against the app below.

/// The app the tests examples test: a report service, its weather client and a clock, wired in
/// code (and an empty config file, for the example that checks one).
enum App {
    static func makeBuilder() -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.register(instance: URL(string: "https://api.example.com")!, name: "weather.url")
        builder.register({ URLSessionTransport() }, as: (any HTTPSession).self)
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("weatherClient")
            .arguments(.type((any HTTPSession).self), .named("weather.url"))
        builder.register({ ConsoleLogger() }, as: (any Logger).self)
        builder.register({ SystemClock() }, as: (any Clock).self).named("clock")
        builder.register(ReportService.init).property(\.clock, .named("clock"))
        builder.register(ForecastStore.self, asyncFactory: { _ in ForecastStore() })
        return builder
    }
    static func makeContainer() throws -> Container { try makeBuilder().build() }
    static let container: Container = {
        do { return try makeContainer() } catch { preconditionFailure("the doc-comment examples' app does not build: \(error)") }
    }()
}

/// The config file the validity example loads: a parameter, nothing to resolve.
let servicesURL: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-doc-comment-services-\(UUID().uuidString).yaml")
    try? "parameters:\n  report.days: 5\n".write(to: url, atomically: true, encoding: .utf8)
    return url
}()

// Modules/IoCTesting/Assertions.swift:7
@Test func productionConfigIsValid() throws {
    let builder = ContainerBuilder()
    try builder.loadYAML(contentsOf: servicesURL)
    expectValid(builder)
}

// Modules/IoCTesting/Assertions.swift:29
@Test func everyComponentResolves() async throws {
    await expectEveryComponentResolves(try App.makeContainer())
}

// Modules/IoCTesting/Autowired.swift:7
@Suite(.overlay(of: App.container) { $0.replace((any WeatherClient).self, with: StubClient()) })
struct ReportTests {
    @Autowired var service: ReportService
    @Autowired("weatherClient") var client: any WeatherClient
    init() throws { try autowire(self) }

    @Test func usesTheStub() throws { #expect(client is StubClient) }
}

// Modules/IoCTesting/Autowired.swift:28
struct Autowired28 { // scaffold
    @Autowired var client: any WeatherClient
} // scaffold

// Modules/IoCTesting/Autowired.swift:34
struct Autowired34 { // scaffold
    @Autowired("free") var client: any WeatherClient
} // scaffold

// Modules/IoCTesting/Autowired.swift:61
enum Autowired61 { // scaffold
@Suite(.overlay(of: App.container)) struct ReportTests {
    @Autowired var report: ReportService
    init() throws { try autowire(self) }
}
} // scaffold

// Modules/IoCTesting/Events.swift:22
func events22(test: TestContainer) throws { // scaffold
    #expect(test.events.first == ContainerEvent(.created, ComponentKey(StubWeatherClient.self)))
} // scaffold

// Modules/IoCTesting/Isolation.swift:7
@Test(.overlay(of: App.container) { $0.replace((any WeatherClient).self, with: StubClient()) })
func reportUsesTheStub() throws {
    let report = try App.container.resolve(ReportService.self)   // answered by the overlay
    #expect(report.client is StubClient)
    #expect(TestContainer.current?.wasCreated(FreeWeatherClient.self) == false)
}

// Modules/IoCTesting/Isolation.swift:43
@Test(.overlay(of: App.container) { $0.replace("clock", with: FixedClock() as any Clock) })
func reportIsDated() throws {
    #expect(try App.container.resolve(ReportService.self).date == FixedClock.date)
}

// Modules/IoCTesting/Isolation.swift:58
func isolation58(test: TestContainer) async throws { // scaffold
    try await withOverlay(of: App.container, { $0.replace("clock", with: FixedClock()) }) { test in
        let store = try await test.resolve(ForecastStore.self)   // an async component
        #expect(await store.date == FixedClock.date)
    }
} // scaffold

// Modules/IoCTesting/Isolation.swift:79
func isolation79(test: TestContainer) throws { // scaffold
    try withOverlay(of: App.container, { $0.replace("clock", with: FixedClock() as any Clock) }) { test in
        let clock = try test.resolve((any Clock).self, name: "clock")
        #expect(clock is FixedClock)
    }
} // scaffold

// Modules/IoCTesting/Overlay.swift:12
func overlay12(production: Container) throws { // scaffold
    let test = try production.overlay { overlay in
        overlay.replace((any WeatherClient).self, with: StubWeatherClient())
        overlay.setValue("3", for: "report.days")
    }
    let report = try test.resolve(ReportService.self)
    _ = test // scaffold
    _ = report // scaffold
} // scaffold

// Modules/IoCTesting/Overlay.swift:53
func overlay53(overlay: Overlay) throws { // scaffold
    overlay.replace((any WeatherClient).self, with: StubWeatherClient())
} // scaffold

// Modules/IoCTesting/Overlay.swift:64
func overlay64(overlay: Overlay) throws { // scaffold
    overlay.replace("clock", with: FixedClock(), as: (any Clock).self)
} // scaffold

// Modules/IoCTesting/Overlay.swift:77
func overlay77(overlay: Overlay, r: Resolver) throws { // scaffold
    overlay.replace((any WeatherClient).self) { r in RecordingClient(wrapping: try r.resolve(name: "free")) }
} // scaffold

// Modules/IoCTesting/Overlay.swift:92
func overlay92(overlay: Overlay, location: ConfigLocation) throws { // scaffold
    overlay.replace("mailer", with: Definition(name: "mailer", typeName: "NullMailer", location: ConfigLocation(file: "stubs.yaml", line: 1)))
} // scaffold

// Modules/IoCTesting/Overlay.swift:105
func overlay105(overlay: Overlay) throws { // scaffold
    let stubs = ContainerBuilder()
    let stub = stubs.register(StubWeatherClient.init, as: (any WeatherClient).self)
    overlay.replace("weatherClient", with: stub.component)
    _ = stubs // scaffold
    _ = stub // scaffold
} // scaffold

// Modules/IoCTesting/Overlay.swift:118
func overlay118(overlay: Overlay) throws { // scaffold
    overlay.replace("weatherClient", withClass: "StubWeatherClient")
} // scaffold

// Modules/IoCTesting/Overlay.swift:130
func overlay130(overlay: Overlay) throws { // scaffold
    overlay.replace((any WeatherClient).self, withClass: "StubWeatherClient")
} // scaffold

// Modules/IoCTesting/Overlay.swift:143
func overlay143(overlay: Overlay) throws { // scaffold
    overlay.replace(tagged: "channel", as: (any Channel).self) { _ in SilentChannel() }
} // scaffold

// Modules/IoCTesting/Overlay.swift:165
func overlay165(overlay: Overlay) throws { // scaffold
    overlay.rescope("session", to: .prototype)
} // scaffold

// Modules/IoCTesting/Overlay.swift:175
func overlay175(overlay: Overlay) throws { // scaffold
    overlay.rescope(ReportCache.self, to: .prototype)
} // scaffold

// Modules/IoCTesting/Overlay.swift:189
func overlay189(overlay: Overlay) throws { // scaffold
    overlay.add { $0.register(AuditLog.init).named("audit") }
} // scaffold

// Modules/IoCTesting/Overlay.swift:200
func overlay200(overlay: Overlay, stubs: String) throws { // scaffold
    try overlay.override { try $0.loadYAML(stubs, name: "stubs.yaml") }
} // scaffold

// Modules/IoCTesting/Overlay.swift:221
func overlay221(overlay: Overlay) throws { // scaffold
    overlay.remove("metricsExporter")
} // scaffold

// Modules/IoCTesting/Overlay.swift:231
func overlay231(overlay: Overlay) throws { // scaffold
    overlay.remove(MetricsExporter.self)
} // scaffold

// Modules/IoCTesting/Overlay.swift:243
func overlay243(overlay: Overlay) throws { // scaffold
    overlay.setValue("3", for: "report.days")
} // scaffold

// Modules/IoCTesting/Overlay.swift:252
func overlay252(overlay: Overlay) throws { // scaffold
    overlay.setValue(.int(3), for: "report.days")
} // scaffold

// Modules/IoCTesting/Overlay.swift:261
func overlay261(test: TestContainer, overlay: Overlay) throws { // scaffold
    overlay.activateProfiles("test")
} // scaffold

// Modules/IoCTesting/Overlay.swift:272
func overlay272(overlay: Overlay) throws { // scaffold
    overlay.setProperty("timeout", of: "httpClient", to: "1")
} // scaffold

// Modules/IoCTesting/Overlay.swift:283
func overlay283(overlay: Overlay) throws { // scaffold
    overlay.setProperty("logger", of: "reportService", to: .named("silentLogger"))
} // scaffold

// Modules/IoCTesting/TestContainer.swift:28
func testContainer28(test: TestContainer) throws { // scaffold
    let report = try test.resolve(ReportService.self)
    _ = report // scaffold
} // scaffold

// Modules/IoCTesting/TestContainer.swift:36
func testContainer36(test: TestContainer) throws { // scaffold
    let free = try test.resolve((any WeatherClient).self, name: "free")
    _ = free // scaffold
} // scaffold

// Modules/IoCTesting/TestContainer.swift:44
func testContainer44(test: TestContainer) async throws { // scaffold
    let store = try await test.resolve(ForecastStore.self)
    _ = store // scaffold
} // scaffold

// Modules/IoCTesting/TestContainer.swift:52
func testContainer52(test: TestContainer) async throws { // scaffold
    let store = try await test.resolve(ForecastStore.self, name: "cached")
    _ = store // scaffold
} // scaffold

// Modules/IoCTesting/TestContainer.swift:60
func testContainer60(test: TestContainer) throws { // scaffold
    let report = try test.resolve(Report.self, runtimeArguments: "Oslo", 5)
    _ = report // scaffold
} // scaffold

// Modules/IoCTesting/TestContainer.swift:70
func testContainer70(test: TestContainer) async throws { // scaffold
    let forecast = try await test.resolve(Forecast.self, runtimeArguments: "Oslo")
    _ = forecast // scaffold
} // scaffold

// Modules/IoCTesting/TestContainer.swift:87
func testContainer87(test: TestContainer, overlay: Overlay) throws { // scaffold
    try test.run { try App.container.resolve(ReportService.self).run() }   // answered by the overlay
} // scaffold

// Modules/IoCTesting/TestContainer.swift:102
func testContainer102(test: TestContainer) async throws { // scaffold
    try await test.run { try await App.container.resolve(ReportService.self).refresh() }
} // scaffold

// Modules/IoCTesting/TestContainer.swift:127
func testContainer127(test: TestContainer) throws { // scaffold
    try test.shutdown()
} // scaffold

// Modules/IoCTesting/TestContainer.swift:141
func testContainer141(test: TestContainer) throws { // scaffold
    test.clearEvents()
    _ = try test.resolve(ReportService.self)
    #expect(test.events.count == 1)
} // scaffold

// Modules/IoCTesting/TestContainer.swift:150
func testContainer150(test: TestContainer) throws { // scaffold
    #expect(test.count(.created, (any WeatherClient).self) == 1)
} // scaffold

// Modules/IoCTesting/TestContainer.swift:160
func testContainer160(test: TestContainer) throws { // scaffold
    #expect(test.count(.resolved, named: "free") == 2)
} // scaffold

// Modules/IoCTesting/TestContainer.swift:169
func testContainer169(test: TestContainer) throws { // scaffold
    #expect(!test.wasCreated(FreeWeatherClient.self))
} // scaffold

// Modules/IoCTesting/TestContainer.swift:175
func testContainer175(test: TestContainer) throws { // scaffold
    try test.shutdown()
    #expect(test.wasDisposed(ConnectionPool.self))
} // scaffold

// Modules/IoCTesting/TestContainer.swift:182
func testContainer182(test: TestContainer) throws { // scaffold
    #expect(test.wasResolved(ReportService.self))
} // scaffold

// Modules/IoCTesting/TestContainer.swift:195
func testContainer195(test: TestContainer) throws { // scaffold
    try test.reset(ReportCache.self)
} // scaffold

// Modules/IoCTesting/TestContainer.swift:214
func testContainer214(test: TestContainer) throws { // scaffold
    try test.reset("reportCache")
} // scaffold

// Modules/IoCTesting/TestContainer.swift:232
func testContainer232(test: TestContainer) throws { // scaffold
    try test.reset(scope: .singleton)
} // scaffold

// Modules/IoCTesting/TestContainer.swift:248
func testContainer248(test: TestContainer) throws { // scaffold
    try test.resetAll()
} // scaffold

// Modules/IoCTesting/XCTestSupport.swift:7
func xCTestSupport7() throws { // scaffold
    guard let container = XCTAssertValid(App.makeBuilder()) else { return }
    _ = container // scaffold
} // scaffold

// Modules/IoCTesting/XCTestSupport.swift:23
func xCTestSupport23(container: Container) async throws { // scaffold
    await XCTAssertEveryComponentResolves(container)
} // scaffold
