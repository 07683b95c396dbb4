// How an object graph or a task scope keeps an instance: every raw-memory access to their
// instances is here.

/// An instance an object graph or a task scope keeps for its node, in one word: a value that fits in a word — a
/// class reference, a small struct — in the word itself, a larger one at an address of its own
/// (the word holds the address). The word owns the instance (a class reference in it is
/// retained) until ``destroy(as:)``; its owner, the graph's or scope's entry, knows the node and
/// so `T`.
///
/// Why: a request's components are classes, and an address of their own was an allocation, a
/// free and a copy each (`ioc-profile request-scope`: docs/PerformanceLedger.md U25).
struct KeptWord {
    let bits: UInt

    /// Whether a `T` is kept in the word itself.
    @inline(__always)
    static func fitsInWord<T>(_ type: T.Type) -> Bool {
        MemoryLayout<T>.size <= MemoryLayout<UInt>.size && MemoryLayout<T>.alignment <= MemoryLayout<UInt>.alignment
    }

    /// `value`, kept: copied into the word, or to an address of its own.
    @inline(__always)
    init<T>(_ value: T) {
        if Self.fitsInWord(T.self) {
            var word: UInt = 0
            // NB: the word's address as an argument (`&word`), not in a closure: a closure that
            // captures `value` copies it and destroys the copy, and one that returns the typed
            // pointer `initializeMemory` gives looks up `UnsafeMutablePointer<T>`'s metadata
            // on each call (docs/PerformanceLedger.md U25).
            Self.initialize(&word, to: value)
            bits = word
        } else {
            let address = UnsafeMutablePointer<T>.allocate(capacity: 1)
            address.initialize(to: value)
            bits = UInt(bitPattern: address)
        }
    }

    @inline(__always)
    private static func initialize<T>(_ word: UnsafeMutableRawPointer, to value: T) {
        // NB: not `initializeMemory(as:to:)`, which copies `value` once more and destroys the copy.
        word.bindMemory(to: T.self, capacity: 1).initialize(to: value)
    }

    /// A copy of the instance; the word keeps its own.
    @inline(__always)
    func value<T>(as type: T.Type) -> T {
        if Self.fitsInWord(T.self) {
            var word = bits
            return Self.value(at: &word, as: T.self)
        }
        return Self.value(at: address, as: T.self)
    }

    @inline(__always)
    private static func value<T>(at address: UnsafeRawPointer, as type: T.Type) -> T {
        address.assumingMemoryBound(to: T.self).pointee
    }

    /// Calls `body` with the instance's address (valid during the call only).
    @inline(__always)
    func withAddress<T, R>(as type: T.Type, _ body: (UnsafeRawPointer) throws -> R) rethrows -> R {
        if Self.fitsInWord(T.self) {
            return try withUnsafePointer(to: bits) { try body(UnsafeRawPointer($0)) }
        }
        return try body(address)
    }

    /// Ends the instance's life (releases a class reference, frees an address of its own).
    @inline(__always)
    func destroy<T>(as type: T.Type) {
        if Self.fitsInWord(T.self) {
            var word = bits
            Self.deinitialize(&word, as: T.self)
        } else {
            Self.deinitialize(address, as: T.self)
            address.deallocate()
        }
    }

    @inline(__always)
    private static func deinitialize<T>(_ address: UnsafeMutableRawPointer, as type: T.Type) {
        _ = address.assumingMemoryBound(to: T.self).deinitialize(count: 1)
    }

    /// The instance's address of its own, when it does not fit in the word.
    private var address: UnsafeMutableRawPointer {
        // NB: a word that does not hold the value holds the address `init` allocated, never 0.
        UnsafeMutableRawPointer(bitPattern: bits).unsafelyUnwrapped
    }
}
