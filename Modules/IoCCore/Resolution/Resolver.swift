/// What a factory closure resolves its dependencies with. It belongs to the resolve that
/// called the closure: object-graph components are shared with the rest of that graph,
/// and cycles through closures are reported with their full path.
///
/// ```swift
/// builder.register(ReportService.self) { r in
///     ReportService(client: try r.resolve(), printer: try r.resolve(name: "console"))
/// }
/// ```
///
/// Each form throws what the container's form of the same name throws
/// (``Container/resolve(_:)`` and the rest), with the factory's component on the resolution
/// path; a factory that lets the error through fails its own component with it.
public struct Resolver: Sendable {
    // NB: the context's references are unowned; the resolver keeps them alive itself, since a
    // closure may keep the resolver (or pass it to another thread) past the resolve that made it.
    private let container: Container
    private let graph: ObjectGraph?
    private let state: ResolveState?
    let ctx: ResolutionContext

    init(_ ctx: ResolutionContext) {
        self.container = ctx.container
        self.graph = ctx.graph
        self.state = ctx.state
        // NB: no task scope: a factory's resolves find theirs (it may have started one).
        var ctx = ctx
        ctx.taskScope = nil
        self.ctx = ctx
    }

    /// The component registered as `T`.
    ///
    /// - Throws: As `Container.resolve(_:)`.
    ///
    /// ```swift
    /// builder.register(ReportService.self) { r in ReportService(client: try r.resolve()) }
    /// ```
    public func resolve<T>(_ type: T.Type = T.self) throws -> T {
        let node = try container.node(type, name: nil)
        return try node.typed(T.self).instance(ctx)
    }

    /// The component named `name`, as `T`.
    ///
    /// - Throws: As `Container.resolve(_:name:)`.
    ///
    /// ```swift
    /// builder.register(ReportService.self) { r in ReportService(client: try r.resolve((any WeatherClient).self, name: "free")) }
    /// ```
    public func resolve<T>(_ type: T.Type = T.self, name: String) throws -> T {
        try container.instance(of: container.node(type, name: name), as: type, ctx: ctx)
    }

    /// The component, or `nil` when none is registered under that key.
    ///
    /// - Throws: As `Container.resolveOptional(_:name:)`.
    ///
    /// ```swift
    /// builder.register(ReportService.self) { r in ReportService(cache: try r.resolveOptional(ReportCache.self)) }
    /// ```
    public func resolveOptional<T>(_ type: T.Type = T.self, name: String? = nil) throws -> T? {
        guard container.isRegistered(type, name: name) else { return nil }
        if let name { return try resolve(type, name: name) }
        return try resolve(type)
    }

    /// Every component of type `T`, in registration order.
    ///
    /// - Throws: As `Container.resolveAll(_:)`.
    ///
    /// ```swift
    /// builder.register(Broadcaster.self) { r in Broadcaster(channels: try r.resolveAll((any Channel).self)) }
    /// ```
    public func resolveAll<T>(_ type: T.Type = T.self) throws -> [T] {
        try container.instances(of: container.members(of: type, tagged: nil), as: type, ctx: ctx)
    }

    /// Every component tagged `tag`, as `T`.
    ///
    /// - Throws: As `Container.resolveAll(_:tagged:)`.
    ///
    /// ```swift
    /// builder.register(Broadcaster.self) { r in Broadcaster(channels: try r.resolveAll((any Channel).self, tagged: "urgent")) }
    /// ```
    public func resolveAll<T>(_ type: T.Type = T.self, tagged tag: String) throws -> [T] {
        try container.instances(of: container.members(of: type, tagged: tag), as: type, ctx: ctx)
    }

    /// Every component of type `T` (or tagged `tag`), keyed by name.
    ///
    /// - Throws: As `Container.resolveMap(_:tagged:)`.
    ///
    /// ```swift
    /// builder.register(Router.self) { r in Router(channels: try r.resolveMap((any Channel).self)) }
    /// ```
    public func resolveMap<T>(_ type: T.Type = T.self, tagged tag: String? = nil) throws -> [String: T] {
        try container.instancesByKey(of: container.members(of: type, tagged: tag), as: type, ctx: ctx)
    }

    /// A component registered with runtime arguments, made from the arguments given (see
    /// ``Container/resolve(_:name:runtimeArguments:)``).
    ///
    /// - Throws: As `Container.resolve(_:name:runtimeArguments:)`.
    ///
    /// ```swift
    /// builder.register(Dashboard.self) { r in Dashboard(report: try r.resolve(Report.self, runtimeArguments: "Oslo", 5)) }
    /// ```
    public func resolve<T, each A>(_ type: T.Type = T.self, name: String? = nil, runtimeArguments: repeat each A) throws -> T {
        try container.runtime(type, name: name, ctx: ctx, arguments: repeat each runtimeArguments)
    }

    /// The component registered as `T`; the form for components with `async` factories.
    ///
    /// - Throws: What resolving the component throws (an `IoCError`).
    ///
    /// ```swift
    /// builder.register(Dashboard.self, asyncFactory: { r in Dashboard(store: try await r.resolve()) })
    /// ```
    public func resolve<T>(_ type: T.Type = T.self) async throws -> T {
        let node = try container.node(type, name: nil)
        return try await node.typed(T.self).instanceAsync(ctx)
    }

    /// The component named `name`; the form for components with `async` factories.
    ///
    /// - Throws: What resolving the component throws (an `IoCError`).
    ///
    /// ```swift
    /// builder.register(Dashboard.self, asyncFactory: { r in Dashboard(store: try await r.resolve(ForecastStore.self, name: "cached")) })
    /// ```
    public func resolve<T>(_ type: T.Type = T.self, name: String) async throws -> T {
        try await container.instanceAsync(of: container.node(type, name: name), as: type, ctx: ctx)
    }

    /// A component registered with runtime arguments, with `await` (for a factory registered as `async`).
    ///
    /// - Throws: As `Container.resolve(_:name:runtimeArguments:)`.
    ///
    /// ```swift
    /// builder.register(Dashboard.self, asyncFactory: { r in Dashboard(forecast: try await r.resolve(Forecast.self, runtimeArguments: "Oslo")) })
    /// ```
    public func resolve<T, each A: Sendable>(_ type: T.Type = T.self, name: String? = nil, runtimeArguments: repeat each A) async throws -> T {
        try await container.runtimeAsync(type, name: name, ctx: ctx, arguments: repeat each runtimeArguments)
    }

    /// ``resolveOptional(_:name:)`` with `await`.
    ///
    /// - Throws: What making the component throws; never for a component that is missing.
    ///
    /// ```swift
    /// builder.register(Dashboard.self, asyncFactory: { r in Dashboard(cache: try await r.resolveOptional(ReportCache.self)) })
    /// ```
    public func resolveOptional<T>(_ type: T.Type = T.self, name: String? = nil) async throws -> T? {
        guard container.isRegistered(type, name: name) else { return nil }
        if let name { return try await resolve(type, name: name) }
        return try await resolve(type)
    }

    /// ``resolveAll(_:)`` with `await`.
    ///
    /// - Throws: What making any of the components throws (an ``IoCError`` naming it).
    ///
    /// ```swift
    /// builder.register(Broadcaster.self, asyncFactory: { r in Broadcaster(channels: try await r.resolveAll((any Channel).self)) })
    /// ```
    public func resolveAll<T>(_ type: T.Type = T.self) async throws -> [T] {
        try await container.instancesAsync(of: container.members(of: type, tagged: nil), as: type, ctx: ctx)
    }

    /// ``resolveAll(_:tagged:)`` with `await`.
    ///
    /// - Throws: What making any of the components throws (an ``IoCError`` naming it).
    ///
    /// ```swift
    /// builder.register(Broadcaster.self, asyncFactory: { r in Broadcaster(channels: try await r.resolveAll((any Channel).self, tagged: "urgent")) })
    /// ```
    public func resolveAll<T>(_ type: T.Type = T.self, tagged tag: String) async throws -> [T] {
        try await container.instancesAsync(of: container.members(of: type, tagged: tag), as: type, ctx: ctx)
    }

    /// ``resolveMap(_:tagged:)`` with `await`.
    ///
    /// - Throws: What making any of the components throws (an ``IoCError`` naming it).
    ///
    /// ```swift
    /// builder.register(Router.self, asyncFactory: { r in Router(channels: try await r.resolveMap((any Channel).self)) })
    /// ```
    public func resolveMap<T>(_ type: T.Type = T.self, tagged tag: String? = nil) async throws -> [String: T] {
        try await container.instancesByKeyAsync(of: container.members(of: type, tagged: tag), as: type, ctx: ctx)
    }
}
