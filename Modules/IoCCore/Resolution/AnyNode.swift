/// Hands out numbers that never repeat in a process: cache keys that outlive containers.
enum Serial {
    private static let counter = AtomicCell<UInt64>(0)
    static func next() -> UInt64 { counter.wrappingAdd(1, ordering: .relaxed).newValue }
}

/// What a shared component on a dependency cycle that properties close needs at resolve
/// (see ``PropertyCycles``).
final class CycleMembership: @unchecked Sendable {
    /// The creation of the whole cycle, which one thread (or `async` resolve) does at a time.
    let group: CellKey
    /// This component's creation within it: where its instance waits for a resolve that comes
    /// back to it while it gets its properties.
    let cell: CellKey
    /// The components of its cycle to create before it, so that constructing it never needs
    /// itself. Cleared with the container's links (see `Container.deinit`).
    @exclusivity(unchecked) var first: [AnyNode]

    init(group: CellKey, node: UInt64, first: [AnyNode]) {
        self.group = group
        self.cell = CellKey(scope: 3, node: node)
        self.first = first
    }
}

/// How a node keeps its instances.
@usableFromInline
enum Storage {
    case prototype, singleton, weakSingleton, objectGraph, threadLocal, taskLocal
    case custom(any CustomScope)
    /// An exposure of another node as a further type: no storage of its own.
    case adapter
}

extension Storage {
    /// The storage `definition`'s scope asks for, and why it cannot have it (the build reports
    /// that; the storage is then a stand-in). Custom scopes are looked up in `customScopes`.
    static func of(_ definition: Definition, customScopes: [String: any CustomScope]) -> (storage: Storage, problem: IoCError?) {
        let storage = of(definition.scope, type: definition.type, customScopes: customScopes)
        switch (definition.scope.kind, storage) {
        case (.weakSingleton, .singleton):
            return (storage, IoCError(.invalidDefinition(component: definition.label, reason: "weak-singleton scope needs a class; \(definition.boundType.name) is a value type. Use singleton.", location: definition.location)))
        case (.custom(let custom), .prototype):
            let known = Scope.allBuiltIn.map(\.name) + customScopes.keys.sorted()
            return (storage, IoCError(.unknownScope(name: custom.name, component: definition.label, location: definition.location, known: known)))
        default:
            return (storage, nil)
        }
    }

    /// The storage `scope` asks for, for a component of `type`; a stand-in where it cannot
    /// have it (a weak singleton of a value type is a singleton, an unknown custom scope a
    /// prototype), which ``of(_:customScopes:)`` reports.
    static func of(_ scope: Scope, type: TypeRef?, customScopes: [String: any CustomScope]) -> Storage {
        switch scope.kind {
        case .prototype: return .prototype
        case .singleton: return .singleton
        case .objectGraph: return .objectGraph
        case .threadLocal: return .threadLocal
        case .taskLocal: return .taskLocal
        case .weakSingleton: return type?.metatype is AnyObject.Type ? .weakSingleton : .singleton
        case .custom(let custom): return customScopes[custom.name].map(Storage.custom) ?? .prototype
        }
    }

    /// One instance per thread, task or custom scope: what a scoped proxy reaches per call.
    var isContextScoped: Bool {
        switch self {
        case .threadLocal, .taskLocal, .custom: return true
        case .prototype, .singleton, .weakSingleton, .objectGraph, .adapter: return false
        }
    }
}

/// One component's runtime objects in a built container. Made from its ``Definition`` when the
/// component is first resolved, or at build when the build needs it (see ``Compilation``);
/// its arguments point straight at the nodes they need, so resolving never looks anything up.
@usableFromInline
class AnyNode: @unchecked Sendable {
    /// The container the component was defined in (a child's nodes belong to the child).
    @usableFromInline unowned(unsafe) let container: Container
    /// Unique in the process; keys thread-local, task-local and creation-coordinator entries.
    let serial = Serial.next()
    /// The component as messages print it: `"name" (Type)` or `Type`; made when needed,
    /// since only errors need it.
    var label: String { key.description }
    /// How the component is asked for: its definition's key, or for an exposure its base's
    /// name under the exposed type.
    var key: ComponentKey {
        if let exposedType { return ComponentKey(type: exposedType, name: base?.key.name) }
        return container.key(at: index)
    }
    /// What post-processors, interceptors and errors are told about the component: made from its
    /// definition when asked (rarely: at build for errors, at resolve for hooks), so that a
    /// node does not carry a copy of it.
    var info: ComponentInfo {
        if exposedType == nil { return container.info(at: index) }
        // Every node has one or the other; an exposure has its base's info under its own key.
        guard var info = base?.info else {
            return ComponentInfo(key: key, scope: .prototype, tags: [], isPrimary: false, location: ConfigLocation(file: "", line: 0),
                                 tagAttributes: [:], moduleSettings: ModuleSettings())
        }
        info.key = key
        return info
    }
    var isPrimary: Bool { exposedType == nil ? container.isPrimary(at: index) : base?.isPrimary ?? false }
    /// Its definition says `public: false` (Symfony): injection reaches it, a top-level resolve
    /// by type or by name does not, but for a public alias (see ``hides(name:)``).
    @usableFromInline let isPrivate: Bool
    /// Whether a top-level resolve by `name` must not reach it: it is private, and `name` is not
    /// one of its public aliases.
    @usableFromInline
    func hides(name: String) -> Bool {
        guard isPrivate, let definition = (base ?? self).definition else { return false }
        return !definition.hasPublicAlias(name)
    }
    /// The type it is registered (or exposed) as.
    var typeRef: TypeRef { key.type ?? TypeRef(Any.self) }
    @usableFromInline let storage: Storage
    /// Set at build, before the container is published: what making an instance must know
    /// (``isAsync``, ``reachesMainActor``, ``checksBeforeMaking``, ``needsGraph``), in one word.
    @exclusivity(unchecked) @usableFromInline var marks: Marks = []
    @usableFromInline
    struct Marks: OptionSet, Sendable {
        @usableFromInline let rawValue: UInt8
        @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }
        @usableFromInline static let async = Marks(rawValue: 1)
        @usableFromInline static let reachesMainActor = Marks(rawValue: 2)
        @usableFromInline static let checksBeforeMaking = Marks(rawValue: 4)
        @usableFromInline static let needsGraph = Marks(rawValue: 8)
    }
    /// Set at build: the node, or something it builds directly, is `async`.
    @inlinable var isAsync: Bool {
        get { marks.contains(.async) }
        set { marks.set(.async, newValue) }
    }
    /// Set at build for async nodes: this node, then the dependencies down to the async factory.
    var asyncPath: [String] = []
    /// Its construction, properties, calls or hooks are main-actor code (``Definition/isMainActor``).
    let isMainActor: Bool
    /// Set at build: it is main-actor, or something it builds directly is; an `async` resolve
    /// makes it on the main actor.
    var reachesMainActor: Bool {
        get { marks.contains(.reachesMainActor) }
        set { marks.set(.reachesMainActor, newValue) }
    }
    /// Set at build: making an instance must first check that it may (``isAsync`` or
    /// ``isMainActor``); one test on the path that makes instances.
    @inlinable var checksBeforeMaking: Bool {
        get { marks.contains(.checksBeforeMaking) }
        set { marks.set(.checksBeforeMaking, newValue) }
    }
    /// Set at build: resolving it may reach an object-graph component.
    @inlinable var needsGraph: Bool {
        get { marks.contains(.needsGraph) }
        set { marks.set(.needsGraph, newValue) }
    }
    /// For an exposure node: the component it exposes, and the type it exposes it as.
    unowned(unsafe) let base: AnyNode?
    private let exposedType: TypeRef?
    /// For an exposure node: a proxy that reaches a context-scoped component per call, which
    /// holds no instance (never a captive dependency).
    var isScopedProxy = false
    /// Set at build for a shared component on a dependency cycle that properties close.
    @exclusivity(unchecked) var cycle: CycleMembership?
    /// The definition it was made from; `nil` for adapters. Read from the container when asked
    /// (to bind, rarely for errors), not kept: the container keeps most definitions as rows, and
    /// a copy made from a row for each node would take a resolved component's memory back up
    /// by the definition's 160 bytes (``DefinitionTable``).
    var definition: Definition? { exposedType == nil ? container.definition(at: index) : nil }
    /// What binding reads of its definition, made without a definition of a row; `nil` for adapters.
    var bindingParts: BindingParts? { exposedType == nil ? container.bindingParts(at: index) : nil }
    /// Made from an inner (anonymous) definition, inside another's.
    var isInner = false
    /// Its component's number in its container (see ``NodeRef``).
    @exclusivity(unchecked) var index = 0
    /// The type a ``Node`` produces (`T` of `Node<T>`), to tell without a cast.
    let producedType: ObjectIdentifier

    /// A node of a component made from a definition (`exposure` `nil`), public or not and
    /// main-actor or not as its definition says; or the exposure of `exposure.base` as `exposure.type`.
    init(container: Container, storage: Storage, isPublic: Bool, isMainActor: Bool, exposure: (base: AnyNode, type: TypeRef)?,
         producedType: ObjectIdentifier) {
        self.producedType = producedType
        self.container = container
        self.base = exposure?.base
        self.exposedType = exposure?.type
        self.isPrivate = exposure.map { $0.base.isPrivate } ?? !isPublic
        self.storage = storage
        self.isMainActor = isMainActor
    }

    func anyInstance(_ ctx: ResolutionContext) throws -> Any { preconditionFailure("abstract") }

    /// Runs the dispose hooks for the instance at `instance`, one of this node's; the failures.
    func dispose(at instance: UnsafeRawPointer) -> [String] { [] }

    /// Takes the marks the build's graph checks set on its component.
    func mark(_ flags: NodeFlags) {
        isAsync = flags.contains(.isAsync)
        reachesMainActor = flags.contains(.reachesMainActor)
        needsGraph = flags.contains(.needsGraph)
        checksBeforeMaking = isAsync || isMainActor
    }

    /// This component, by number.
    var component: NodeRef { NodeRef(container, index) }

    /// This node as a `Node<X>`, when it produces exactly `X`; `nil` otherwise. Cheaper than
    /// `as? Node<X>`, which asks the runtime for the metadata of `Node<X>`.
    final func exactly<X>(_ type: X.Type) -> Node<X>? {
        producedType == ObjectIdentifier(X.self) ? typed(X.self) : nil
    }

    /// `error`, thrown while making this node, with this node added to its path.
    @usableFromInline
    func failure(_ error: any Error) -> any Error {
        if let error = error as? IoCError { return error.prependingPath(label) }
        return IoCError(.constructionFailed(component: label, path: [label], underlying: String(describing: error), error: UncheckedError(error)))
    }
    func anyInstanceAsync(_ ctx: ResolutionContext) async throws -> Any { preconditionFailure("abstract") }
    /// Binds arguments, properties and hooks; called once, at build, for a component that does
    /// not bind on first use.
    func bind(_ compilation: Compilation) {}
    /// Hands a singleton created in its cycle's creation to every thread, at the cycle's end.
    func publishCreated() {}
    /// Makes the node a member of a cycle that properties close: it hands its instance to
    /// the cycle between construction and injection (set at build, after the graph checks).
    func join(_ membership: CycleMembership) { cycle = membership }
    /// The node of this component's exposure as `X` (`.as(X.self)`), made if it was not yet.
    final func exposure<X>(as type: X.Type) -> Node<X>? {
        container.exposure(of: index, as: ObjectIdentifier(X.self)).flatMap { $0.node.object.exactly(X.self) }
    }
    /// Whether created instances have dispose hooks to run.
    var hasDisposeHooks: Bool { false }
    /// Ends the life of an instance an object graph or a task scope kept for this node.
    func destroyKept(_ word: KeptWord) {}
    /// Runs the dispose hooks for an instance a task scope kept for this node; the failures.
    func dispose(kept word: KeptWord) -> [String] { [] }
    /// Makes the node hand out `other`'s singleton (test overlays).
    func shareInstances(of other: AnyNode) {}
    /// Forgets a kept instance; the dispose failures, or `nil` when the scope keeps none.
    func resetInstance() -> [String]? { nil }
    /// Forgets the singleton, if it keeps one, without disposing it (shutdown has).
    func forgetSingleton() {}
}
