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
/// lock, found by a linear search of their nodes' serials, each kept in a word of its entry
/// (``KeptWord``: a class reference in the word itself). A creation claims its entry under
/// that lock and fills it after `make` returns, numbering it: the end walks the filled entries
/// newest first. An instance is read back with the lock held, so a task that outlived the
/// block cannot read one the end is letting go. Only a caller that finds an entry claimed by
/// another thread or task goes to the ``CreationCoordinator`` (which the claimant is then told
/// to release): the uncontended creations of a request never touch the coordinator's global
/// lock and tables (docs/PerformanceLedger.md, "The request scope"; its unchecked constructs: U24, U25).
@usableFromInline
final class TaskScope: @unchecked Sendable {  // `state` is only reached with `mutex` held
    private let mutex = PthreadMutex()
    // NB: no dynamic exclusivity checks, as in `Locked` (docs/PerformanceLedger.md U15).
    @exclusivity(unchecked) private var state = TaskScopeState()

    init() {}

    /// A scope given `value`, the instance of `container`'s scope value of type `C`.
    init<C>(providing value: C, in container: Container) throws {
        let node = try container.scopeValueNode(C.self)
        state.entries.append(TaskScopeState.Entry(node: node, slot: .given(KeptWord(value))))
        // A container that answers for this one (a test overlay) resolves through nodes of its
        // own: its scope value is given the value too, so code under test that scopes the
        // base container finds it.
        if container.isIntercepted, let other = container.answeringContainer(),
           let answering = try? other.scopeValueNode(C.self), answering !== node {
            state.entries.append(TaskScopeState.Entry(node: answering, slot: .given(KeptWord(value))))
        }
    }

    /// The instance of `node` in this scope, made with `make` by the first caller.
    func instance<T>(for node: Node<T>, owner: UInt, limit: Double?, make: () throws -> T) throws -> T {
        while true {
            mutex.lock()
            switch state.claim(node, owner: owner) {
            case .ready(let word):
                // NB: copied before unlocking: the scope's end may let the word's instance go
                // as soon as the lock is free. An entry is only ever filled by its node, with a `T`.
                let instance = word.value(as: T.self)
                mutex.unlock()
                return instance
            case .mine:
                mutex.unlock()
                return try create(node, make: make)
            case .busy(let holder):
                mutex.unlock()
                try waitForCreation(of: node, heldBy: holder, owner: owner, limit: limit)
            case .ended:
                mutex.unlock()
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
            if case .waited = mutex.withLock({ state.end(node, with: nil) }) { release(node) }
            throw error
        }
        let kept = KeptWord(instance)
        switch mutex.withLock({ state.end(node, with: kept) }) {
        case .kept: break
        case .waited: release(node)
        case .scopeEnded: kept.destroy(as: T.self)   // the caller's, never disposed
        }
        return instance
    }

    /// Waits until `holder`'s creation of `node`'s instance ends (it may have thrown: the
    /// caller then claims it), through the coordinator, which finds the cycles a wait would close.
    private func waitForCreation(of node: AnyNode, heldBy holder: UInt, owner: UInt, limit: Double?) throws {
        guard holder != owner else { throw IoCError(.cycle(path: [node.label], location: nil)) }
        guard let cell = mutex.withLock({ state.wait(for: node, heldBy: holder) ? state.cell(of: node) : nil }) else { return }
        try CreationCoordinator.shared.wait(for: cell, heldBy: holder, owner: owner, label: { node.label }, limit: limit) {
            !mutex.withLock { state.isClaimed(node, by: holder) }
        }
    }

    private func release(_ node: AnyNode) {
        CreationCoordinator.shared.release(mutex.withLock { state.cell(of: node) })
    }

    /// Ends the scope: runs the dispose hooks of what it created, newest first, and lets its
    /// instances (and the value it was given) go. A task that outlives the block and resolves in
    /// the scope afterwards gets the error of a resolve outside any scope.
    func end() -> [String] {
        var (entries, serial) = mutex.withLock {
            defer {
                state.entries = []
                state.hasEnded = true
            }
            return (state.entries, state.serial)
        }
        entries.sort { $0.made > $1.made }
        var failures: [String] = []
        for entry in entries {
            // NB: the node unretained (the entry's reference keeps it until the release below).
            Unretained<AnyNode>(address: entry.node).with { node in
                switch entry.slot {
                case .ready(let instance):
                    let failed = node.dispose(kept: instance)
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
            }
            Retained.release(entry.node, as: AnyNode.self)
        }
        return failures
    }
}

/// The task scope the running code is in.
enum TaskScopes {
    @TaskLocal static var current: TaskScope?
}

/// What a ``TaskScope`` holds, behind its lock.
struct TaskScopeState {
    /// Tells this scope's creations apart in the coordinator from other scopes'.
    let serial = Serial.next()
    /// The scope's instances and the claims of those being made.
    fileprivate var entries: [Entry] = []
    /// How many instances the scope has made: the number of the next, less one.
    fileprivate var made = 0
    /// Set when the block ends: a task that outlived it finds no scope.
    fileprivate var hasEnded = false

    init() {
        entries.reserveCapacity(8)
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

    /// Ends the claim on `node` with `instance` (`nil`: the creation threw).
    fileprivate mutating func end(_ node: AnyNode, with instance: KeptWord?) -> ClaimEnd {
        // The block ended while it was being made (by a task that outlived it): the end released its waiters.
        guard let index = position(of: node.serial), case .creating(_, let waited) = entries[index].slot else { return .scopeEnded }
        if let instance {
            made += 1
            entries[index].slot = .ready(instance)
            entries[index].made = made
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
        /// largest single cost of a request's scope (docs/PerformanceLedger.md U24).
        let node: UnsafeRawPointer
        var slot: Slot
        /// The instance's number in creation order (``TaskScopeState/made``); 0 until made.
        var made = 0

        init(node: AnyNode, slot: Slot) {
            serial = node.serial
            self.node = Retained.address(retaining: node)
            self.slot = slot
        }
    }

    fileprivate enum Slot {
        /// The instance made here, which the entry's node lets go (``AnyNode/destroyKept(_:)-(KeptWord)``).
        case ready(KeptWord)
        /// The value the scope was given, kept as `ready` is, never disposed.
        case given(KeptWord)
        /// Being made by `owner`; `waited` when a caller waits for it in the coordinator.
        case creating(owner: UInt, waited: Bool)
        /// Its creation threw: the next caller claims it again.
        case abandoned
    }

    fileprivate enum Claim {
        case ready(KeptWord), mine, busy(holder: UInt), ended
    }

    fileprivate enum ClaimEnd {
        /// The entry has the instance (or is free again); `waited`: a caller waits in the coordinator.
        case kept, waited
        /// The scope ended meanwhile: the entry is gone.
        case scopeEnded
    }
}
