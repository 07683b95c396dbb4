import IoCCore
import Testing

/// A Swift Testing trait that gives each test its own overlay of a container, installed for
/// the test's task only: tests running in parallel never see each other's replacements.
///
/// ```swift
/// @Test(.overlay(of: App.container) { $0.replace((any WeatherClient).self, with: StubClient()) })
/// func reportUsesTheStub() throws {
///     let report = try App.container.resolve(ReportService.self)   // answered by the overlay
///     #expect(report.client is StubClient)
///     #expect(TestContainer.current?.wasCreated(FreeWeatherClient.self) == false)
/// }
/// ```
///
/// On a suite, every test (and every case of a parameterized test) gets a fresh overlay.
/// The overlay is shut down, and its own singletons disposed, when the test ends.
public struct OverlayTrait: TestTrait, SuiteTrait, TestScoping {
    let base: @Sendable () throws -> Container
    let configure: @Sendable (Overlay) throws -> Void

    /// On a suite, the trait applies to every test inside it.
    public var isRecursive: Bool { true }

    /// Each test, not the suite, gets its overlay.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> OverlayTrait? {
        test.isSuite ? nil : self
    }

    /// Runs `function` with a fresh overlay installed for its task, and shuts the overlay down after.
    ///
    /// - Throws: What building the base container or the overlay throws (an `IoCError`), or what
    ///   the test throws.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        let overlay = try base().overlay(configure)
        try await overlay.run { try await function() }
    }
}

extension Trait where Self == OverlayTrait {
    /// Each test runs with its own overlay of `base`, made by `configure` (see ``OverlayTrait``).
    ///
    /// ```swift
    /// @Test(.overlay(of: App.container) { $0.replace("clock", with: FixedClock() as any Clock) })
    /// func reportIsDated() throws {
    ///     #expect(try App.container.resolve(ReportService.self).date == FixedClock.date)
    /// }
    /// ```
    public static func overlay(of base: @autoclosure @escaping @Sendable () throws -> Container,
                               _ configure: @escaping @Sendable (Overlay) throws -> Void = { _ in }) -> Self {
        OverlayTrait(base: base, configure: configure)
    }
}

/// Runs `body` with an overlay of `base` installed for the current task (the form for tests
/// that build their replacements inline, and for XCTest); shuts it down afterwards.
///
/// ```swift
/// try await withOverlay(of: App.container, { $0.replace("clock", with: FixedClock()) }) { test in
///     let store = try await test.resolve(ForecastStore.self)   // an async component
///     #expect(await store.date == FixedClock.date)
/// }
/// ```
///
/// - Throws: What `configure` throws, the overlay's build errors (an `IoCError` of kind
/// `validationFailed`), what `body` throws, or a dispose failure at the overlay's shutdown.
public func withOverlay<R>(of base: Container, _ configure: (Overlay) throws -> Void,
                           isolation: isolated (any Actor)? = #isolation,
                           _ body: (TestContainer) async throws -> R) async throws -> R {
    let test = try base.overlay(configure)
    return try await test.run { try await body(test) }
}

/// The synchronous form of ``withOverlay(of:_:isolation:_:)``.
///
/// - Throws: What `configure` throws, the overlay's build errors (an `IoCError` of kind
/// `validationFailed`), what `body` throws, or a dispose failure at the overlay's shutdown.
///
/// ```swift
/// try withOverlay(of: App.container, { $0.replace("clock", with: FixedClock() as any Clock) }) { test in
///     let clock = try test.resolve((any Clock).self, name: "clock")
///     #expect(clock is FixedClock)
/// }
/// ```
public func withOverlay<R>(of base: Container, _ configure: (Overlay) throws -> Void,
                           _ body: (TestContainer) throws -> R) throws -> R {
    let test = try base.overlay(configure)
    return try test.run { try body(test) }
}

// MARK: Installing an overlay for a task

/// The overlays installed in the current task: each answers the top-level resolves of its base
/// container.
final class OverlayInstallation: Sendable {
    @TaskLocal static var current: OverlayInstallation?

    let base: ObjectIdentifier
    let overlay: Container
    let next: OverlayInstallation?

    init(base: Container, overlay: Container, next: OverlayInstallation?) {
        self.base = ObjectIdentifier(base)
        self.overlay = overlay
        self.next = next
    }

    /// The overlay installed last for `container` in this task, if any.
    func overlay(for container: Container) -> Container? {
        var link: OverlayInstallation? = self
        while let current = link {
            if current.base == ObjectIdentifier(container) { return current.overlay }
            link = current.next
        }
        return nil
    }
}

/// Has the overlay installed for a base container in the current task answer its resolves.
/// It is attached to a base once, while some task has an overlay of it installed: a hundred
/// tests running in parallel on one base cost that base's other resolves one question, not a
/// hundred.
final class InstalledOverlays: ResolveInterceptor {
    static let shared = InstalledOverlays()

    /// How many installations each base has now.
    private let installations = Locked<[ObjectIdentifier: Int]>([:])

    func attach(to base: Container) {
        installations.withLock { counts in
            let count = counts[ObjectIdentifier(base), default: 0]
            if count == 0 { base.addInterceptor(self) }
            counts[ObjectIdentifier(base)] = count + 1
        }
    }

    func detach(from base: Container) {
        installations.withLock { counts in
            let count = counts[ObjectIdentifier(base), default: 0]
            guard count > 0 else { return }
            if count == 1 {
                base.removeInterceptor(self)
                counts[ObjectIdentifier(base)] = nil
            } else {
                counts[ObjectIdentifier(base)] = count - 1
            }
        }
    }

    func container(answeringFor container: Container) -> Container? {
        // An overlay answering for itself would ask itself again, without end.
        OverlayInstallation.current?.overlay(for: container).flatMap { $0 === container ? nil : $0 }
    }

    /// What overlays' bases hand out and dispose is not recorded: each test container records its own.
    func didResolve(_ component: @autoclosure () -> ComponentInfo) {}
    func didDispose(_ component: ComponentInfo) {}
}

extension Container {
    /// Runs `body` with `overlay` answering, in this task and the tasks it starts, every
    /// top-level resolve made on this container.
    func withInstalled<R>(_ overlay: Container, _ body: () throws -> R) rethrows -> R {
        InstalledOverlays.shared.attach(to: self)
        defer { InstalledOverlays.shared.detach(from: self) }
        let link = OverlayInstallation(base: self, overlay: overlay, next: OverlayInstallation.current)
        return try OverlayInstallation.$current.withValue(link) { try body() }
    }

    /// The `async` form of ``withInstalled(_:_:)``.
    func withInstalled<R>(_ overlay: Container, isolation: isolated (any Actor)? = #isolation,
                          _ body: () async throws -> R) async rethrows -> R {
        InstalledOverlays.shared.attach(to: self)
        defer { InstalledOverlays.shared.detach(from: self) }
        let link = OverlayInstallation(base: self, overlay: overlay, next: OverlayInstallation.current)
        return try await OverlayInstallation.$current.withValue(link) { try await body() }
    }
}
