import Foundation
@testable import IoCCore
import Testing

/// IoCCore's atomic values (`Unsafe/Atomics.swift`): `Synchronization.Atomic` where it can be
/// stored, its own atomics on Apple platforms and under `IOC_FALLBACK`. These run on both:
/// `make test` on the first, `make test-fallback` and `make tsan-fallback` on the second.
@Suite("Atomics")
struct AtomicsTests {
    /// `make test-fallback` sets IOC_FALLBACK in the environment as well as the compile
    /// condition: a build the condition did not reach fails here instead of testing the wrong path.
    @Test func theImplementation_isTheOneTheRunAskedFor() {
        let asked = ProcessInfo.processInfo.environment["IOC_FALLBACK"] == "1"
        #expect(AtomicsImplementation.isFallback == asked)
    }

    @Test func aCell_loadsStoresAndExchanges() {
        let flag = AtomicCell<Bool>(false)
        #expect(flag.load(ordering: .acquiring) == false)
        flag.store(true, ordering: .releasing)
        #expect(flag.load(ordering: .relaxed) == true)
        #expect(flag.exchange(false, ordering: .acquiringAndReleasing) == true)
        #expect(flag.load(ordering: .acquiring) == false)
    }

    @Test func aCompareAndExchange_storesOnlyOverWhatItExpected_andSaysWhatWasThere() throws {
        let first = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        let second = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        defer { first.deallocate(); second.deallocate() }
        let slot = AtomicCell<UnsafeMutableRawPointer?>(nil)
        let won = slot.compareExchange(expected: nil, desired: first, ordering: .acquiringAndReleasing)
        #expect(won.exchanged && won.original == nil)
        let lost = slot.compareExchange(expected: nil, desired: second, ordering: .acquiringAndReleasing)
        #expect(!lost.exchanged && lost.original == first)
        #expect(slot.load(ordering: .acquiring) == first)
        #expect(slot.exchange(nil, ordering: .acquiringAndReleasing) == first)
    }

    /// Counters wrap around on both paths, as `Atomic`'s `wrappingAdd` does: the code tables'
    /// numbers rely on a `UInt32` that comes back to 0 (they used `Atomic`'s `add`, which traps
    /// on overflow instead: the 2^32nd table would have stopped the process).
    @Test func counters_addAndSubtract_wrappingAround() {
        let small = AtomicCell<UInt32>(UInt32.max - 1)
        #expect(small.wrappingAdd(1, ordering: .relaxed) == (oldValue: UInt32.max - 1, newValue: UInt32.max))
        #expect(small.wrappingAdd(1, ordering: .relaxed).newValue == 0)
        #expect(small.wrappingAdd(1, ordering: .relaxed).newValue == 1)
        let count = AtomicCell<Int>(1)
        #expect(count.wrappingSubtract(1, ordering: .relaxed).newValue == 0)
        #expect(count.wrappingSubtract(1, ordering: .relaxed).newValue == -1)
        #expect(count.load(ordering: .relaxed) == -1)
        #expect(count.wrappingAdd(2, ordering: .relaxed).newValue == 1)
        let serial = AtomicCell<UInt64>(UInt64.max)
        #expect(serial.wrappingAdd(1, ordering: .relaxed).newValue == 0)
    }

    @Test func aBuffer_startsWithItsValues_andFillsASlotOnce() {
        let marker = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
        defer { marker.deallocate() }
        let buffer = AtomicBuffer(count: 3) { $0 == 1 ? UnsafeRawPointer(marker) : nil }
        defer { buffer.deallocate(count: 3) }
        #expect(buffer.load(at: 0) == nil)
        #expect(buffer.load(at: 1) == UnsafeRawPointer(marker))
        let filled = buffer.compareExchange(at: 2, expected: nil, desired: UnsafeRawPointer(marker))
        #expect(filled.exchanged)
        let again = buffer.compareExchange(at: 2, expected: nil, desired: nil)
        #expect(!again.exchanged && again.original == UnsafeRawPointer(marker))
    }

    /// Many tasks counting on one cell and racing to fill one slot: every addition counts, and
    /// exactly one filler wins (under `make tsan-fallback`, the orderings are checked too).
    @Test func racingTasks_loseNoAddition_andOneFillsTheSlot() async {
        let shared = Shared()
        defer { shared.slot.deallocate(count: 1) }
        let winners = await withTaskGroup(of: Int.self) { group in
            for task in 1...16 {
                group.addTask {
                    for _ in 0..<1_000 { shared.count.wrappingAdd(1, ordering: .relaxed) }
                    let mine = UnsafeRawPointer(bitPattern: UInt(task * 16))
                    return shared.slot.compareExchange(at: 0, expected: nil, desired: mine).exchanged ? 1 : 0
                }
            }
            return await group.reduce(0, +)
        }
        #expect(shared.count.load(ordering: .acquiring) == 16_000)
        #expect(winners == 1)
        #expect(shared.slot.load(at: 0) != nil)
    }

    /// What the racing tasks share, as a container shares its nodes' slots.
    final class Shared: @unchecked Sendable {
        let count = AtomicCell<Int>(0)
        let slot = AtomicBuffer(count: 1) { _ in nil }
    }
}
