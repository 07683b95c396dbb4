import IoCCore
import IoCTesting
import Testing

@Suite("Observation and reset")
struct ObservationTests {
    @Test func events_recordCreationsResolvesAndDisposals_inOrder() throws {
        let base = try productionContainer()
        let test = try base.overlay { overlay in
            overlay.replace((any WeatherClient).self, with: StubClient("stub:"))
            overlay.add { $0.register { Database(log: BuildLog()) }.named("scratch").singleton().onDispose { $0.close() } }
        }
        _ = try test.resolve(ReportService.self)
        _ = try test.resolve(Database.self, name: "scratch")
        try test.shutdown()
        #expect(test.events.map(\.description) == [
            "resolved ReportService",
            "created ReportService",
            "resolved \"scratch\" (Database)",
            "created \"scratch\" (Database)",
            "disposed \"scratch\" (Database)",
        ])
        #expect(!test.wasCreated(FreeWeatherClient.self))
        #expect(test.count(.created, Database.self) == 1, "the scratch database only: the report's is the base's, shared")
        #expect(test.count(.created, named: "scratch") == 1)
        #expect(test.wasResolved(ReportService.self))
        test.clearEvents()
        #expect(test.events.isEmpty)
    }

    @Test func collections_recordEachComponentResolved() throws {
        let test = try productionContainer().overlay { _ in }
        _ = try test.container.resolveAll((any Reporter).self, tagged: "reporter")
        #expect(test.events.filter { $0.kind == .resolved }.map(\.description)
                == ["resolved \"console\" (Reporter)", "resolved \"audit\" (Reporter)"])
    }

    @Test func resetByKey_makesANewSingleton_andDisposesTheOld() throws {
        let log = BuildLog()
        let test = try productionContainer(log: log).overlay { overlay in
            overlay.add { $0.register { Database(log: log) }.named("scratch").singleton().onDispose { $0.close() } }
        }
        let first = try test.resolve(Database.self, name: "scratch")
        try test.reset("scratch")
        let second = try test.resolve(Database.self, name: "scratch")
        #expect(first !== second)
        #expect(log.all == ["database", "database closed", "database"])
        try test.shutdown()
        #expect(log.all == ["database", "database closed", "database", "database closed"], "each instance disposed once")
    }

    @Test func resetOfASharedSingleton_givesTheTestItsOwn_andLeavesTheBasesAlone() throws {
        let log = BuildLog()
        let base = try productionContainer(log: log)
        let shared = try base.resolve(Database.self)
        let test = try base.overlay { _ in }
        #expect(try test.resolve(Database.self) === shared)
        try test.reset(Database.self)
        let own = try test.resolve(Database.self)
        #expect(own !== shared)
        #expect(try base.resolve(Database.self) === shared)
        #expect(log.all == ["database", "database"], "the base's database is not disposed by the test's reset")
    }

    @Test func resetByScope_andAll() throws {
        let test = try productionContainer().overlay { $0.replace((any WeatherClient).self, with: StubClient("s:")) }
        let report = try test.resolve(ReportService.self)
        try test.reset(scope: .singleton)
        #expect(try test.resolve(ReportService.self) !== report)
        let again = try test.resolve(ReportService.self)
        try test.resetAll()
        #expect(try test.resolve(ReportService.self) !== again)
    }

    @Test func reset_ofAComponentThatKeepsNoInstance_fails() throws {
        let test = try productionContainer().overlay { _ in }
        let line = #line + 1
        let error = #expect(throws: IoCError.self) { try test.reset("console") }
        #expect(error?.description == """
            Cannot reset "console" (at IoCTestingTests/ObservationTests.swift:\(line)): its scope is prototype, which keeps no \
            instance in the container. Only singletons and weak singletons can be reset.
            """)
        let scopeError = #expect(throws: IoCError.self) { try test.reset(scope: .threadLocal) }
        #expect(scopeError?.description == """
            Cannot reset scope thread-local (at IoCTestingTests/ObservationTests.swift:\(line + 5)): the container keeps no \
            instances of thread-local components: they end with their request, graph, thread or task, or with the custom scope \
            that holds them. Reset singleton or weak-singleton.
            """)
        let typo = #expect(throws: IoCError.self) { try test.reset("consle") }
        #expect(typo?.description == """
            Cannot reset "consle" (at IoCTestingTests/ObservationTests.swift:\(line + 11)): the container has no component \
            named "consle". Did you mean "console"? Correct the name.
            """)
        let ambiguous = #expect(throws: IoCError.self) { try test.reset((any Reporter).self) }
        #expect(ambiguous?.description == """
            Cannot reset Reporter (at IoCTestingTests/ObservationTests.swift:\(line + 16)): 2 components are registered or \
            exposed as Reporter: "console" (Reporter), "audit" (Reporter). Name the one you mean.
            """)
    }
}

@Suite("Assertions")
struct AssertionTests {
    @Test func expectValid_passesAValidBuilder_andListsEveryProblemOfAnInvalidOne() {
        let good = ContainerBuilder()
        good.register { Database(log: BuildLog()) }
        #expect(expectValid(good) != nil)

        let bad = ContainerBuilder()
        let line = #line + 1
        bad.register { (client: any WeatherClient, database: Database, days: Int) in
            ReportService(client: client, database: database, days: days)
        }
        withKnownIssue {
            _ = expectValid(bad)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["""
                The container is not valid. Container validation failed with 3 problems:
                1. No component WeatherClient is registered; required by ReportService, argument 0, at IoCTestingTests/ObservationTests.swift:\(line). Register it, or correct the reference.
                2. No component Database is registered; required by ReportService, argument 1, at IoCTestingTests/ObservationTests.swift:\(line). Register it, or correct the reference.
                3. No component Int is registered; required by ReportService, argument 2, at IoCTestingTests/ObservationTests.swift:\(line). Register it, or correct the reference.
                """]
        }
    }

    @Test func expectEveryComponentResolves_listsEachFailure() async throws {
        let builder = ContainerBuilder()
        builder.register { Database(log: BuildLog()) }
        let line = #line + 1
        builder.register(String.self, name: "broken") { _ in throw CancellationError() }
        let container = try builder.build()
        await withKnownIssue {
            #expect(await expectEveryComponentResolves(container) == 1)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["""
                1 of 2 components failed to resolve:
                1. "broken" (String) (defined at IoCTestingTests/ObservationTests.swift:\(line)): Creating "broken" (String) failed: CancellationError().
                """]
        }
        let good = ContainerBuilder()
        good.register { Database(log: BuildLog()) }
        #expect(await expectEveryComponentResolves(try good.build()) == 0)
    }
}
