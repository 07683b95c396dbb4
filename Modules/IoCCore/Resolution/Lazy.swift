/// A handle that builds its component on first use and then keeps it (OxIC's lazy proxy,
/// Guice and Dagger's `Lazy`).
///
/// Declare an injection point as `Lazy<T>` and the container injects a handle instead of
/// building `T` with the component that needs it. A lazy dependency also breaks a
/// dependency cycle: `A` may take `Lazy<B>` while `B` takes `A`.
///
/// ```swift
/// final class MainController {
///     let next: Lazy<NextController>
///     init(next: Lazy<NextController>) { self.next = next }
///     func openNext() throws { try next.get().show() }
/// }
/// ```
/// Building is thread-safe and happens once, even when many threads call `get()` at once.
public final class Lazy<T> {
    private let make: @Sendable () throws -> T
    private let makeAsync: @Sendable () async throws -> T
    private let label: String
    private let serial = Serial.next()
    private let ready = AtomicCell<Bool>(false)
    // Written once before `ready` is set; read only after it is.
    private var value: T?

    /// A handle around your own builder (for stubs in tests).
    ///
    /// ```swift
    /// let service = ReportService(printer: Lazy { StubPrinter() })
    /// ```
    public init(_ make: @escaping @Sendable () throws -> T) {
        self.make = make
        self.makeAsync = { try make() }
        self.label = "Lazy<\(T.self)>"
    }

    init(label: String, make: @escaping @Sendable () throws -> T, makeAsync: @escaping @Sendable () async throws -> T) {
        self.make = make
        self.makeAsync = makeAsync
        self.label = label
    }

    /// Whether the instance was built already.
    public var isCreated: Bool { ready.load(ordering: .acquiring) }

    /// The instance, built on the first call; later calls, on any thread, get the same one.
    ///
    /// - Throws: What resolving the component throws (an ``IoCError``). A failure is not kept:
    ///   the next call tries again.
    ///
    /// ```swift
    /// let printer = try lazyPrinter.get()
    /// ```
    public func get() throws -> T {
        if ready.load(ordering: .acquiring) { return value.unsafelyUnwrapped }
        let cell = CellKey(scope: 2, node: serial)
        return try CreationCoordinator.shared.create(cell, owner: ThreadIdentity.current, label: { [label] in label }, limit: nil,
                                                     isReady: { ready.load(ordering: .acquiring) }, existing: { value.unsafelyUnwrapped }) {
            let built = try make()
            value = built
            ready.store(true, ordering: .releasing)
            return built
        }
    }

    /// The instance, built on the first call; the form for components with `async` factories.
    ///
    /// - Throws: As the synchronous `get()`.
    ///
    /// ```swift
    /// let store = try await lazyStore.get()
    /// ```
    public func get() async throws -> T {
        if ready.load(ordering: .acquiring) { return value.unsafelyUnwrapped }
        let cell = CellKey(scope: 2, node: serial)
        return try await CreationCoordinator.shared.create(cell, owner: AsyncToken.next(), label: { [label] in label }, limit: nil,
                                                           isReady: { ready.load(ordering: .acquiring) }, existing: { value.unsafelyUnwrapped }) {
            let built = try await makeAsync()
            value = built
            ready.store(true, ordering: .releasing)
            return built
        }
    }

    /// `lazy()` reads as `lazy.get()`.
    ///
    /// - Throws: As `get()`.
    ///
    /// ```swift
    /// try next().show()   // next: Lazy<NextController>
    /// ```
    public func callAsFunction() throws -> T { try get() }
}

// A handle hands every thread the one instance it built: it may cross threads only when that
// instance may.
extension Lazy: @unchecked Sendable where T: Sendable {}
