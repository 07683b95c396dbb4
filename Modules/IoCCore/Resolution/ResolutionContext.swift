

/// What one top-level resolve carries down the graph it builds. Passed by value: each level
/// gets its own depth; the object-graph cache is shared by reference.
///
/// NB: every reference in here is `unowned(unsafe)`, so that copying a context at each level
/// is a plain copy with no reference counting; whoever makes a context keeps its objects
/// alive for as long as it is used (see `keepAlive`), and `Resolver` holds them strongly.
@usableFromInline
struct ResolutionContext {
    /// The container whose definitions the current component was registered in.
    @usableFromInline unowned(unsafe) var container: Container  // docs/PerformanceLedger.md U10
    @usableFromInline var depth: Int
    /// Instances of object-graph scope, shared by everything this top-level resolve builds.
    @usableFromInline unowned(unsafe) var graph: ObjectGraph?
    /// What an `async` resolve, or one creating singletons, carries besides; `nil` for a
    /// plain synchronous resolve.
    @usableFromInline unowned(unsafe) var state: ResolveState?
    /// The task scope a task-local component is being made in, for its own arguments and
    /// properties: one task-local read a request's graph, not one a component
    /// (docs/PerformanceLedger.md U26). `nil` elsewhere; a ``Resolver`` drops it, since a factory may
    /// start a scope of its own.
    @usableFromInline var taskScope: Unretained<TaskScope>?

    @inlinable
    init(container: Container, graph: ObjectGraph?, state: ResolveState? = nil) {
        self.container = container
        self.depth = 0
        self.graph = graph
        self.state = state
        self.taskScope = nil
    }

    /// The owner of a creation in progress: this `async` resolve, or this thread.
    var ownerToken: UInt {
        if let token = state?.asyncToken, token != 0 { return token }
        return ThreadIdentity.current
    }

    /// The cycle error when `cell` is already being created further up this resolve.
    func cycleIfCreating(_ cell: CellKey, label: @autoclosure () -> String) -> IoCError? {
        // NB: the label is written only for the error: a singleton's first resolve does not pay for it.
        creation(of: cell) == nil ? nil : IoCError(.cycle(path: [label()], location: nil))
    }

    /// The creation of `cell` further up this resolve, if it is in progress.
    func creation(of cell: CellKey) -> ResolveState? {
        var link = state
        while let current = link {
            if current.cell == cell { return current }
            link = current.parent
        }
        return nil
    }

    /// The state for creating `cell` inside this resolve; the caller keeps it alive while used.
    func creating(_ cell: CellKey) -> ResolveState {
        ResolveState(asyncToken: state?.asyncToken ?? 0, cell: cell, parent: state)
    }

    /// This context with `state`.
    func with(_ state: ResolveState) -> ResolutionContext {
        var copy = self
        copy.state = state
        return copy
    }
}

/// The less common part of a resolve's context: its `async` identity, and the chain of
/// singletons it is creating (innermost first), so that re-entering one is reported as a
/// cycle even when a factory passed its resolver to another thread.
@usableFromInline
final class ResolveState: @unchecked Sendable {
    /// Identifies an `async` resolve for the creation coordinator; 0 for a synchronous one.
    let asyncToken: UInt
    let cell: CellKey?
    let parent: ResolveState?
    /// For a component on a cycle that properties close: its instance once constructed, which
    /// the cycle is handed before its properties are set; whether it was handed out.
    var early: Any?
    var handedOut = false
    /// For the creation of a cycle that properties close: the singletons it created, published
    /// when it ends.
    var unpublished: [AnyNode] = []

    init(asyncToken: UInt, cell: CellKey? = nil, parent: ResolveState? = nil) {
        self.asyncToken = asyncToken
        self.cell = cell
        self.parent = parent
    }
}

/// Keeps `object` alive up to the call: the end of a context's use.
@inline(never)
func keepAlive(_ object: AnyObject?) {}

/// The object-graph scope's cache: one per top-level resolve that needs it.
///
/// Usually one thread uses it; the lock is there for factories that pass their resolver to
/// another thread. Each instance is kept in memory typed by its node (not boxed in `Any`),
/// so that a hit needs neither a dynamic cast nor a generic metadata lookup.
@usableFromInline
final class ObjectGraph: @unchecked Sendable {  // docs/PerformanceLedger.md U15
    private struct Entry {
        let serial: UInt64
        let kept: KeptWord
        let node: Unretained<AnyNode>
    }

    // NB: its own mutex and list rather than a `Locked` list: one object less for every resolve
    // that needs a graph (docs/PerformanceLedger.md, "Unusual constructs"). `entries` is only reached
    // with `mutex` held, so it skips the dynamic exclusivity checks, as `Locked` does.
    private let mutex = PthreadMutex()
    @exclusivity(unchecked) private var entries: [Entry] = []

    @usableFromInline init() {}

    deinit {
        // The container that owns the nodes outlives every graph: a resolver that keeps a
        // graph also keeps its container. Nothing else holds the graph now: no lock needed.
        for entry in entries { entry.node.with { $0.destroyKept(entry.kept) } }
    }

    /// The instance of the node with `serial`, if it was made in this graph. NB: read after the
    /// lock is released: the graph keeps each instance until it goes, and outlives the resolve.
    func kept(for serial: UInt64) -> KeptWord? {
        mutex.withLock {
            for entry in entries where entry.serial == serial { return entry.kept }
            return nil
        }
    }

    /// Keeps an instance that `node` made (the graph now owns it).
    func store(_ kept: KeptWord, for node: AnyNode) {
        mutex.withLock {
            if entries.isEmpty { entries.reserveCapacity(4) }
            entries.append(Entry(serial: node.serial, kept: kept, node: Unretained(node)))
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A number that tells threads apart while they run (their pthread handle).
enum ThreadIdentity {
    static var current: UInt {
        #if canImport(Darwin)
        return UInt(bitPattern: pthread_self())
        #else
        return UInt(pthread_self())
        #endif
    }
}

// NB: a context only points at the container, graph and state of a resolve in progress; the
// disposers that keep one for later run while their container is alive.
extension ResolutionContext: @unchecked Sendable {}
