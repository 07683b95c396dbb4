#if ServiceLifecycle  // the package trait: Package.swift, "traits"
import IoCCore

/// A count that tasks wait to reach zero: a service's start (one) that the services depending on
/// it wait for, and the services still running (all of them) that the container's disposal waits for.
final class Countdown: Sendable {
    private struct State {
        var remaining: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Locked<State>

    init(_ count: Int) {
        state = Locked(State(remaining: count))
    }

    /// Counts one down; at zero, resumes every waiter. Below zero it stays at zero.
    func countDown() {
        let resumed = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.remaining > 0 else { return [] }
            state.remaining -= 1
            guard state.remaining == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in resumed { waiter.resume() }
    }

    /// Returns once the count is zero. Not cancellable: each count this waits for is counted down
    /// by a service's `run()`, which the group calls whether or not it was cancelled.
    func wait() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let isZero = state.withLock { state -> Bool in
                if state.remaining == 0 { return true }
                state.waiters.append(waiter)
                return false
            }
            if isZero { waiter.resume() }
        }
    }
}
#endif
