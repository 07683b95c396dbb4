import IoCCore
import Testing

private final class Quest: @unchecked Sendable {
    var imageURL = ""
    var log: EventLog?
    init() {}
}

@Suite("Lifecycle: hooks, post-processors, dispose")
struct LifecycleTests {
    @Test func hooks_runAroundPropertyInjectionInOrder() throws {
        let log = EventLog()
        let builder = ContainerBuilder()
        builder.register(instance: log)
        builder.register(Quest.init)
            .property(\.log)
            .beforeInjection { log.record("before, log injected: \($0.log != nil)") }
            .afterInjection(named: "questAfterPropertyInjection") { log.record("after, log injected: \($0.log != nil)") }
        _ = try builder.build().resolve(Quest.self)
        #expect(log.all == ["before, log injected: false", "after, log injected: true"])
        #expect(builder.definitions[1].description.contains("after-injection: questAfterPropertyInjection"))
    }

    @Test func decorator_replacesInstance() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self)
            .decorate { _ in BetterWeatherClient() }
        #expect(try builder.build().resolve((any WeatherClient).self) is BetterWeatherClient)
    }

    @Test func postProcessor_seesEveryCreatedInstanceAndMayReplaceIt() throws {
        struct Logging: InstancePostProcessor {
            let log: EventLog
            func postProcess<T>(_ instance: T, component: ComponentInfo) throws -> T {
                log.record("created \(component)")
                if instance is FreeWeatherClient, let replaced = BetterWeatherClient() as? T { return replaced }
                return instance
            }
        }
        let log = EventLog()
        let builder = ContainerBuilder()
        builder.addPostProcessor(Logging(log: log))
        builder.register(instance: D())
        builder.register((any WeatherClient).self) { _ in FreeWeatherClient() }.named("client")
        let container = try builder.build()
        _ = try container.resolve(D.self)
        #expect(try container.resolve((any WeatherClient).self) is BetterWeatherClient)
        #expect(log.all == ["created \"client\" (WeatherClient)"], "instances registered as they are are not processed")
    }

    @Test func shutdown_disposesSingletonsInReverseCreationOrder() throws {
        let log = EventLog()
        let builder = ContainerBuilder()
        builder.register(D.init).singleton().onDispose { _ in log.record("D") }
        builder.register(E.init).singleton().onDispose { _ in log.record("E") }
        builder.register(B.init).singleton().onDispose { _ in log.record("B") }
        builder.register(C.init).singleton().onDispose { _ in log.record("C") }
        let container = try builder.build()
        _ = try container.resolve(C.self)   // creates D, E, C
        _ = try container.resolve(B.self)   // creates B
        try container.shutdown()
        #expect(log.all == ["B", "C", "E", "D"])
        try container.shutdown()
        #expect(log.all.count == 4, "a second shutdown does nothing")
    }

    @Test func shutdown_runsEveryHookAndReportsFailures() throws {
        let log = EventLog()
        let builder = ContainerBuilder()
        builder.register(D.init).singleton().onDispose { _ in log.record("D") }
        builder.register(E.init).singleton().onDispose { _ in throw Boom() }
        let container = try builder.build()
        _ = try container.resolve(D.self)
        _ = try container.resolve(E.self)
        #expect(errorText { try container.shutdown() } == "Shutdown finished, but 1 dispose hook(s) threw: E: boom")
        #expect(log.all == ["D"])
    }

    @Test func afterShutdown_creatingFails() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).singleton()
        let container = try builder.build()
        _ = try container.resolve(D.self)
        try container.shutdown()
        #expect(errorText { _ = try container.resolve(D.self) } == "Cannot create D: the container was shut down.")
    }

    @Test func failingHook_isReportedWithComponentAndPath() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).afterInjection { _ in throw Boom() }
        builder.register(B.init)
        #expect(errorText { _ = try builder.build().resolve(B.self) }
            == "Creating D failed: boom. Resolution path: B -> D.")
    }

    @Test func constructionFailed_keepsUnderlyingError() throws {
        let builder = ContainerBuilder()
        builder.register(D.self) { _ in throw Boom() }
        do {
            _ = try builder.build().resolve(D.self)
            Issue.record("expected an error")
        } catch let error as IoCError {
            #expect(error.underlying is Boom)
        }
    }
}

@Suite("Child containers")
struct ChildContainerTests {
    @Test func child_seesParentComponentsAndSharesSingletons() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).singleton()
        let parent = try builder.build()
        let child = try parent.makeChild { $0.register(B.init) }
        #expect(try child.resolve(B.self).d === parent.resolve(D.self))
        #expect(!parent.isRegistered(B.self), "the parent does not see the child")
    }

    @Test func child_overridesKeyForItselfOnly() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self)
        builder.register(ReportService.init)
        let parent = try builder.build()
        let child = try parent.makeChild { $0.register(BetterWeatherClient.init, as: (any WeatherClient).self) }
        #expect(try child.resolve((any WeatherClient).self) is BetterWeatherClient)
        #expect(try parent.resolve((any WeatherClient).self) is FreeWeatherClient)
    }

    @Test func child_reachesItsParentsNames_andItsOwnNameWinsForItselfOnly() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("client").alias("weather")
        builder.register(D.init).named("parentOnly").singleton()
        let parent = try builder.build()
        let child = try parent.makeChild { $0.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("client") }
        let grandchild = try child.makeChild { _ in }
        #expect(try child.resolve((any WeatherClient).self, name: "client") is BetterWeatherClient)
        #expect(try child.resolve((any WeatherClient).self, name: "weather") is FreeWeatherClient, "an alias of the parent's")
        #expect(try grandchild.resolve((any WeatherClient).self, name: "client") is BetterWeatherClient)
        #expect(try grandchild.resolve(D.self, name: "parentOnly") === parent.resolve(D.self, name: "parentOnly"))
        #expect(try parent.resolve((any WeatherClient).self, name: "client") is FreeWeatherClient)
        #expect(child.isRegistered(D.self, name: "parentOnly") && !child.isRegistered(D.self, name: "nowhere"))
        #expect(errorText { _ = try grandchild.resolve(D.self, name: "parentOnyl") }.contains("\"parentOnly\""),
                "a misspelt name is matched against every ancestor's names")
    }

    @Test func child_validatesAgainstParent() throws {
        let parent = try ContainerBuilder().build()
        let line = #line; #expect(errorText { _ = try parent.makeChild { $0.register(B.init) } } == """
            Container validation failed with 1 problem:
            1. No component D is registered; required by B, argument 0, at IoCCoreTests/LifecycleTests.swift:\(line). Register it, or correct the reference.
            """)
    }
}

@Suite("Definitions as data")
struct DefinitionTests {
    @Test func definitions_fromSameRegistration_areEqual_andPrintStably() {
        func make() -> Definition {
            ContainerBuilder().register(C.init).named("c").singleton().tagged("t").alias("cee").primary().definition
        }
        #expect(make() == make())
        #expect(make().description == """
            component "c" (C)
              type: IoCCoreTests.C
              scope: singleton
              construct: initializer (D, E) -> C
                arg 0 _: D <- type D
                arg 1 _: E <- type E
              aliases: cee
              tags: t
              flags: primary
            """)
    }

    @Test func definitions_differingInAnyFact_areNotEqual() {
        let base = ContainerBuilder().register(D.init).definition
        var renamed = base
        renamed.name = "d"
        var rescoped = base
        rescoped.scope = .singleton
        var rewired = ContainerBuilder().register(B.init).definition
        let original = rewired
        rewired.construction.setSource(.named("x"), forArgument: 0)
        #expect(base != renamed && base != rescoped && rewired != original)
    }

    @Test func location_isKeptButNotCompared() {
        let first = ContainerBuilder().register(D.init).definition
        let second = ContainerBuilder().register(D.init).definition
        #expect(first == second)
        #expect(first.location.file == "IoCCoreTests/LifecycleTests.swift" && first.location.line != second.location.line)
    }
}
