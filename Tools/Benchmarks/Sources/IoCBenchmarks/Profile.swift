import Foundation
import IoCCore

/// `IoCBenchmarks profile CASE`: runs one case in a loop for a profiler.
func profile(_ name: String) throws {
    if name == "register" {
        for _ in 0..<3 {
            let builder = ContainerBuilder()
            for index in 0..<10_000 { builder.register(E.init).named("component-\(index)") }
            consume(try builder.build())
        }
        return
    }
    let container = try iocGraph(dScope: name == "shared" ? .objectGraph : .prototype)
    let count = Int(ProcessInfo.processInfo.environment["PROFILE_COUNT"] ?? "2000000") ?? 2_000_000
    switch name {
    case "graph", "shared": for _ in 0..<count / 10 { consume(try container.resolve(A.self)) }
    default: for _ in 0..<count { consume(try container.resolve(E.self)) }
    }
}
