import IoCCore
import IoCTesting
import Testing

/// One production container for every test in this file, as an app would have.
enum Shared {
    static let log = BuildLog()
    static let container: Container = {
        do { return try productionContainer(log: log) } catch { preconditionFailure("the fixture container must build: \(error)") }
    }()
}

@Suite("Isolation: overlays per test, in parallel")
struct IsolationTests {
    @Test(arguments: 0..<100)
    func parallelTests_eachOverridingTheSameKey_seeOnlyTheirOwn(index: Int) async throws {
        try await withOverlay(of: Shared.container, { $0.replace((any WeatherClient).self, with: StubClient("stub \(index):")) }) { test in
            for _ in 0..<5 {
                // The code under test resolves from the production container: the overlay answers.
                let report = try await Shared.container.resolve(ReportService.self)
                #expect(report.report("Oslo") == "5 days: stub \(index): Oslo")
                #expect(TestContainer.current === test)
                await Task.yield()
                let inChild = try await Task { try Shared.container.resolve((any WeatherClient).self).forecast("x") }.value
                #expect(inChild == "stub \(index): x", "tasks the test starts see its overlay")
            }
        }
    }

    @Test(arguments: 0..<20)
    func baseContainer_outsideAnyOverlay_keepsAnsweringWithProduction(round: Int) async throws {
        for _ in 0..<20 {
            #expect(try await Shared.container.resolve(ReportService.self).report("Oslo") == "5 days: free: sunny in Oslo")
            #expect(TestContainer.current == nil)
            await Task.yield()
        }
    }

    @Test func detachedTasks_doNotInheritTheOverlay() async throws {
        try await withOverlay(of: Shared.container, { $0.replace((any WeatherClient).self, with: StubClient("stub:")) }) { _ in
            let detached = try await Task.detached { try Shared.container.resolve((any WeatherClient).self).forecast("x") }.value
            #expect(detached == "free: sunny in x")
        }
    }

    @Test func afterTheOverlay_theBaseAnswersAgain_andTheOverlaysSingletonsAreDisposed() throws {
        let log = BuildLog()
        let base = try productionContainer(log: log)
        let test = try base.overlay { $0.replace((any WeatherClient).self, with: StubClient("stub:")) }
        try test.reset(Database.self)   // the overlay's own database from now on
        let inside = try test.run { try base.resolve(ReportService.self) }
        #expect(inside.report("x") == "5 days: stub: x")
        #expect(try base.resolve(ReportService.self).report("x") == "5 days: free: sunny in x")
        #expect(log.all == ["database", "database closed", "free client", "database"],
                "the overlay's database is made and disposed with it; the base makes its own")
        #expect(test.wasDisposed(Database.self))
    }

    @Test func nestedOverlaysOfOneBase_theInnerAnswers_thenTheOuterAgain() throws {
        let base = try productionContainer(log: BuildLog())
        let outer = try base.overlay { $0.replace((any WeatherClient).self, with: StubClient("outer:")) }
        let inner = try base.overlay { $0.replace((any WeatherClient).self, with: StubClient("inner:")) }
        let seen = try outer.run {
            let before = try base.resolve((any WeatherClient).self).forecast("x")
            let during = try inner.run { try base.resolve((any WeatherClient).self).forecast("x") }
            let after = try base.resolve((any WeatherClient).self).forecast("x")
            return [before, during, after]
        }
        #expect(seen == ["outer: x", "inner: x", "outer: x"])
        #expect(try base.resolve((any WeatherClient).self).forecast("x") == "free: sunny in x")
    }

    @Test func overlayOfATestContainer_answersForTheBaseThroughIt() throws {
        let base = try productionContainer(log: BuildLog())
        let first = try base.overlay { $0.replace((any WeatherClient).self, with: StubClient("first:")) }
        let second = try first.container.overlay { $0.setValue("2", for: "report.days") }
        let report = try first.run { try second.run { try base.resolve(ReportService.self).report("x") } }
        #expect(report == "2 days: first: x", "base -> first's container -> second's")
        #expect(second.wasResolved(ReportService.self))
        #expect(!first.wasResolved(ReportService.self), "the second overlay answered the first's resolve")
    }

    @Test(.overlay(of: Shared.container) { $0.replace((any WeatherClient).self, with: StubClient("trait:")) })
    func trait_installsAnOverlayForThisTest() throws {
        #expect(try Shared.container.resolve(ReportService.self).report("Rome") == "5 days: trait: Rome")
        let test = try #require(TestContainer.current)
        #expect(!test.wasCreated(FreeWeatherClient.self), "the real client was never built")
    }

    @Test(.overlay(of: Shared.container) { $0.setValue("2", for: "report.days") }, arguments: [1, 2, 3])
    func trait_onAParameterizedTest_givesEachCaseItsOwnOverlay(value: Int) throws {
        let test = try #require(TestContainer.current)
        #expect(test.events.isEmpty, "a fresh overlay for every case")
        #expect(try Shared.container.resolve(ReportService.self).days == 2)
    }
}

@Suite(.overlay(of: Shared.container) { $0.replace("weatherClient", with: StubClient("suite:") as any WeatherClient) })
struct AutowiredSuiteTests {
    @Autowired var report: ReportService
    @Autowired("weatherClient") var client: any WeatherClient

    init() throws { try autowire(self) }

    @Test func properties_areInjectedFromTheTestContainer() {
        #expect(report.report("Oslo") == "5 days: suite: Oslo")
        #expect(client.forecast("x") == "suite: x")
    }

    @Test func eachTest_hasItsOwnContainer() throws {
        let test = try #require(TestContainer.current)
        #expect(try test.resolve(ReportService.self) === report)
    }
}

@Suite("Autowiring errors")
struct AutowiringErrorTests {
    struct NeedsAClock {
        @Autowired var clock: ContinuousClock
    }

    @Test func autowire_withoutATestContainer_fails() {
        let error = #expect(throws: IoCTestingError.self) { try autowire(NeedsAClock()) }
        #expect(error?.description == """
            Cannot autowire NeedsAClock: no test container is installed for this test. Give the test or suite the \
            .overlay(of:) trait, run it inside withOverlay, or pass one: autowire(self, from: test).
            """)
    }

    @Test func autowire_ofAMissingComponent_namesTheProperty() throws {
        let test = try Shared.container.overlay { _ in }
        let error = #expect(throws: IoCTestingError.self) { try autowire(NeedsAClock(), from: test) }
        #expect(error?.description == """
            Cannot autowire NeedsAClock.clock: No component ContinuousClock is registered. Register it, or correct the reference.
            """)
    }
}

@Suite("Isolation: injecting into existing instances")
struct InjectIntoIsolationTests {
    /// A controller made by hand, whose definition injects the client.
    final class Screen: @unchecked Sendable {
        var client: (any WeatherClient)?
        init() {}
    }

    @Test func injectInto_onTheProductionContainer_usesTheTestsOverlay() async throws {
        let builder = ContainerBuilder()
        builder.register(instance: StubClient("production:") as any WeatherClient)
        builder.register { Screen() }.property(\.client)
        let container = try builder.build()
        try withOverlay(of: container, { $0.replace((any WeatherClient).self, with: StubClient("test:")) }) { _ in
            let screen = try container.inject(into: Screen())
            #expect(screen.client?.forecast("Oslo") == "test: Oslo")
        }
        #expect(try container.inject(into: Screen()).client?.forecast("Oslo") == "production: Oslo")
    }
}
