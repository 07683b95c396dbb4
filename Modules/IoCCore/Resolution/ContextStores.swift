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
/// block and every child task it starts. Instances with dispose hooks are disposed when the
/// block ends, in reverse creation order.
///
/// A request's scope holds a handful of instances, so they sit in one short array under one
/// lock, found by a linear search of their nodes' serials, each at an address of its own (as an
/// object graph keeps them: reading one back needs no cast). A creation claims its entry under
/// that lock and fills it after `make` returns. Only a caller that finds an entry claimed by
/// another thread or task goes to the ``CreationCoordinator`` (which the claimant is then told
/// to release): the uncontended creations of a request never touch the coordinator's global
/// lock and tables (docs/Performance.md, "The request scope").
final class TaskScope: Sendable {
    @TaskLocal static var current: TaskScope?

    let serial = Serial.next()
    private let state = Locked(State())

    private struct State {
        /// The scope's instances and claims, in claim order.
        var entries: [Entry] = []
        /// The instances made, in creation order: the end disposes them newest first.
        var made: [Entry] = []

        init() {
            entries.reserveCapacity(8)
            made.reserveCapacity(8)
        }

        func position(of node: AnyNode) -> Int? {
            entries.firstIndex { $0.node === node }
        }

        /// The instance, or the claim of its creation for `owner` when it has neither.
        mutating func claim(_ node: AnyNode, owner: UInt) -> Claim {
            guard let index = position(of: node) else {
                entries.append(Entry(node: node, slot: .creating(owner: owner, waited: false)))
                return .mine
            }
            switch entries[index].slot {
            case .ready(let instance): return .ready(instance)
            case .creating(let holder, _): return .busy(holder: holder)
            case .abandoned:
                entries[index].slot = .creating(owner: owner, waited: false)
                return .mine
            }
        }

        /// Ends the claim on `node` with the instance at `instance` (`nil`: the creation
        /// threw); whether a waiter is in the coordinator, which must then be told.
        mutating func end(_ node: AnyNode, with instance: UnsafeMutableRawPointer?) -> Bool {
            guard let index = position(of: node), case .creating(_, let waited) = entries[index].slot else { return false }
            entries[index].slot = instance.map(Slot.ready) ?? .abandoned
            if instance != nil { made.append(entries[index]) }
            return waited
        }

        /// Marks `holder`'s claim on `node` as waited for; `false` when it has ended meanwhile.
        mutating func wait(for node: AnyNode, heldBy holder: UInt) -> Bool {
            guard let index = position(of: node), case .creating(holder, _) = entries[index].slot else { return false }
            entries[index].slot = .creating(owner: holder, waited: true)
            return true
        }

        func isClaimed(_ node: AnyNode, by holder: UInt) -> Bool {
            guard let index = position(of: node), case .creating(holder, _) = entries[index].slot else { return false }
            return true
        }
    }

    private struct Entry {
        let node: AnyNode
        var slot: Slot
    }

    private enum Slot {
        /// The instance, at an address the entry's node frees (``AnyNode/destroyGraphValue(_:)``).
        case ready(UnsafeMutableRawPointer)
        /// Being made by `owner`; `waited` when a caller waits for it in the coordinator.
        case creating(owner: UInt, waited: Bool)
        /// Its creation threw: the next caller claims it again.
        case abandoned
    }

    private enum Claim {
        case ready(UnsafeMutableRawPointer), mine, busy(holder: UInt)
    }

    init() {}

    /// A scope given `value`, the instance of `container`'s scope value of type `C`.
    init<C>(providing value: C, in container: Container) throws {
        let node = try container.scopeValueNode(C.self)
        state.withLock { $0.entries.append(Entry(node: node, slot: .ready(Node<C>.kept(value)))) }
    }

    /// What remains when the scope goes: a value it was given, and what a task that outlived
    /// its block made after the end (never disposed: its dispose hooks ran at the end).
    deinit {
        state.withLock { state in
            for entry in state.entries { if case .ready(let instance) = entry.slot { entry.node.destroyGraphValue(instance) } }
        }
    }

    func instance<T>(for node: Node<T>, owner: UInt, limit: Double?, make: () throws -> T) throws -> T {
        while true {
            switch state.withLock({ $0.claim(node, owner: owner) }) {
            case .ready(let instance):
                // NB: an entry is only ever filled by its node, with a `T`.
                return instance.assumingMemoryBound(to: T.self).pointee
            case .mine:
                return try create(node, make: make)
            case .busy(let holder):
                try waitForCreation(of: node, heldBy: holder, owner: owner, limit: limit)
            }
        }
    }

    /// Makes the instance `node`'s entry was claimed for, and fills the entry.
    private func create<T>(_ node: Node<T>, make: () throws -> T) throws -> T {
        let instance: T
        do {
            instance = try make()
        } catch {
            if state.withLock({ $0.end(node, with: nil) }) { CreationCoordinator.shared.released(cell(of: node)) }
            throw error
        }
        let kept = Node<T>.kept(instance)
        if state.withLock({ $0.end(node, with: kept) }) { CreationCoordinator.shared.released(cell(of: node)) }
        return instance
    }

    /// Waits until `holder`'s creation of `node`'s instance ends (it may have thrown: the
    /// caller then claims it), through the coordinator, which finds the cycles a wait would close.
    private func waitForCreation(of node: AnyNode, heldBy holder: UInt, owner: UInt, limit: Double?) throws {
        guard holder != owner else { throw IoCError(.cycle(path: [node.label], location: nil)) }
        guard state.withLock({ $0.wait(for: node, heldBy: holder) }) else { return }
        try CreationCoordinator.shared.wait(for: cell(of: node), heldBy: holder, owner: owner, label: { node.label }, limit: limit) {
            !state.withLock { $0.isClaimed(node, by: holder) }
        }
    }

    private func cell(of node: AnyNode) -> CellKey {
        CellKey(scope: serial, node: node.serial)
    }

    /// Runs the dispose hooks of what this scope created, newest first, and lets the instances go.
    func end() -> [String] {
        let made = state.withLock { state in
            let made = state.made
            state.made.removeAll()
            // The given value stays, for the deinit to free.
            state.entries.removeAll { entry in made.contains { $0.node === entry.node } }
            return made
        }
        var failures: [String] = []
        for entry in made.reversed() {
            guard case .ready(let instance) = entry.slot else { continue }
            failures += entry.node.dispose(at: instance)
            entry.node.destroyGraphValue(instance)
        }
        return failures
    }
}
