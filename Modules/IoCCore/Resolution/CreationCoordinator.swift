import Foundation

/// Identifies one instance being created: a singleton, a weak singleton, a lazy handle,
/// or a task-local component inside one task scope.
struct CellKey: Hashable, Sendable {
    var scope: UInt64
    var node: UInt64
}

/// The creations in progress that the running code is part of, innermost first.
///
/// Bound as a task-local value around each creation, so Swift tasks that a factory starts
/// (`Task { }`, child tasks) inherit it: a resolve they make that must wait for one of these
/// creations belongs to it, and waiting would wait for itself.
final class CreationLineage: Sendable {
    @TaskLocal static var current: CreationLineage?

    let cell: CellKey
    /// Who creates it: a thread or an `async` resolve (see ``CreationCoordinator``).
    let owner: UInt
    let label: @Sendable () -> String
    let parent: CreationLineage?

    init(cell: CellKey, owner: UInt, label: @escaping @Sendable () -> String, parent: CreationLineage?) {
        self.cell = cell
        self.owner = owner
        self.label = label
        self.parent = parent
    }

    /// Whether `cell`, created by `owner`, is one of these creations.
    func contains(_ cell: CellKey, createdBy owner: UInt) -> Bool {
        var link: CreationLineage? = self
        while let current = link {
            if current.cell == cell && current.owner == owner { return true }
            link = current.parent
        }
        return false
    }

    /// The labels from the creation labelled `label` inwards, outermost first; `nil` when none has it.
    func labels(from label: String) -> [String]? {
        var inner: [String] = []
        var link: CreationLineage? = self
        while let current = link {
            let text = current.label()
            inner.append(text)
            if text == label { return inner.reversed() }
            link = current.parent
        }
        return nil
    }
}

/// Makes sure each cell is created once, without holding any lock while user code runs.
///
/// A thread (or `async` resolve) that finds a cell being created by someone else waits for
/// it. Before waiting it follows the wait-for chain: when the creator is, directly or through
/// others, waiting for a cell this caller is creating — or for a creation this caller's work
/// was started by (a task a factory started inherits its ``CreationLineage``) — waiting would
/// never end, so it throws a cycle error instead. A wait the container cannot see the end of
/// (the creator waits for a thread it was never told about) ends after the container's
/// ``ContainerBuilder/creationWaitLimit``. The bookkeeping lock is taken only on this creation
/// path; resolving components that already exist never touches it.
final class CreationCoordinator: @unchecked Sendable {  // docs/PerformanceLedger.md U15
    static let shared = CreationCoordinator()

    private enum Decision { case ready, mine, wait }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Bool, Never>
        let timer: Task<Void, Never>?
    }

    private let condition = NSCondition()
    // Guarded by `condition`: only reached with it held, so no dynamic exclusivity checks (a
    // nested lock of the same condition blocks before it could reach the state twice).
    @exclusivity(unchecked) private var tables = Tables()
    private struct Tables {
        var owners: [CellKey: (owner: UInt, label: () -> String)] = [:]
        var waitingFor: [UInt: CellKey] = [:]
        var waiters: [CellKey: [Waiter]] = [:]
        /// How many threads wait on `condition`: a release wakes them only when there are some.
        var sleepers = 0
    }

    /// Creates `cell` once among all callers: `make` runs for the one that creates it (inside
    /// the creation's lineage, which tasks it starts inherit), `existing` for a caller that
    /// finds it ready, having waited at most `limit` for another creator.
    func create<R>(_ cell: CellKey, owner: UInt, label: @escaping @Sendable () -> String, limit: Double?,
                   isReady: () -> Bool, existing: () throws -> R, make: () throws -> R) throws -> R {
        guard try acquire(cell, owner: owner, label: label, limit: limit, isReady: isReady) else { return try existing() }
        defer { release(cell) }
        let lineage = CreationLineage(cell: cell, owner: owner, label: label, parent: CreationLineage.current)
        return try CreationLineage.$current.withValue(lineage, operation: make)
    }

    /// The `async` form of ``create(_:owner:label:limit:isReady:existing:make:)``: suspends
    /// instead of blocking a thread while another creates the cell.
    func create<R>(_ cell: CellKey, owner: UInt, label: @escaping @Sendable () -> String, limit: Double?,
                   isReady: () -> Bool, existing: () throws -> R, make: () async throws -> R) async throws -> R {
        guard try await acquireAsync(cell, owner: owner, label: label, limit: limit, isReady: isReady) else { return try existing() }
        defer { release(cell) }
        let lineage = CreationLineage(cell: cell, owner: owner, label: label, parent: CreationLineage.current)
        return try await CreationLineage.$current.withValue(lineage, operation: make)
    }

    /// Returns `true` when the caller must create the cell (and later call ``release(_:)``),
    /// `false` when it became ready meanwhile. Waits at most `limit` for another creator.
    private func acquire(_ cell: CellKey, owner: UInt, label: @escaping @Sendable () -> String, limit: Double?,
                 isReady: () -> Bool) throws -> Bool {
        // NB: the deadline is taken when the caller first waits, not on every creation (most
        // never wait): reading the clock was a tenth of an uncontended creation's bookkeeping.
        var deadline: Date?
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch try decide(cell, owner: owner, label: label, isReady: isReady) {
            case .ready: return false
            case .mine: return true
            case .wait:
                if !sleep(owner, until: &deadline, limit: limit), tables.owners[cell] != nil, !isReady() {
                    throw IoCError(.creationWaitTimedOut(component: label(), seconds: limit ?? 0, path: [label()]))
                }
            }
        }
    }

    /// Sleeps on the condition (held) until a release wakes the caller `owner`, who waits for a
    /// cell, or the deadline passes — taken now, `limit` from now, if the caller had none yet.
    /// Whether it was woken rather than timed out.
    private func sleep(_ owner: UInt, until deadline: inout Date?, limit: Double?) -> Bool {
        if deadline == nil, let limit { deadline = Date().addingTimeInterval(limit) }
        tables.sleepers += 1
        let signalled = deadline.map { condition.wait(until: $0) } ?? { condition.wait(); return true }()
        tables.sleepers -= 1
        tables.waitingFor[owner] = nil
        return signalled
    }

    /// The `async` form of ``acquire(_:owner:label:limit:isReady:)``.
    private func acquireAsync(_ cell: CellKey, owner: UInt, label: @escaping @Sendable () -> String, limit: Double?,
                      isReady: () -> Bool) async throws -> Bool {
        while true {
            switch try lockedDecide(cell, owner: owner, label: label, isReady: isReady) {
            case .ready: return false
            case .mine: return true
            case .wait:
                let released = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                    enqueue(continuation, for: cell, limit: limit)
                }
                stopWaiting(owner)
                if !released { throw IoCError(.creationWaitTimedOut(component: label(), seconds: limit ?? 0, path: [label()])) }
            }
        }
    }

    /// Waits while `holder` creates `cell`, a creation claimed outside the coordinator (a task
    /// scope's entry), until `isReleased` says it ended — the claimant calls ``release(_:)``
    /// then — with the cycle checks and the wait limit of a wait for a cell created here.
    func wait(for cell: CellKey, heldBy holder: UInt, owner: UInt, label: @escaping @Sendable () -> String, limit: Double?,
              isReleased: () -> Bool) throws {
        var deadline: Date?
        condition.lock()
        defer { condition.unlock() }
        while !isReleased() {
            // NB: the first waiter registers the claimant as the cell's creator, so that the
            // cycle checks of this and later waits can follow it.
            let current = tables.owners[cell] ?? (holder, label)
            tables.owners[cell] = current
            if let cycle = cycle(cell, heldBy: current, owner: owner, label: label) { throw cycle }
            tables.waitingFor[owner] = cell
            if !sleep(owner, until: &deadline, limit: limit), !isReleased() {
                throw IoCError(.creationWaitTimedOut(component: label(), seconds: limit ?? 0, path: [label()]))
            }
        }
    }

    /// Ends the creation of `cell`, whether it succeeded or threw, and wakes its waiters: this
    /// coordinator's own, and one claimed outside it that ``wait(for:heldBy:owner:label:limit:isReleased:)`` waited for.
    func release(_ cell: CellKey) {
        condition.lock()
        tables.owners[cell] = nil
        // NB: most creations have no one waiting, on a thread or in a task.
        let waiting = tables.waiters.isEmpty ? [] : tables.waiters.removeValue(forKey: cell) ?? []
        if tables.sleepers > 0 { condition.broadcast() }
        condition.unlock()
        for waiter in waiting {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    // Called with the lock held.
    private func decide(_ cell: CellKey, owner: UInt, label: @escaping () -> String, isReady: () -> Bool) throws -> Decision {
        if isReady() { return .ready }
        guard let current = tables.owners[cell] else {
            tables.owners[cell] = (owner, label)
            return .mine
        }
        if let cycle = cycle(cell, heldBy: current, owner: owner, label: label) { throw cycle }
        tables.waitingFor[owner] = cell
        return .wait
    }

    private func lockedDecide(_ cell: CellKey, owner: UInt, label: @escaping () -> String, isReady: () -> Bool) throws -> Decision {
        condition.lock()
        defer { condition.unlock() }
        return try decide(cell, owner: owner, label: label, isReady: isReady)
    }

    private func enqueue(_ continuation: CheckedContinuation<Bool, Never>, for cell: CellKey, limit: Double?) {
        condition.lock()
        if tables.owners[cell] == nil {
            condition.unlock()
            continuation.resume(returning: true)
            return
        }
        let id = Serial.next()
        let timer = limit.map { limit in
            Task { [self] in
                guard (try? await Task.sleep(nanoseconds: Self.nanoseconds(limit))) != nil else { return }
                expire(id, of: cell)
            }
        }
        tables.waiters[cell, default: []].append(Waiter(id: id, continuation: continuation, timer: timer))
        condition.unlock()
    }

    /// Resumes the waiter `id` as timed out, unless the cell was released first.
    private func expire(_ id: UInt64, of cell: CellKey) {
        condition.lock()
        var list = tables.waiters[cell] ?? []
        guard let index = list.firstIndex(where: { $0.id == id }) else {
            condition.unlock()
            return
        }
        let waiter = list.remove(at: index)
        tables.waiters[cell] = list.isEmpty ? nil : list
        condition.unlock()
        waiter.continuation.resume(returning: false)
    }

    private func stopWaiting(_ owner: UInt) {
        condition.lock()
        tables.waitingFor[owner] = nil
        condition.unlock()
    }

    /// The cycle error when waiting for `cell`, held by `current`, would wait for the caller
    /// itself: the holder is the caller, or waits (through others) for a cell the caller holds
    /// or for a creation the caller's work belongs to. A path that ends at such a creation is
    /// closed at the top of the caller's resolve (``IoCError/atTopLevel()``).
    private func cycle(_ cell: CellKey, heldBy current: (owner: UInt, label: () -> String), owner: UInt,
                       label: () -> String) -> IoCError? {
        if current.owner == owner { return IoCError(.cycle(path: [label()], location: nil)) }
        let lineage = CreationLineage.current
        if let lineage, lineage.contains(cell, createdBy: current.owner) { return IoCError(.cycle(path: [label()], location: nil)) }
        var path = [label()]
        var next = current.owner
        var seen: Set<UInt> = [owner]
        while let waited = tables.waitingFor[next], let holder = tables.owners[waited], seen.insert(next).inserted {
            path.append(holder.label())
            if holder.owner == owner { return IoCError(.cycle(path: path + [label()], location: nil)) }
            if let lineage, lineage.contains(waited, createdBy: holder.owner) { return IoCError(.cycle(path: path, location: nil)) }
            next = holder.owner
        }
        return nil
    }
}

extension CreationCoordinator {
    /// `seconds` as `Task.sleep(nanoseconds:)` takes them (which the floor has, where
    /// `Task.sleep(for:)` needs iOS 16): none for a negative or not-a-number limit, the most it
    /// can wait for one too long to count.
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }
        let nanoseconds = seconds * 1e9
        return nanoseconds < Double(UInt64.max) ? UInt64(nanoseconds) : UInt64.max
    }
}
