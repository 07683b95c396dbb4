#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The thread-local scope's cache: one per thread, freed when the thread ends.
final class ThreadLocalStore {
    var values: [UInt64: Any] = [:]
    /// The lowest stack address resolving may use on this thread; computed on first need.
    var stackLimit: UInt?

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { Retained.release($0, as: ThreadLocalStore.self) }
        #else
        pthread_key_create(&key) { pointer in
            if let pointer { Retained.release(pointer, as: ThreadLocalStore.self) }
        }
        #endif
        return key
    }()

    static var current: ThreadLocalStore {
        if let pointer = pthread_getspecific(key) {
            return Unretained<ThreadLocalStore>(address: pointer).object
        }
        let store = ThreadLocalStore()
        pthread_setspecific(key, Retained.address(retaining: store))
        return store
    }
}

/// The task-local scope's cache: one per `Container.withTaskScope(_:)` block, seen by the
/// block and every child task it starts (``TaskScopes/current``). Instances with dispose hooks
/// are disposed when the block ends, in reverse creation order.
///
/// A request's scope holds a handful of instances, so they sit in one short array under one
/// lock — the scope is its `Locked` state, one object — found by a linear search of their nodes'
/// serials, each at an address of its own (as an object graph keeps them: reading one back needs
/// no cast). A creation claims its entry under that lock and fills it after `make` returns,
/// moving it to the end: the filled entries are in creation order, which the end walks
/// backwards. Only a caller that finds an entry claimed by another thread or task goes to the
/// ``CreationCoordinator`` (which the claimant is then told to release): the uncontended
/// creations of a request never touch the coordinator's global lock and tables
/// (docs/Performance.md, "The request scope"; its unchecked constructs: U24).
typealias TaskScope = Locked<TaskScopeState>

/// The task scope the running code is in.
enum TaskScopes {
    @TaskLocal static var current: TaskScope?
}

/// What a ``TaskScope`` holds.
struct TaskScopeState {
    /// Tells this scope's creations apart in the coordinator from other scopes'.
    let serial = Serial.next()
    /// The scope's instances (in creation order) and the claims of those being made.
    fileprivate var entries: [Entry] = []
    /// Set when the block ends: a task that outlived it finds no scope.
    fileprivate var hasEnded = false

    init() {
        entries.reserveCapacity(8)
    }

    /// A scope given `value`, the instance of `container`'s scope value of type `C`.
    init<C>(providing value: C, in container: Container) throws {
        let node = try container.scopeValueNode(C.self)
        self.init()
        entries.append(Entry(node: node, slot: .given(node.kept(value))))
    }

    fileprivate func position(of serial: UInt64) -> Int? {
        entries.firstIndex { $0.serial == serial }
    }

    /// The instance, or the claim of its creation for `owner` when it has neither.
    fileprivate mutating func claim(_ node: AnyNode, owner: UInt) -> Claim {
        if hasEnded { return .ended }
        guard let index = position(of: node.serial) else {
            entries.append(Entry(node: node, slot: .creating(owner: owner, waited: false)))
            return .mine
        }
        switch entries[index].slot {
        case .ready(let instance), .given(let instance): return .ready(instance)
        case .creating(let holder, _): return .busy(holder: holder)
        case .abandoned:
            entries[index].slot = .creating(owner: owner, waited: false)
            return .mine
        }
    }

    /// Ends the claim on `node` with the instance at `instance` (`nil`: the creation threw).
    fileprivate mutating func end(_ node: AnyNode, with instance: UnsafeMutableRawPointer?) -> ClaimEnd {
        // The block ended while it was being made (by a task that outlived it): the end released its waiters.
        guard let index = position(of: node.serial), case .creating(_, let waited) = entries[index].slot else { return .scopeEnded }
        if let instance {
            var entry = entries.remove(at: index)
            entry.slot = .ready(instance)
            entries.append(entry)
        } else {
            entries[index].slot = .abandoned
        }
        return waited ? .waited : .kept
    }

    /// Marks `holder`'s claim on `node` as waited for; `false` when it has ended meanwhile.
    fileprivate mutating func wait(for node: AnyNode, heldBy holder: UInt) -> Bool {
        guard let index = position(of: node.serial), case .creating(holder, _) = entries[index].slot else { return false }
        entries[index].slot = .creating(owner: holder, waited: true)
        return true
    }

    fileprivate func isClaimed(_ node: AnyNode, by holder: UInt) -> Bool {
        guard let index = position(of: node.serial), case .creating(holder, _) = entries[index].slot else { return false }
        return true
    }

    fileprivate func cell(of node: AnyNode) -> CellKey {
        CellKey(scope: serial, node: node.serial)
    }

    fileprivate struct Entry {
        let serial: UInt64
        /// The node, retained once when the entry is made (``Retained``), released once at the
        /// scope's end. NB: not a strong reference, which every copy and move of an entry (a
        /// claim, a fill, the end's walk) would retain and release: the refcounting was the
        /// largest single cost of a request's scope (docs/Performance.md U24).
        let node: UnsafeRawPointer
        var slot: Slot

        init(node: AnyNode, slot: Slot) {
            serial = node.serial
            self.node = Retained.address(retaining: node)
            self.slot = slot
        }
    }

    fileprivate enum Slot {
        /// The instance made here, at an address the entry's node frees (``AnyNode/destroyKept(_:)``).
        case ready(UnsafeMutableRawPointer)
        /// The value the scope was given, kept as `ready` is, never disposed.
        case given(UnsafeMutableRawPointer)
        /// Being made by `owner`; `waited` when a caller waits for it in the coordinator.
        case creating(owner: UInt, waited: Bool)
        /// Its creation threw: the next caller claims it again.
        case abandoned
    }

    fileprivate enum Claim {
        case ready(UnsafeMutableRawPointer), mine, busy(holder: UInt), ended
    }

    fileprivate enum ClaimEnd {
        /// The entry has the instance (or is free again); `waited`: a caller waits in the coordinator.
        case kept, waited
        /// The scope ended meanwhile: the entry is gone.
        case scopeEnded
    }
}

extension Locked where State == TaskScopeState {
    func instance<T>(for node: Node<T>, owner: UInt, limit: Double?, make: () throws -> T) throws -> T {
        while true {
            switch withLock({ $0.claim(node, owner: owner) }) {
            case .ready(let instance):
                // NB: an entry is only ever filled by its node, with a `T`.
                return instance.assumingMemoryBound(to: T.self).pointee
            case .mine:
                return try create(node, make: make)
            case .busy(let holder):
                try waitForCreation(of: node, heldBy: holder, owner: owner, limit: limit)
            case .ended:
                throw IoCError(.noTaskScope(component: node.label))
            }
        }
    }

    /// Makes the instance `node`'s entry was claimed for, and fills the entry.
    private func create<T>(_ node: Node<T>, make: () throws -> T) throws -> T {
        let instance: T
        do {
            instance = try make()
        } catch {
            if case .waited = withLock({ $0.end(node, with: nil) }) { release(node) }
            throw error
        }
        let kept = node.kept(instance)
        switch withLock({ $0.end(node, with: kept) }) {
        case .kept: break
        case .waited: release(node)
        case .scopeEnded: node.destroyKept(kept)   // the caller's, never disposed
        }
        return instance
    }

    /// Waits until `holder`'s creation of `node`'s instance ends (it may have thrown: the
    /// caller then claims it), through the coordinator, which finds the cycles a wait would close.
    private func waitForCreation(of node: AnyNode, heldBy holder: UInt, owner: UInt, limit: Double?) throws {
        guard holder != owner else { throw IoCError(.cycle(path: [node.label], location: nil)) }
        guard let cell = withLock({ $0.wait(for: node, heldBy: holder) ? $0.cell(of: node) : nil }) else { return }
        try CreationCoordinator.shared.wait(for: cell, heldBy: holder, owner: owner, label: { node.label }, limit: limit) {
            !withLock { $0.isClaimed(node, by: holder) }
        }
    }

    private func release(_ node: AnyNode) {
        CreationCoordinator.shared.release(withLock { $0.cell(of: node) })
    }

    /// Ends the scope: runs the dispose hooks of what it created, newest first, and lets its
    /// instances (and the value it was given) go. A task that outlives the block and resolves in
    /// the scope afterwards gets the error of a resolve outside any scope.
    func end() -> [String] {
        let (entries, serial) = withLock { state in
            defer {
                state.entries = []
                state.hasEnded = true
            }
            return (state.entries, state.serial)
        }
        var failures: [String] = []
        for entry in entries.reversed() {
            let node = Unretained<AnyNode>(address: entry.node).object
            switch entry.slot {
            case .ready(let instance):
                let failed = node.dispose(at: instance)
                if !failed.isEmpty { failures += failed }
                node.destroyKept(instance)
            case .given(let instance):
                node.destroyKept(instance)
            case .creating(_, let waited):
                // Its creator (a task that outlived the block) finds the scope ended; its waiters must not wait for it.
                if waited { CreationCoordinator.shared.release(CellKey(scope: serial, node: entry.serial)) }
            case .abandoned:
                break
            }
            Retained.release(entry.node, as: AnyNode.self)
        }
        return failures
    }
}
