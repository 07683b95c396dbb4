import Foundation
import IoCCore
import IoCTesting
import IoCYAML
import Testing

@Suite("Overlays: replacing, adding, removing")
struct OverlayTests {
    @Test func replaceByType_withAnInstance_reachesDependents_andLeavesTheBaseAlone() throws {
        let log = BuildLog()
        let base = try productionContainer(log: log)
        let productionReport = try base.resolve(ReportService.self)
        let test = try base.overlay { $0.replace((any WeatherClient).self, with: StubClient("stub:")) }

        let report = try test.resolve(ReportService.self)
        #expect(report.report("Oslo") == "5 days: stub: Oslo")
        #expect(try test.resolve((any WeatherClient).self, name: "weatherClient").forecast("Rome") == "stub: Rome",
                "the replacement keeps the replaced component's name")
        #expect(try base.resolve(ReportService.self) === productionReport, "the base still hands out its own")
        #expect(productionReport.report("Oslo") == "5 days: free: sunny in Oslo")
        #expect(try base.resolve((any WeatherClient).self).forecast("Oslo") == "free: sunny in Oslo")
    }

    @Test func replaceByName_withAFactory_keepsTheReplacedScope() throws {
        let base = try productionContainer()
        let test = try base.overlay { overlay in
            overlay.replace((any WeatherClient).self, name: "weatherClient") { _ in StubClient("made:") }
        }
        let first = try test.resolve((any WeatherClient).self)
        let second = try test.resolve((any WeatherClient).self)
        #expect(first.forecast("x") == "made: x")
        #expect((first as? StubClient) === (second as? StubClient), "a singleton's replacement is a singleton")
        #expect(test.container.definitions.first { $0.name == "weatherClient" }?.scope == .singleton)
    }

    @Test func runtimeArgumentFactory_isReplacedWithAnOverridingOne_andTheBaseKeepsItsOwn() throws {
        struct Greeting: Sendable { let text: String }
        let builder = ContainerBuilder()
        builder.register(Greeting.self, runtimeArguments: { (_: Resolver, name: String) in Greeting(text: "Hello, " + name) })
        let base = try builder.build()
        let test = try base.overlay { overlay in
            overlay.add { $0.register(Greeting.self, runtimeArguments: { (_: Resolver, name: String) in Greeting(text: "Stub " + name) }).overriding() }
        }
        #expect(try test.resolve(Greeting.self, runtimeArguments: "Ada").text == "Stub Ada")
        #expect(try base.resolve(Greeting.self, runtimeArguments: "Ada").text == "Hello, Ada")
        let clash = #expect(throws: IoCError.self) {
            try base.overlay { overlay in overlay.add { $0.register(Greeting.self, runtimeArguments: { (_: Resolver, name: String) in Greeting(text: name) }) } }
        }
        #expect(clash?.problems.map(\.kind) == [.duplicateKey], "without .overriding() the same key is a duplicate")
    }

    @Test func replaceByName_withAnInstance() throws {
        let test = try productionContainer().overlay { $0.replace("weatherClient", with: StubClient("named:") as any WeatherClient) }
        #expect(try test.resolve(ReportService.self).report("Oslo") == "5 days: named: Oslo")
    }

    @Test func unchangedSingletons_areShared_changedOnesAreTheOverlays() throws {
        let log = BuildLog()
        let base = try productionContainer(log: log)
        let database = try base.resolve(Database.self)
        let test = try base.overlay { $0.replace((any WeatherClient).self, with: StubClient("stub:")) }
        #expect(try test.resolve(Database.self) === database, "the database does not depend on the client: shared")
        let report = try test.resolve(ReportService.self)
        #expect(report.database === database)
        #expect(try report !== base.resolve(ReportService.self), "the report depends on the client: the overlay's own")
        try test.shutdown()
        #expect(!log.all.contains("database closed"), "the overlay does not dispose what it shares")
        #expect(log.all == ["database", "free client"])
    }

    @Test func typoInAName_failsNamingTheClosestKey() throws {
        let base = try productionContainer()
        let line = #line + 1
        let error = #expect(throws: IoCError.self) { try base.overlay { $0.replace("weatherClent", with: StubClient("x") as any WeatherClient) } }
        #expect(error?.description == """
            Container validation failed with 1 problem:
            1. Cannot replace "weatherClent" (at IoCTestingTests/OverlayTests.swift:\(line)): the container has no component named \
            "weatherClent". Did you mean "weatherClient"? Correct the name, or use add(_:) if the test adds a new component.
            """)
    }

    @Test func typeThatIsNotRegistered_failsNamingTheClosestType() throws {
        let base = try productionContainer()
        let line = #line + 1
        let error = #expect(throws: IoCError.self) { try base.overlay { $0.replace(StubClient.self, with: StubClient("x")) } }
        #expect(error?.description == """
            Container validation failed with 1 problem:
            1. Cannot replace StubClient (at IoCTestingTests/OverlayTests.swift:\(line)): the container has no component registered \
            or exposed as StubClient. Correct the type, or use add(_:) if the test adds a new component.
            """)
    }

    @Test func removedType_isNotRegistered_whileTheOverlayAnswersForTheBase() throws {
        // The base's type table has ReportService; inside the overlay's run the overlay answers,
        // and it has none.
        let base = try productionContainer()
        let test = try base.overlay { $0.remove(ReportService.self) }
        let inside = try test.run { (base.isRegistered(ReportService.self), try base.resolveOptional(ReportService.self)) }
        #expect(!inside.0 && inside.1 == nil)
        #expect(base.isRegistered(ReportService.self))
        #expect(try base.resolveOptional(ReportService.self) != nil)
    }

    @Test func add_registersNewComponents_andAClashIsADuplicate() throws {
        let base = try productionContainer()
        let test = try base.overlay { overlay in overlay.add { $0.register(instance: "extra", name: "greeting") } }
        #expect(try test.resolve(String.self, name: "greeting") == "extra")
        #expect(!base.isRegistered(String.self, name: "greeting"))

        let error = #expect(throws: IoCError.self) {
            try base.overlay { overlay in overlay.add { $0.register(instance: ConsoleReporter(channel: "x") as any Reporter, name: "console") } }
        }
        guard case .duplicateKey(let key, _, _)? = error?.problems.first?.problem else {
            Issue.record("expected a duplicate key, got \(String(describing: error))")
            return
        }
        #expect(error?.kind == .validationFailed)
        #expect(key.name == "console")
    }

    @Test func remove_makesDependentsFailValidation_namingThem() throws {
        let base = try productionContainer()
        let error = #expect(throws: IoCError.self) { try base.overlay { $0.remove(Database.self) } }
        #expect(error?.description == """
            Container validation failed with 1 problem:
            1. No component Database is registered; required by ReportService, argument 1, at IoCTestingTests/Fixtures.swift:63. \
            Register it, or correct the reference.
            """)
        let test = try base.overlay { $0.remove("audit") }
        #expect(try test.container.resolveAll((any Reporter).self, tagged: "reporter").map(\.channel) == ["console"])
    }

    @Test func rescope_changesTheScope_inTheOverlayOnly() throws {
        let base = try productionContainer()
        let test = try base.overlay { $0.rescope(ReportService.self, to: .prototype) }
        #expect(try test.resolve(ReportService.self) !== test.resolve(ReportService.self))
        #expect(try base.resolve(ReportService.self) === base.resolve(ReportService.self))
    }

    @Test func rescope_toAShorterScope_isACaptiveDependency() throws {
        let error = #expect(throws: IoCError.self) { try productionContainer().overlay { $0.rescope("weatherClient", to: .prototype) } }
        #expect(error?.description == """
            Container validation failed with 1 problem:
            1. Captive dependency: singleton ReportService holds prototype "weatherClient" (FreeWeatherClient) through argument 0 \
            at IoCTestingTests/Fixtures.swift:63; it would keep one prototype instance for as long as the singleton lives. Inject \
            a Provider or Lazy of it, or give "weatherClient" (FreeWeatherClient) a scope that lives at least as long.
            """)
    }

    @Test func replaceTagged_replacesEveryComponentOfTheTag() throws {
        let test = try productionContainer().overlay { overlay in
            overlay.replace(tagged: "reporter", as: (any Reporter).self) { info in
                ConsoleReporter(channel: "stub for \(info.key.name ?? "?")")
            }
        }
        #expect(try test.container.resolveAll((any Reporter).self, tagged: "reporter").map(\.channel)
                == ["stub for console", "stub for audit"])
    }

    @Test func replaceTagged_withAnUnknownTag_fails() throws {
        // NB: inside #expect's closure, #line defaults to the line of the #expect.
        let line = #line + 1
        let error = #expect(throws: IoCError.self) {
            try productionContainer().overlay { $0.replace(tagged: "reportr", as: (any Reporter).self) { _ in ConsoleReporter(channel: "x") } }
        }
        #expect(error?.description == """
            Container validation failed with 1 problem:
            1. Cannot replace the components tagged "reportr" (at IoCTestingTests/OverlayTests.swift:\(line)): no component has that \
            tag. Did you mean reporter? Correct the tag.
            """)
    }

    @Test func placeholderValues_areOverriddenPerOverlay() throws {
        let base = try productionContainer()
        let test = try base.overlay { $0.setValue("3", for: "report.days") }
        #expect(try test.resolve(ReportService.self).days == 3)
        #expect(try base.resolve(ReportService.self).days == 5)
    }
}

@Suite("Overlays of config")
struct ConfigOverlayTests {
    @Test func propertyValue_ofAYAMLComponent_isSetPerOverlay() throws {
        let base = try yamlContainer()
        let test = try base.overlay { $0.setProperty("retries", of: "weatherClient", to: "9") }
        #expect(try test.resolve((any WeatherClient).self).forecast("x") == "configured(9): x")
        #expect(try base.resolve((any WeatherClient).self).forecast("x") == "configured(2): x")
    }

    @Test func propertyValue_thatCodeDoesNotDeclare_fails() throws {
        let line = #line + 1
        let error = #expect(throws: IoCError.self) { try productionContainer().overlay { $0.setProperty("retries", of: "weatherClient", to: "9") } }
        #expect(error?.description == """
            Container validation failed with 1 problem:
            1. Cannot set property 'retries' of "weatherClient" (at IoCTestingTests/OverlayTests.swift:\(line)): it is registered in \
            code, which sets only the properties it declares (none). Replace the component instead.
            """)
    }

    @Test func differentClassFromTheCatalog_keepsTheConfiguredWiring() throws {
        let base = try yamlContainer()
        let test = try base.overlay { $0.replace("weatherClient", withClass: "RecordedClient") }
        #expect(try test.resolve((any WeatherClient).self).forecast("x") == "recorded Oslo 2")
        #expect(try base.resolve((any WeatherClient).self).forecast("x") == "configured(2): x")
    }

    @Test func anotherDefinition_replacesByName() throws {
        let base = try yamlContainer()
        var definition = Definition(name: nil, typeName: "RecordedClient", location: ConfigLocation(file: "stub.yaml", line: 1))
        definition.construction = .initializer(arguments: [InjectionPoint(label: "city", source: .config(.string("Rome")))])
        definition.exposedAs = [Exposure(typeName: "WeatherClient")]
        let test = try base.overlay { $0.replace("weatherClient", with: definition) }
        #expect(try test.resolve((any WeatherClient).self, name: "weatherClient").forecast("x") == "recorded Rome 0")
    }

    @Test func aComponentMadeInCode_replacesByName_withItsCode() throws {
        let base = try productionContainer()
        let stubs = ContainerBuilder()
        let line = #line; let stub = stubs.register({ StubClient("component:") }, as: (any WeatherClient).self).singleton()
        let test = try base.overlay { $0.replace("weatherClient", with: stub.component) }
        #expect(try test.resolve(ReportService.self).report("Oslo") == "5 days: component: Oslo")
        // Its definition alone leaves the code with `stubs`: the overlay's build says so.
        let error = #expect(throws: IoCError.self) { try base.overlay { $0.replace("weatherClient", with: stub.definition) } }
        #expect(error?.description == """
            Container validation failed with 1 problem:
            1. Invalid definition of "weatherClient" (WeatherClient) at IoCTestingTests/OverlayTests.swift:\(line): its Swift code was \
            registered with another ContainerBuilder, which keeps it. Add the registration's component to this builder \
            (builder.add(registration.component)), not its definition.
            """)
    }

    @Test func override_withAYAMLSnippet_replacesNamedServices_andChecksTheirNames() throws {
        let base = try yamlContainer()
        let test = try base.overlay { overlay in
            try overlay.override { builder in
                try builder.loadYAML("""
                    services:
                      weatherClient: { class: RecordedClient, as: [WeatherClient], arguments: { city: Bergen } }
                    """, name: "stubs.yaml")
            }
        }
        #expect(try test.resolve((any WeatherClient).self).forecast("x") == "recorded Bergen 0")

        let line = #line + 1
        let error = #expect(throws: IoCError.self) {
            try base.overlay { overlay in
                try overlay.override {
                    try $0.loadYAML("services:\n  wetherClient: { class: RecordedClient, arguments: { city: Bergen } }\n", name: "stubs.yaml")
                }
            }
        }
        #expect(error?.description == """
            Container validation failed with 1 problem:
            1. Cannot override "wetherClient" (at IoCTestingTests/OverlayTests.swift:\(line)): the container has no component named \
            "wetherClient". Did you mean "weatherClient"? Correct the name, or use add(_:) if the test adds a new component.
            """)
    }

    @Test func anOverlayOfAConfigThatReadsAFile_readsItFromTheSameRoot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-overlay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "services:\n  backup: { class: RecordedClient, arguments: { city: '%env(trim:file:CITY_FILE)%' } }\n"
            .write(to: root.appendingPathComponent("services.yaml"), atomically: true, encoding: .utf8)
        try "Tromsø\n".write(to: root.appendingPathComponent("city"), atomically: true, encoding: .utf8)
        let builder = ContainerBuilder()
        builder.catalog = weatherCatalog()
        builder.propertySources = [EnvironmentPropertySource(["CITY_FILE": "city"])]
        try builder.loadYAML(contentsOf: root.appendingPathComponent("services.yaml"))
        let base = try builder.build()
        // The overlay builds the file's definitions again: their placeholders read the same root.
        let test = try base.overlay { $0.setProperty("retries", of: "backup", to: "1") }
        #expect(try test.resolve(RecordedClient.self, name: "backup").forecast("x") == "recorded Tromsø 1")
    }

    @Test func loadYAML_addsComponentsToATestContainer() throws {
        let test = try yamlContainer().overlay { overlay in
            try overlay.add { try $0.loadYAML("services:\n  backup: { class: RecordedClient, arguments: { city: Paris } }\n", name: "test.yaml") }
        }
        #expect(try test.resolve(RecordedClient.self, name: "backup").city == "Paris")
    }
}

@Suite("Overlays: profiles and classes by type")
struct OverlayProfileTests {
    @Test func activateProfiles_buildsTheOverlaysProfiles() throws {
        let builder = ContainerBuilder()
        builder.register { StubClient("default:") as any WeatherClient }.profiles("!test")
        builder.register { StubClient("test:") as any WeatherClient }.profiles("test")
        let base = try builder.build()
        #expect(try base.resolve((any WeatherClient).self).forecast("x") == "default: x")
        let test = try base.overlay { $0.activateProfiles("test") }
        #expect(try test.resolve((any WeatherClient).self).forecast("x") == "test: x")
    }

    @Test func differentClassFromTheCatalog_byType() throws {
        let test = try yamlContainer().overlay { $0.replace((any WeatherClient).self, withClass: "RecordedClient") }
        #expect(try test.resolve((any WeatherClient).self).forecast("x") == "recorded Oslo 2")
    }
}

/// A link of a chain of singletons, for the overlay of a long chain.
private final class ChainLink: @unchecked Sendable {
    var next: ChainLink?
    init() {}
}

@Suite("Overlays of large containers")
struct LargeOverlayTests {
    @Test func overlayOfALongChain_isComparedWithItsBaseWithoutOneStackFramePerLink() throws {
        // Deciding which singletons an overlay shares compares each with its base's twin,
        // dependencies first; on a 256 KB stack, following a 30,000-link chain by recursion
        // would overflow it.
        let catalog = TypeCatalog()
        catalog.add(ChainLink.self) { link in
            link.initializer("init()") { ChainLink() }
            link.property("next", \.next)
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        // Each link points at the one defined after it, so that definition order is the
        // opposite of dependency order.
        for index in 0..<30_000 {
            var definition = Definition(name: "link\(index)", typeName: "ChainLink", location: ConfigLocation(file: "chain.yaml", line: 1))
            definition.scope = .singleton
            if index < 29_999 { definition.properties = [PropertyInjection(name: "next", source: .named("link\(index + 1)"))] }
            builder.add(definition)
        }
        let base = try builder.build()
        let replacement = ChainLink()
        let outcome = OutcomeBox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                let test = try base.overlay { $0.replace("link29999", with: replacement) }
                outcome.set(try test.resolve(ChainLink.self, name: "link29998").next === replacement ? "replaced" : "not replaced")
            } catch {
                outcome.set("\(error)")
            }
            done.signal()
        }
        thread.stackSize = 256 * 1024
        thread.start()
        done.wait()
        #expect(outcome.value == "replaced")
    }
}

/// A text set on one thread and read on another.
private final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func set(_ value: String) { lock.withLock { text = value } }
    var value: String { lock.withLock { text } }
}
