import IoCCore
import Testing

private final class Weather: Sendable { init() {} }
private final class Report: Sendable { let weather: Weather; init(weather: Weather) { self.weather = weather } }
private final class Printer: Sendable { init() {} }
private final class Holder: Sendable { let printer: Printer; init(printer: Printer) { self.printer = printer } }
private final class Ping: Sendable { let pong: Pong; init(pong: Pong) { self.pong = pong } }
private final class Pong: Sendable { let ping: Ping; init(ping: Ping) { self.ping = ping } }
private final class LazyPing: Sendable { let pong: Lazy<LazyPong>; init(pong: Lazy<LazyPong>) { self.pong = pong } }
private final class LazyPong: Sendable { let ping: LazyPing; init(ping: LazyPing) { self.ping = ping } }

@Suite("Validation at build")
struct ValidationTests {
    @Test func build_withMissingReference_suggestsClosestName() {
        let builder = ContainerBuilder()
        builder.register(Weather.init).named("weather")
        let line18 = #line; builder.register(Report.init).named("report").arguments(.named("wether"))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. No component "wether" is registered; required by "report" (Report), argument 0, at IoCCoreTests/ValidationTests.swift:\(line18). \
            Did you mean "weather"? Register it, or correct the reference.
            """)
    }

    @Test func missingReference_neverSuggestsTheComponentThatAsks() {
        let builder = ContainerBuilder()
        let line = #line; builder.register(Report.init).named("weather").arguments(.named("wether"))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. No component "wether" is registered; required by "weather" (Report), argument 0, at IoCCoreTests/ValidationTests.swift:\(line). \
            Register it, or correct the reference.
            """)
    }

    @Test func build_withMissingType_namesInjectionPoint() {
        let builder = ContainerBuilder()
        let line28 = #line; builder.register(Report.init)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. No component Weather is registered; required by Report, argument 0, at IoCCoreTests/ValidationTests.swift:\(line28). \
            Register it, or correct the reference.
            """)
    }

    @Test func build_withAmbiguousType_listsCandidatesAndFix() {
        let builder = ContainerBuilder()
        let line38 = #line; builder.register(Weather.init).named("a")
        let line39 = #line; builder.register(Weather.init).named("b")
        let line40 = #line; builder.register(Report.init)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. 2 components match type Weather: "a" (Weather) at IoCCoreTests/ValidationTests.swift:\(line38), \
            "b" (Weather) at IoCCoreTests/ValidationTests.swift:\(line39); required by Report, argument 0, \
            at IoCCoreTests/ValidationTests.swift:\(line40). Mark one as primary, or inject one by name.
            """)
    }

    @Test func build_withPrimary_resolvesAmbiguity() throws {
        let builder = ContainerBuilder()
        builder.register(Weather.init).named("a")
        let primary = Weather()
        builder.register(instance: primary, name: "b").primary()
        builder.register(Report.init)
        #expect(try builder.build().resolve(Report.self).weather === primary)
    }

    @Test func build_withCycle_reportsFullPath() {
        let builder = ContainerBuilder()
        let line60 = #line; builder.register(Ping.init)
        builder.register(Pong.init)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Dependency cycle: Ping -> Pong -> Ping (defined at IoCCoreTests/ValidationTests.swift:\(line60)). \
            Break it by injecting one side as Lazy<T> or Provider<T>, or through a property or method call of a shared (not prototype) class.
            """)
    }

    @Test func build_withLazyEdge_breaksCycle() throws {
        let builder = ContainerBuilder()
        builder.register(LazyPing.init).singleton()
        builder.register(LazyPong.init)
        let ping = try builder.build().resolve(LazyPing.self)
        #expect(try ping.pong.get().ping === ping)
    }

    @Test func build_withCaptiveDependency_suggestsProvider() {
        let builder = ContainerBuilder()
        builder.register(Printer.init)
        let line80 = #line; builder.register(Holder.init).singleton()
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Captive dependency: singleton Holder holds prototype Printer through argument 0 at \
            IoCCoreTests/ValidationTests.swift:\(line80); it would keep one prototype instance for as long as the singleton lives. \
            Inject a Provider or Lazy of it, or give Printer a scope that lives at least as long.
            """)
    }

    @Test func build_captiveAllowed_builds() throws {
        let builder = ContainerBuilder()
        builder.allowsCaptiveDependencies = true
        builder.register(Printer.init)
        builder.register(Holder.init).singleton()
        _ = try builder.build()
    }

    @Test func build_withDuplicateKey_namesBothLocations() {
        let builder = ContainerBuilder()
        let line99 = #line; builder.register(Weather.init).named("w")
        let line100 = #line; builder.register(Weather.init).named("w")
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Duplicate component "w" (Weather) at IoCCoreTests/ValidationTests.swift:\(line100); first defined at \
            IoCCoreTests/ValidationTests.swift:\(line99). Rename one, or mark the later one as an override.
            """)
    }

    @Test func build_withOverride_replacesEarlierDefinition() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self)
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).overriding()
        let container = try builder.build()
        #expect(try container.resolve((any WeatherClient).self) is BetterWeatherClient)
        #expect(container.definitions.count == 1)
    }

    @Test func build_withTypeMismatch_namesBothTypes() {
        let builder = ContainerBuilder()
        builder.register(Printer.init).named("printer")
        let line120 = #line; builder.register(Report.init).arguments(.named("printer"))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. "printer" (Printer) is a Printer and cannot be injected as Weather into Report, argument 0, \
            at IoCCoreTests/ValidationTests.swift:\(line120). Expose it with .as(Weather.self), or reference a component of that type.
            """)
    }

    @Test func build_withWrongValueType_namesValueAndType() {
        let builder = ContainerBuilder()
        let line130 = #line; builder.register(Report.init).arguments(.value("sunny"))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Value "sunny" cannot be injected as Weather into Report, argument 0, at \
            IoCCoreTests/ValidationTests.swift:\(line130). Give a value of type Weather.
            """)
    }

    @Test func build_withCollectionSourceForSingleValue_explainsShape() {
        let builder = ContainerBuilder()
        let line140 = #line; builder.register(Report.init).arguments(.tagged("weather"))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Source 'tagged weather' does not fit Weather in Report, argument 0, at \
            IoCCoreTests/ValidationTests.swift:\(line140). A collection injects into an array [T] or a dictionary [String: T].
            """)
    }

    @Test func build_withUnknownScope_listsKnownScopes() {
        let builder = ContainerBuilder()
        let line150 = #line; builder.register(Weather.init).scope(.custom("request"))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Unknown scope "request" for Weather at IoCCoreTests/ValidationTests.swift:\(line150). Use one of prototype, \
            object-graph, thread-local, task-local, weak-singleton, singleton, or register it with builder.register(scope:named:).
            """)
    }

    @Test func build_withWeakSingletonValueType_explains() {
        struct Value: Sendable {}
        let builder = ContainerBuilder()
        let line161 = #line; builder.register(Value.init).weakSingleton()
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of Value at IoCCoreTests/ValidationTests.swift:\(line161): weak-singleton scope needs a class; \
            Value is a value type. Use singleton.
            """)
    }

    @Test func build_withSeveralProblems_listsEveryOne() {
        let builder = ContainerBuilder()
        builder.register(Report.init)
        builder.register(Ping.init)
        builder.register(Pong.init)
        builder.register(Printer.init).named("p")
        let secondLine = #line; builder.register(Printer.init).named("p")
        let error = #expect(throws: IoCError.self) { try builder.build() }
        #expect(error?.kind == .validationFailed)
        // The public view: each problem's kind, and where it is for the ones a place says.
        #expect(error?.problems.map(\.kind).sorted { $0.name < $1.name } == [.cycle, .duplicateKey, .missingComponent])
        #expect(error?.problems.first { $0.kind == .duplicateKey }?.location?.line == secondLine)
        #expect(error?.location == nil)
    }

    /// An eager singleton is checked on the tables like every component, so that what is wrong
    /// with it is reported with the other components' problems, in one build (it is then bound
    /// in full by the container the build makes, which this build does not get to).
    @Test func build_eagerSingletonsProblem_isReportedWithTheOthers() {
        final class Pool: Sendable { let size: Int; init(size: Int) { self.size = size } }
        let builder = ContainerBuilder()
        builder.register(Pool.init).arguments(.config(.string("many"))).singleton().eager()
        let reportLine = #line; builder.register(Report.init)
        let error = #expect(throws: IoCError.self) { try builder.build() }
        #expect(error?.problems.map(\.kind).sorted { $0.name < $1.name } == [.badValue, .missingComponent])
        #expect(error?.problems.first { $0.kind == .badValue }?.description
                == "Value \"many\" at <unknown> cannot become Int for Pool, argument 0: not a whole number.")
        #expect(error?.problems.first { $0.kind == .missingComponent }?.description
                == "No component Weather is registered; required by Report, argument 0, at IoCCoreTests/ValidationTests.swift:\(reportLine). Register it, or correct the reference.")
    }

    @Test func build_eagerSingleton_failsAtBuildWithConstructionError() {
        let builder = ContainerBuilder()
        builder.register(Weather.self) { _ in throw Boom() }.singleton().eager()
        #expect(errorText { _ = try builder.build() } == "Creating Weather failed: boom.")
    }

    @Test func build_eagerMode_createsEverySingletonAtBuild() throws {
        let counter = Counter()
        let builder = ContainerBuilder()
        builder.eagerSingletons = true
        builder.register(Weather.self) { _ in counter.increment(); return Weather() }.singleton()
        builder.register(Printer.self) { _ in counter.increment(); return Printer() }.singleton().lazy()
        builder.register(D.self) { _ in counter.increment(); return D() }
        _ = try builder.build()
        #expect(counter.count == 1, "only the non-lazy singleton is created at build")
    }

}

@Suite("Error texts")
struct ErrorTextTests {
    private final class Needs: Sendable { let d: D; init(d: D) { self.d = d } }

    @Test func handleSourceForPlainValue_explainsShape() {
        let builder = ContainerBuilder()
        builder.register(D.init)
        let line = #line; builder.register(Needs.init).arguments(.lazy(.type(D.self)))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Source 'lazy type D' does not fit D in Needs, argument 0, at IoCCoreTests/ValidationTests.swift:\(line). \
            A handle injects into Lazy<T> or Provider<T>.
            """)
    }

    @Test func nilForNonOptional_explainsShape() {
        let builder = ContainerBuilder()
        let line = #line; builder.register(Needs.init).arguments(.nilValue)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Source 'nil' does not fit D in Needs, argument 0, at IoCCoreTests/ValidationTests.swift:\(line). \
            Only an optional type T? can take nil.
            """)
    }

    @Test func eagerPrototype_isInvalid() {
        let builder = ContainerBuilder()
        let line = #line; builder.register(D.init).eager()
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of D at IoCCoreTests/ValidationTests.swift:\(line): only singletons can be eager; its scope is prototype.
            """)
    }

    /// A construction moved onto a definition of another type keeps the code that makes the
    /// first type: the build says so (resolving it once took that code as the second type's).
    @Test func constructionMovedFromADefinitionOfAnotherType_isInvalid() {
        let source = ContainerBuilder()
        let makesD = source.register(D.init).definition
        let line = #line; var e = source.register(E.init).component
        e.definition.construction = makesD.construction
        let builder = ContainerBuilder()
        builder.add(e)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of E at IoCCoreTests/ValidationTests.swift:\(line): its construction makes D, not E: a construction \
            taken from another definition keeps the code of that one. Register E with its own initializer or factory.
            """)
    }

    @Test func eagerAndLazy_together_isInvalid() {
        let builder = ContainerBuilder()
        let line = #line; builder.register(D.init).scope(.singleton).eager().lazy()
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of D at IoCCoreTests/ValidationTests.swift:\(line): it is marked both eager and lazy; keep one.
            """)
    }

    @Test func depthExceeded_namesLimitAndPath() {
        let error = IoCError(.depthExceeded(limit: 3, path: ["a", "b", "c", "d"]))
        #expect(error.description == """
            Resolution went deeper than 3 levels (4 components in the path: a -> b -> c -> d). Such a deep graph is usually \
            an unbounded recursion in a factory; raise ContainerBuilder.maxResolutionDepth or run it on a thread with a larger stack if it is meant.
            """)
    }

    @Test func stackExhausted_abbreviatesLongPaths() {
        let error = IoCError(.stackExhausted(depth: 10, path: (1...10).map { "n\($0)" }))
        #expect(error.description == """
            Resolution stopped 10 components deep: the thread's stack is nearly used up (path: n1 -> n2 -> n3 -> n4 -> ... -> n8 -> n9 -> n10). \
            Such a deep graph is usually an unbounded recursion in a factory; if it is meant, resolve it on a thread with a larger stack.
            """)
    }

    @Test func missingAtTopLevel_suggestsNames() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).named("weather")
        let container = try builder.build()
        #expect(errorText { _ = try container.resolve(D.self, name: "wether") }
            == "No component \"wether\" (D) is registered. Did you mean \"weather\"? Register it, or correct the reference.")
    }

    @Test func typeMismatchAtTopLevel_namesBothTypes() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).named("d")
        let container = try builder.build()
        #expect(errorText { _ = try container.resolve(E.self, name: "d") }
            == "\"d\" (D) is a D and cannot be injected as E. Expose it with .as(E.self), or reference a component of that type.")
    }
}
