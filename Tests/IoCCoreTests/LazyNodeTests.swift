import Foundation
@testable import IoCCore
import Testing

/// A component that takes an optional dependency: checked on the tables, bound on first use.
final class WithOptional: Sendable {
    let d: D?
    init(d: D?) { self.d = d }
}

/// A component that takes every component of a type, or a list of them: checked on the tables.
final class WithAll: Sendable {
    let ds: [D]
    init(ds: [D]) { self.ds = ds }
}

/// A base class, and a class made of it.
class Tool: @unchecked Sendable { init() {} }
final class Hammer: Tool, @unchecked Sendable {}

/// A component that takes a component as its superclass, which it is not exposed as (a cast).
final class WithSupertype: @unchecked Sendable {
    let tool: Tool
    init(tool: Tool) { self.tool = tool }
}

/// A component that takes a list mixing values and references: checked on the tables.
final class WithWords: Sendable {
    let words: [String]
    init(words: [String]) { self.words = words }
}

/// A component that takes a list of components as their superclass (each a cast).
final class WithTools: @unchecked Sendable {
    let tools: [Tool]
    init(tools: [Tool]) { self.tools = tools }
}

/// The build checks the whole graph on tables and makes a component's runtime objects (its
/// node) on first resolve (docs/PerformanceLedger.md, "Start-up"). White-box: these tests read which
/// nodes exist, which no public API shows.
@Suite("Nodes made on first resolve")
struct LazyNodeTests {
    /// The components whose nodes exist, by label.
    private func made(_ container: Container) -> Set<String> { Set(container.madeNodes.map(\.label)) }

    @Test func build_makesNoNodeForPlainComponents_andAResolveMakesWhatItReaches() throws {
        let container = try graphBuilder(dScope: .singleton).build()
        #expect(made(container).isEmpty)
        _ = try container.resolve(B.self)
        #expect(made(container) == ["B", "D"])
        _ = try container.resolve(A.self)
        #expect(made(container) == ["A", "B", "C", "D", "E"])
        let again = try container.resolve(A.self)
        #expect(again.b.d === again.c.d)
        #expect(container.madeNodes.count == 5)
    }

    @Test func build_makesTheNodesThatMustExistBeforeAnyResolve() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).singleton().eager()          // made at build
        builder.register(E.init)                              // plain, untouched: no node
        builder.register(WithOptional.init)                   // an optional reference: checked, not bound
        builder.register(WithAll.init)                        // every D: checked, not bound
        builder.register(Hammer.init).named("hammer").singleton()
        builder.register(WithTools.init).singleton().eager().arguments(.list([.named("hammer")]))   // an eager singleton binds in full...
        builder.register(C.init)                              // ...and so does nothing here: plain
        builder.register(FreeWeatherClient.init).as((any WeatherClient).self) { $0 }   // neither it nor its exposure
        let container = try builder.build()
        #expect(made(container) == ["D", "WithTools", #""hammer" (Hammer)"#])
        let d = try container.resolve(D.self)
        #expect(try container.resolve(WithTools.self).tools.first === container.resolve(Hammer.self, name: "hammer"))
        #expect(try container.resolve(WithAll.self).ds.map(ObjectIdentifier.init) == [ObjectIdentifier(d)])
        #expect(try container.resolve(WithOptional.self).d === d)
        // The exposure's node is made on first use, with its base's.
        #expect(try container.resolve((any WeatherClient).self).forecast(city: "Oslo") == "free forecast for Oslo")
        #expect(made(container) == ["D", "WithTools", #""hammer" (Hammer)"#, "WithAll", "WithOptional", "FreeWeatherClient", "WeatherClient"])
    }

    @Test func aComponentInjectingAnExposure_isCheckedWithoutMakingIt() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init).singleton().as((any WeatherClient).self) { $0 }
        builder.register(ReportService.init)
        let container = try builder.build()
        #expect(made(container).isEmpty)
        #expect(try container.resolve(ReportService.self).client.forecast(city: "Oslo") == "free forecast for Oslo")
        #expect(made(container) == ["ReportService", "WeatherClient", "FreeWeatherClient"])
    }

    @Test func aParentsComponent_isMadeWhenAChildFirstNeedsIt() throws {
        let parentBuilder = graphBuilder(dScope: .singleton)
        parentBuilder.register(Hammer.init).named("hammer").singleton()
        let parent = try parentBuilder.build()
        let child = try parent.makeChild {
            $0.register(WithTools.init).singleton().eager().arguments(.list([.named("hammer")]))
            $0.register(WithOptional.init)
        }
        // The child's eager singleton needed the parent's hammer: made then, in the parent.
        #expect(made(parent) == [#""hammer" (Hammer)"#])
        #expect(made(child) == ["WithTools"])
        #expect(try child.resolve(WithOptional.self).d === parent.resolve(D.self))
        _ = try child.resolve(A.self)
        #expect(made(parent) == ["A", "B", "C", "D", "E", #""hammer" (Hammer)"#])
        #expect(made(child) == ["WithTools", "WithOptional"])
    }

    @Test func lookupsAndErrors_readTablesWithoutMakingNodes() throws {
        let builder = graphBuilder()
        let free = #line; builder.register(FreeWeatherClient.init).named("free").as((any WeatherClient).self) { $0 }
        let better = #line; builder.register(BetterWeatherClient.init).named("better").as((any WeatherClient).self) { $0 }
        let container = try builder.build()
        let before = made(container)
        #expect(container.isRegistered(A.self))
        #expect(container.isRegistered(D.self, name: "nothing") == false)
        let ambiguous = #expect(throws: IoCError.self) { try container.resolve((any WeatherClient).self) }
        #expect(ambiguous?.description == #"2 components match type WeatherClient: "free" (WeatherClient) at IoCCoreTests/LazyNodeTests.swift:\#(free), "better" (WeatherClient) at IoCCoreTests/LazyNodeTests.swift:\#(better). Mark one as primary, or inject one by name."#)
        #expect(made(container) == before)
    }

    /// Threads that first resolve the same cold components together make a node each, publish
    /// one, and all use it: each gets a complete graph, and all share one singleton (TSan: make
    /// tsan runs this suite).
    @Test func concurrentFirstResolves_publishOneNodePerComponent() throws {
        for _ in 0..<20 {
            let container = try graphBuilder(dScope: .singleton).build()
            #expect(container.madeNodes.isEmpty, "the threads start on a cold container")
            let seen = Guarded<Set<ObjectIdentifier>>([])
            let failures = Counter()
            let finished = onThreads(16) { index in
                let d: D?
                if index.isMultiple(of: 2) {
                    guard let a = try? container.resolve(A.self), a.b.d === a.c.d else { failures.increment(); return }
                    d = a.b.d
                } else {
                    d = try? container.resolve(C.self).d
                }
                guard let d else { failures.increment(); return }
                seen.withLock { _ = $0.insert(ObjectIdentifier(d)) }
            }
            #expect(finished && failures.count == 0)
            #expect(seen.withLock { $0.count } == 1)
            #expect(container.madeNodes.count == 5)
        }
    }

    /// An exposure (`.as(P.self)`) is a component of its own, numbered at build and made on
    /// first use: threads that first reach it together, by type, by name as the protocol or
    /// through a child, publish one node and share the one singleton behind it.
    @Test func concurrentFirstResolves_ofAnExposure_publishOneNode_andShareItsBase() throws {
        for _ in 0..<20 {
            let builder = ContainerBuilder()
            builder.register(FreeWeatherClient.init).named("free").singleton().as((any WeatherClient).self) { $0 }
            let parent = try builder.build()
            let child = try parent.makeChild { _ in }
            #expect(made(parent).isEmpty)
            let seen = Guarded<Set<ObjectIdentifier>>([])
            let failures = Counter()
            let finished = onThreads(16) { index in
                let client: (any WeatherClient)?
                switch index % 3 {
                case 0: client = try? parent.resolve((any WeatherClient).self)
                case 1: client = try? parent.resolve((any WeatherClient).self, name: "free")
                default: client = try? child.resolve((any WeatherClient).self)
                }
                guard let client, client.forecast(city: "Oslo") == "free forecast for Oslo" else { failures.increment(); return }
                seen.withLock { _ = $0.insert(ObjectIdentifier(client as AnyObject)) }
            }
            #expect(finished && failures.count == 0)
            #expect(seen.withLock { $0.count } == 1)
            #expect(made(parent) == [#""free" (FreeWeatherClient)"#, #""free" (WeatherClient)"#])
            #expect(child.madeNodes.isEmpty)
        }
    }

    /// A handle (`Lazy<T>`, `Provider<T>`) over a plain reference, and an optional whose
    /// component does not exist, are checked on the tables too: nothing is made at build, and
    /// the handles' nodes come with their holder's (the instances when a handle is asked).
    @Test func handlesAndAbsentOptionals_areCheckedWithoutMakingNodes() throws {
        final class Holder: Sendable {
            let lazyD: Lazy<D>
            let provider: Provider<E>
            let absent: C?
            init(lazyD: Lazy<D>, provider: Provider<E>, absent: C?) {
                self.lazyD = lazyD
                self.provider = provider
                self.absent = absent
            }
        }
        let builder = ContainerBuilder()
        builder.register(D.init).singleton()
        builder.register(E.init)
        builder.register(Holder.init)   // no C is registered: nil
        let container = try builder.build()
        #expect(made(container).isEmpty)
        let holder = try container.resolve(Holder.self)
        #expect(holder.absent == nil)
        #expect(made(container) == ["Holder", "D", "E"])
        #expect(try holder.lazyD.get() === container.resolve(D.self))
        #expect(try holder.provider.get() !== holder.provider.get())
    }

    /// Collections of a type or a tag (`[T]`, `[String: T]`), lists and maps of references,
    /// service locators, and
    /// a name reached as a protocol the component is exposed as are checked on the tables too:
    /// the build makes no node for them, and the first resolve injects what the full binding
    /// gives (an eager singleton of the same definition, bound at build), in the same order and keys.
    @Test func collectionsAndNamedExposures_areCheckedWithoutMakingNodes() throws {
        final class Reports: Sendable {
            let all: [any WeatherClient]
            let byName: [String: any WeatherClient]
            let tagged: [any WeatherClient]
            let free: any WeatherClient
            init(all: [any WeatherClient], byName: [String: any WeatherClient], tagged: [any WeatherClient], free: any WeatherClient) {
                self.all = all
                self.byName = byName
                self.tagged = tagged
                self.free = free
            }
        }
        final class Locators: Sendable {
            let all: ServiceLocator<any WeatherClient>
            let listed: ServiceLocator<any WeatherClient>
            let indexed: ServiceLocator<any WeatherClient>
            let byKey: [String: any WeatherClient]
            init(all: ServiceLocator<any WeatherClient>, listed: ServiceLocator<any WeatherClient>,
                 indexed: ServiceLocator<any WeatherClient>, byKey: [String: any WeatherClient]) {
                self.all = all
                self.listed = listed
                self.indexed = indexed
                self.byKey = byKey
            }
        }
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init).named("free").singleton().tagged("weather").as((any WeatherClient).self) { $0 }
        builder.register(BetterWeatherClient.init).named("better").singleton().tagged("weather").as((any WeatherClient).self) { $0 }
        builder.register(Reports.init).arguments(.all((any WeatherClient).self), .all((any WeatherClient).self), .tagged("weather"), .named("free"))
            .named("reports")
        // The same, bound in full at build (an eager singleton): what the plain path must give.
        builder.register(Reports.init).arguments(.all((any WeatherClient).self), .all((any WeatherClient).self), .tagged("weather"), .named("free"))
            .named("bound").singleton().eager()
        // A list and a map of references, as config writes them (['@better', '@free'], <map>).
        builder.register(Reports.init).named("listed")
            .arguments(.list([.named("better"), .named("free")]), .map(["first": .named("free"), "second": .type((any WeatherClient).self)]),
                       .list([.named("free")]), .named("better"))
        builder.register(FreeWeatherClient.init).primary().singleton().as((any WeatherClient).self) { $0 }
        // Service locators of a type and of a list of names (Symfony's !service_locator).
        // Symfony's !tagged_locator { tag: …, index_by: key }, and the same into a map.
        builder.register(BetterWeatherClient.init).named("indexed").singleton().tagged("indexed", attributes: ["key": .string("b")])
            .as((any WeatherClient).self) { $0 }
        builder.register(Locators.init).arguments(.all((any WeatherClient).self), .list([.named("free"), .named("better")]),
                                                  .taggedIndexed(tag: "indexed", indexBy: "key"), .taggedIndexed(tag: "indexed", indexBy: "key"))
        let container = try builder.build()
        #expect(made(container).contains(#""bound" (Reports)"#) && !made(container).contains(#""reports" (Reports)"#)
            && !made(container).contains(#""listed" (Reports)"#) && !made(container).contains("Locators"))
        let reports = try container.resolve(Reports.self, name: "reports")
        let bound = try container.resolve(Reports.self, name: "bound")
        #expect(reports.all.map { ObjectIdentifier($0 as AnyObject) } == bound.all.map { ObjectIdentifier($0 as AnyObject) })
        #expect(reports.byName.mapValues { ObjectIdentifier($0 as AnyObject) } == bound.byName.mapValues { ObjectIdentifier($0 as AnyObject) })
        #expect(reports.tagged.map { ObjectIdentifier($0 as AnyObject) } == bound.tagged.map { ObjectIdentifier($0 as AnyObject) })
        #expect(reports.all.map { $0.forecast(city: "Oslo") }
            == ["free forecast for Oslo", "better forecast for Oslo", "free forecast for Oslo", "better forecast for Oslo"])
        #expect(reports.byName.keys.sorted() == ["WeatherClient", "better", "free", "indexed"])
        #expect(reports.tagged.map { $0.forecast(city: "Oslo") } == ["free forecast for Oslo", "better forecast for Oslo"])
        #expect(reports.free as AnyObject === reports.byName["free"] as AnyObject)
        #expect(try reports.free as AnyObject === container.resolve(FreeWeatherClient.self, name: "free"))
        let listed = try container.resolve(Reports.self, name: "listed")
        #expect(listed.all.map { $0.forecast(city: "Oslo") } == ["better forecast for Oslo", "free forecast for Oslo"])
        #expect(listed.byName.keys.sorted() == ["first", "second"])
        #expect(listed.byName["first"] as AnyObject === reports.free as AnyObject)
        #expect(listed.byName["second"] as AnyObject !== reports.free as AnyObject, "the primary, unnamed one")
        #expect(listed.free as AnyObject === reports.byName["better"] as AnyObject)
        let locators = try container.resolve(Locators.self)
        #expect(locators.all.keys == ["WeatherClient", "better", "free", "indexed"] && locators.listed.keys == ["better", "free"])
        #expect(locators.indexed.keys == ["b"] && locators.byKey.keys.sorted() == ["b"])
        #expect(try locators.indexed.get("b") as AnyObject === container.resolve(BetterWeatherClient.self, name: "indexed"))
        #expect(try locators.listed.get("free") as AnyObject === reports.free as AnyObject)
    }

    /// A parameter a config definition leaves to its Swift default (the catalog entry knows it)
    /// is checked on the tables too; the default is made when the component is.
    @Test func swiftDefaults_areCheckedWithoutMakingNodes() throws {
        final class Client: Sendable {
            let host: String
            let retries: Int
            init(host: String, retries: Int = 3) { self.host = host; self.retries = retries }
        }
        let catalog = TypeCatalog()
        catalog.add(Client.self) { client in
            client.initializer("init(host:retries:)", defaults: [1: DefaultArgument { 3 }]) { (host: String, retries: Int) in
                Client(host: host, retries: retries)
            }
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        builder.add(Definition(name: "client", typeName: "Client",
                               construction: .initializer(arguments: [InjectionPoint(label: "host", source: .config(.string("example.com")))]),
                               location: ConfigLocation(file: "services.yaml", line: 2)))
        let container = try builder.build()
        #expect(made(container).isEmpty)
        let client = try container.resolve(Client.self, name: "client")
        #expect(client.host == "example.com" && client.retries == 3)
    }

    /// An inner definition (a factory component registered with its product, a config file's
    /// inline bean) whose own injections are plain is numbered and checked on the tables:
    /// neither it nor its holder gets a node at build. One that is not plain binds its holder
    /// in full, as before.
    @Test func innerDefinitions_areCheckedWithoutMakingNodes() throws {
        struct Wand: Sendable { let color: String; let d: D }
        struct WandFactory: ComponentFactory {
            let color: String
            let d: D
            func makeProduct() throws -> Wand { Wand(color: color, d: d) }
        }
        let builder = ContainerBuilder()
        builder.register(D.init).singleton()
        builder.registerFactory { (color: String, d: D) in WandFactory(color: color, d: d) }
            .arguments(.value("oak"), .type(D.self)).named("plain")
        // An eager product binds in full at build, its factory with it.
        struct ListFactory: ComponentFactory {
            let tools: [Tool]
            func makeProduct() throws -> Wand { Wand(color: tools.first is Hammer ? "ash wood" : "elm", d: D()) }
        }
        builder.register(Hammer.init).named("hammer").singleton()
        builder.registerFactory { (tools: [Tool]) in ListFactory(tools: tools) }
            .arguments(.list([.named("hammer")])).named("bound").singleton().eager()
        let container = try builder.build()
        #expect(made(container) == [#""bound" (Wand)"#, "ListFactory", #""hammer" (Hammer)"#])
        let wand = try container.resolve(Wand.self, name: "plain")
        #expect(wand.color == "oak")
        #expect(try wand.d === container.resolve(D.self))
        #expect(made(container) == ["D", #""bound" (Wand)"#, "ListFactory", #""hammer" (Hammer)"#, #""plain" (Wand)"#, "WandFactory"])
        #expect(try container.resolve(Wand.self, name: "bound").color == "ash wood")
    }

    /// A component injected as its superclass (a cast, also as a member of a list or a tag), and
    /// the `ComponentInfo` of the component being made, are checked on the tables too; what they inject is what the full binding
    /// gives (an eager copy bound at build).
    @Test func castsAndComponentInfo_areCheckedWithoutMakingNodes() throws {
        final class Workshop: @unchecked Sendable {
            let tool: Tool
            let spare: Tool?
            let later: Lazy<Tool>
            let info: ComponentInfo
            init(tool: Tool, spare: Tool?, later: Lazy<Tool>, info: ComponentInfo) {
                self.tool = tool
                self.spare = spare
                self.later = later
                self.info = info
            }
        }
        let builder = ContainerBuilder()
        builder.register(Hammer.init).named("hammer").singleton()
        builder.register(Workshop.init).named("plain").tagged("shop")
            .arguments(.named("hammer"), .named("hammer"), .lazy(.named("hammer")), .type(ComponentInfo.self))
        builder.register(Workshop.init).named("bound").singleton().eager()
            .arguments(.named("hammer"), .named("hammer"), .lazy(.named("hammer")), .type(ComponentInfo.self))
        // Collections of components cast to their superclass: a list, a tag, a tag by name.
        builder.register(WithTools.init).named("listed").arguments(.list([.named("hammer")]))
        builder.register(Hammer.init).named("mallet").singleton().tagged("tools")
        builder.register(WithTools.init).named("tagged").arguments(.tagged("tools"))
        let container = try builder.build()
        #expect(!made(container).contains(#""plain" (Workshop)"#) && !made(container).contains(#""listed" (WithTools)"#)
            && !made(container).contains(#""tagged" (WithTools)"#))
        let plain = try container.resolve(Workshop.self, name: "plain")
        let bound = try container.resolve(Workshop.self, name: "bound")
        let hammer = try container.resolve(Hammer.self, name: "hammer")
        #expect(try plain.tool === hammer && plain.spare === hammer && plain.later.get() === hammer)
        #expect(try bound.tool === hammer && bound.spare === hammer && bound.later.get() === hammer)
        #expect(plain.info.key.name == "plain" && plain.info.tags == ["shop"] && bound.info.key.name == "bound")
        #expect(try container.resolve(WithTools.self, name: "listed").tools.map(ObjectIdentifier.init) == [ObjectIdentifier(hammer)])
        #expect(try container.resolve(WithTools.self, name: "tagged").tools.map(ObjectIdentifier.init)
            == [ObjectIdentifier(container.resolve(Hammer.self, name: "mallet"))])
    }

    /// Autowired properties (what IoCConfig's `autowire="byName"` adds for every catalogued
    /// property that refers to no plain value): one whose name no component has stays as the
    /// initializer set it. Such a component is checked on the tables too, and its node leaves
    /// the property alone.
    @Test func autowiredProperties_thatNothingMatches_areCheckedWithoutMakingNodes() throws {
        final class Knight: @unchecked Sendable {
            var horse: D?
            var squire: E = E()
            var sword: C?
            init() {}
        }
        let catalog = TypeCatalog()
        catalog.add(Knight.self) { knight in
            knight.initializer("init()") { Knight() }
            knight.property("horse", \.horse)
            knight.property("squire", \.squire)
            knight.property("sword", \.sword)
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        builder.register(D.init).named("horse").singleton()
        var knight = Definition(name: "knight", typeName: "Knight", location: ConfigLocation(file: "knights.xml", line: 3))
        for name in ["horse", "sword"] {
            var property = PropertyInjection(name: name, source: .named(name))
            property.isAutowired = true
            knight.properties.append(property)
        }
        builder.add(knight)
        let container = try builder.build()
        #expect(made(container).isEmpty)
        let made = try container.resolve(Knight.self, name: "knight")
        #expect(try made.horse === container.resolve(D.self, name: "horse"))
        #expect(made.sword == nil, "no component is named sword: left unset")
    }

    /// A holder that is not plain (here a handle of a list, a shape in a shape) is bound in
    /// full, and injects the component the plan pass numbered for its inner definition: the
    /// container holds one component for it, not a second one beside it.
    @Test func anInnerDefinition_ofAHolderBoundInFull_isNumberedOnce() throws {
        final class Holder: Sendable {
            let e: E
            let later: Lazy<[D]>
            init(e: E, later: Lazy<[D]>) { self.e = e; self.later = later }
        }
        let builder = ContainerBuilder()
        let inner = builder.keepingCode(of: ContainerBuilder().register(E.init).component)
        builder.register(D.init).singleton()
        builder.register(Holder.init).arguments(.inner(inner), .lazy(.all(TypeRef(D.self))))
        let container = try builder.build()
        #expect(made(container) == ["D", "Holder", "E"], "bound in full at build, its inner definition with it")
        // Bound in full by the container the build handed out, not by the provisional one the checks bound on.
        #expect(container.madeNodes.allSatisfy { $0.container === container })
        #expect(container.components.extraOrigins.count == 1)
        #expect(try container.resolve(Holder.self).later.get().count == 1)
    }

    /// The plan pass numbers inner definitions, and theirs in turn, before the check, which
    /// adds no component: an inner definition that is not plain (a handle of a list) is bound
    /// at build on its own, while its holder, whose one injection is that inner definition, is
    /// checked on the tables and made on first use.
    @Test func innerDefinitions_areNumberedBeforeTheCheck_andCheckedOnTheirOwn() throws {
        final class Inside: Sendable {
            let later: Lazy<[D]>
            let deeper: E
            init(later: Lazy<[D]>, deeper: E) { self.later = later; self.deeper = deeper }
        }
        final class Holder: Sendable {
            let inside: Inside
            init(inside: Inside) { self.inside = inside }
        }
        // Each inner definition's code kept by the builder that holds it, then moved with it.
        let deepest = ContainerBuilder().register(E.init).component
        let source = ContainerBuilder()
        let inside = source.register(Inside.init).arguments(.lazy(.all(TypeRef(D.self))), .inner(source.keepingCode(of: deepest))).component
        let builder = ContainerBuilder()
        builder.register(D.init).singleton()
        builder.register(Holder.init).arguments(.inner(builder.keepingCode(of: inside)))
        let container = try builder.build()
        #expect(container.components.extraOrigins.count == 2)
        #expect(made(container) == ["D", "Inside", "E"], "the inner definition bound in full, with what it reaches; not its holder")
        let holder = try container.resolve(Holder.self)
        #expect(try holder.inside.later.get().count == 1)
        #expect(made(container) == ["D", "Holder", "Inside", "E"])
    }

    /// A value (code's `.value`, a config value) depends on no component: the build converts it
    /// to check it, and the component's node converts it again when it is first made (also into
    /// an optional or a list). A reference into an optional (`D?` set from `@d`, as config writes it) is a plain reference.
    @Test func values_areCheckedAtBuild_andConvertedWhenTheComponentIsFirstMade() throws {
        final class Tuned: @unchecked Sendable {
            let retries: Int
            let label: String
            var d = D()
            var timeout = Duration.zero
            var backup: D?
            var hosts: [String] = []
            var words: [String] = []
            var limit: Int?
            init(retries: Int, label: String) { self.retries = retries; self.label = label }
        }
        let builder = ContainerBuilder()
        builder.register(D.init).named("d").singleton()
        builder.register(Tuned.init(retries:label:)).arguments(.config(.string("3")), .value("fast"))
            .property(\.d).property(\.timeout, .config(.string("250ms"))).property(\.backup, .named("d"))
            .property(\.hosts, .config(.list([.string("a"), .string("b")]))).property(\.limit, .config(.string("7")))
            .property(\.words, .list([.config(.string("well")), .named("greeting"), .value("done")]))
        builder.register(String.self, name: "greeting") { _ in "hello" }
        let container = try builder.build()
        #expect(made(container).isEmpty)
        let tuned = try container.resolve(Tuned.self)
        #expect(tuned.retries == 3 && tuned.label == "fast" && tuned.timeout == .milliseconds(250))
        #expect(tuned.hosts == ["a", "b"] && tuned.limit == 7)
        #expect(tuned.words == ["well", "hello", "done"])
        #expect(try tuned.d === container.resolve(D.self) && tuned.backup === tuned.d)
        #expect(made(container) == ["Tuned", #""d" (D)"#, #""greeting" (String)"#])

        // A value that does not convert is reported by the build, as before.
        let bad = ContainerBuilder()
        bad.register(Tuned.init(retries:label:)).arguments(.config(.string("three", at: ConfigLocation(file: "app.yaml", line: 2, column: 10))), .value("fast"))
        let error = #expect(throws: IoCError.self) { try bad.build() }
        #expect(error?.description == """
            Container validation failed with 1 problem:
            1. Value "three" at app.yaml:2:10 cannot become Int for Tuned, argument 0: not a whole number.
            """)
    }
}
