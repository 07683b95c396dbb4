#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if !canImport(Darwin)
import CIoCThreadStack
#endif

/// Keeps deep graphs from overflowing the stack: past a depth of 64 each level checks how
/// much of the thread's stack is left and fails with ``IoCError`` instead of crashing.
enum StackGuard {
    /// Whether the current thread has less than ``reserve`` bytes of stack left.
    static func isNearlyExhausted() -> Bool {
        let store = ThreadLocalStore.current
        if store.stackLimit == nil { store.stackLimit = lowestUsableAddress() }
        guard let limit = store.stackLimit, limit != 0 else { return false }
        return currentAddress() < limit
    }

    /// Bytes kept free for the user code that runs between two levels.
    static let reserve: UInt = 128 * 1024

    /// The lowest address this thread's resolution may use, or 0 when it cannot be known.
    static func lowestUsableAddress() -> UInt {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return top > size + reserve ? top - size + reserve : 0
        #else
        var low: UnsafeMutableRawPointer?
        var size = 0
        guard ioc_thread_stack(&low, &size) == 0, let low else { return 0 }
        return UInt(bitPattern: low) + reserve
        #endif
    }

    @inline(never)
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}
