import BenchCases
import Foundation
import RawScan
import IoCCore
import Swinject

// `make bench`: swift-ioc against Swinject 2.10.0, swift-dependencies 1.17.1 (where its model
// expresses the case) and hand-written code, measured in the same
// process, medians of repeated runs. Read the ratios; absolute numbers move with the machine.

func swinjectGraph(dScope: ObjectScope) -> Swinject.Container {
    let container = Swinject.Container()
    container.register(D.self) { _ in D() }.inObjectScope(dScope)
    container.register(E.self) { _ in E() }.inObjectScope(.transient)
    container.register(B.self) { r in B(d: r.resolve(D.self)!) }.inObjectScope(.transient)
    container.register(C.self) { r in C(d: r.resolve(D.self)!, e: r.resolve(E.self)!) }.inObjectScope(.transient)
    container.register(A.self) { r in A(b: r.resolve(B.self)!, c: r.resolve(C.self)!) }.inObjectScope(.transient)
    container.register(E.self, name: "named-e") { _ in E() }.inObjectScope(.transient)
    container.register(Single.self) { _ in Single() }.inObjectScope(.container)
    return container
}

func registryContainers(_ count: Int) throws -> (IoCCore.Container, Swinject.Container) {
    let builder = ContainerBuilder()
    let swinject = Swinject.Container()
    for index in 0..<count {
        builder.register(D.init).named("filler-\(index)")
        swinject.register(D.self, name: "filler-\(index)") { _ in D() }
    }
    builder.register(E.init)
    swinject.register(E.self) { _ in E() }
    return (try builder.build(), swinject)
}

/// The hand-written singleton: a shared instance behind a function, as an app's own
/// `static let shared` is reached. Returning it retains it, as resolving does.
final class SharedHolder: @unchecked Sendable { var instance = Single() }
let handShared = SharedHolder()
@inline(never) func sharedInstance() -> Single { handShared.instance }

@main
struct Benchmarks {
    static func main() throws {
        if CommandLine.arguments.count > 2, CommandLine.arguments[1] == "profile" {
            // The cases of Tools/Profile, and the annotated graph, which needs the macros.
            if CommandLine.arguments[2] == "macro" {
                let macro = try macroGraph()
                let count = ProcessInfo.processInfo.environment["PROFILE_COUNT"].flatMap { Int($0) } ?? 2_000_000
                for _ in 0..<count / 10 { consume(try macro.resolve(MA.self)) }
            } else {
                try profile(CommandLine.arguments[2])
            }
            return
        }
        if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "loaders" {
            // The config front-end cases only, for working on the loaders.
            for row in try loaderRows() + compiledRows() { print(row.benchLine) }
            return
        }
        if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "startup" {
            // The start-up cases only: register-10k's memory, startup-10k, first-resolve-10k.
            let names = (0..<10_000).map { "component-\($0)" }
            print(Row(name: "register-10k", fields: [("bytes_per_definition", try bytesPerDefinition(names))]).benchLine)
            for row in try startupRows(names) { print(row.benchLine) }
            return
        }
        if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "request-scope" {
            // The request scope's case only.
            print(try requestScopeRow().benchLine)
            return
        }
        if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "resolve" {
            // The resolve cases only, for working on the resolve path.
            for row in try resolveRows() { print(row.benchLine) }
            return
        }
        var rows = try resolveRows()

        let names = (0..<10_000).map { "component-\($0)" }
        // Interleaved rounds, as in every other case: a neighbour's burst slows both alike.
        let registerTimes = try compare(rounds: 7, [
            (1, {
                let builder = ContainerBuilder()
                for name in names { builder.register(E.init).named(name) }
                consume(try builder.build())
            }),
            (1, {
                let container = Swinject.Container()
                for name in names { container.register(E.self, name: name) { _ in E() } }
                consume(container)
            }),
        ])
        let iocRegister = registerTimes[0], swinjectRegister = registerTimes[1]
        rows.append(Row(name: "register-10k", fields: [
            ("ioc_ns", iocRegister), ("swinject_ns", swinjectRegister), ("ioc_ns_per_definition", iocRegister / 10_000),
            ("bytes_per_definition", try bytesPerDefinition(names)),
        ]))
        rows += try startupRows(names)

        rows.append(try requestScopeRow())
        rows += try loaderRows()
        rows += try compiledRows()

        for (count, name) in [(10, "registry-10"), (10_000, "registry-10k")] {
            let (iocRegistry, swinjectRegistry) = try registryContainers(count)
            rows.append(Row(name: name, fields: [
                ("ioc_ns", try nanosPerOp(iterations: resolveIterations) { consume(try iocRegistry.resolve(E.self)) }),
                ("swinject_ns", nanosPerOp(iterations: resolveIterations / 50) { consume(swinjectRegistry.resolve(E.self)!) }),
                ("ioc_by_name_ns", try nanosPerOp(iterations: resolveIterations) { consume(try iocRegistry.resolve(D.self, name: "filler-\(count / 2)")) }),
            ]))
        }

        print("swift-ioc benchmarks (release, medians; ns per resolve unless marked /s)")
        for row in rows { print(row.tableLine) }
        print("")
        for row in rows { print(row.benchLine) }
    }
}

/// The heap a built container of `names.count` components holds (its builder gone), per
/// component: what an app keeps for the size of its graph. glibc's count of bytes in use,
/// which, unlike resident memory, does not depend on what the allocator kept from before.
func bytesPerDefinition(_ names: [String]) throws -> Double {
    var container: IoCCore.Container?
    let before = ioc_heap_bytes_in_use()
    do {
        let builder = ContainerBuilder()
        for name in names { builder.register(E.init).named(name) }
        container = try builder.build()
    }
    let after = ioc_heap_bytes_in_use()
    withExtendedLifetime(container) {}
    return Double(Int(after) - Int(before)) / Double(names.count)
}

/// Resolves per measured run of the registry cases (Swinject: a fiftieth of it).
let resolveIterations = 200_000

/// The resolve cases: one component, a graph, by name, and from two threads, against Swinject
/// and hand-written code in the same run.
func resolveRows() throws -> [Row] {
    let ioc = try iocGraph(dScope: .prototype)
    let iocShared = try iocGraph(dScope: .objectGraph)
    let swinject = swinjectGraph(dScope: .transient)
    let swinjectShared = swinjectGraph(dScope: .graph)
    var rows: [Row] = []

    /// A case measured for swift-ioc, Swinject, hand-written code and, where its model expresses
    /// the same work, swift-dependencies (`swiftdeps_ns`), in the same rounds.
    func row(_ name: String, fast: Int, ioc: @escaping () throws -> Void, swinject: @escaping () -> Void, hand: @escaping () -> Void,
             swiftDependencies: (() -> Void)? = nil) throws -> Row {
        var contenders: [(iterations: Int, body: () throws -> Void)] = [(fast, ioc), (max(1, fast / 50), swinject), (fast, hand)]
        if let swiftDependencies { contenders.append((fast, swiftDependencies)) }
        let medians = try compare(contenders)
        var fields = [("ioc_ns", medians[0]), ("swinject_ns", medians[1]), ("hand_ns", medians[2])]
        if swiftDependencies != nil { fields.append(("swiftdeps_ns", medians[3])) }
        return Row(name: name, fields: fields)
    }
    let batch = 20_000

    rows.append(try row("transient", fast: batch,
                        ioc: { consume(try ioc.resolve(E.self)) },
                        swinject: { consume(swinject.resolve(E.self)!) },
                        hand: { consume(E()) },
                        swiftDependencies: { consume(SwiftDependencies.transient()) }))

    _ = try ioc.resolve(Single.self)
    _ = SwiftDependencies.singleton()
    _ = swinject.resolve(Single.self)
    let handSingleton = Single()
    rows.append(try row("singleton", fast: batch,
                        ioc: { consume(try ioc.resolve(Single.self)) },
                        swinject: { consume(swinject.resolve(Single.self)!) },
                        hand: { consume(handSingleton) },
                        swiftDependencies: { consume(SwiftDependencies.singleton()) }))

    rows.append(try row("graph", fast: batch / 4,
                        ioc: { consume(try ioc.resolve(A.self)) },
                        swinject: { consume(swinject.resolve(A.self)!) },
                        hand: { consume(A(b: B(d: D()), c: C(d: D(), e: E()))) },
                        swiftDependencies: { consume(SwiftDependencies.graph()) }))

    // Annotated types against the same graph registered in code: both through the container.
    let macro = try macroGraph()
    let macroMedians = try compare([(batch / 4, { consume(try macro.resolve(MA.self)) }),
                                    (batch / 4, { consume(try ioc.resolve(A.self)) }),
                                    (batch / 4, { consume(A(b: B(d: D()), c: C(d: D(), e: E()))) })])
    rows.append(Row(name: "graph-macro", fields: [("ioc_ns", macroMedians[0]), ("code_ns", macroMedians[1]), ("hand_ns", macroMedians[2])]))

    rows.append(try row("graph-shared", fast: batch / 4,
                        ioc: { consume(try iocShared.resolve(A.self)) },
                        swinject: { consume(swinjectShared.resolve(A.self)!) },
                        hand: { let d = D(); consume(A(b: B(d: d), c: C(d: d, e: E()))) }))

    rows.append(try row("by-name", fast: batch,
                        ioc: { consume(try ioc.resolve(E.self, name: "named-e")) },
                        swinject: { consume(swinject.resolve(E.self, name: "named-e")!) },
                        hand: { consume(E()) }))

    nonisolated(unsafe) let synchronized = swinject.synchronize()
    let iocSingletonOne = opsPerSecond(threads: 1) { consume(must { try ioc.resolve(Single.self) }) }
    rows.append(Row(name: "threads-singleton", fields: [
        ("ioc_ops", opsPerSecond(threads: 2) { consume(must { try ioc.resolve(Single.self) }) }),
        ("swinject_ops", opsPerSecond(threads: 2) { consume(synchronized.resolve(Single.self)!) }),
        ("ioc_ops_1thread", iocSingletonOne),
        ("hand_ops", opsPerSecond(threads: 2) { consume(sharedInstance()) }),
        ("hand_ops_1thread", opsPerSecond(threads: 1) { consume(sharedInstance()) }),
    ]))
    let iocGraphOne = opsPerSecond(threads: 1) { consume(must { try ioc.resolve(A.self) }) }
    rows.append(Row(name: "threads-graph", fields: [
        ("ioc_ops", opsPerSecond(threads: 2) { consume(must { try ioc.resolve(A.self) }) }),
        ("swinject_ops", opsPerSecond(threads: 2) { consume(synchronized.resolve(A.self)!) }),
        ("ioc_ops_1thread", iocGraphOne),
        ("hand_ops", opsPerSecond(threads: 2) { consume(A(b: B(d: D()), c: C(d: D(), e: E()))) }),
    ]))

    return rows
}

/// What an app's launch pays: `startup-10k` builds 10,000 components and resolves 100 of them
/// (ioc and Swinject side by side); `first-resolve-10k` resolves each of the 10,000 once after
/// the build, so that work moved from the build to first use stays visible.
func startupRows(_ names: [String]) throws -> [Row] {
    let touched = stride(from: 0, to: names.count, by: names.count / 100).map { names[$0] }
    func iocBuild() throws -> IoCCore.Container {
        let builder = ContainerBuilder()
        for name in names { builder.register(E.init).named(name) }
        return try builder.build()
    }
    let times = try compare(rounds: 7, [
        (1, {
            let container = try iocBuild()
            for name in touched { consume(try container.resolve(E.self, name: name)) }
        }),
        (1, {
            let container = Swinject.Container()
            for name in names { container.register(E.self, name: name) { _ in E() } }
            for name in touched { consume(container.resolve(E.self, name: name)!) }
        }),
    ])
    var build: [Double] = [], firstResolve: [Double] = []
    for _ in 0..<7 {
        let start = now()
        let container = try iocBuild()
        let built = now()
        for name in names { consume(try container.resolve(E.self, name: name)) }
        build.append(Double(built - start))
        firstResolve.append(Double(now() - built))
    }
    return [
        Row(name: "startup-10k", fields: [("ioc_ns", times[0]), ("swinject_ns", times[1])]),
        Row(name: "first-resolve-10k", fields: [("ioc_ns", median(firstResolve)), ("build_ns", median(build)),
                                                ("ioc_ns_per_component", median(firstResolve) / Double(names.count))]),
    ]
}

/// The cases that load config: definitions bound through the catalog, a YAML and an XML file
/// of 10,000 services each against the raw parser scan of the same bytes in the same run.
func loaderRows() throws -> [Row] {
    var rows: [Row] = []
    let bind = try nanosPerRun(samples: 5) { consume(try bindCatalogued(10_000)) }
    rows.append(Row(name: "bind-10k", fields: [("ioc_ns", bind), ("ioc_ns_per_definition", bind / 10_000)]))

    let yaml = servicesYAML()
    let yamlBytes = Array(yaml.utf8)
    guard rawYAMLScan(yamlBytes) > 0 else { print("benchmark failed: the YAML does not scan"); exit(1) }
    // The second contender stops at the definitions (read and translated, not bound or built):
    // how much of the load the front end itself takes.
    let yamlTimes = try compare(rounds: 9, [(1, { consume(try loadYAML(yaml)) }), (1, { _ = rawYAMLScan(yamlBytes) }),
                                            (1, { consume(try yamlDefinitions(yaml)) })])
    rows.append(Row(name: "yaml-10k", fields: [("ioc_ns", yamlTimes[0]), ("limit_ns", yamlTimes[1]),
                                               ("front_end_ns", yamlTimes[2]), ("build_ns", yamlTimes[0] - yamlTimes[2]),
                                               ("bytes", Double(yamlBytes.count))]))
    rows.append(Row(name: "yaml-10k-definitions", fields: [("ioc_ns", yamlTimes[2]), ("limit_ns", yamlTimes[1])]))

    let xml = beansXML()
    let xmlBytes = Array(xml.utf8CString.dropLast())
    guard rawXMLScan(xmlBytes) > 0 else { print("benchmark failed: the XML does not scan"); exit(1) }
    let xmlTimes = try compare(rounds: 9, [(1, { consume(try loadXML(xml)) }), (1, { _ = rawXMLScan(xmlBytes) }),
                                           (1, { consume(try xmlDefinitions(xml)) })])
    rows.append(Row(name: "xml-10k", fields: [("ioc_ns", xmlTimes[0]), ("limit_ns", xmlTimes[1]),
                                              ("front_end_ns", xmlTimes[2]), ("build_ns", xmlTimes[0] - xmlTimes[2]),
                                              ("bytes", Double(xmlBytes.count))]))
    rows.append(Row(name: "xml-10k-definitions", fields: [("ioc_ns", xmlTimes[2]), ("limit_ns", xmlTimes[1])]))

    return rows
}
