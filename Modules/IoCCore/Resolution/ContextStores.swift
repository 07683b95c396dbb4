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
final class TaskScope: Sendable {
    @TaskLocal static var current: TaskScope?

    let serial = Serial.next()
    private let values = Locked<[UInt64: Any]>([:])
    private let disposals = Locked<[@Sendable () -> [String]]>([])

    init() {}

    /// A scope given `value`, the instance of `container`'s scope value of type `C`.
    init<C>(providing value: C, in container: Container) throws {
        let node = try container.scopeValueNode(C.self)
        values.withLock { $0[node.serial] = value }
    }

    func instance<T>(for node: Node<T>, owner: UInt, limit: Double?, make: () throws -> T) throws -> T {
        if let value = values.withLock({ $0[node.serial] }) as? T { return value }
        let cell = CellKey(scope: serial, node: node.serial)
        let isReady = { self.values.withLock { $0[node.serial] } != nil }
        return try CreationCoordinator.shared.create(cell, owner: owner, label: { node.label }, limit: limit, isReady: isReady,
                                                     existing: { try instance(for: node, owner: owner, limit: limit, make: make) }) {
            let value = try make()
            values.withLock { $0[node.serial] = value }
            if node.hasDisposeHooks {
                let box = UncheckedBox(value)
                disposals.withLock { $0.append { node.dispose(box.value) } }
            }
            return value
        }
    }

    /// Runs the dispose hooks of what this scope created, newest first.
    func end() -> [String] {
        let actions = disposals.withLock { list in defer { list.removeAll() }; return list }
        return actions.reversed().flatMap { $0() }
    }
}
