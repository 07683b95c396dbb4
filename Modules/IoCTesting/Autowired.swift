import IoCCore

/// A property of a test suite that ``autowire(_:from:)`` sets from the test container
/// (spring-objective-c's auto-wiring of test cases): by its type, or by name.
///
/// ```swift
/// @Suite(.overlay(of: App.container) { $0.replace((any WeatherClient).self, with: StubClient()) })
/// struct ReportTests {
///     @Autowired var service: ReportService
///     @Autowired("weatherClient") var client: any WeatherClient
///     init() throws { try autowire(self) }
///
///     @Test func usesTheStub() throws { #expect(client is StubClient) }
/// }
/// ```
///
/// Call `try autowire(self)` in the suite's initializer: a component that cannot be resolved
/// then fails the test with the container's error. Reading the property before that stops
/// the program, saying so.
@propertyWrapper
public struct Autowired<Value>: AutowiredProperty {
    private let storage = AutowiredStorage<Value>()
    private let name: String?

    /// Resolved by the property's type.
    ///
    /// ```swift
    /// @Autowired var client: any WeatherClient
    /// ```
    public init() { name = nil }
    /// Resolved by component name.
    ///
    /// ```swift
    /// @Autowired("free") var client: any WeatherClient
    /// ```
    public init(_ name: String) { self.name = name }

    /// The resolved component. Reading it before `autowire(self)` set it stops the test with a
    /// message saying to call `try autowire(self)` in the suite's initializer.
    public var wrappedValue: Value {
        guard let value = storage.value else {
            preconditionFailure("@Autowired \(Value.self) was read before autowire(self) set it: call 'try autowire(self)' in the suite's initializer")
        }
        return value
    }

    func inject(from container: Container) throws {
        let value = try name.map { try container.resolve(Value.self, name: $0) } ?? container.resolve(Value.self)
        storage.value = value
    }
}

/// Sets every `@Autowired` property of `suite` from `container` — by default the test
/// container the `.overlay(of:)` trait (or `run`) installed for this test.
///
/// - Throws: ``IoCTestingError/noTestContainer(suite:)`` when no test container is installed and
///   none is given; ``IoCTestingError/autowireFailed(suite:property:reason:)`` naming the first
///   property that cannot be resolved.
///
/// ```swift
/// @Suite(.overlay(of: App.container)) struct ReportTests {
///     @Autowired var report: ReportService
///     init() throws { try autowire(self) }
/// }
/// ```
public func autowire<Suite>(_ suite: Suite, from container: TestContainer? = TestContainer.current) throws {
    guard let container else { throw IoCTestingError.noTestContainer(suite: "\(Suite.self)") }
    for child in Mirror(reflecting: suite).children {
        guard let property = child.value as? any AutowiredProperty else { continue }
        let label = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? "?"
        do {
            try property.inject(from: container.container)
        } catch {
            throw IoCTestingError.autowireFailed(suite: "\(Suite.self)", property: label, reason: "\(error)")
        }
    }
}

/// Errors of IoCTesting's own helpers.
public enum IoCTestingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `autowire` ran where no test container is installed.
    case noTestContainer(suite: String)
    /// A property could not be resolved.
    case autowireFailed(suite: String, property: String, reason: String)

    public var description: String {
        switch self {
        case let .noTestContainer(suite):
            return "Cannot autowire \(suite): no test container is installed for this test. Give the test or suite the .overlay(of:) trait, run it inside withOverlay, or pass one: autowire(self, from: test)."
        case let .autowireFailed(suite, property, reason):
            return "Cannot autowire \(suite).\(property): \(reason)"
        }
    }
}

protocol AutowiredProperty {
    func inject(from container: Container) throws
}

/// The value an `@Autowired` property holds, shared by the copies of its suite.
final class AutowiredStorage<Value>: Sendable {
    // NB: written once by autowire, in the suite's initializer, before the test reads it.
    private let stored = Locked<Value?>(nil)
    var value: Value? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
