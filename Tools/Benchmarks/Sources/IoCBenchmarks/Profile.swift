import Foundation
import IoCCore

/// `IoCBenchmarks profile CASE`: runs one case in a loop, for a profiler (perf, callgrind).
/// `PROFILE_COUNT` sets the number of resolves.
func profile(_ name: String) throws {
    if name == "register" {
        for _ in 0..<3 {
            let builder = ContainerBuilder()
            for index in 0..<10_000 { builder.register(E.init).named("component-\(index)") }
            consume(try builder.build())
        }
        return
    }
    if name == "yaml-text" {
        print(servicesYAML(count: 3))
        return
    }
    if name == "yaml" {
        consume(try loadYAML(servicesYAML()))
        return
    }
    if name == "xml" {
        consume(try loadXML(beansXML()))
        return
    }
    if name == "bind" {
        let count = Int(ProcessInfo.processInfo.environment["PROFILE_COUNT"] ?? "10000") ?? 10_000
        consume(try bindCatalogued(count))
        return
    }
    let container = try iocGraph(dScope: name == "shared" ? .objectGraph : .prototype)
    let count = Int(ProcessInfo.processInfo.environment["PROFILE_COUNT"] ?? "2000000") ?? 2_000_000
    switch name {
    case "graph", "shared": for _ in 0..<count / 10 { consume(try container.resolve(A.self)) }
    case "hand": for _ in 0..<count / 10 { consume(A(b: B(d: D()), c: C(d: D(), e: E()))) }
    case "loops":
        for _ in 0..<5 {
            var start = now()
            for _ in 0..<1_000_000 { consume(try container.resolve(A.self)) }
            let graph = Double(now() - start) / 1e6
            start = now()
            for _ in 0..<1_000_000 { consume(A(b: B(d: D()), c: C(d: D(), e: E()))) }
            print("graph \(graph) ns, hand \(Double(now() - start) / 1e6) ns")
        }
    default: for _ in 0..<count { consume(try container.resolve(E.self)) }
    }
}
