// The benchmark graph A(B(D), C(D, E)), the same shape the core's tests use.
final class D: @unchecked Sendable { init() {} }
final class E: @unchecked Sendable { init() {} }
final class B: @unchecked Sendable { let d: D; init(d: D) { self.d = d } }
final class C: @unchecked Sendable { let d: D; let e: E; init(d: D, e: E) { self.d = d; self.e = e } }
final class A: @unchecked Sendable { let b: B; let c: C; init(b: B, c: C) { self.b = b; self.c = c } }
final class Single: @unchecked Sendable { init() {} }

/// A catalogued service for the bind-10k case: an initializer argument, a reference, a value.
final class Service: @unchecked Sendable {
    let name: String
    var next: Service?
    var peer: Service?
    var retries = 0
    init(name: String) { self.name = name }
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
