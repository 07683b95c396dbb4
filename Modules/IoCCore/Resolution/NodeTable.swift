#if !(IOC_FALLBACK || canImport(Darwin))
import Synchronization  // where `AtomicCell` is its `Atomic` (Unsafe/Atomics.swift)
#endif

/// A component of a built container, by number: what the lookup tables and the build's checks
/// hold, so that a component needs no object of its own until it is first resolved.
///
/// Numbers `0..<definitions.count` are the container's components, in the order of
/// ``Container/definitions``; the numbers after them are exposures and inner (anonymous)
/// definitions, whose nodes the build makes (see ``ExtraOrigin``).
@usableFromInline
struct NodeRef {
    /// NB: unretained, and used without retaining it: a container outlives every reference to
    /// its components (a child keeps its parent alive), and a reference is read on every
    /// resolve, from many threads at once.
    @usableFromInline let containerRef: Unretained<Container>
    @usableFromInline let index: Int

    @usableFromInline
    init(_ container: Container, _ index: Int) {
        self.init(Unretained(container), index)
    }

    /// Component `index` of the container `containerRef` refers to.
    @usableFromInline
    init(_ containerRef: Unretained<Container>, _ index: Int) {
        self.containerRef = containerRef
        self.index = index
    }

    var container: Container { containerRef.object }

    /// The component's node, made now when this is its first use.
    @inlinable var node: Unretained<AnyNode> { containerRef.with { $0.node(at: index) } }

    /// Its definition; an exposure's is its base's.
    var definition: Definition { container.definition(at: index) }
    var info: ComponentInfo { container.info(at: index) }
    var key: ComponentKey { container.key(at: index) }
    var label: String { key.description }
    var location: ConfigLocation { container.location(at: index) }
    var isPrimary: Bool { container.isPrimary(at: index) }
    var isPrivate: Bool { !container.isPublic(at: index) }
    /// Whether a top-level resolve by `name` must not reach it (see ``AnyNode/hides(name:)``).
    func hides(name: String) -> Bool {
        guard isPrivate else { return false }
        return !definition.hasPublicAlias(name)
    }
    /// How an ambiguity message lists this candidate.
    var candidateDescription: String { "\(label) at \(location)" }
    /// The component this stands for: itself, or for an exposure the component it exposes.
    var owner: NodeRef { NodeRef(container, container.owner(of: index)) }
    func isSame(as other: NodeRef) -> Bool { container === other.container && index == other.index }
}

/// The exposure of component `base` as the type `type` identifies: a key of ``NumberedComponents/exposures``.
struct ExposureKey: Hashable {
    let base: Int
    let type: ObjectIdentifier
}

/// An inner definition inside component `owner`'s injections: a key of ``NumberedComponents/inners``.
struct InnerKey: Hashable {
    let owner: Int
    let definition: ObjectIdentifier
}

/// A component numbered after the container's definitions: an inner definition or an exposure.
enum ExtraOrigin {
    /// An inner (anonymous) definition, inside another's.
    case inner(Definition)
    /// The exposure of the component `base` as `type`.
    case exposure(base: Int, type: TypeRef)
}

/// The marks the build's graph checks set on a component, which its node copies when it is made.
struct NodeFlags: OptionSet {
    let rawValue: UInt8
    /// The component, or something it builds directly, is `async`.
    static let isAsync = NodeFlags(rawValue: 1)
    /// It is main-actor, or something it builds directly is.
    static let reachesMainActor = NodeFlags(rawValue: 2)
    /// Resolving it may reach an object-graph component.
    static let needsGraph = NodeFlags(rawValue: 4)
}

/// The nodes of a container's components, one slot each: empty until the component is first
/// resolved (or filled at build, for the nodes the build made). A slot is filled once, by
/// compare-and-exchange: threads that make a node together all use the one published first.
/// Its owner (``LookupTables``) frees it.
///
/// NB: a struct of an address and a count, not an object: a resolve reads it through the
/// lookups, and an object there would be retained and released by every resolve.
@usableFromInline
struct NodeSlots: @unchecked Sendable {  // docs/PerformanceLedger.md S4
    @usableFromInline let slots: AtomicBuffer
    @usableFromInline let count: Int

    /// Slots for `count` components, filled with `made` (each retained here) where it has a node.
    init(count: Int, made: [AnyNode?]) {
        self.count = count
        slots = AtomicBuffer(count: count) { index in
            let node = index < made.count ? made[index] : nil
            return node.map { Retained.address(retaining: $0) }
        }
    }

    /// Releases every node and frees the slots.
    func free() {
        for index in 0..<count {
            if let address = slots.load(at: index) { Retained.release(address, as: AnyNode.self) }
        }
        slots.deallocate(count: count)
    }

    /// The node in slot `index`, if it was made.
    @inlinable
    func node(at index: Int) -> Unretained<AnyNode>? {
        slots.load(at: index).map { Unretained(address: $0) }
    }

    /// Publishes `node` in slot `index` unless another thread did first; the node the slot holds.
    func publish(_ node: AnyNode, at index: Int) -> Unretained<AnyNode> {
        let retained = Retained.address(retaining: node)
        let (published, current) = slots.compareExchange(at: index, expected: nil, desired: retained)
        guard !published, let current else { return Unretained(address: retained) }
        Retained.release(retained, as: AnyNode.self)
        return Unretained(address: current)
    }

    /// Every node made so far, in component order.
    var made: [AnyNode] {
        (0..<count).compactMap { node(at: $0)?.object }
    }
}

/// What each component builds directly, all in one array: component `index`'s are
/// `targets[ends[index - 1]..<ends[index]]`.
///
/// NB: a target is named by number and by how many containers up it is (0: the table's own),
/// not by a ``NodeRef``: eight bytes, not sixteen, and no reference to the container the table
/// belongs to.
struct DependencyTable {
    private struct Target {
        let depth: UInt32
        let index: UInt32
    }
    private var targets: [Target] = []
    private var ends: [Int32] = []

    init() {}

    /// The table of `lists`, one per component of `container` in order; each target is a
    /// component of `container` or of one of its parents.
    init(_ lists: [[NodeRef]], of container: Container) {
        targets.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        ends.reserveCapacity(lists.count)
        let own = Unretained(container).address
        for list in lists {
            for target in list {
                let depth = target.containerRef.address == own ? 0 : Self.depth(of: target, below: container)
                targets.append(Target(depth: depth, index: UInt32(truncatingIfNeeded: target.index)))
            }
            ends.append(Int32(truncatingIfNeeded: targets.count))
        }
    }

    /// How many containers up from `container` the component `target` is.
    private static func depth(of target: NodeRef, below container: Container) -> UInt32 {
        var depth: UInt32 = 0
        var owner: Container? = container
        while let current = owner, current !== target.container {
            owner = current.parent
            depth += 1
        }
        // The build records only its own container's components and its parents'.
        precondition(owner != nil, "a dependency on a component of a container that is not a parent")
        return depth
    }

    /// What component `index` of `container` (whose table this is) builds directly, in the
    /// order its injections are bound.
    func targets(of index: Int, in container: Container) -> [NodeRef] {
        guard index < ends.count else { return [] }
        return targets[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])].map { target in
            var owner = container
            for _ in 0..<target.depth {
                guard let parent = owner.parent else { preconditionFailure("a dependency deeper than the container's parents") }
                owner = parent
            }
            return NodeRef(owner, Int(target.index))
        }
    }
}
