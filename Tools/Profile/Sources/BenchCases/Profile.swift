import Foundation
import IoCCore
import IoCXML
import IoCYAML
import RawScan
import Synchronization

/// `ioc-profile CASE` (or `IoCBenchmarks profile CASE`): runs one case in a loop, for a
/// profiler (perf, callgrind; `make instructions` guards some of them).
/// `PROFILE_COUNT` sets the number of resolves; `PROFILE_ROUNDS` the builds of `register` and
/// `first-resolve` (3 unless set).
public func profile(_ name: String) throws {
    let rounds = environmentNumber("PROFILE_ROUNDS", default: 3)
    if name == "register" {
        for _ in 0..<rounds {
            let builder = ContainerBuilder()
            for index in 0..<10_000 { builder.register(E.init).named("component-\(index)") }
            consume(try builder.build())
        }
        return
    }
    if name == "register-deps" {
        // As `register`, with components that take two dependencies each (what most code
        // registrations look like): 10,000 of `C(d:e:)`, named, over one `D` and one `E`.
        for _ in 0..<rounds {
            let builder = ContainerBuilder()
            builder.register(D.init)
            builder.register(E.init)
            for index in 0..<10_000 { builder.register(C.init).named("component-\(index)") }
            consume(try builder.build())
        }
        return
    }
    if name == "first-resolve" {
        // Build, then resolve every component once: what the first use of each costs.
        for _ in 0..<rounds {
            let builder = ContainerBuilder()
            for index in 0..<10_000 { builder.register(E.init).named("component-\(index)") }
            let container = try builder.build()
            for index in 0..<10_000 { consume(try container.resolve(E.self, name: "component-\(index)")) }
        }
        return
    }
    if name == "memory" {
        // Heap bytes per component: the builder's definitions, then the built container
        // (builder gone), then after every component was resolved once.
        let count = 10_000
        let start = ioc_heap_bytes_in_use()
        var builder: ContainerBuilder? = ContainerBuilder()
        for index in 0..<count { builder?.register(E.init).named("component-\(index)") }
        let registered = ioc_heap_bytes_in_use()
        let container = try builder?.build()
        builder = nil
        let built = ioc_heap_bytes_in_use()
        for index in 0..<count { consume(try container?.resolve(E.self, name: "component-\(index)") ?? E()) }
        let resolved = ioc_heap_bytes_in_use()
        func perComponent(_ bytes: Int) -> Int { bytes / count }
        print("MEMORY registered=\(perComponent(Int(registered) - Int(start))) built=\(perComponent(Int(built) - Int(start)))"
              + " resolved=\(perComponent(Int(resolved) - Int(start))) (bytes per component)")
        withExtendedLifetime(container) {}
        return
    }
    if name == "memory-deps" {
        // As `memory`, for registrations that take two dependencies of types with names as
        // apps write them: 10,000 of `ForecastReportService(client:clock:)`.
        let count = 10_000
        let start = ioc_heap_bytes_in_use()
        var builder: ContainerBuilder? = ContainerBuilder()
        builder?.register(WeatherServiceClient.init)
        builder?.register(SystemClockSource.init)
        for index in 0..<count { builder?.register(ForecastReportService.init).named("report-\(index)") }
        let registered = ioc_heap_bytes_in_use()
        let container = try builder?.build()
        builder = nil
        let built = ioc_heap_bytes_in_use()
        print("MEMORY deps registered=\((Int(registered) - Int(start)) / count) built=\((Int(built) - Int(start)) / count) (bytes per component)")
        withExtendedLifetime(container) {}
        return
    }
    if name == "memory-config" {
        // Heap bytes per component of a config-loaded container (10,000 services): the
        // front end's definitions alone, then the built container (builder gone), which also
        // keeps the unbound definitions for test overlays; for YAML and for XML.
        let count = 10_000
        for (format, text) in [("yaml", servicesYAML(count: count)), ("xml", beansXML(count: count))] {
            let start = ioc_heap_bytes_in_use()
            let unbound = try withExtendedLifetime(format == "yaml" ? yamlDefinitions(text) : xmlDefinitions(text)) { ioc_heap_bytes_in_use() }
            let container = try format == "yaml" ? loadYAML(text) : loadXML(text)
            let built = ioc_heap_bytes_in_use()
            print("MEMORY \(format) definitions=\((Int(unbound) - Int(start)) / count) built=\((Int(built) - Int(start)) / count) (bytes per component)")
            withExtendedLifetime(container) {}
        }
        return
    }
    if name == "retained" {
        // Builds 10,000 components and keeps the container past exit on purpose, so that
        // `heaptrack` lists what a built container holds, by allocation site, as "leaked".
        let builder = ContainerBuilder()
        for index in 0..<10_000 { builder.register(E.init).named("component-\(index)") }
        _ = Unmanaged.passRetained(try builder.build())
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
    if name == "yaml-full" || name == "xml-full" {
        // The whole benchmarked load (read, translate, build, free) ten times.
        let text = name == "xml-full" ? beansXML() : servicesYAML()
        for _ in 0..<10 { consume(name == "xml-full" ? try loadXML(text) : try loadYAML(text)) }
        return
    }
    if name == "xml" || name == "yaml-steps" {
        // Twice, printing how long each step takes: reading and translating the file, adding
        // the definitions, building, and freeing the container.
        let isXML = name == "xml"
        let text = isXML ? beansXML() : servicesYAML()
        for _ in 0..<2 {
            var t = ContinuousClock.now
            func lap(_ s: String) { let n = ContinuousClock.now; print("STEP \(s) \(n - t)"); t = n }
            let definitions = isXML ? try XMLLoader().load(string: text, name: "beans.xml").definitions
                : try YAMLLoader().load(string: text, name: "services.yaml").definitions
            lap(isXML ? "xmlload" : "yamlload")
            let builder = ContainerBuilder()
            builder.catalog = serviceCatalog()
            builder.allowsCaptiveDependencies = true
            builder.add(contentsOf: definitions)
            lap("add")
            var container: IoCCore.Container? = try builder.build()
            lap("build")
            if let container { consume(container) }
            container = nil
            lap("teardown")
        }
        return
    }
    if name == "build-only" || name == "xml-build" || name == "yaml-only" || name == "xml-only" || name == "yaml-raw" || name == "xml-raw" {
        // One step ten times, for a profiler: building 10,000 loaded definitions (and freeing
        // the container; `xml-build`: the XML's, whose singletons are eager), reading and translating the YAML or XML file, or the raw parser
        // scan of it. `PROFILE_COUNT` sets the number of rounds (0: only the set-up, to
        // subtract from counts).
        let yaml = servicesYAML()
        // `PROFILE_XML_PROTOTYPES=1`: the beans prototypes, made on each resolve rather than at
        // build, so that `xml-build` without them shows what making the eager beans costs.
        var xml = beansXML()
        if ProcessInfo.processInfo.environment["PROFILE_XML_PROTOTYPES"] != nil {
            xml = xml.replacingOccurrences(of: "scope=\"singleton\"", with: "scope=\"prototype\"")
        }
        let definitions = name == "xml-build" ? try XMLLoader().load(string: xml, name: "beans.xml").definitions
            : try YAMLLoader().load(string: yaml, name: "services.yaml").definitions
        let yamlBytes = Array(yaml.utf8)
        let xmlBytes = xml.utf8.map { CChar(bitPattern: $0) }
        let rounds = environmentNumber("PROFILE_COUNT", default: 10)
        for _ in 0..<rounds {
            switch name {
            case "yaml-only":
                let loaded = try YAMLLoader().load(string: yaml, name: "services.yaml")
                guard loaded.definitions.count == 10_000 else { return }
            case "xml-only":
                let loaded = try XMLLoader().load(string: xml, name: "beans.xml")
                guard loaded.definitions.count == 10_000 else { return }
            case "yaml-raw": guard rawYAMLScan(yamlBytes) > 0 else { return }
            case "xml-raw": guard rawXMLScan(xmlBytes) > 0 else { return }
            default:
                let builder = ContainerBuilder()
                builder.catalog = serviceCatalog()
                builder.allowsCaptiveDependencies = true
                builder.add(contentsOf: definitions)
                consume(try builder.build())
            }
        }
        return
    }
    if name == "bind" {
        let count = environmentNumber("PROFILE_COUNT", default: 10_000)
        consume(try bindCatalogued(count))
        return
    }
    if name == "properties" {
        // A prototype with an injected property and a hook, resolved PROFILE_COUNT times:
        // what the steps after construction cost on every resolve.
        let builder = ContainerBuilder()
        builder.register { Service(name: "service") }
            .property(\.retries, .config(.string("3")))
            .afterInjection { consume($0) }
        let container = try builder.build()
        // The optimized setters write what the unoptimized ones do, into a class and a struct.
        struct Settings: Sendable { var days = 0; var note: String? = "draft" }
        let structs = ContainerBuilder()
        structs.register { Settings() }.property(\.days, .value(5)).property(\.note, .nilValue)
        let settings = try structs.build().resolve(Settings.self)
        guard try container.resolve(Service.self).retries == 3, settings.days == 5, settings.note == nil else {
            print("profile properties: a property was not set"); exit(1)
        }
        let count = environmentNumber("PROFILE_COUNT", default: 2_000_000)
        for _ in 0..<count { consume(try container.resolve(Service.self)) }
        return
    }
    if name == "properties-config" {
        // `properties` for a component from config: a catalogued prototype with one property
        // (set through the catalog's key path) and a hook, resolved PROFILE_COUNT times.
        let catalog = TypeCatalog()
        catalog.add(Service.self) { service in
            service.initializer("init(name:)") { (name: String) in Service(name: name) }
            service.property("retries", \.retries)
            service.method("ready") { consume($0) }
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        var definition = Definition(name: "service", typeName: "Service",
                                    construction: .initializer(arguments: [InjectionPoint(label: "name", source: .config(.string("service")))]),
                                    location: ConfigLocation(file: "services.yaml", line: 1))
        definition.properties.append(PropertyInjection(name: "retries", source: .config(.string("3"))))
        definition.hooks.append(LifecycleHook(kind: .afterInjection, method: "ready"))
        builder.add(contentsOf: [definition])
        let container = try builder.build()
        guard try container.resolve(Service.self).retries == 3 else { print("profile properties-config: retries not set"); exit(1) }
        let count = environmentNumber("PROFILE_COUNT", default: 2_000_000)
        for _ in 0..<count { consume(try container.resolve(Service.self)) }
        return
    }
    if name.hasPrefix("form-") {
        // One way of asking the container, PROFILE_COUNT times (200,000 unless set): what the
        // forms beside a plain resolve cost (`form-resolve`), in instructions per call.
        let container = try formsContainer()
        let holder = try container.resolve(Handles.self)
        let count = environmentNumber("PROFILE_COUNT", default: 200_000)
        switch name {
        case "form-lazy": for _ in 0..<count { consume(try holder.lazy.get()) }
        case "form-provider": for _ in 0..<count { consume(try holder.provider.get()) }
        case "form-handles": for _ in 0..<count { consume(try container.resolve(Handles.self)) }
        case "form-all": for _ in 0..<count { consume(try container.resolveAll(E.self).first ?? E()) }
        case "form-tagged": for _ in 0..<count { consume(try container.resolveAll(E.self, tagged: "extra").first ?? E()) }
        case "form-optional": for _ in 0..<count { consume(try container.resolveOptional(E.self) ?? E()) }
        case "form-resolver-optional": for _ in 0..<count { consume(try container.resolve(B.self, name: "optional-b")) }
        case "form-closure": for _ in 0..<count { consume(try container.resolve(C.self, name: "closure-c")) }
        case "form-call": for _ in 0..<count { consume(try container.resolve(Called.self)) }
        case "form-hook": for _ in 0..<count { consume(try container.resolve(Hooked.self)) }
        case "form-runtime": for _ in 0..<count { consume(try container.resolve(D.self, runtimeArguments: 5)) }
        case "form-resolve": for _ in 0..<count { consume(try container.resolve(E.self)) }
        default: print("unknown case \(name): form-resolve, -optional, -all, -tagged, -lazy, -provider, -handles, -closure, -resolver-optional, -call, -hook, -runtime"); exit(1)
        }
        return
    }
    if name == "timed" {
        // Nanoseconds per resolve, timed in this process (the median of 5 loops of
        // PROFILE_COUNT, 1,000,000 unless set): the graph of five prototypes, a singleton (the
        // published-instance path) and a prototype with no dependency. For comparing two builds
        // of this tool in alternating runs (`make bench-fallback`), not for callgrind.
        let count = environmentNumber("PROFILE_COUNT", default: 1_000_000)
        let graph = try iocGraph(dScope: .prototype)
        let builder = ContainerBuilder()
        builder.register(E.init).scope(.singleton)
        let shared = try builder.build()
        func median(_ body: () throws -> Void) rethrows -> Double {
            var laps: [Double] = []
            for _ in 0..<5 {
                let start = now()
                try body()
                laps.append(Double(now() - start) / Double(count))
            }
            return laps.sorted()[2]
        }
        let graphNs = try median { for _ in 0..<count { consume(try graph.resolve(A.self)) } }
        let singletonNs = try median { for _ in 0..<count { consume(try shared.resolve(E.self)) } }
        let prototypeNs = try median { for _ in 0..<count { consume(try graph.resolve(E.self)) } }
        print("TIMED graph=\(graphNs) singleton=\(singletonNs) prototype=\(prototypeNs)")
        return
    }
    if name == "request-scope" {
        // Requests through a task scope given each one's context (RequestScope.swift).
        let container = try requestScopeContainer()
        for id in 0..<environmentNumber("PROFILE_COUNT", default: 200_000) {
            handled.add(try handleInScope(container, BenchRequest(id: id)), ordering: .relaxed)
        }
        return
    }
    if name == "request-scope-task" {
        // The same requests as a server's middleware runs them: in a task, the `async` forms.
        let container = try requestScopeContainer()
        let count = environmentNumber("PROFILE_COUNT", default: 200_000)
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        Task {
            do {
                for id in 0..<count { handled.add(try await handleInScopeAsync(container, BenchRequest(id: id)), ordering: .relaxed) }
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
        return
    }
    if name == "bind-resolve" {
        // The definitions of `bind`, each then resolved once: the property steps are bound
        // and run on first use.
        let count = environmentNumber("PROFILE_COUNT", default: 10_000)
        let container = try bindCatalogued(count)
        for index in 0..<count { consume(try container.resolve(Service.self, name: "service\(index)")) }
        return
    }
    let container = try iocGraph(dScope: name == "shared" ? .objectGraph : .prototype)
    let count = environmentNumber("PROFILE_COUNT", default: 2_000_000)
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

/// The number in the environment variable `name` (`PROFILE_COUNT`, `PROFILE_ROUNDS`), or
/// `fallback` when it is unset or not a number.
func environmentNumber(_ name: String, default fallback: Int) -> Int {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? fallback
}

final class Handles: @unchecked Sendable {
    let lazy: Lazy<E>
    let provider: Provider<E>
    init(lazy: Lazy<E>, provider: Provider<E>) { self.lazy = lazy; self.provider = provider }
}
final class Called: @unchecked Sendable {
    var e: E?
    func configure(e: E) { self.e = e }
}
final class Hooked: @unchecked Sendable { var isReady = false }

/// The container of the `form-` cases: `E` twice (once named and tagged), handles, a method
/// call, a hook, factories that resolve through their resolver, a runtime-argument factory.
private func formsContainer() throws -> IoCCore.Container {
    let builder = ContainerBuilder()
    builder.register(E.init)
    builder.register(E.init).named("extra-e").tagged("extra")
    builder.register(D.init)
    builder.register(Handles.init)
    builder.register(Called.init).call("configure(e:)") { (called: Called, e: E) in called.configure(e: e) }
    builder.register(Hooked.init).afterInjection { $0.isReady = true }
    builder.register(C.self) { C(d: try $0.resolve(D.self), e: try $0.resolve(E.self)) }.named("closure-c")
    builder.register(B.self) { B(d: try $0.resolveOptional(D.self) ?? D()) }.named("optional-b")
    builder.register(D.self, runtimeArguments: { (_: Resolver, _: Int) in D() })
    return try builder.build()
}
