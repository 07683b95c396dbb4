// IoCCore's atomic values, behind two names: `AtomicCell` (one value, in an object) and
// `AtomicBuffer` (a row of addresses, a container's node slots). Each has two implementations,
// with the same members and orderings:
//
// - `Synchronization.Atomic`, where it can be stored: Linux and the other platforms whose
//   Swift runtime has it whatever the deployment target.
// - A word at an address of its own, with Clang's atomic builtins (the C target `CIoCAtomics`),
//   on Apple platforms — below iOS 18 / macOS 15 `Atomic` is unavailable, and a stored property
//   cannot be of a type its platform may lack, so a floor below those needs this path — and
//   wherever the compile condition `IOC_FALLBACK` is set (`make test-fallback`,
//   `make tsan-fallback`, which run this path here). docs/PerformanceLedger.md U23 has what it costs.
//
// Only the orderings IoCCore uses exist on the fallback path: a new use of another fails to
// compile there, which `make test-fallback` (in CI) reports.

#if IOC_FALLBACK || canImport(Darwin)
import CIoCAtomics

/// Which implementation this build uses (`make test-fallback` checks that its condition reached it).
package enum AtomicsImplementation {
    package static let isFallback = true
}

/// The memory order of a load.
@usableFromInline
enum AtomicLoadOrdering {
    case relaxed, acquiring
}

/// The memory order of a store.
@usableFromInline
enum AtomicStoreOrdering {
    case releasing
}

/// The memory order of an exchange or a compare-and-exchange.
@usableFromInline
enum AtomicUpdateOrdering {
    case acquiringAndReleasing
}

/// The memory order of an addition or a subtraction.
@usableFromInline
enum AtomicCountOrdering {
    case relaxed
}

/// A value an atomic word holds: its bits, 64 at most.
@usableFromInline
protocol AtomicWordRepresentable {
    init(atomicWord: UInt64)
    var atomicWord: UInt64 { get }
}

extension Bool: AtomicWordRepresentable {
    @inlinable init(atomicWord: UInt64) { self = atomicWord != 0 }
    @inlinable var atomicWord: UInt64 { self ? 1 : 0 }
}

extension Int: AtomicWordRepresentable {
    @inlinable init(atomicWord: UInt64) { self = Int(truncatingIfNeeded: Int64(bitPattern: atomicWord)) }
    @inlinable var atomicWord: UInt64 { UInt64(bitPattern: Int64(self)) }
}

extension UInt32: AtomicWordRepresentable {
    @inlinable init(atomicWord: UInt64) { self = UInt32(truncatingIfNeeded: atomicWord) }
    @inlinable var atomicWord: UInt64 { UInt64(self) }
}

extension UInt64: AtomicWordRepresentable {
    @inlinable init(atomicWord: UInt64) { self = atomicWord }
    @inlinable var atomicWord: UInt64 { self }
}

/// A raw address an atomic word can hold.
@usableFromInline
protocol AtomicAddress {
    init?(bitPattern: UInt)
    var addressBits: UInt { get }
}

extension UnsafeRawPointer: AtomicAddress {
    @inlinable var addressBits: UInt { UInt(bitPattern: self) }
}

extension UnsafeMutableRawPointer: AtomicAddress {
    @inlinable var addressBits: UInt { UInt(bitPattern: self) }
}

extension Optional: AtomicWordRepresentable where Wrapped: AtomicAddress {
    @inlinable init(atomicWord: UInt64) { self = Wrapped(bitPattern: UInt(truncatingIfNeeded: atomicWord)) }
    @inlinable var atomicWord: UInt64 { UInt64(self?.addressBits ?? 0) }
}

/// The operations on one atomic word, with the orderings of the types above.
@usableFromInline
enum AtomicWord {
    @inlinable @inline(__always)
    static func load(_ word: UnsafeMutablePointer<UInt64>, _ ordering: AtomicLoadOrdering) -> UInt64 {
        switch ordering {
        case .relaxed: ioc_atomic_load_relaxed(word)
        case .acquiring: ioc_atomic_load_acquire(word)
        }
    }

    @inlinable @inline(__always)
    static func compareExchange(_ word: UnsafeMutablePointer<UInt64>, expected: UInt64, desired: UInt64) -> (exchanged: Bool, original: UInt64) {
        var original = expected
        let exchanged = ioc_atomic_compare_exchange_acq_rel(word, &original, desired)
        return (exchanged, original)
    }
}

/// One atomic value. Below iOS 18 `Atomic` cannot be stored, so its word has an address of its
/// own, allocated with the cell and freed with it (an atomic must not move, and a stored
/// property of a Swift object has no address the language promises).
@usableFromInline
struct AtomicCell<Value: AtomicWordRepresentable>: ~Copyable {
    @usableFromInline let word: UnsafeMutablePointer<UInt64>

    @inlinable
    init(_ value: Value) {
        word = .allocate(capacity: 1)
        word.initialize(to: value.atomicWord)
    }

    deinit { word.deallocate() }

    @inlinable @inline(__always)
    func load(ordering: AtomicLoadOrdering) -> Value { Value(atomicWord: AtomicWord.load(word, ordering)) }

    @inlinable @inline(__always)
    func store(_ value: Value, ordering: AtomicStoreOrdering) { ioc_atomic_store_release(word, value.atomicWord) }

    /// Stores `value`; returns the value before.
    @inlinable @inline(__always)
    func exchange(_ value: Value, ordering: AtomicUpdateOrdering) -> Value {
        Value(atomicWord: ioc_atomic_exchange_acq_rel(word, value.atomicWord))
    }

    /// Stores `desired` if the cell holds `expected`; `original` is what it held.
    @inlinable @inline(__always)
    func compareExchange(expected: Value, desired: Value, ordering: AtomicUpdateOrdering) -> (exchanged: Bool, original: Value) {
        let (exchanged, original) = AtomicWord.compareExchange(word, expected: expected.atomicWord, desired: desired.atomicWord)
        return (exchanged, Value(atomicWord: original))
    }
}

extension AtomicCell where Value: FixedWidthInteger {
    /// Adds `delta`, wrapping around (as `Atomic`'s `wrappingAdd`; its `add` traps on overflow).
    @inlinable @inline(__always) @discardableResult
    func wrappingAdd(_ delta: Value, ordering: AtomicCountOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: ioc_atomic_fetch_add_relaxed(word, delta.atomicWord))
        return (old, old &+ delta)
    }

    /// Subtracts `delta`, wrapping around.
    @inlinable @inline(__always) @discardableResult
    func wrappingSubtract(_ delta: Value, ordering: AtomicCountOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: ioc_atomic_fetch_add_relaxed(word, (0 &- delta).atomicWord))
        return (old, old &- delta)
    }
}

// NB: `Sendable` on the terms of `Atomic`'s own: every access is an atomic operation.
extension AtomicCell: @unchecked Sendable where Value: Sendable {}  // docs/PerformanceLedger.md U23

/// `count` atomic addresses in a row; its owner says how many and frees it.
@usableFromInline
struct AtomicBuffer {
    @usableFromInline typealias Value = UnsafeRawPointer?
    @usableFromInline let words: UnsafeMutablePointer<UInt64>

    init(count: Int, _ initial: (Int) -> Value) {
        words = .allocate(capacity: count)
        for index in 0..<count { (words + index).initialize(to: initial(index).atomicWord) }
    }

    func deallocate(count: Int) {
        words.deinitialize(count: count)
        words.deallocate()
    }

    /// The address at `index` (acquiring).
    @inlinable @inline(__always)
    func load(at index: Int) -> Value { Value(atomicWord: AtomicWord.load(words + index, .acquiring)) }

    /// Stores `desired` at `index` if it holds `expected` (acquiring and releasing); `original`
    /// is what it held.
    @inlinable @inline(__always)
    func compareExchange(at index: Int, expected: Value, desired: Value) -> (exchanged: Bool, original: Value) {
        let (exchanged, original) = AtomicWord.compareExchange(words + index, expected: expected.atomicWord, desired: desired.atomicWord)
        return (exchanged, Value(atomicWord: original))
    }
}

#else
import Synchronization

/// Which implementation this build uses (`make test-fallback` checks that its condition reached it).
package enum AtomicsImplementation {
    package static let isFallback = false
}

/// One atomic value: `Synchronization.Atomic` where it can be stored (see the top of this file).
@usableFromInline
typealias AtomicCell<Value: AtomicRepresentable> = Atomic<Value>

/// `count` atomic addresses in a row; its owner says how many and frees it.
@usableFromInline
struct AtomicBuffer {
    @usableFromInline typealias Value = UnsafeRawPointer?
    @usableFromInline let atomics: UnsafeMutablePointer<Atomic<Value>>

    init(count: Int, _ initial: (Int) -> Value) {
        atomics = .allocate(capacity: count)
        for index in 0..<count { (atomics + index).initialize(to: Atomic(initial(index))) }
    }

    func deallocate(count: Int) {
        atomics.deinitialize(count: count)
        atomics.deallocate()
    }

    /// The address at `index` (acquiring).
    @inlinable @inline(__always)
    func load(at index: Int) -> Value { atomics[index].load(ordering: .acquiring) }

    /// Stores `desired` at `index` if it holds `expected` (acquiring and releasing); `original`
    /// is what it held.
    @inlinable @inline(__always)
    func compareExchange(at index: Int, expected: Value, desired: Value) -> (exchanged: Bool, original: Value) {
        atomics[index].compareExchange(expected: expected, desired: desired, ordering: .acquiringAndReleasing)
    }
}
#endif
