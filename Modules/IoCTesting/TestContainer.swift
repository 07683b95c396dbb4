import IoCCore

/// A container built by ``IoCCore/Container/overlay(_:)`` for one test: it resolves like any
/// container, records what it does, resets, and can stand in for its base in the current task.
public final class TestContainer: Sendable {
    /// The overlay's container.
    public let container: Container
    /// The container it overlays, never changed by it.
    public let base: Container
    let recorder: EventRecorder

    init(container: Container, base: Container, recorder: EventRecorder) {
        self.container = container
        self.base = base
        self.recorder = recorder
    }

    /// The test container installed for the current task by `run(_:)`, the
    /// `.overlay(of:_:)` trait or `withOverlay`.
    @TaskLocal public static var current: TestContainer?

    // MARK: Resolving

    /// The component registered as `T`.
    ///
    /// - Throws: As `Container.resolve(_:)`.
    ///
    /// ```swift
    /// let report = try test.resolve(ReportService.self)
    /// ```
    public func resolve<T>(_ type: T.Type = T.self) throws -> T { try container.resolve(type) }
    /// The component named `name`, as `T`.
    ///
    /// - Throws: As `Container.resolve(_:name:)`.
    ///
    /// ```swift
    /// let free = try test.resolve((any WeatherClient).self, name: "free")
    /// ```
    public func resolve<T>(_ type: T.Type = T.self, name: String) throws -> T { try container.resolve(type, name: name) }
    /// The component registered as `T`; the form for `async` factories.
    ///
    /// - Throws: As `Container.resolve(_:) async`.
    ///
    /// ```swift
    /// let store = try await test.resolve(ForecastStore.self)
    /// ```
    public func resolve<T>(_ type: T.Type = T.self) async throws -> T { try await container.resolve(type) }
    /// The component named `name`, as `T`; the form for `async` factories.
    ///
    /// - Throws: As `Container.resolve(_:name:) async`.
    ///
    /// ```swift
    /// let store = try await test.resolve(ForecastStore.self, name: "cached")
    /// ```
    public func resolve<T>(_ type: T.Type = T.self, name: String) async throws -> T { try await container.resolve(type, name: name) }
    /// A component registered with runtime arguments, made from the arguments given.
    ///
    /// - Throws: As `Container.resolve(_:name:runtimeArguments:)`.
    ///
    /// ```swift
    /// let report = try test.resolve(Report.self, runtimeArguments: "Oslo", 5)
    /// ```
    public func resolve<T, each A>(_ type: T.Type = T.self, name: String? = nil, runtimeArguments: repeat each A) throws -> T {
        try container.resolve(type, name: name, runtimeArguments: repeat each runtimeArguments)
    }
    /// A component registered with runtime arguments, with `await` (a factory that awaits).
    ///
    /// - Throws: As `Container.resolve(_:name:runtimeArguments:) async`.
    ///
    /// ```swift
    /// let forecast = try await test.resolve(Forecast.self, runtimeArguments: "Oslo")
    /// ```
    public func resolve<T, each A: Sendable>(_ type: T.Type = T.self, name: String? = nil, runtimeArguments: repeat each A) async throws -> T {
        try await container.resolve(type, name: name, runtimeArguments: repeat each runtimeArguments)
    }

    // MARK: Isolation

    /// Runs `body` with this container installed for the current task (and the tasks it
    /// starts): ``current`` is this container, and every top-level resolve on ``base`` is
    /// answered by it. Other tasks, and other tests running in parallel, see nothing of it.
    /// Shuts this container down when `body` returns or throws.
    ///
    /// - Throws: What `body` throws; else, when a dispose hook fails at shutdown, an `IoCError` of
    ///   kind `disposeFailed` listing each failure.
    ///
    /// ```swift
    /// try test.run { try App.container.resolve(ReportService.self).run() }   // answered by the overlay
    /// ```
    public func run<R>(_ body: () throws -> R) throws -> R {
        let result: Result<R, any Error> = base.withInstalled(container) {
            TestContainer.$current.withValue(self) { Result { try body() } }
        }
        return try finish(result)
    }

    /// The `async` form of `run(_:)`.
    ///
    /// - Throws: What `body` throws; else, when a dispose hook fails at shutdown, an `IoCError` of
    ///   kind `disposeFailed` listing each failure.
    ///
    /// ```swift
    /// try await test.run { try await App.container.resolve(ReportService.self).refresh() }
    /// ```
    public func run<R>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R) async throws -> R {
        let result: Result<R, any Error> = await base.withInstalled(container) {
            await TestContainer.$current.withValue(self) {
                do { return .success(try await body()) } catch { return .failure(error) }
            }
        }
        return try finish(result)
    }

    /// The body's error first; else a dispose failure; else the body's value.
    private func finish<R>(_ result: Result<R, any Error>) throws -> R {
        let disposed = Result { try shutdown() }
        let value = try result.get()
        try disposed.get()
        return value
    }

    /// Disposes the singletons this container made (not those it shares with its base).
    ///
    /// - Throws: An `IoCError` of kind `disposeFailed` listing each dispose hook that failed; every
    ///   other hook still runs.
    ///
    /// ```swift
    /// try test.shutdown()
    /// ```
    public func shutdown() throws {
        try container.shutdown()
    }

    // MARK: Observation

    /// What the container did, in order: instances created, top-level resolves, disposals.
    public var events: [ContainerEvent] { recorder.all }

    /// Forgets the events recorded so far.
    ///
    /// ```swift
    /// test.clearEvents()
    /// _ = try test.resolve(ReportService.self)
    /// #expect(test.events.count == 1)
    /// ```
    public func clearEvents() { recorder.clear() }

    /// How many `kind` events concern a component registered as `T` (and named `name`).
    ///
    /// ```swift
    /// #expect(test.count(.created, (any WeatherClient).self) == 1)
    /// ```
    public func count<T>(_ kind: ContainerEvent.Kind, _ type: T.Type, name: String? = nil) -> Int {
        let wanted = TypeRef(T.self)
        return events.filter { $0.kind == kind && $0.component.type == wanted && (name == nil || $0.component.name == name) }.count
    }

    /// How many `kind` events concern the component named `name`.
    ///
    /// ```swift
    /// #expect(test.count(.resolved, named: "free") == 2)
    /// ```
    public func count(_ kind: ContainerEvent.Kind, named name: String) -> Int {
        events.filter { $0.kind == kind && $0.component.name == name }.count
    }

    /// Whether the container made an instance of a component registered as `T`.
    ///
    /// ```swift
    /// #expect(!test.wasCreated(FreeWeatherClient.self))
    /// ```
    public func wasCreated<T>(_ type: T.Type, name: String? = nil) -> Bool { count(.created, type, name: name) > 0 }
    /// Whether the dispose hooks of a component registered as `T` ran.
    ///
    /// ```swift
    /// try test.shutdown()
    /// #expect(test.wasDisposed(ConnectionPool.self))
    /// ```
    public func wasDisposed<T>(_ type: T.Type, name: String? = nil) -> Bool { count(.disposed, type, name: name) > 0 }
    /// Whether a top-level resolve handed out a component registered as `T`.
    ///
    /// ```swift
    /// #expect(test.wasResolved(ReportService.self))
    /// ```
    public func wasResolved<T>(_ type: T.Type, name: String? = nil) -> Bool { count(.resolved, type, name: name) > 0 }

    // MARK: Reset

    /// Forgets the singleton registered (or exposed) as `T`, running its dispose hooks; the
    /// next request makes a new one in this container, even where it shared its base's.
    ///
    /// - Throws: An `IoCError` of kind `invalidOverride` when nothing is registered as `T` (naming the
    ///   closest type), or `T` keeps no instance; `disposeFailed` when a dispose hook fails.
    ///
    /// ```swift
    /// try test.reset(ReportCache.self)
    /// ```
    public func reset<T>(_ type: T.Type, file: String = #fileID, line: Int = #line) throws {
        let action = "reset \(TypeRef(T.self).name)"
        switch Overlay.typeTarget(T.self, in: container) {
        case .success(let target):
            try reset(matching: target.key, action, file, line)
        case .failure(let problem):
            throw IoCError(.invalidOverride(action: action, location: ConfigLocation(file: file, line: line),
                                            reason: problem.text + (problem.isMissing ? " Correct the type." : "")))
        }
    }

    /// Forgets the singleton named `name`, running its dispose hooks.
    ///
    /// - Throws: An `IoCError` of kind `invalidOverride` when no component has this name (naming the
    ///   closest one), or it keeps no instance; `disposeFailed` when a dispose hook fails.
    ///
    /// ```swift
    /// try test.reset("reportCache")
    /// ```
    public func reset(_ name: String, file: String = #fileID, line: Int = #line) throws {
        guard let target = container.definition(named: name) else {
            throw IoCError(.invalidOverride(action: "reset \"\(name)\"", location: ConfigLocation(file: file, line: line),
                                            reason: "the container has no component named \"\(name)\"."
                                            + Overlay.didYouMean(name, in: container.allNames, quoted: true) + " Correct the name."))
        }
        try reset(matching: target.key, "reset \"\(name)\"", file, line)
    }

    /// Forgets every instance of the components of `scope`: `Scope.singleton`,
    /// `Scope.weakSingleton`, or a custom scope's components in this container.
    ///
    /// - Throws: An `IoCError` of kind `invalidOverride` for a scope whose instances the container
    ///   does not keep; `disposeFailed` when a dispose hook fails.
    ///
    /// ```swift
    /// try test.reset(scope: .singleton)
    /// ```
    public func reset(scope: Scope, file: String = #fileID, line: Int = #line) throws {
        guard scope == .singleton || scope == .weakSingleton else {
            throw IoCError(.invalidOverride(action: "reset scope \(scope)", location: ConfigLocation(file: file, line: line),
                                            reason: "the container keeps no instances of \(scope) components: they end with their request, graph, thread or task, or with the custom scope that holds them. Reset singleton or weak-singleton."))
        }
        let outcome = container.resetInstances { $0.scope == scope }
        if !outcome.failures.isEmpty { throw IoCError(.disposeFailed(outcome.failures)) }
    }

    /// Forgets every singleton and weak singleton, running the dispose hooks of those made here.
    ///
    /// - Throws: An `IoCError` of kind `disposeFailed` listing each dispose hook that failed.
    ///
    /// ```swift
    /// try test.resetAll()
    /// ```
    public func resetAll() throws {
        let outcome = container.resetInstances { _ in true }
        if !outcome.failures.isEmpty { throw IoCError(.disposeFailed(outcome.failures)) }
    }

    private func reset(matching key: ComponentKey, _ action: String, _ file: String, _ line: Int) throws {
        let outcome = container.resetInstances { $0.key == key }
        guard !outcome.reset.isEmpty else {
            let scope = container.definitions.first { $0.key == key }?.scope.description ?? "unknown"
            throw IoCError(.invalidOverride(action: action, location: ConfigLocation(file: file, line: line),
                                            reason: "its scope is \(scope), which keeps no instance in the container. Only singletons and weak singletons can be reset."))
        }
        if !outcome.failures.isEmpty { throw IoCError(.disposeFailed(outcome.failures)) }
    }
}
