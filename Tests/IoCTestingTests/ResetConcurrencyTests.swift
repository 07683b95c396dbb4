import Foundation
import IoCCore
import IoCTesting
import Testing

/// A singleton with a value of its own, so that a reader that gets a freed or half-written
/// instance shows it.
private final class Ledger: Sendable {
    let serial: Int
    let entries: [Int]
    init(serial: Int) {
        self.serial = serial
        self.entries = Array(repeating: serial, count: 16)
    }
}

/// Set once, read from any thread.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// Counts the ledgers made, from any thread.
private final class Serials: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    func take() -> Int { lock.withLock { next += 1; return next } }
    var count: Int { lock.withLock { next } }
}

/// Runs `body` on `count` threads at once and waits for them.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for thread in 0..<count {
        group.enter()
        Thread {
            body(thread)
            group.leave()
        }.start()
    }
    group.wait()
}

/// Runs `resets` on one thread while `readers` threads resolve with `resolve` until it is done,
/// so that every reset meets readers. The failures: a resolve that threw or handed out a ledger
/// that is not whole, and those `resets` counted in the tally it is given.
private func resolveWhileResetting(readers: Int, resolve: @escaping @Sendable () throws -> Ledger,
                                   resets: @escaping @Sendable (_ failures: Serials) -> Void) -> Int {
    let failures = Serials()
    let done = Flag()
    onThreads(readers + 1) { thread in
        guard thread > 0 else {
            resets(failures)
            done.set()
            return
        }
        while !done.isSet {
            guard let ledger = try? resolve(), ledger.entries.allSatisfy({ $0 == ledger.serial }) else {
                _ = failures.take()
                continue
            }
        }
    }
    return failures.count
}

@Suite("Resetting while other threads resolve")
struct ResetConcurrencyTests {
    private static func base(_ serials: Serials) throws -> Container {
        let builder = ContainerBuilder()
        builder.register { Ledger(serial: serials.take()) }.scope(.singleton)
        return try builder.build()
    }

    /// Readers hold the singleton they were handed while a reset replaces it: what they hold
    /// stays whole, and each reset makes the next request build a new one.
    @Test func resettingASingleton_whileThreadsResolveIt_handsOutWholeInstances() throws {
        let serials = Serials()
        let test = try Self.base(serials).overlay { _ in }
        let resets = 200
        let failures = resolveWhileResetting(readers: 3, resolve: { try test.resolve(Ledger.self) }) { failures in
            for _ in 0..<resets {
                do { try test.reset(Ledger.self) } catch { _ = failures.take() }
                _ = try? test.resolve(Ledger.self)
            }
        }
        #expect(failures == 0)
        // The first request shares the base's ledger; every reset lets one more be made here.
        #expect(serials.count >= 2 && serials.count <= resets + 1)
    }

    /// The same on a container that records nothing: a test container takes a lock for each
    /// event it records, which orders readers and resets for ThreadSanitizer and can hide a race
    /// that this container, whose resolves take no lock, shows.
    @Test func resettingASingleton_ofAContainerThatRecordsNothing_whileThreadsResolveIt_isSound() throws {
        let serials = Serials()
        let container = try Self.base(serials)
        let failures = resolveWhileResetting(readers: 2, resolve: { try container.resolve(Ledger.self) }) { failures in
            for _ in 0..<200 {
                if !container.resetInstances(where: { _ in true }).failures.isEmpty { _ = failures.take() }
                _ = try? container.resolve(Ledger.self)
            }
        }
        #expect(failures == 0)
        #expect(serials.count >= 2)
    }

    /// An overlay's singleton that shares its base's goes back to its own producer on reset
    /// while other threads resolve through the shared one.
    @Test func resettingASharedSingleton_whileThreadsResolveIt_isSound() throws {
        let serials = Serials()
        let base = try Self.base(serials)
        let shared = try base.resolve(Ledger.self)
        for _ in 0..<20 {
            let test = try base.overlay { _ in }
            let failures = resolveWhileResetting(readers: 2, resolve: { try test.resolve(Ledger.self) }) { failures in
                _ = try? test.resolve(Ledger.self)
                do { try test.reset(Ledger.self) } catch { _ = failures.take() }
                _ = try? test.resolve(Ledger.self)
            }
            #expect(failures == 0)
            #expect(try test.resolve(Ledger.self) !== shared, "after the reset the overlay makes its own")
        }
    }
}
