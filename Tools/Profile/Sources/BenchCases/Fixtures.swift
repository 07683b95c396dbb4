// The benchmark graph A(B(D), C(D, E)), the same shape the core's tests use. Initializers are
// inlinable so the bench's hand-written baseline is built as it was in one module.
public final class D: @unchecked Sendable { @inlinable public init() {} }
public final class E: @unchecked Sendable { @inlinable public init() {} }
public final class B: @unchecked Sendable {
    public let d: D
    @inlinable public init(d: D) { self.d = d }
}
public final class C: @unchecked Sendable {
    public let d: D
    public let e: E
    @inlinable public init(d: D, e: E) { self.d = d; self.e = e }
}
public final class A: @unchecked Sendable {
    public let b: B
    public let c: C
    @inlinable public init(b: B, c: C) { self.b = b; self.c = c }
}
public final class Single: @unchecked Sendable { @inlinable public init() {} }

/// A catalogued service for the bind-10k case: an initializer argument, a reference, a value.
public final class Service: @unchecked Sendable {
    public let name: String
    public var next: Service?
    public var peer: Service?
    public var retries = 0
    public init(name: String) { self.name = name }
}

// Types named as apps name them, for `profile memory-deps`: a registration's memory depends on
// the length of its types' names where it keeps them as text.
final class WeatherServiceClient: @unchecked Sendable { init() {} }
final class SystemClockSource: @unchecked Sendable { init() {} }
final class ForecastReportService: @unchecked Sendable {
    let client: WeatherServiceClient
    let clock: SystemClockSource
    init(client: WeatherServiceClient, clock: SystemClockSource) { self.client = client; self.clock = clock }
}
