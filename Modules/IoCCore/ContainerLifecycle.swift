import Foundation

// The container's `async` resolves, injection into instances made elsewhere, and its lifecycle
// (children, task scopes, shutdown); its storage and synchronous resolves are in Container.swift.

extension Container {
    // MARK: Resolving with await

    /// The component registered as `T`; the form for components with `async` factories and
    /// main-actor components (it goes to the main actor for them).
    ///
    /// - Throws: As `resolve(_:)`, but never the errors that ask for `await`.
    ///
    /// ```swift
    /// let store = try await container.resolve(ForecastStore.self)
    /// ```
    public func resolve<T>(_ type: T.Type = T.self) async throws -> T {
        if isIntercepted, let other = answeringContainer() { return try await other.resolve(type) }
        let node = try self.node(type, name: nil)
        if isIntercepted { observeResolved([node.component]) }
        return try await node.typed(T.self).resolveTopAsync(self)
    }

    /// The component named `name`, as `T`; the form for components with `async` factories.
    ///
    /// - Throws: As `resolve(_:name:)`, but never the errors that ask for `await`.
    ///
    /// ```swift
    /// let store = try await container.resolve(ForecastStore.self, name: "cached")
    /// ```
    public func resolve<T>(_ type: T.Type = T.self, name: String) async throws -> T {
        if isIntercepted, let other = answeringContainer() { return try await other.resolve(type, name: name) }
        guard let node = publicNode(named: name) else { throw lookupFailure(type, name: name) }
        if isIntercepted { observeResolved([node.component]) }
        if let typed = node as? Node<T> { return try await typed.resolveTopAsync(self) }
        return try await resolveTopAsync { ctx in try await self.instanceAsync(of: node, as: T.self, ctx: ctx) }
    }

    /// ``resolve(_:name:runtimeArguments:)`` with `await`: for a factory registered as `async`
    /// (``ContainerBuilder/register(_:name:asyncRuntimeArguments:file:line:)``).
    ///
    /// - Throws: As `resolve(_:name:runtimeArguments:)`.
    ///
    /// ```swift
    /// let forecast = try await container.resolve(Forecast.self, runtimeArguments: "Oslo")
    /// ```
    public func resolve<T, each A: Sendable>(_ type: T.Type = T.self, name: String? = nil, runtimeArguments: repeat each A) async throws -> T {
        if isIntercepted, let other = answeringContainer() { return try await other.resolve(type, name: name, runtimeArguments: repeat each runtimeArguments) }
        return try await resolveTopAsync { ctx in try await self.runtimeAsync(type, name: name, ctx: ctx, arguments: repeat each runtimeArguments) }
    }

    /// ``resolveOptional(_:name:)`` with `await`: components with `async` factories, or on the main actor.
    ///
    /// - Throws: What making the component throws; never for a component that is missing.
    ///
    /// ```swift
    /// let cache = try await container.resolveOptional(Cache.self)   // nil when none is registered
    /// ```
    public func resolveOptional<T>(_ type: T.Type = T.self, name: String? = nil) async throws -> T? {
        guard isRegistered(type, name: name) else { return nil }
        if let name { return try await resolve(type, name: name) }
        return try await resolve(type)
    }

    /// ``resolveAll(_:)`` with `await`: each component is made as `resolve(_:) async` makes it.
    ///
    /// - Throws: What making any of the components throws (an ``IoCError`` naming it).
    ///
    /// ```swift
    /// let stores = try await container.resolveAll((any Store).self)
    /// ```
    public func resolveAll<T>(_ type: T.Type = T.self) async throws -> [T] {
        if isIntercepted, let other = answeringContainer() { return try await other.resolveAll(type) }
        let components = observedMembers(of: type, tagged: nil)
        return try await resolveTopAsync { ctx in try await self.instancesAsync(of: components, as: type, ctx: ctx) }
    }

    /// ``resolveAll(_:tagged:)`` with `await`.
    ///
    /// - Throws: What making any of the components throws (an ``IoCError`` naming it).
    ///
    /// ```swift
    /// let stores = try await container.resolveAll((any Store).self, tagged: "warm")
    /// ```
    public func resolveAll<T>(_ type: T.Type = T.self, tagged tag: String) async throws -> [T] {
        if isIntercepted, let other = answeringContainer() { return try await other.resolveAll(type, tagged: tag) }
        let components = observedMembers(of: type, tagged: tag)
        return try await resolveTopAsync { ctx in try await self.instancesAsync(of: components, as: type, ctx: ctx) }
    }

    /// ``resolveMap(_:tagged:)`` with `await`.
    ///
    /// - Throws: What making any of the components throws (an ``IoCError`` naming it).
    ///
    /// ```swift
    /// let stores = try await container.resolveMap((any Store).self)   // by name
    /// ```
    public func resolveMap<T>(_ type: T.Type = T.self, tagged tag: String? = nil) async throws -> [String: T] {
        if isIntercepted, let other = answeringContainer() { return try await other.resolveMap(type, tagged: tag) }
        let components = observedMembers(of: type, tagged: tag)
        return try await resolveTopAsync { ctx in try await self.instancesByKeyAsync(of: components, as: type, ctx: ctx) }
    }

    // MARK: Injecting into instances made elsewhere

    /// Injects an instance the container did not make — a view controller a storyboard made, an
    /// object a framework hands you (Typhoon's `inject:`): runs the before-injection hooks,
    /// property injection, method calls and after-injection hooks of the definition of `T`
    /// (or of the one named `name`). Its construction, decorators and post-processors are not
    /// run: the instance stays the one you passed.
    ///
    /// - Parameters:
    ///   - instance: The instance to inject.
    ///   - name: The definition to follow, when it is not the one registered as `T`.
    /// - Returns: The instance (for a value type, the injected copy).
    /// - Throws: An ``IoCError``: ``IoCError/Kind/missingComponent`` when no definition is
    ///   registered as `T` (or named `name`), ``IoCError/Kind/typeMismatch`` when the one found
    ///   is only exposed as `T`, or what resolving a dependency or running a hook threw.
    ///
    /// ```swift
    /// let controller = storyboard.instantiateViewController(identifier: "report") as! ReportViewController
    /// try container.inject(into: controller)
    /// ```
    @discardableResult
    public func inject<T>(into instance: T, name: String? = nil) throws -> T {
        if isIntercepted, let other = answeringContainer() { return try other.inject(into: instance, name: name) }
        let chosen = name.map { component(named: $0) } ?? candidates(of: ObjectIdentifier(T.self)).flatMap(Compilation.choose)
        guard let found = chosen?.node.object else { throw lookupFailure(T.self, name: name) }
        // An exposure as a protocol has no injection of its own: the instance needs its own type's.
        guard let node = found.exactly(T.self), found.base == nil else {
            let component = found.base ?? found
            throw IoCError(.typeMismatch(component: component.label, expected: TypeRef(T.self), actual: component.typeRef, site: nil,
                                         path: [component.label]))
        }
        var value = instance
        let graph = node.needsGraph ? ObjectGraph() : nil
        defer { keepAlive(graph) }
        do {
            try node.inject(into: &value, ResolutionContext(container: node.container, graph: graph))
        } catch let error as IoCError {
            throw error.atTopLevel()
        }
        return value
    }

    // MARK: Lifecycle

    /// Makes a child container: it sees this container's components and shares its singletons;
    /// its own definitions may reference them and override their keys for itself.
    ///
    /// - Parameter configure: Registers the child's own components.
    /// - Returns: The built child.
    /// - Throws: What `configure` throws, or the ``IoCError/Kind/validationFailed`` error of
    ///   building the child (see ``ContainerBuilder/build()``).
    ///
    /// ```swift
    /// let request = try app.makeChild { $0.register(instance: currentUser) }
    /// ```
    public func makeChild(_ configure: (ContainerBuilder) throws -> Void) throws -> Container {
        if isIntercepted, let other = answeringContainer() { return try other.makeChild(configure) }
        let builder = ContainerBuilder(parent: self)
        try configure(builder)
        return try builder.build()
    }

    /// Runs `body` in a new task scope: task-local components are shared inside it (and by the
    /// tasks it starts) and disposed when it ends, whether `body` returns or throws.
    ///
    /// - Parameter body: The work of one scope: a request, a job.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (a dispose hook that threw as well reaches
    ///   ``ContainerBuilder/events``); otherwise ``IoCError/Kind/disposeFailed`` when a dispose
    ///   hook of the scope's components threw (every hook still ran).
    ///
    /// ```swift
    /// let page = try container.withTaskScope { try container.resolve(RequestHandler.self).handle(request) }
    /// ```
    public func withTaskScope<R>(_ body: () throws -> R) throws -> R {
        try run(body, in: TaskScope())
    }

    /// Runs `body` in a new task scope; the `async` form.
    ///
    /// - Throws: As the synchronous `withTaskScope(_:)`.
    ///
    /// ```swift
    /// let page = try await container.withTaskScope { try await handler.handle(request) }
    /// ```
    public func withTaskScope<R>(_ body: () async throws -> R) async throws -> R {
        try await run(body, in: TaskScope())
    }

    /// Runs `body` in a new task scope given `value`: in it, `value` is the task-local component
    /// of type `C` — registered with ``ContainerBuilder/register(scopeValue:file:line:)``, or any
    /// task-local component of that type, which it stands in for — so the scope's components
    /// that inject `C` get it: a request's context for the components made once per request.
    /// What the scope made is disposed when it ends; `value` is not (the container did not make it).
    ///
    /// - Throws: An ``IoCError`` of kind ``IoCError/Kind/scopeValueMissing`` when no task-local
    ///   component of type `C` is registered; otherwise as `withTaskScope(_:)`.
    ///
    /// ```swift
    /// let page = try container.withTaskScope(providing: RequestInfo(path: "/todos")) {
    ///     try container.resolve(TodoController.self).list()
    /// }
    /// ```
    public func withTaskScope<C, R>(providing value: C, _ body: () throws -> R) throws -> R {
        try run(body, in: TaskScope(providing: value, in: self))
    }

    /// ``withTaskScope(providing:_:)-(_,()->R)`` with `await`: a request handler's form.
    ///
    /// - Throws: As the synchronous `withTaskScope(providing:_:)`.
    ///
    /// ```swift
    /// let page = try await container.withTaskScope(providing: info) { try await handler.handle(request) }
    /// ```
    public func withTaskScope<C, R>(providing value: C, _ body: () async throws -> R) async throws -> R {
        try await run(body, in: TaskScope(providing: value, in: self))
    }

    /// Runs `body` in `scope`, then ends it — also when `body` throws: what the scope made is
    /// disposed either way.
    // NB: no `Result<R, any Error>`, whose metadata each scope would look up for its `R`.
    private func run<R>(_ body: () throws -> R, in scope: TaskScope) throws -> R {
        let result: R
        do {
            result = try TaskScopes.$current.withValue(scope) { try body() }
        } catch {
            _ = ended(scope)   // the body's error stays the error
            throw error
        }
        if let failure = ended(scope) { throw failure }
        return result
    }

    /// ``run(_:in:)`` with `await`.
    private func run<R>(_ body: () async throws -> R, in scope: TaskScope) async throws -> R {
        let result: R
        do {
            result = try await TaskScopes.$current.withValue(scope) { try await body() }
        } catch {
            _ = ended(scope)   // the body's error stays the error
            throw error
        }
        if let failure = ended(scope) { throw failure }
        return result
    }

    /// Ends `scope`: the error of its dispose hooks that threw, already told to ``events``.
    private func ended(_ scope: TaskScope) -> IoCError? {
        let failures = scope.end()
        return failures.isEmpty ? nil : disposeFailure(failures)
    }

    /// The node of the task-local component of type `C` — the one a resolve of `C` reaches —
    /// for a scope to be given its instance.
    func scopeValueNode<C>(_ type: C.Type) throws -> Node<C> {
        guard let node = tableComponent(C.self)?.node.object.exactly(C.self), case .taskLocal = node.storage else {
            throw IoCError(.scopeValueMissing(type: TypeRef(C.self).name, provided: true))
        }
        return node
    }

    /// Runs the dispose hooks of every singleton this container created, newest first, and
    /// refuses to create anything afterwards. Every hook runs even when one throws; the
    /// failures are thrown together at the end. Calling it again does nothing.
    ///
    /// - Throws: An ``IoCError`` of kind ``IoCError/Kind/disposeFailed`` naming each hook that
    ///   threw, after every hook has run.
    ///
    /// ```swift
    /// defer { try? container.shutdown() }
    /// ```
    public func shutdown() throws {
        guard !shutDownFlag.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let actions = created.withLock { list in defer { list.removeAll() }; return list }
        let failures = actions.reversed().flatMap { $0.dispose() }
        for node in madeNodes { node.forgetSingleton() }
        let failure = failures.isEmpty ? nil : disposeFailure(failures)
        events?(.shutDown(disposed: actions.count))
        if let failure { throw failure }
    }

    /// The error of dispose hooks that threw (at shutdown or a task scope's end), told to ``events`` first.
    private func disposeFailure(_ failures: [String]) -> IoCError {
        events?(.disposeFailed(failures))
        return IoCError(.disposeFailed(failures))
    }

    /// The time a singleton's creation starts, when the container times creations (``slowCreationSeconds``).
    func creationStart() -> UInt64? {
        slowCreationSeconds == nil ? nil : EventClock.now()
    }

    /// Reports the creation of `component` (defined at `location`) that began at `start`, if it
    /// took longer than ``slowCreationSeconds``.
    func creationEnded(_ component: @autoclosure () -> String, at location: @autoclosure () -> ConfigLocation, start: UInt64) {
        guard let limit = slowCreationSeconds else { return }
        let seconds = EventClock.seconds(since: start)
        if seconds > limit { events?(.slowCreation(component: component(), location: location(), seconds: seconds)) }
    }

    /// Keeps `replaced` until the container goes (see ``retired``).
    func retire(_ replaced: AnyObject) {
        retired.withLock { $0.append(replaced) }
    }

    /// Records a new singleton so that shutdown can dispose it.
    func didCreate<T>(node: Node<T>, instance: T) {
        guard node.hasDisposeHooks else { return }
        let box = UncheckedBox(instance)
        created.withLock { $0.append((node.serial, { node.dispose(box.value) })) }
    }

    /// Takes back the dispose action of the singleton of the node `serial`, to run it now (reset).
    func takeDisposal(of serial: UInt64) -> (@Sendable () -> [String])? {
        created.withLock { list in
            guard let index = list.lastIndex(where: { $0.serial == serial }) else { return nil }
            return list.remove(at: index).dispose
        }
    }
}

extension IoCError {
    /// At the outermost resolve: a depth overrun whose path repeats a component is a cycle; a
    /// cycle that ends at a creation this resolve's work was started by (a task a factory
    /// started) is closed with the creations from that one inwards.
    func atTopLevel() -> IoCError {
        let path: [String]
        switch problem {
        case let .depthExceeded(_, deep), let .stackExhausted(_, deep): path = deep
        case let .cycle(open, location) where open.count == 1 || open.first != open.last:
            guard let last = open.last, let creations = CreationLineage.current?.labels(from: last) else { return self }
            return IoCError(.cycle(path: creations + open, location: location))
        default: return self
        }
        var firstSeen: [String: Int] = [:]
        for (index, component) in path.enumerated() {
            if let start = firstSeen[component] { return IoCError(.cycle(path: Array(path[start...index]), location: nil)) }
            firstSeen[component] = index
        }
        return self
    }
}
