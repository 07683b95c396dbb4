import Foundation

// The types Features/features.yaml and Features/features.xml configure: small, each with what
// one setting needs (a parent's initializer, a decorator's inner service, a bound parameter, a
// protocol `_instanceof` names). IoCConfigPlugin compiles both files with these sources.

protocol Greeter: AnyObject, Sendable {
    var greeting: String { get }
}

protocol Plugin: AnyObject, Sendable {}

final class Clock: Sendable {
    let zone: String
    init(zone: String = "UTC") { self.zone = zone }
}

final class PlainGreeter: Greeter, @unchecked Sendable {
    let greeting: String
    var clock: Clock?
    init(greeting: String) { self.greeting = greeting }
}

final class LoudGreeter: Greeter, @unchecked Sendable {
    let inner: (any Greeter)?
    init(inner: (any Greeter)?) { self.inner = inner }
    var greeting: String { (inner?.greeting ?? "").uppercased() }
}

final class Mailer: Plugin, @unchecked Sendable {
    let host: String
    let port: Int
    var signature = ""
    private(set) var started = false
    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }
    func start() { started = true }
    func sign(with text: String) { signature = text }
}

final class Audit: Plugin, @unchecked Sendable {
    let clock: Clock
    let label: String
    init(clock: Clock, label: String) {
        self.clock = clock
        self.label = label
    }
}

final class Registry: @unchecked Sendable {
    let plugins: [any Plugin]
    let settings: [String: String]
    let fallback: Clock?
    init(plugins: [any Plugin], settings: [String: String], fallback: Clock?) {
        self.plugins = plugins
        self.settings = settings
        self.fallback = fallback
    }
}

/// A main-actor type (a view model): made, set and called on the main actor.
@MainActor
final class Banner {
    let greeting: String
    let clock: Clock
    var backup: Clock?
    private(set) var events: [String] = []
    init(greeting: String, clock: Clock) {
        self.greeting = greeting
        self.clock = clock
    }
    func show(at place: String) { events.append("shown at \(place)") }
    func loaded() { events.append("loaded, \(clock.zone), backup \(backup?.zone ?? "none")") }
}

/// What features.yaml's `resource:` registers: every type under `ConformanceTests\Shop\`.
enum Shop {
    final class Till: Sendable {
        init() {}
    }

    final class Ledger: Sendable {
        let till: Till
        init(till: Till) { self.till = till }
    }
}
