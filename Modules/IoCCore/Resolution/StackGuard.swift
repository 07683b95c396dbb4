#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
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
        guard let getAttributes = pthreadGetAttributes else { return 0 }
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return 0 }
        defer { pthread_attr_destroy(&attributes) }
        var base: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base else { return 0 }
        return UInt(bitPattern: base) + reserve
        #endif
    }

    #if !canImport(Darwin)
    // NB: glibc declares pthread_getattr_np only under _GNU_SOURCE, which Swift's Glibc module
    // does not set; the symbol is always there, so it is looked up at run time.
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let pthreadGetAttributes: GetAttributes? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetAttributes.self)
    }()
    #endif

    @inline(never)
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}
