#if !(IOC_FALLBACK || canImport(Darwin))
import Synchronization  // where `AtomicCell` is its `Atomic` (Unsafe/Atomics.swift)
#endif

/// A built, immutable container: resolves components by type, by name or both, from any
/// thread or task.
///
/// Make one with a ``ContainerBuilder``; `build()` checked the whole graph already. Keep it
/// for the life of the app and resolve at the entry points only: everything else is injected.
///
/// ```swift
/// let container = try builder.build()
/// let service = try container.resolve(ReportService.self)
/// let free = try container.resolve((any WeatherClient).self, name: "free")
/// ```
public final class Container: Sendable {
    // The build's results: computed by the build before it makes the container, never changed
    // after (see ``BuildTables``).
    /// The hot lookups, read unretained; `lookupOwner` keeps them alive.
    @usableFromInline let lookups: Unretained<LookupTables>
    private let lookupOwner: LookupTables
    /// The components by number: the definitions, then the exposures and inner definitions.
    let components: NumberedComponents
    /// This container's own components of each type (registered or exposed as it), by number;
    /// a type it has none of is its parent's (``candidates(of:)``).
    private let ownCandidates: [ObjectIdentifier: ComponentNumbers]
    /// This container's own components of each tag, by priority, by number (``tagged(_:)``).
    private let ownTags: [String: ComponentNumbers]
    /// The marks of each component, which its node copies when it is made.
    let flags: [NodeFlags]
    private let dependencyTable: DependencyTable
    let runtimeFactories: [RuntimeFactoryKey: PublishedRuntimeFactory]
    /// The definitions of this container's own runtime-argument factories (the canonical form prints them).
    let runtimeDefinitions: [Definition]
    let hasObjectGraphNodes: Bool
    /// Some component, here or in a parent, is main-actor (the build marks what reaches one).
    let hasMainActorNodes: Bool

    // What the builder set.
    /// The custom scopes by name, the parent's with this builder's over them.
    let customScopes: [String: any CustomScope]
    /// The builder's value converters: a component whose values the build checked converts
    /// them again on first use; the canonical form prints with them.
    let converters: ValueConverters
    /// The builder's post-processors, for the components that bind on first use.
    let postProcessors: [any InstancePostProcessor]
    let maxResolutionDepth: Int
    /// Below this depth, resolving checks neither the depth limit nor the stack.
    var depthCheckThreshold: Int { min(64, maxResolutionDepth) }
    /// How long a resolve waits for a creation in progress elsewhere, in seconds
    /// (``ContainerBuilder/creationWaitSeconds``).
    let creationWaitSeconds: Double?
    /// Where it sends its events (``ContainerBuilder/events``).
    let events: (@Sendable (ContainerEvent) -> Void)?
    /// Singletons slower to create are reported (``ContainerBuilder/slowCreationSeconds``).
    let slowCreationSeconds: Double?

    /// The definitions this container was built from, after overrides were applied.
    ///
    /// The container keeps most of them in a compact form and makes each definition again
    /// when they are asked for, so read them once, not in a loop.
    public var definitions: [Definition] { components.definitions.all }
    /// The container whose components this one sees and shares, for child containers.
    public let parent: Container?

    let shutDownFlag = AtomicCell<Bool>(false)
    /// The dispose actions of the singletons created so far, by node serial, oldest first.
    let created = Locked<[(serial: UInt64, dispose: @Sendable () -> [String])]>([])
    /// What resets and test overlays replaced (singletons, producers) while other threads may
    /// still read it unretained: freed with the container.
    let retired = Locked<[AnyObject]>([])

    // Test support (IoCTesting): see Interception.swift.
    /// How many interceptors this container has: resolves take the intercepted path while
    /// it is not zero.
    @usableFromInline let interceptorCount = AtomicCell<Int>(0)
    /// What watches, or answers instead of, this container's top-level resolves.
    let interceptors = Locked<[any ResolveInterceptor]>([])
    /// What the builder held, so that a test can build this container again with changes.
    package let recipe: BuildRecipe
    /// The Swift code its components' definitions name: the builder's, and what the build bound.
    let code: FrozenCode
    /// The container whose unchanged singletons this one shares (a test overlay's base).
    package let sharingBase: Container?

    /// The container `builder` builds, with the builder's settings and the build's `tables`.
    init(builder: ContainerBuilder, tables: BuildTables) {
        parent = builder.parent
        customScopes = Self.customScopes(of: builder)
        converters = builder.converters
        postProcessors = builder.postProcessors
        maxResolutionDepth = builder.maxResolutionDepth
        creationWaitSeconds = builder.creationWaitSeconds
        events = builder.events
        slowCreationSeconds = builder.slowCreationSeconds
        recipe = BuildRecipe(builder, definitions: tables.recipeDefinitions)
        code = tables.code
        sharingBase = builder.sharingBase
        components = tables.components
        ownCandidates = tables.candidates
        ownTags = tables.tags
        flags = tables.flags
        dependencyTable = tables.dependencies
        runtimeFactories = tables.runtimeFactories
        runtimeDefinitions = tables.runtimeDefinitions
        hasObjectGraphNodes = tables.hasObjectGraphNodes
        hasMainActorNodes = tables.hasMainActorNodes
        let lookups = LookupTables(types: tables.types, names: tables.names, nodes: NodeSlots(count: tables.components.count, made: []))
        lookupOwner = lookups
        self.lookups = Unretained(lookups)
    }

    /// The custom scopes a container `builder` builds knows: its parent's, with the builder's over them.
    static func customScopes(of builder: ContainerBuilder) -> [String: any CustomScope] {
        (builder.parent?.customScopes ?? [:]).merging(builder.customScopes) { $1 }
    }

    deinit {
        // A cycle's member holds the members to create before it. Cut those links before the
        // nodes go, so that freeing them does not free each from inside another's deinit.
        for node in madeNodes { node.cycle?.first = [] }
    }

    /// The components of the type `id` (registered or exposed as it): this container's own,
    /// else its parent's; `nil` when neither has one.
    func candidates(of id: ObjectIdentifier) -> ComponentList? {
        if let own = ownCandidates[id] { return ComponentList(self, own) }
        return parent?.candidates(of: id)
    }

    /// The components tagged `tag`, by priority: this container's own, else its parent's.
    func tagged(_ tag: String) -> ComponentList? {
        if let own = ownTags[tag] { return ComponentList(self, own) }
        return parent?.tagged(tag)
    }

    /// What component `index` builds directly (set at build): a component that binds on
    /// first use binds to these, and a test overlay compares them.
    func dependencies(of index: Int) -> [NodeRef] { dependencyTable.targets(of: index, in: self) }

    /// The component named `name` (or with that alias), here or in a parent, private or not.
    @inlinable
    func component(named name: String) -> NodeRef? {
        lookups.with { $0.names.component(named: name, in: self) }
    }

    /// The node of the component named `name`, made if it was not yet.
    func node(named name: String) -> AnyNode? {
        component(named: name)?.node.object
    }

    /// The component a top-level resolve by `name` reaches: `nil` for a private one.
    func publicNode(named name: String) -> AnyNode? {
        guard let found = component(named: name), !found.hides(name: name) else { return nil }
        return found.node.object
    }

    /// Every name and alias, here and in a parent.
    package var allNames: [String] { Array(lookups.with { $0.names.allNames(in: self) }) }
    /// Every type a component is registered or exposed as, here and in a parent, by name.
    package var allTypeNames: [String] {
        let own = ownCandidates.values.compactMap { $0.first.flatMap { key(at: Int($0)).type?.name } }
        // A type this container has hides its parent's candidates of it.
        let named = Set(own)
        return own + (parent?.allTypeNames.filter { !named.contains($0) } ?? [])
    }

    var isShutDown: Bool { shutDownFlag.load(ordering: .acquiring) }

    // MARK: Resolving by type and name

    /// The component registered (or exposed) as `T`, made as its scope says.
    ///
    /// - Parameter type: The type asked for; inferred from the context when left out.
    /// - Returns: The instance: a new one for a prototype, the same one for a singleton.
    /// - Throws: An ``IoCError``: ``IoCError/Kind/missingComponent`` (with the closest names),
    ///   ``IoCError/Kind/ambiguousComponent`` when several match and none is primary,
    ///   ``IoCError/Kind/constructionFailed`` when an initializer, factory or hook threw (its
    ///   ``IoCError/underlying`` error kept), ``IoCError/Kind/cycle`` for a cycle through
    ///   closures, ``IoCError/Kind/asyncResolutionRequired`` or
    ///   ``IoCError/Kind/mainActorRequired`` when the component needs `await`.
    ///
    /// ```swift
    /// let report = try container.resolve(ReportService.self)
    /// let client: any WeatherClient = try container.resolve()
    /// ```
    @inlinable
    public func resolve<T>(_ type: T.Type = T.self) throws -> T {
        if _slowPath(isIntercepted) { return try interceptedResolve(type, name: nil) }
        guard let found = tableComponent(T.self) else { throw lookupFailure(type, name: nil) }
        // NB: the table holds a component making `T` for the key `T` by construction (see Compilation).
        return try found.node.with { try $0.typed(T.self).resolveTop(self) }
    }

    /// The component named `name` (or with that alias), as `T`.
    ///
    /// - Parameters:
    ///   - type: The type wanted: the component's type, or one it is exposed as.
    ///   - name: The component's name or alias.
    /// - Throws: As `resolve(_:)`; also ``IoCError/Kind/typeMismatch`` when the component
    ///   cannot be had as `T`, and ``IoCError/Kind/privateComponent`` for a private one.
    ///
    /// ```swift
    /// let audit = try container.resolve((any Logger).self, name: "audit")
    /// ```
    @inlinable
    public func resolve<T>(_ type: T.Type = T.self, name: String) throws -> T {
        if _slowPath(isIntercepted) { return try interceptedResolve(type, name: name) }
        guard let found = component(named: name) else { throw lookupFailure(type, name: name) }
        return try found.node.with { node in
            if _slowPath(node.isPrivate), node.hides(name: name) { throw lookupFailure(type, name: name) }
            if let typed = node as? Node<T> { return try typed.resolveTop(self) }
            return try resolveTop { ctx in try self.instance(of: node, as: T.self, ctx: ctx) }
        }
    }

    /// The component, or `nil` when none is registered under that key.
    ///
    /// - Throws: As `resolve(_:)` for everything but a missing component: a component that
    ///   is there and fails to build still throws.
    ///
    /// ```swift
    /// let metrics = try container.resolveOptional(Metrics.self)   // nil when not registered
    /// ```
    @inlinable
    public func resolveOptional<T>(_ type: T.Type = T.self, name: String? = nil) throws -> T? {
        guard isRegistered(type, name: name) else { return nil }
        if let name { return try resolve(type, name: name) }
        return try resolve(type)
    }

    /// The component a top-level resolve of `T` finds in the type table: the one candidate
    /// chosen among a type's components, when it is not private; `nil` otherwise.
    @inlinable
    func tableComponent<T>(_ type: T.Type) -> NodeRef? {
        let number = lookups.with { $0.types.number(for: ObjectIdentifier(T.self)) }
        if _fastPath(number >= 0) { return NodeRef(self, Int(number)) }
        return number == TypeTable.absent ? parentTableComponent(ObjectIdentifier(T.self)) : nil
    }

    /// ``tableComponent(_:)`` for a type this container has no candidate of: the first parent
    /// that has one answers.
    // NB: a loop apart from the table's answer, not a recursive call: the resolve path stays
    // small enough to inline.
    @usableFromInline @inline(never)
    func parentTableComponent(_ id: ObjectIdentifier) -> NodeRef? {
        var current = parent
        while let container = current {
            let number = container.lookups.with { $0.types.number(for: id) }
            if number >= 0 { return NodeRef(container, Int(number)) }
            if number == TypeTable.unanswered { return nil }
            current = container.parent
        }
        return nil
    }

    /// Every component of type `T` (registered as `T` or exposed as `T`), in registration order;
    /// empty when there is none.
    ///
    /// - Throws: As `resolve(_:)`, for the first component that fails.
    ///
    /// ```swift
    /// let reporters = try container.resolveAll((any Reporter).self)
    /// ```
    public func resolveAll<T>(_ type: T.Type = T.self) throws -> [T] {
        if isIntercepted, let other = answeringContainer() { return try other.resolveAll(type) }
        let components = observedMembers(of: type, tagged: nil)
        return try resolveTop { ctx in try self.instances(of: components, as: type, ctx: ctx) }
    }

    /// Every component tagged `tag`, as `T`, in registration order (or by the tag's `priority`
    /// attribute, highest first, when the components give one).
    ///
    /// - Throws: As `resolve(_:name:)`, for the first component that fails.
    ///
    /// ```swift
    /// let handlers = try container.resolveAll((any Handler).self, tagged: "handler")
    /// ```
    public func resolveAll<T>(_ type: T.Type = T.self, tagged tag: String) throws -> [T] {
        if isIntercepted, let other = answeringContainer() { return try other.resolveAll(type, tagged: tag) }
        let components = observedMembers(of: type, tagged: tag)
        return try resolveTop { ctx in try self.instances(of: components, as: type, ctx: ctx) }
    }

    /// Every component of type `T` (or tagged `tag`), keyed by name (the type's name when unnamed).
    ///
    /// - Throws: As `resolveAll(_:)`.
    ///
    /// ```swift
    /// let channels = try container.resolveMap((any Channel).self)   // ["email": ..., "sms": ...]
    /// ```
    public func resolveMap<T>(_ type: T.Type = T.self, tagged tag: String? = nil) throws -> [String: T] {
        if isIntercepted, let other = answeringContainer() { return try other.resolveMap(type, tagged: tag) }
        let components = observedMembers(of: type, tagged: tag)
        return try resolveTop { ctx in try self.instancesByKey(of: components, as: type, ctx: ctx) }
    }

    /// Makes a component registered with runtime arguments
    /// (``ContainerBuilder/register(_:name:runtimeArguments:file:line:)``) from the arguments given.
    ///
    /// - Parameters:
    ///   - type: The type registered.
    ///   - name: The name it was registered under, if any.
    ///   - runtimeArguments: The arguments, of the types the factory takes, in order.
    /// - Throws: An ``IoCError``: ``IoCError/Kind/missingComponent`` when no factory of `type`
    ///   takes arguments of these types (it names the ones registered), or what the factory threw.
    ///
    /// ```swift
    /// let report = try container.resolve(Report.self, runtimeArguments: "Oslo", 5)
    /// ```
    public func resolve<T, each A>(_ type: T.Type = T.self, name: String? = nil, runtimeArguments: repeat each A) throws -> T {
        if isIntercepted, let other = answeringContainer() { return try other.resolve(type, name: name, runtimeArguments: repeat each runtimeArguments) }
        return try resolveTop { ctx in try self.runtime(type, name: name, ctx: ctx, arguments: repeat each runtimeArguments) }
    }

    /// Whether a component is registered under this key (here or in a parent).
    ///
    /// ```swift
    /// if container.isRegistered(ReportCache.self) { try container.resolve(ReportCache.self).warmUp() }
    /// ```
    @inlinable
    public func isRegistered<T>(_ type: T.Type = T.self, name: String? = nil) -> Bool {  // docs/PerformanceLedger.md U17
        // NB: a type the type table has is registered, and the table needs no hashing; a name,
        // a type with no candidate, several or a private one, an intercepted container: asked in
        // full (``isRegisteredByLookup(_:name:)``). `resolveOptional` asks this first.
        if name == nil, !isIntercepted, tableComponent(T.self) != nil { return true }
        return isRegisteredByLookup(type, name: name)
    }

    /// ``isRegistered(_:name:)`` by the tables of names and of every type's candidates.
    @usableFromInline
    func isRegisteredByLookup<T>(_ type: T.Type, name: String?) -> Bool {
        if isIntercepted, let other = answeringContainer() { return other.isRegistered(type, name: name) }
        if let name { return component(named: name) != nil }
        return candidates(of: ObjectIdentifier(type))?.isEmpty == false
    }

    // MARK: Internals shared with Resolver

    @usableFromInline
    func resolveTop<R>(_ body: (ResolutionContext) throws -> R) throws -> R {
        let graph = hasObjectGraphNodes ? ObjectGraph() : nil
        defer { keepAlive(graph) }
        let ctx = ResolutionContext(container: self, graph: graph)
        do { return try body(ctx) } catch let error as IoCError { throw error.atTopLevel() }
    }

    func resolveTopAsync<R>(_ body: (ResolutionContext) async throws -> R) async throws -> R {
        let graph = hasObjectGraphNodes ? ObjectGraph() : nil
        defer { keepAlive(graph) }
        let state = ResolveState(asyncToken: AsyncToken.next())
        defer { keepAlive(state) }
        let ctx = ResolutionContext(container: self, graph: graph, state: state)
        do { return try await body(ctx) } catch let error as IoCError { throw error.atTopLevel() }
    }

    func resolveTop<X>(_ argument: Argument<X>) throws -> X {
        try resolveTop { try argument.get($0) }
    }

    func resolveTopAsync<X>(_ argument: Argument<X>) async throws -> X {
        try await resolveTopAsync { try await argument.getAsync($0) }
    }

    /// Why a lookup found nothing: missing (with suggestions) or ambiguous.
    @usableFromInline
    func lookupFailure<T>(_ type: T.Type, name: String?) -> IoCError {
        let named = name.map { component(named: $0) } ?? candidates(of: ObjectIdentifier(type)).flatMap(Compilation.choose)
        if let hidden = named, hidden.isPrivate, name.map(hidden.hides(name:)) ?? true {
            // An exposure is reported as the component it exposes.
            return IoCError(.privateComponent(component: hidden.definition.label, location: hidden.location))
        }
        let key = ComponentKey(type, name: name)
        if name == nil, let candidates = candidates(of: ObjectIdentifier(type)), candidates.count > 1 {
            return Compilation.ambiguity(TypeRef(type), candidates, site: nil)
        }
        let suggestions = name.map { Suggestions.closest(to: $0, in: allNames).map { "\"\($0)\"" } }
            ?? Suggestions.closest(to: TypeRef(type).name, in: allTypeNames)
        return IoCError(.missingComponent(key: key, site: nil, suggestions: suggestions, path: []))
    }

    func node<T>(_ type: T.Type, name: String?) throws -> AnyNode {
        if let name {
            guard let node = publicNode(named: name) else { throw lookupFailure(type, name: name) }
            return node
        }
        guard let found = tableComponent(T.self) else {
            throw lookupFailure(type, name: nil)
        }
        return found.node.object
    }

    /// Resolves `node` as `T`: directly, through an exposure, or by casting a subtype.
    @usableFromInline
    func instance<T>(of node: AnyNode, as type: T.Type, ctx: ResolutionContext) throws -> T {
        if let typed = node.exactly(T.self) { return try typed.instance(ctx) }
        return try exposedInstance(of: node, as: type, ctx: ctx)
    }

    /// ``instance(of:as:ctx:)`` for a node that does not make exactly `T`: its exposure as `T`,
    /// or its instance cast to `T`.
    // NB: apart, so that the usual case does not ask the runtime for the metadata this one uses
    // (`Optional<T>`, for the cast), which a generic function asks for on entry.
    @inline(never)
    private func exposedInstance<T>(of node: AnyNode, as type: T.Type, ctx: ResolutionContext) throws -> T {
        if let exposed = node.exposure(as: T.self) { return try exposed.instance(ctx) }
        let value = try node.anyInstance(ctx)
        if let value = value as? T { return value }
        throw typeMismatch(node, as: T.self)
    }

    func instanceAsync<T>(of node: AnyNode, as type: T.Type, ctx: ResolutionContext) async throws -> T {
        if let typed = node.exactly(T.self) { return try await typed.instanceAsync(ctx) }
        return try await exposedInstanceAsync(of: node, as: type, ctx: ctx)
    }

    /// Why `node` cannot be had as `type`.
    private func typeMismatch(_ node: AnyNode, as type: Any.Type) -> IoCError {
        IoCError(.typeMismatch(component: node.label, expected: TypeRef(type), actual: node.typeRef, site: nil, path: []))
    }

    /// ``instanceAsync(of:as:ctx:)`` for a node that does not make exactly `T` (see ``exposedInstance(of:as:ctx:)``).
    @inline(never)
    private func exposedInstanceAsync<T>(of node: AnyNode, as type: T.Type, ctx: ResolutionContext) async throws -> T {
        if let exposed = node.exposure(as: T.self) { return try await exposed.instanceAsync(ctx) }
        let value = try await node.anyInstanceAsync(ctx)
        if let value = value as? T { return value }
        throw typeMismatch(node, as: T.self)
    }

    /// The components `resolveAll` and `resolveMap` make: those of `type`, or those tagged `tag`.
    func members(of type: Any.Type, tagged tag: String?) -> ComponentList {
        // A tag no component has gives none, not the type's candidates.
        if let tag { return tagged(tag) ?? ComponentList(self) }
        return candidates(of: ObjectIdentifier(type)) ?? ComponentList(self)
    }

    /// ``members(of:tagged:)`` for a resolve at the top level, which a test observing this container records.
    func observedMembers(of type: Any.Type, tagged tag: String?) -> ComponentList {
        let components = members(of: type, tagged: tag)
        if isIntercepted { observeResolved(components) }
        return components
    }

    func instances<T>(of components: ComponentList, as type: T.Type, ctx: ResolutionContext) throws -> [T] {
        var result: [T] = []
        result.reserveCapacity(components.count)
        for component in components { result.append(try instance(of: component.node.object, as: type, ctx: ctx)) }
        return result
    }

    func instancesAsync<T>(of components: ComponentList, as type: T.Type, ctx: ResolutionContext) async throws -> [T] {
        var result: [T] = []
        for component in components { result.append(try await instanceAsync(of: component.node.object, as: type, ctx: ctx)) }
        return result
    }

    func instancesByKey<T>(of components: ComponentList, as type: T.Type, ctx: ResolutionContext) throws -> [String: T] {
        var result: [String: T] = [:]
        for component in components { result[component.key.mapKey] = try instance(of: component.node.object, as: type, ctx: ctx) }
        return result
    }

    func instancesByKeyAsync<T>(of components: ComponentList, as type: T.Type, ctx: ResolutionContext) async throws -> [String: T] {
        var result: [String: T] = [:]
        for component in components {
            result[component.key.mapKey] = try await instanceAsync(of: component.node.object, as: type, ctx: ctx)
        }
        return result
    }

    func runtime<T, each A>(_ type: T.Type, name: String?, ctx: ResolutionContext, arguments: repeat each A) throws -> T {
        let (factory, label) = try runtimeFactory(type, name: name, repeat (each A).self)
        return try factory.make(Resolver(ctx), (repeat each arguments), label: label)
    }

    func runtimeAsync<T, each A>(_ type: T.Type, name: String?, ctx: ResolutionContext, arguments: repeat each A) async throws -> T {
        let (factory, label) = try runtimeFactory(type, name: name, repeat (each A).self)
        return try await factory.makeAsync(Resolver(ctx), (repeat each arguments), label: label)
    }

    /// The factory registered for `T` with these argument types and its label, or the error
    /// naming what is registered.
    private func runtimeFactory<T, each A>(_ type: T.Type, name: String?, _ arguments: repeat (each A).Type) throws
        -> (RuntimeFactory<T, (repeat each A)>, String) {
        if let published = runtimeFactories[RuntimeFactoryKey(T.self, name: name, repeat (each A).self)],
           let factory = published.factory as? RuntimeFactory<T, (repeat each A)> {
            return (factory, published.label)
        }
        let key = ComponentKey(type, name: name)
        throw IoCError(.missingComponent(key: key, site: nil, suggestions: runtimeSuggestions(for: type),
                                         path: [RuntimeFactoryKey.signature(key, argumentList: RuntimeFactoryKey.argumentList(repeat (each A).self))]))
    }

    private func runtimeSuggestions<T>(for type: T.Type) -> [String] {
        runtimeFactories.values.filter { $0.key.type == ObjectIdentifier(type) }.map(\.signature).sorted()
    }
}
