import Foundation
import IoCAnnotations
import IoCYAML
import Testing

@LazyProxy
protocol Greeter: AnyObject, Sendable {
    func greet(_ name: String) throws -> String
    func fail() throws
}

/// Counts how many greeters were built, per test.
final class Builds: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var total: Int { lock.withLock { count } }
}

@Component(scope: .singleton, lazy: true, proxy: Greeter.self)
final class SlowGreeter: Greeter, @unchecked Sendable {
    let builds: Builds
    init(builds: Builds) {
        self.builds = builds
        builds.add()
    }
    func greet(_ name: String) -> String { "hello \(name)" }
    func fail() throws { throw CocoaError(.userCancelled) }
}

@Component(scope: .threadLocal, proxy: Greeter.self)
final class ThreadGreeter: Greeter, @unchecked Sendable {
    let thread = UUID()
    init() {}
    func greet(_ name: String) -> String { "\(thread) \(name)" }
    func fail() throws {}
}

struct GreeterDown: Error, CustomStringConvertible {
    var description: String { "the greeting service is down" }
}

/// Cannot be built: its initializer fails.
@Component(scope: .singleton, lazy: true, proxy: Greeter.self)
final class BrokenGreeter: Greeter, @unchecked Sendable {
    init() throws { throw GreeterDown() }
    func greet(_ name: String) -> String { name }
    func fail() throws {}
}

@Component(scope: .singleton)
final class Host: @unchecked Sendable {
    let greeter: any Greeter
    init(greeter: any Greeter) { self.greeter = greeter }
}

@Suite("Proxies written by @LazyProxy")
struct ProxyTests {
    @Test func lazyComponent_isBuiltOnTheProxysFirstCall_once() throws {
        let builds = Builds()
        let builder = ContainerBuilder()
        builder.register(instance: builds)
        builder.register(SlowGreeter.self)
        builder.register(Host.self)
        let host = try builder.build().resolve(Host.self)
        #expect(builds.total == 0, "injecting the proxy builds nothing")
        #expect(try host.greeter.greet("ann") == "hello ann")
        #expect(try host.greeter.greet("bob") == "hello bob")
        #expect(builds.total == 1)
        #expect(throws: CocoaError.self) { try host.greeter.fail() }
    }

    @Test func lazyComponentThatFailsToBuild_throwsFromTheProxysCall_everyTime() throws {
        // It used to stop the program from a member that could not throw; every member throws now.
        let builder = ContainerBuilder()
        builder.register(BrokenGreeter.self)
        builder.register(Host.self)
        let host = try builder.build().resolve(Host.self)
        for _ in 0..<2 {
            let error = #expect(throws: IoCError.self) { try host.greeter.greet("ann") }
            #expect(error?.description == "Creating BrokenGreeter failed: the greeting service is down.")
        }
    }

    @Test func threadLocalComponent_inASingleton_isReachedPerThread() throws {
        let builder = ContainerBuilder()
        builder.register(ThreadGreeter.self)
        builder.register(Host.self)
        let host = try builder.build().resolve(Host.self)
        let here = try host.greeter.greet("x")
        #expect(try host.greeter.greet("x") == here, "the same thread reaches the same instance")
        let other = LockedBox()
        let done = DispatchSemaphore(value: 0)
        Thread {
            other.value = try? host.greeter.greet("x")
            done.signal()
        }.start()
        done.wait()
        #expect(other.value != nil && other.value != here, "another thread reaches its own instance")
    }
}

final class LockedBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    var value: String? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

@Suite("Annotated types in YAML")
struct AnnotatedYAMLTests {
    @Test func yaml_buildsAnnotatedTypes_throughTheirCatalogEntries() throws {
        let catalog = TypeCatalog()
        catalog.add(URLSessionClient.self)
        catalog.add(FreeWeatherClient.self)
        catalog.add(ReportService.self)
        let builder = ContainerBuilder()
        builder.catalog = catalog
        try builder.loadYAML("""
            parameters:
              report.days: 7
            services:
              _defaults: { scope: singleton }
              session: { class: URLSessionClient }
              weather:
                class: FreeWeatherClient
                arguments: { session: '@session', baseURL: 'https://weather.example' }
                as: [WeatherClient]
              report:
                class: ReportService
                arguments: { client: '@weather', days: '%report.days%' }
            """, name: "services.yaml")
        let container = try builder.build()
        let report = try container.resolve(ReportService.self, name: "report")
        #expect(report.days == 7)
        #expect(try report.client.baseURL.absoluteString == "https://weather.example")
        #expect(try report.client.forecast(for: "Oslo") == "sunny in Oslo")
    }
}
