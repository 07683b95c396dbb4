import Foundation
import IoCCore

// The 5-class graph A(B(D), C(D, E)) used across tests and benchmarks.
final class D: Sendable { init() {} }
final class E: Sendable { init() {} }
final class B: Sendable { let d: D; init(d: D) { self.d = d } }
final class C: Sendable { let d: D; let e: E; init(d: D, e: E) { self.d = d; self.e = e } }
final class A: Sendable { let b: B; let c: C; init(b: B, c: C) { self.b = b; self.c = c } }

func graphBuilder(dScope: Scope = .prototype) -> ContainerBuilder {
    let builder = ContainerBuilder()
    builder.register(D.init).scope(dScope)
    builder.register(E.init)
    builder.register(B.init)
    builder.register(C.init)
    builder.register(A.init)
    return builder
}

// The weather story.
protocol WeatherClient: Sendable { func forecast(city: String) -> String }
final class FreeWeatherClient: WeatherClient { init() {}; func forecast(city: String) -> String { "free forecast for \(city)" } }
final class BetterWeatherClient: WeatherClient { init() {}; func forecast(city: String) -> String { "better forecast for \(city)" } }
final class ReportService: Sendable {
    let client: any WeatherClient
    init(client: any WeatherClient) { self.client = client }
}

/// Counts how often something was built, from any thread.
final class Counter: Sendable {
    private let value = Locked(0)
    init() {}
    @discardableResult func increment() -> Int { value.withLock { $0 += 1; return $0 } }
    var count: Int { value.withLock { $0 } }
}

/// Records events in order, from any thread.
final class EventLog: Sendable {
    private let events = Guarded<[String]>([])
    init() {}
    func record(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

/// The error text a throwing call produced, or "no error".
func errorText(_ body: () throws -> Void) -> String {
    do { try body(); return "no error" } catch { return String(describing: error) }
}

func errorText(_ body: () async throws -> Void) async -> String {
    do { try await body(); return "no error" } catch { return String(describing: error) }
}

struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }

/// A construction strategy that records each construction it wraps.
struct RecordingStrategy: ConstructionStrategy {
    let name: String
    let log: EventLog
    func construct<T>(_ component: ComponentInfo, resolver: Resolver, proceed: () throws -> T) throws -> T {
        log.record("construct \(component)")
        return try proceed()
    }
}

/// A value behind an NSLock. The tests use it instead of `Synchronization.Mutex`, whose futex
/// ThreadSanitizer cannot see (`make tsan` would report its every use as a race).
final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Runs `body` on a thread of its own and waits for it without blocking a thread; `"hang"` when
/// it has not finished after `timeout`.
func onOwnThread(timeout: Duration = .seconds(30), _ body: @escaping @Sendable () -> String) async -> String {
    let pending = Guarded<CheckedContinuation<String, Never>?>(nil)
    let finish = { @Sendable (text: String) in
        let continuation = pending.withLock { taken in defer { taken = nil }; return taken }
        continuation?.resume(returning: text)
    }
    return await withCheckedContinuation { continuation in
        pending.withLock { $0 = continuation }
        Thread.detachNewThread { finish(body()) }
        Task {
            try? await Task.sleep(for: timeout)
            finish("hang")
        }
    }
}

/// Runs the jobs of tasks that prefer it on one thread of its own, so that a task a test's
/// factory starts and waits for (blocking its thread) never waits for a thread of Swift's
/// cooperative pool: on a loaded machine, other tests may hold all of them.
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = OwnThreadExecutor()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "OwnThreadExecutor"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
