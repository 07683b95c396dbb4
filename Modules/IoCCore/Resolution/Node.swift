#if !(IOC_FALLBACK || canImport(Darwin))
import Synchronization  // where `AtomicCell` is its `Atomic` (Unsafe/Atomics.swift)
#endif

/// A node that produces `T`.
@usableFromInline
final class Node<T>: AnyNode, @unchecked Sendable {  // docs/PerformanceLedger.md R1, R5
    /// The singleton, once published: the address of a `T`, never written after. A reset takes
    /// it out and hands it to the container to free (``Container/retire(_:)``), since other
    /// threads may still be reading it.
    // NB: behind an address, not in a `T?`: resolving dependencies runs as unspecialized generic
    // code, where each use of `Optional<T>` asks the runtime for its metadata.
    @usableFromInline let published = AtomicCell<UnsafeMutableRawPointer?>(nil)
    /// The singleton a creation made and has not published yet (a cycle publishes its members
    /// together at its end); only the creating thread reads it.
    private var pending: UnsafeMutablePointer<T>?
    @usableFromInline let isSingleton: Bool
    @usableFromInline let isPrototype: Bool
    /// Below this depth, making an instance checks neither the depth limit nor the stack.
    @usableFromInline let depthThreshold: Int
    /// Everything that builds an instance, retained by the node: set at build, or on first use
    /// for a node whose every injection the build checked as a plain reference (see
    /// ``Compilation/checkPlainReferences(of:)``). A node
    /// whose binding failed is never handed out, since the build throws.
    // NB: read unretained on the hot path so that making an instance retains nothing. A raw
    // address, not an `Unmanaged<Producer<T>>?`: unspecialized generic code loads an atomic of
    // a type made from `T` through witness tables the runtime looks up on every load (it
    // doubled the time of a resolve).
    @usableFromInline let producerSlot = AtomicCell<UnsafeRawPointer?>(nil)

    /// The producer, once there is one.
    @inlinable
    var producerRef: Unretained<Producer<T>>? {
        guard let address = producerSlot.load(ordering: .acquiring) else { return nil }
        return Unretained(address: address)
    }

    /// The instance of a weak singleton; only nodes of that scope have one.
    private let weakStore: Locked<WeakReference>?
    private let typed: TypedDefinitionParts<T>?
    /// While the node hands out a base container's singleton: its own producer, for a reset.
    private var ownProducer: Producer<T>?

    init(container: Container, storage: Storage, isPublic: Bool = true, isMainActor: Bool = false,
         exposure: (base: AnyNode, type: TypeRef)? = nil, parts: TypedDefinitionParts<T>?) {
        if case .singleton = storage { isSingleton = true } else { isSingleton = false }
        if case .prototype = storage { isPrototype = true } else { isPrototype = false }
        self.typed = parts
        self.depthThreshold = container.depthCheckThreshold
        if case .weakSingleton = storage { weakStore = Locked(WeakReference()) } else { weakStore = nil }
        super.init(container: container, storage: storage, isPublic: isPublic, isMainActor: isMainActor, exposure: exposure,
                   producedType: ObjectIdentifier(T.self))
    }

    /// Runs the injection steps of this node's definition on an instance made elsewhere.
    func inject(into value: inout T, _ ctx: ResolutionContext) throws {
        let producer = try bound()
        try checkMainActor()
        var inner = ctx
        inner.depth += 1
        do {
            try producer.inject(into: &value, inner)
        } catch {
            throw failure(error)
        }
    }

    override func join(_ membership: CycleMembership) {
        super.join(membership)
        producerRef?.object.earlyCell = membership.cell
    }

    deinit {
        if let address = producerSlot.load(ordering: .acquiring) { Retained.release(address, as: Producer<T>.self) }
        if let address = published.load(ordering: .acquiring) { Self.free(address.assumingMemoryBound(to: T.self)) }
        if let pending { Self.free(pending) }
    }

    /// Makes the node build with `producer` from now on. The one it replaces may still be
    /// running on other threads (they read it unretained): the container keeps it until it goes.
    func setProducer(_ producer: Producer<T>) {
        let replaced = producerSlot.exchange(Retained.address(retaining: producer), ordering: .acquiringAndReleasing)
        if let replaced { container.retire(Retained.take(replaced, as: Producer<T>.self)) }
    }

    /// The producer of a node the build left to bind on first use (its producer is `nil`).
    /// Threads that get here together each make one, and all use the one published first;
    /// making one runs no user code and changes nothing shared.
    @usableFromInline @inline(never)
    func bindOnFirstUse() throws -> Unretained<Producer<T>> {
        guard let typed, let parts = bindingParts,
              let made = typed.bindOnFirstUse(parts, node: self, postProcessors: container.postProcessors)
        else { throw unboundError() }
        made.earlyCell = cycle?.cell
        let retained = Retained.address(retaining: made)
        let (published, current) = producerSlot.compareExchange(expected: nil, desired: retained,
                                                                ordering: .acquiringAndReleasing)
        if published { return Unretained(address: retained) }
        Retained.release(retained, as: Producer<T>.self)
        guard let current else { throw unboundError() }
        return Unretained(address: current)
    }

    /// The published singleton, from the address ``published`` holds.
    @inlinable
    static func instance(at address: UnsafeMutableRawPointer) -> T {
        address.assumingMemoryBound(to: T.self).pointee
    }

    /// Ends the life of an instance kept behind an address: a singleton's, a creation's pending one, a retired one.
    static func free(_ instance: UnsafeMutablePointer<T>) {
        instance.deinitialize(count: 1)
        instance.deallocate()
    }

    override var hasDisposeHooks: Bool {
        !(producerRef?.object.disposers.isEmpty ?? true)
    }

    // MARK: Resolving

    @inlinable
    final func instance(_ ctx: ResolutionContext) throws -> T {
        if isSingleton {
            if let address = published.load(ordering: .acquiring) { return Self.instance(at: address) }
            return try createSingleton(ctx)
        }
        if isPrototype { return try make(ctx) }
        return try scopedInstance(ctx)
    }

    /// Entry point of a top-level resolve: the singleton fast path, else a fresh context.
    @inlinable
    final func resolveTop(_ container: Container) throws -> T {
        if isSingleton, let address = published.load(ordering: .acquiring) { return Self.instance(at: address) }
        return try resolveTopSlow(container)
    }

    @usableFromInline
    func resolveTopSlow(_ container: Container) throws -> T {
        let graph = needsGraph ? ObjectGraph() : nil
        defer { keepAlive(graph) }
        let ctx = ResolutionContext(container: container, graph: graph)
        do { return try instance(ctx) } catch let error as IoCError { throw error.atTopLevel() }
    }

    func resolveTopAsync(_ container: Container) async throws -> T {
        // NB: a component whose graph neither awaits nor reaches the main actor is made without
        // suspending, so as the synchronous resolve makes it (its owner this thread): no
        // `ResolveState` and no `async` frame below this one (docs/PerformanceLedger.md U27).
        if !isAsync && !reachesMainActor { return try resolveTop(container) }
        if isSingleton, let address = published.load(ordering: .acquiring) { return Self.instance(at: address) }
        let graph = needsGraph ? ObjectGraph() : nil
        defer { keepAlive(graph) }
        let state = ResolveState(asyncToken: AsyncToken.next())
        defer { keepAlive(state) }
        let ctx = ResolutionContext(container: container, graph: graph, state: state)
        do { return try await instanceAsync(ctx) } catch let error as IoCError { throw error.atTopLevel() }
    }

    override func anyInstance(_ ctx: ResolutionContext) throws -> Any { try instance(ctx) }
    override func anyInstanceAsync(_ ctx: ResolutionContext) async throws -> Any { try await instanceAsync(ctx) }

    func instanceAsync(_ ctx: ResolutionContext) async throws -> T {
        guard isAsync else {
            guard reachesMainActor else { return try instance(ctx) }
            if isSingleton, let address = published.load(ordering: .acquiring) { return Self.instance(at: address) }
            // Build keeps main-actor components out of async ones, so the whole of it can be made there.
            return try await MainActorGate.hop { try self.instance(ctx) }
        }
        switch storage {
        case .singleton:
            if let address = published.load(ordering: .acquiring) { return Self.instance(at: address) }
            return try await createSingletonAsync(ctx)
        case .prototype:
            return try await makeAsync(ctx)
        case .objectGraph:
            let graph = ctx.graph ?? ObjectGraph()
            defer { keepAlive(graph) }
            if let kept = graph.kept(for: serial) { return kept.value(as: T.self) }
            var inner = ctx
            inner.graph = graph
            let value = try await makeAsync(inner)
            keep(value, in: graph)
            return value
        case .adapter:
            return try await bound().adaptAsync(ctx)
        default:
            // Build rejects other scopes for async components.
            throw IoCError(.asyncResolutionRequired(component: label, path: []))
        }
    }

    /// Builds a new instance: depth and stack checks, construction, injection, hooks.
    @usableFromInline
    final func make(_ ctx: ResolutionContext) throws -> T {
        if checksBeforeMaking { try checkMaking() }
        var inner = ctx
        inner.container = container
        inner.depth += 1
        if inner.depth > depthThreshold { try checkDepth(inner) }
        let producerRef = try self.producerRef ?? bindOnFirstUse()
        do {
            return try producerRef.with { try $0.run(inner) }
        } catch {
            throw failure(error)
        }
    }

    /// The producer; throws for a node that was never bound (the build reported why).
    private func bound() throws -> Producer<T> {
        try (producerRef ?? bindOnFirstUse()).object
    }

    @usableFromInline
    func unboundError() -> IoCError {
        IoCError(.invalidDefinition(component: label, reason: "it was not bound", location: info.location))
    }

    /// Throws when an instance cannot be made here: an async node synchronously, or a
    /// main-actor one off the main actor.
    @usableFromInline
    func checkMaking() throws {
        if isAsync { throw asyncError() }
        try checkMainActor()
    }

    /// Throws when this node is main-actor and the caller is not on the main actor.
    private func checkMainActor() throws {
        if isMainActor, !MainActorGate.isOpen { throw IoCError(.mainActorRequired(component: label, path: [label])) }
    }

    /// Why this async node cannot be made synchronously.
    @usableFromInline
    func asyncError() -> IoCError {
        IoCError(.asyncResolutionRequired(component: asyncPath.last ?? label, path: asyncPath))
    }

    func makeAsync(_ ctx: ResolutionContext) async throws -> T {
        var inner = ctx
        inner.container = container
        inner.depth += 1
        if inner.depth > inner.container.maxResolutionDepth {
            throw IoCError(.depthExceeded(limit: inner.container.maxResolutionDepth, path: [label]))
        }
        do {
            return try await bound().produceAsync(inner)
        } catch let error as IoCError {
            throw error.prependingPath(label)
        } catch {
            throw IoCError(.constructionFailed(component: label, path: [label], underlying: String(describing: error), error: UncheckedError(error)))
        }
    }

    @usableFromInline
    func checkDepth(_ ctx: ResolutionContext) throws {
        let limit = ctx.container.maxResolutionDepth
        if ctx.depth > limit { throw IoCError(.depthExceeded(limit: limit, path: [label])) }
        if StackGuard.isNearlyExhausted() {
            throw IoCError(.stackExhausted(depth: ctx.depth, path: [label]))
        }
    }

    @usableFromInline
    func createSingleton(_ ctx: ResolutionContext) throws -> T {
        if let cycle { return try instanceInCycle(cycle, ctx) }
        return try createOwnSingleton(ctx)
    }

    /// Creates the singleton once; with `group`, the creation of its cycle, it is kept there
    /// and published when the cycle is finished.
    private func createOwnSingleton(_ ctx: ResolutionContext, publishingWith group: ResolveState? = nil) throws -> T {
        let cell = CellKey(scope: 0, node: serial)
        if let cycle = ctx.cycleIfCreating(cell, label: label) { throw cycle }
        return try CreationCoordinator.shared.create(cell, owner: ctx.ownerToken, label: { self.label }, limit: container.creationWaitSeconds,
                                                     isReady: { published.load(ordering: .acquiring) != nil },
                                                     existing: { try publishedInstance { try createOwnSingleton(ctx, publishingWith: group) } }) {
            if container.isShutDown { throw IoCError(.containerShutDown(component: label)) }
            let state = ctx.creating(cell)
            defer { keepAlive(state) }
            let start = container.creationStart()
            let value = try make(ctx.with(state))
            if let start { container.creationEnded(label, at: container.location(at: index), start: start) }
            store(value)
            if let group { group.unpublished.append(self) } else { publishCreated() }
            return value
        }
    }

    func createSingletonAsync(_ ctx: ResolutionContext) async throws -> T {
        let cell = CellKey(scope: 0, node: serial)
        if let cycle = ctx.cycleIfCreating(cell, label: label) { throw cycle }
        while true {
            let instance: T? = try await CreationCoordinator.shared.create(
                cell, owner: ctx.ownerToken, label: { self.label }, limit: container.creationWaitSeconds,
                isReady: { published.load(ordering: .acquiring) != nil },
                existing: { published.load(ordering: .acquiring).map(Self.instance(at:)) }) {
                if container.isShutDown { throw IoCError(.containerShutDown(component: label)) }
                let state = ctx.creating(cell)
                defer { keepAlive(state) }
                let start = container.creationStart()
                let value = try await makeAsync(ctx.with(state))
                if let start { container.creationEnded(label, at: container.location(at: index), start: start) }
                publish(value)
                return value
            }
            // `nil`: a reset took the singleton away between finding it ready and reading it.
            if let instance { return instance }
        }
    }

    /// The published singleton, or `again()` when a reset took it away after a creation found
    /// it ready (a test container resets while other threads resolve).
    private func publishedInstance(else again: () throws -> T) rethrows -> T {
        if let address = published.load(ordering: .acquiring) { return Self.instance(at: address) }
        return try again()
    }

    private func publish(_ value: T) {
        store(value)
        publishCreated()
    }

    /// Keeps the singleton, not yet handed to other threads; replaces one that a failed cycle
    /// creation kept and never published.
    private func store(_ value: T) {
        if let pending { Self.free(pending) }
        let instance = UnsafeMutablePointer<T>.allocate(capacity: 1)
        instance.initialize(to: value)
        pending = instance
    }

    /// Hands the singleton kept to every thread.
    override func publishCreated() {
        guard let instance = pending else { return }
        pending = nil
        if let replaced = published.exchange(UnsafeMutableRawPointer(instance), ordering: .acquiringAndReleasing) {
            container.retire(RetiredInstance(replaced.assumingMemoryBound(to: T.self)))
        }
        container.didCreate(node: self, instance: instance.pointee)
    }

    /// Unpublishes the singleton, so that the next request makes a new one; the container keeps
    /// the old one until it goes, for the threads still reading it. Whether there was one.
    private func unpublish() -> Bool {
        guard let instance = published.exchange(nil, ordering: .acquiringAndReleasing) else { return false }
        container.retire(RetiredInstance(instance.assumingMemoryBound(to: T.self)))
        return true
    }

    private func keep(_ value: T, in graph: ObjectGraph) {
        graph.store(KeptWord(value), for: self)
    }

    override func destroyKept(_ word: KeptWord) {
        word.destroy(as: T.self)
    }

    override func dispose(kept word: KeptWord) -> [String] {
        word.withAddress(as: T.self) { dispose(at: $0) }
    }

    /// Runs the dispose hooks for `instance`.
    func dispose(_ instance: T) -> [String] {
        withUnsafePointer(to: instance) { dispose(at: UnsafeRawPointer($0)) }
    }

    override func dispose(at instance: UnsafeRawPointer) -> [String] {
        var failures: [String] = []
        // NB: the producer unretained, its hooks by index: no retain and release of the
        // producer or its array around each disposal (docs/PerformanceLedger.md U26).
        producerRef?.with { producer in
            for index in producer.disposers.indices {
                do { try producer.disposers[index](instance) } catch { failures.append("\(label): \(error)") }
            }
        }
        if container.isIntercepted { container.observeDisposed(info) }
        return failures
    }

    override func shareInstances(of other: AnyNode) {
        guard let other = other as? Node<T> else { return }
        ownProducer = try? bound()
        // NB: the base's node resolves in the base, with its own context: its subgraph is the
        // same as this node's, and already checked there.
        setProducer(Producer(construct: { _ in try other.resolveTop(other.container) },
                             constructAsync: { _ in try await other.resolveTopAsync(other.container) },
                             info: info))
    }

    override func resetInstance() -> [String]? {
        switch storage {
        case .singleton:
            let wasShared = ownProducer != nil
            if let own = ownProducer {
                setProducer(own)
                ownProducer = nil
            }
            guard unpublish() else { return [] }
            guard !wasShared, let disposal = container.takeDisposal(of: serial) else { return [] }
            return disposal()
        case .weakSingleton:
            weakStore?.withLock { $0.object = nil }
            return []
        default:
            return nil
        }
    }

    override func forgetSingleton() {
        _ = unpublish()
    }

    /// The instance of a component on a cycle that properties close (``CycleMembership``):
    /// inside its cycle's creation, with the components to create first created, and handed
    /// out early to a resolve that comes back to it while it gets its properties.
    private func instanceInCycle(_ cycle: CycleMembership, _ ctx: ResolutionContext) throws -> T {
        if let state = ctx.creation(of: cycle.cell) { return try earlyInstance(state) }
        guard let group = ctx.creation(of: cycle.group) else {
            // One creation of the cycle at a time among threads: two threads that each began at
            // another member would otherwise wait for each other. Its singletons are published
            // together at its end: another thread never sees one whose cycle is unfinished.
            let isSingleton = isSingleton
            return try CreationCoordinator.shared.create(cycle.group, owner: ctx.ownerToken, label: { self.label },
                                                         limit: container.creationWaitSeconds,
                                                         isReady: { isSingleton && published.load(ordering: .acquiring) != nil },
                                                         existing: { try publishedInstance { try instanceInCycle(cycle, ctx) } }) {
                let state = ctx.creating(cycle.group)
                defer { keepAlive(state) }
                let value = try instanceInCycle(cycle, ctx.with(state))
                for node in state.unpublished { node.publishCreated() }
                return value
            }
        }
        for node in cycle.first { _ = try node.anyInstance(ctx) }
        if isSingleton {
            if let address = published.load(ordering: .acquiring) { return Self.instance(at: address) }
            // Made earlier in this cycle's creation, published at its end.
            if let pending, group.unpublished.contains(where: { $0 === self }) { return pending.pointee }
        }
        let state = ctx.creating(cycle.cell)
        defer { keepAlive(state) }
        let inner = ctx.with(state)
        return isSingleton ? try createOwnSingleton(inner, publishingWith: group) : try ownScopedInstance(inner)
    }

    /// The instance a resolve that came back to this component while creating it is handed:
    /// created, its properties perhaps not yet set.
    private func earlyInstance(_ state: ResolveState) throws -> T {
        // Build only accepts cycles that a shared component closes through a property, whichever
        // member a resolve starts from; a closure that resolves its own component still gets here.
        guard let value = state.early as? T else { throw IoCError(.cycle(path: [label], location: nil)) }
        guard type(of: value as Any) is AnyObject.Type else {
            throw IoCError(.invalidDefinition(
                component: label,
                reason: "it is on a dependency cycle that properties close, and it is a value (\(type(of: value as Any))): the copy its cycle is handed would never see its properties set. Make it a class, or inject one side of the cycle as Lazy<T> or Provider<T>.",
                location: info.location))
        }
        state.handedOut = true
        return value
    }

    @usableFromInline
    func scopedInstance(_ ctx: ResolutionContext) throws -> T {
        if let cycle { return try instanceInCycle(cycle, ctx) }
        return try ownScopedInstance(ctx)
    }

    private func ownScopedInstance(_ ctx: ResolutionContext) throws -> T {
        // NB: one function per scope. Unspecialized generic code reserves stack for every local
        // on entry, so a `T?` on any path here would cost an `Optional<T>` metadata lookup on all.
        switch storage {
        case .weakSingleton: return try weakInstance(ctx)
        case .objectGraph: return try graphInstance(ctx)
        case .threadLocal: return try threadLocalInstance(ctx)
        case .taskLocal: return try taskLocalInstance(ctx)
        case .custom(let scope): return try customInstance(scope, ctx)
        case .adapter: return try bound().adapt(ctx)
        case .singleton, .prototype: return try instance(ctx)
        }
    }

    private func weakInstance(_ ctx: ResolutionContext) throws -> T {
        guard let weakStore else { return try make(ctx) }
        if let value = weakStore.withLock({ $0.object }) as? T { return value }
        let cell = CellKey(scope: 1, node: serial)
        return try CreationCoordinator.shared.create(cell, owner: ctx.ownerToken, label: { self.label }, limit: container.creationWaitSeconds,
                                                     isReady: { weakStore.withLock { $0.object } != nil },
                                                     existing: { try weakInstance(ctx) }) {
            let value = try make(ctx)
            // Build only accepts class types for this scope, so the instance is an object.
            weakStore.withLock { $0.object = value as AnyObject }
            return value
        }
    }

    private func graphInstance(_ ctx: ResolutionContext) throws -> T {
        // Build marks every node that can reach this one, so the graph is there; a resolve
        // that still lacks one gets its own.
        let graph = ctx.graph ?? ObjectGraph()
        defer { keepAlive(graph) }
        if let kept = graph.kept(for: serial) { return kept.value(as: T.self) }
        var inner = ctx
        inner.graph = graph
        let value = try make(inner)
        keep(value, in: graph)
        return value
    }

    private func threadLocalInstance(_ ctx: ResolutionContext) throws -> T {
        let store = ThreadLocalStore.current
        if let value = store.values[serial] as? T { return value }
        let value = try make(ctx)
        store.values[serial] = value
        return value
    }

    private func taskLocalInstance(_ ctx: ResolutionContext) throws -> T {
        // NB: the scope the creation of the component that injects this one found, without a
        // task-local read and its retain (docs/PerformanceLedger.md U26).
        if let scope = ctx.taskScope { return try scope.with { try instance(in: $0, ctx) } }
        guard let scope = TaskScopes.current else { throw IoCError(.noTaskScope(component: label)) }
        var inner = ctx
        inner.taskScope = Unretained(scope)  // `scope` keeps it alive until `make` returns
        return try instance(in: scope, inner)
    }

    /// The instance in `scope`, the one `ctx` carries.
    private func instance(in scope: TaskScope, _ ctx: ResolutionContext) throws -> T {
        try scope.instance(for: self, owner: ctx.ownerToken, limit: container.creationWaitSeconds) { try make(ctx) }
    }

    private func customInstance(_ scope: any CustomScope, _ ctx: ResolutionContext) throws -> T {
        let key = ScopedInstanceKey(containerID: ObjectIdentifier(container), index: Int(serial), component: label)
        return try scope.instance(for: key) { try make(ctx) }
    }

    // MARK: Building the plan

    override func bind(_ compilation: Compilation) {
        guard let typed, let definition else { return }
        setProducer(typed.bind(definition: definition, node: self, compilation: compilation))
    }
}

struct WeakReference {
    weak var object: AnyObject?
}

/// Tells apart concurrent `async` resolves for the creation coordinator; never equal to a
/// thread identity (the top bit is set).
enum AsyncToken {
    static func next() -> UInt { UInt(1) << (UInt.bitWidth - 1) | UInt(truncatingIfNeeded: Serial.next()) }
}

/// A singleton a reset or shutdown unpublished, freed with its container: threads that read it
/// before the reset may still be using it.
final class RetiredInstance<T>: @unchecked Sendable {
    private let instance: UnsafeMutablePointer<T>
    init(_ instance: UnsafeMutablePointer<T>) { self.instance = instance }
    deinit { Node<T>.free(instance) }
}
