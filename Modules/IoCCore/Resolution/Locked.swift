#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex at a fixed address, freed with its owner.
///
/// NB: a pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer does not see the
/// futex the latter waits on, and `make tsan` would report every use as a race.
struct PthreadMutex: ~Copyable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    borrowing func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Locks; the caller unlocks on every path (prefer ``withLock(_:)``).
    @inline(__always)
    borrowing func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    borrowing func unlock() { pthread_mutex_unlock(mutex) }
}

/// State behind a lock, for state that holds user instances (which need not be `Sendable`).
/// Never held while user code runs.
package final class Locked<State>: @unchecked Sendable {  // docs/PerformanceLedger.md U15
    private let mutex = PthreadMutex()
    // NB: no dynamic exclusivity checks: `state` is only reached inside `withLock`, with the
    // mutex held, and a `withLock` nested in another on the same lock blocks before it could
    // reach `state` twice (docs/PerformanceLedger.md, "Unusual constructs").
    @exclusivity(unchecked) private var state: State

    package init(_ state: State) {
        self.state = state
    }

    @inline(__always)
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try mutex.withLock { try body(&state) }
    }
}
