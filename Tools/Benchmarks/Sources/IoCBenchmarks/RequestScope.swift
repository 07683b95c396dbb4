import BenchCases
import Synchronization

/// The request scope's cost per request beside the same handler wired by hand, same run
/// (fixtures: Tools/Profile/Sources/BenchCases/RequestScope.swift).
func requestScopeRow() throws -> Row {
    let container = try requestScopeContainer()
    let next = Atomic<Int>(0)
    let times = try compare(rounds: 15, [
        (20_000, {
            let request = BenchRequest(id: next.add(1, ordering: .relaxed).newValue)
            handled.add(try handleInScope(container, request), ordering: .relaxed)
        }),
        (20_000, {
            let request = BenchRequest(id: next.add(1, ordering: .relaxed).newValue)
            handled.add(handleByHand(request), ordering: .relaxed)
        }),
    ])
    return Row(name: "request-scope", fields: [("ioc_ns", times[0]), ("hand_ns", times[1]), ("scope_ns", times[0] - times[1])])
}
