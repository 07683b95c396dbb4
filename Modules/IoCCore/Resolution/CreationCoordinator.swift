import Foundation

/// Identifies one instance being created: a singleton, a weak singleton, a lazy handle,
/// or a task-local component inside one task scope.
struct CellKey: Hashable, Sendable {
    var scope: UInt64
    var node: UInt64
}

/// Makes sure each cell is created once, without holding any lock while user code runs.
///
/// A thread (or `async` resolve) that finds a cell being created by someone else waits for
/// it. Before waiting it follows the wait-for chain: when the creator is, directly or through
/// others, waiting for a cell this caller is creating, waiting would never end, so it throws
/// a cycle error instead. The bookkeeping lock is taken only on this creation path;
/// resolving components that already exist never touches it.
final class CreationCoordinator: @unchecked Sendable {
    static let shared = CreationCoordinator()

    private enum Decision { case ready, mine, wait }

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var owners: [CellKey: (owner: UInt, label: () -> String)] = [:]
    private var waitingFor: [UInt: CellKey] = [:]
    private var continuations: [CellKey: [CheckedContinuation<Void, Never>]] = [:]

    /// Returns `true` when the caller must create the cell (and later call ``release(_:)``),
    /// `false` when it became ready meanwhile.
    func acquire(_ cell: CellKey, owner: UInt, label: @escaping @autoclosure () -> String, isReady: () -> Bool) throws -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch try decide(cell, owner: owner, label: label, isReady: isReady) {
            case .ready: return false
            case .mine: return true
            case .wait:
                condition.wait()
                waitingFor[owner] = nil
            }
        }
    }

    /// The `async` form: suspends instead of blocking a thread while another creates the cell.
    func acquireAsync(_ cell: CellKey, owner: UInt, label: @escaping @autoclosure () -> String, isReady: () -> Bool) async throws -> Bool {
        while true {
            switch try lockedDecide(cell, owner: owner, label: label, isReady: isReady) {
            case .ready: return false
            case .mine: return true
            case .wait:
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    enqueue(continuation, for: cell)
                }
                stopWaiting(owner)
            }
        }
    }

    /// Ends the creation of `cell`, whether it succeeded or threw, and wakes its waiters.
    func release(_ cell: CellKey) {
        condition.lock()
        owners[cell] = nil
        let waiting = continuations.removeValue(forKey: cell) ?? []
        condition.broadcast()
        condition.unlock()
        for continuation in waiting { continuation.resume() }
    }

    // Called with the lock held.
    private func decide(_ cell: CellKey, owner: UInt, label: @escaping () -> String, isReady: () -> Bool) throws -> Decision {
        if isReady() { return .ready }
        guard let current = owners[cell] else {
            owners[cell] = (owner, label)
            return .mine
        }
        if let cycle = cycle(current: current, owner: owner, label: label) { throw cycle }
        waitingFor[owner] = cell
        return .wait
    }

    private func lockedDecide(_ cell: CellKey, owner: UInt, label: @escaping () -> String, isReady: () -> Bool) throws -> Decision {
        condition.lock()
        defer { condition.unlock() }
        return try decide(cell, owner: owner, label: label, isReady: isReady)
    }

    private func enqueue(_ continuation: CheckedContinuation<Void, Never>, for cell: CellKey) {
        condition.lock()
        if owners[cell] == nil {
            condition.unlock()
            continuation.resume()
            return
        }
        continuations[cell, default: []].append(continuation)
        condition.unlock()
    }

    private func stopWaiting(_ owner: UInt) {
        condition.lock()
        waitingFor[owner] = nil
        condition.unlock()
    }

    /// The cycle error when waiting for the cell held by `current` would wait for the caller itself.
    private func cycle(current: (owner: UInt, label: () -> String), owner: UInt, label: () -> String) -> IoCError? {
        if current.owner == owner { return .cycle(path: [label()], location: nil) }
        var path = [label()]
        var next = current.owner
        var seen: Set<UInt> = [owner]
        while let waited = waitingFor[next], let holder = owners[waited], seen.insert(next).inserted {
            path.append(holder.label())
            if holder.owner == owner { return .cycle(path: path + [label()], location: nil) }
            next = holder.owner
        }
        return nil
    }
}
