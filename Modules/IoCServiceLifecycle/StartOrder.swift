#if ServiceLifecycle  // the package trait: Package.swift, "traits"
/// The order services start in: each after those it depends on, otherwise in the order they were
/// found (registration order).
struct StartOrder {
    /// Positions, in start order.
    var positions: [Int] = []
    /// Services that depend on each other (a cycle through properties or method calls, which
    /// binding allows), first the one placed to break it: they start in registration order
    /// (logged as a warning).
    var cycles: [[Int]] = []

    /// The order of services whose dependencies are `dependsOn` (by position).
    init(_ dependsOn: [[Int]]) {
        let count = dependsOn.count
        var placed = Array(repeating: false, count: count)
        while positions.count < count {
            // The first service, in registration order, whose dependencies have all started;
            // none, in a cycle: the first unplaced one.
            let ready = (0..<count).first { !placed[$0] && dependsOn[$0].allSatisfy { placed[$0] } }
            let next = ready ?? (0..<count).first { !placed[$0] } ?? 0
            if ready == nil { cycles.append(Self.cycle(from: next, dependsOn, placed: placed)) }
            placed[next] = true
            positions.append(next)
        }
    }

    /// The unplaced services `start` depends on that depend on it in turn, `start` first.
    private static func cycle(from start: Int, _ dependsOn: [[Int]], placed: [Bool]) -> [Int] {
        // Those reachable from `start` through unplaced services, then those of them that reach it.
        func reachable(from origin: Int) -> Set<Int> {
            var seen: Set<Int> = [origin]
            var stack = [origin]
            while let current = stack.popLast() {
                for other in dependsOn[current] where !placed[other] && seen.insert(other).inserted { stack.append(other) }
            }
            return seen
        }
        let members = reachable(from: start).filter { reachable(from: $0).contains(start) }
        return [start] + members.subtracting([start]).sorted()
    }
}
#endif
