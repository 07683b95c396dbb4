/// Builds its component on every call (Guice provider injection, OxIC's injected factory
/// objects): the way for a long-lived component to use a short-lived one.
///
/// ```swift
/// final class ReportService {
///     let makePrinter: Provider<Printer>
///     init(makePrinter: Provider<Printer>) { self.makePrinter = makePrinter }
///     func run() throws { try makePrinter.get().print("…") }
/// }
/// ```
/// Each call is its own top-level resolve: the component's scope decides whether it is new.
public struct Provider<T>: Sendable {
    private let make: @Sendable () throws -> T
    private let makeAsync: @Sendable () async throws -> T

    /// A provider around your own builder (for stubs in tests).
    ///
    /// ```swift
    /// let service = ReportService(makePrinter: Provider { StubPrinter() })
    /// ```
    public init(_ make: @escaping @Sendable () throws -> T) {
        self.make = make
        self.makeAsync = { try make() }
    }

    init(make: @escaping @Sendable () throws -> T, makeAsync: @escaping @Sendable () async throws -> T) {
        self.make = make
        self.makeAsync = makeAsync
    }

    /// Resolves the component: a new instance for a prototype, the scope's one otherwise.
    ///
    /// - Throws: What resolving the component throws (an ``IoCError``).
    ///
    /// ```swift
    /// let printer = try makePrinter.get()
    /// ```
    public func get() throws -> T { try make() }
    /// Resolves the component; the form for components with `async` factories.
    ///
    /// - Throws: What resolving the component throws (an ``IoCError``).
    ///
    /// ```swift
    /// let session = try await makeSession.get()
    /// ```
    public func get() async throws -> T { try await makeAsync() }
    /// `provider()` reads as `provider.get()`.
    ///
    /// - Throws: As `get()`.
    ///
    /// ```swift
    /// try makePrinter().print("…")   // makePrinter: Provider<Printer>
    /// ```
    public func callAsFunction() throws -> T { try make() }
}
