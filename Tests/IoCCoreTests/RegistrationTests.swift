import IoCCore
import Testing

@Suite("Registration forms")
struct RegistrationTests {
    @Test func register_initializer_resolvesParametersByType() throws {
        let container = try graphBuilder().build()
        let a = try container.resolve(A.self)
        #expect(a.b.d !== a.c.d, "prototype D is built for each injection point")
    }

    @Test func register_initializerAsProtocol_resolvesByProtocol() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self)
        builder.register(ReportService.init)
        let report = try builder.build().resolve(ReportService.self)
        #expect(report.client.forecast(city: "Oslo") == "free forecast for Oslo")
    }

    @Test func swappingOneRegistration_changesEveryConsumer() throws {
        let builder = ContainerBuilder()
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self)
        builder.register(ReportService.init)
        #expect(try builder.build().resolve(ReportService.self).client.forecast(city: "Oslo") == "better forecast for Oslo")
    }

    @Test func register_asExposure_injectsConcreteTypeAsProtocol() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init).as((any WeatherClient).self) { $0 }.singleton()
        builder.register(ReportService.init)
        let container = try builder.build()
        let concrete = try container.resolve(FreeWeatherClient.self)
        let report = try container.resolve(ReportService.self)
        #expect(report.client as? FreeWeatherClient === concrete, "the exposure shares the singleton")
    }

    @Test func register_asCheckedAtRuntime_exposesConformingType() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init).as((any WeatherClient).self)
        builder.register(ReportService.init)
        #expect(try builder.build().resolve(ReportService.self).client is FreeWeatherClient)
    }

    @Test func register_closure_resolvesThroughResolver() throws {
        let builder = ContainerBuilder()
        builder.register((any WeatherClient).self, name: "free") { _ in FreeWeatherClient() }
        builder.register(ReportService.self) { r in ReportService(client: try r.resolve(name: "free")) }
        #expect(try builder.build().resolve(ReportService.self).client is FreeWeatherClient)
    }

    @Test func register_instance_returnsThatInstance() throws {
        let delegate = D()
        let builder = ContainerBuilder()
        builder.register(instance: delegate)
        let container = try builder.build()
        #expect(try container.resolve(D.self) === delegate)
        #expect(container.definitions[0].scope == .singleton)
    }

    @Test func register_byTypeAndName_keepsBothApart() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free")
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better").primary()
        let container = try builder.build()
        #expect(try container.resolve((any WeatherClient).self, name: "free") is FreeWeatherClient)
        #expect(try container.resolve((any WeatherClient).self) is BetterWeatherClient, "primary wins by type")
    }

    @Test func arguments_explicitDependencies_overrideDefaults() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free")
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better")
        builder.register(ReportService.init).arguments(.named("better"))
        #expect(try builder.build().resolve(ReportService.self).client is BetterWeatherClient)
    }

    @Test func property_injection_byTypeAndByName() throws {
        final class Controller: @unchecked Sendable {
            var client: (any WeatherClient)?
            var named: (any WeatherClient)?
            init() {}
        }
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free")
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better").primary()
        builder.register(Controller.init)
            .property(\.client)
            .property(\.named, .named("free"))
        let controller = try builder.build().resolve(Controller.self)
        #expect(controller.client is BetterWeatherClient)
        #expect(controller.named is FreeWeatherClient)
        let definition = try #require(builder.definitions.last)
        #expect(definition.properties.map(\.name) == ["client", "named"])
    }

    @Test func property_ofAStructComponent_isSetThroughItsKeyPath() throws {
        struct Settings: Sendable { var days = 0; var city = ""; var note: String? = "draft" }
        let builder = ContainerBuilder()
        builder.register { Settings() }
            .property(\.days, .value(5))
            .property(\.city, .value("Oslo"))
            .property(\.note, .nilValue)
        let settings = try builder.build().resolve(Settings.self)
        #expect(settings.days == 5 && settings.city == "Oslo" && settings.note == nil)
        #expect(try #require(builder.definitions.last).properties.map(\.name) == ["days", "city", "note"])
    }

    @Test func value_injection_injectsLiteral() throws {
        struct Settings: Sendable { let days: Int; let city: String }
        let builder = ContainerBuilder()
        builder.register(Settings.init(days:city:)).arguments(.value(5), .value("Oslo"))
        let settings = try builder.build().resolve(Settings.self)
        #expect(settings.days == 5 && settings.city == "Oslo")
    }

    @Test func factoryComponent_isInjectedThenAskedForProduct() throws {
        struct Sword: Sendable { let color: String }
        struct SwordFactory: ComponentFactory {
            let color: String
            func makeProduct() throws -> Sword { Sword(color: color) }
        }
        let builder = ContainerBuilder()
        builder.register(instance: "blue", name: "color")
        builder.registerFactory { (color: String) in SwordFactory(color: color) }
        let container = try builder.build()
        #expect(try container.resolve(Sword.self).color == "blue")
        #expect(container.definitions[1].construction.kind == .factoryComponent)
    }

    @Test func factoryComponent_registeredSeparately_isFoundBySource() throws {
        struct Sword: Sendable { let color: String }
        struct SwordFactory: ComponentFactory {
            let color: String
            func makeProduct() throws -> Sword { Sword(color: color) }
        }
        let builder = ContainerBuilder()
        builder.register(SwordFactory.self, name: "redFactory") { _ in SwordFactory(color: "red") }
        builder.registerFactory(SwordFactory.self, source: .named("redFactory")).named("redSword")
        #expect(try builder.build().resolve(Sword.self, name: "redSword").color == "red")
    }

    @Test func factoryComponent_documentedExample_passesAValueToTheFactoryByName() throws {
        // The example in ComponentFactory's documentation, as written there.
        final class Connection: Sendable { let path: String; init(path: String) throws { self.path = path } }
        struct ConnectionFactory: ComponentFactory {
            let path: String
            func makeProduct() throws -> Connection { try Connection(path: path) }
        }
        let builder = ContainerBuilder()
        builder.register(instance: "reports.sqlite", name: "dbPath")
        builder.registerFactory { (path: String) in ConnectionFactory(path: path) }
            .arguments(.named("dbPath"))   // the factory's own dependencies
            .singleton()                   // the product's scope
        let container = try builder.build()
        let connection = try container.resolve(Connection.self)
        let again = try container.resolve(Connection.self)
        #expect(connection.path == "reports.sqlite" && connection === again)
    }

    @Test func singletonProduct_ofPrototypeFactory_isNoCaptiveDependency() throws {
        // The product does not keep its factory: a factory component, a factory bean and a
        // depends-on component are used to make it and let go.
        final class Sword: Sendable { init() {} }
        struct SwordFactory: ComponentFactory { func makeProduct() throws -> Sword { Sword() } }
        final class Smith: Sendable { init() {}; func forge() -> Sword { Sword() } }
        final class Furnace: Sendable { init() {} }
        let made = Counter()
        let builder = ContainerBuilder()
        builder.register(SwordFactory.self, name: "factory") { _ in made.increment(); return SwordFactory() }
        builder.registerFactory(SwordFactory.self, source: .named("factory")).named("sword").singleton()
        builder.register(Smith.init).named("smith")
        builder.register(Furnace.init).named("furnace")
        builder.register(factoryMethod: Smith.forge, of: .named("smith")).named("forged").singleton().dependsOn("furnace")
        let container = try builder.build()
        let sword = try container.resolve(Sword.self, name: "sword")
        let again = try container.resolve(Sword.self, name: "sword")
        #expect(sword === again && made.count == 1)
        _ = try container.resolve(Sword.self, name: "forged")
    }

    @Test func singletonProduct_stillMayNotHoldAPrototypeItIsGiven() {
        // What the factory method is given may be kept by the product: that is still checked.
        final class Blade: Sendable { init() {} }
        final class Sword: Sendable { let blade: Blade; init(blade: Blade) { self.blade = blade } }
        final class Smith: Sendable { init() {}; func forge(blade: Blade) -> Sword { Sword(blade: blade) } }
        let builder = ContainerBuilder()
        builder.register(Blade.init)
        builder.register(Smith.init).named("smith")
        let line = #line; builder.register(factoryMethod: Smith.forge, of: .named("smith")).singleton()
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Captive dependency: singleton Sword holds prototype Blade through argument 0 at \
            IoCCoreTests/RegistrationTests.swift:\(line); it would keep one prototype instance for as long as the singleton lives. \
            Inject a Provider or Lazy of it, or give Blade a scope that lives at least as long.
            """)
    }

    @Test func runtimeArguments_arePassedToFactory() throws {
        struct Report: Sendable { let city: String; let days: Int; let source: String }
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self)
        builder.register(Report.self, runtimeArguments: { (r: Resolver, city: String, days: Int) in
            Report(city: city, days: days, source: try r.resolve((any WeatherClient).self).forecast(city: city))
        })
        let report = try builder.build().resolve(Report.self, runtimeArguments: "Oslo", 3)
        #expect(report.city == "Oslo" && report.days == 3 && report.source == "free forecast for Oslo")
    }

    @Test func runtimeArguments_wrongTypes_failWithSignatures() throws {
        struct Report: Sendable { let city: String }
        let builder = ContainerBuilder()
        builder.register(Report.self, runtimeArguments: { (_: Resolver, city: String) in Report(city: city) })
        let container = try builder.build()
        #expect(errorText { _ = try container.resolve(Report.self, runtimeArguments: 3) }
            == "No component Report is registered. Did you mean Report with arguments (String)? Register it, or correct the reference.")
    }

    @Test func runtimeArguments_areADefinition_namedProfiledAndPrinted() throws {
        typealias Report = PrintedReport
        let builder = ContainerBuilder()
        builder.activeProfiles = ["production"]
        builder.register(Report.self, runtimeArguments: { (_: Resolver, city: String) in Report(city: "weekly " + city) }).named("weekly")
        builder.register(Report.self, runtimeArguments: { (_: Resolver, city: String) in Report(city: "test " + city) }).profiles("test")
        builder.register(instance: Report(city: "plain"))   // the same type without arguments does not clash
        #expect(builder.definitions.first?.construction.kind == .runtimeArguments("(String)"))
        let container = try builder.build()
        #expect(try container.resolve(Report.self, name: "weekly", runtimeArguments: "Oslo").city == "weekly Oslo")
        #expect(try container.resolve(Report.self).city == "plain")
        // The test profile's factory is not there: the unnamed key has none.
        #expect(errorText { _ = try container.resolve(Report.self, runtimeArguments: "Oslo") }
            == "No component PrintedReport is registered. Did you mean \"weekly\" (PrintedReport) with arguments (String)? Register it, or correct the reference.")
        #expect(container.canonicalDescription == """
            component "weekly" IoCCoreTests.PrintedReport
              scope: prototype
              construct: runtime arguments (String)

            component - IoCCoreTests.PrintedReport
              scope: singleton
              construct: instance

            """)
    }

    @Test func canonicalDescription_printsDictionariesAndSetsInOneOrder() throws {
        struct Prices: Sendable { let table: [String: Int]; let tags: Set<String> }
        let table = Dictionary(uniqueKeysWithValues: (0..<40).map { ("item\($0)", $0) })
        let tags = Set((0..<40).map { "tag\($0)" })
        // Each builder's dictionary and set are new ones, whose hash order differs.
        let descriptions = try (0..<8).map { _ in
            let builder = ContainerBuilder()
            builder.register { (table: [String: Int], tags: Set<String>) in Prices(table: table, tags: tags) }
                .arguments(.value(InjectedValue(Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value) }))), .value(InjectedValue(Set(tags))))
            return try builder.build().canonicalDescription
        }
        #expect(Set(descriptions).count == 1)
        let sortedTable = table.keys.sorted().map { "\"\($0)\": \(table[$0] ?? 0)" }.joined(separator: ", ")
        #expect(descriptions.first?.contains("<- [\(sortedTable)]") == true)
        #expect(descriptions.first?.contains("<- [\(tags.sorted().map { "\"\($0)\"" }.joined(separator: ", "))]") == true)
    }

    @Test func runtimeArguments_repeated_areADuplicate_unlessOverriding() throws {
        struct Report: Sendable { let city: String }
        let builder = ContainerBuilder()
        let first = #line; builder.register(Report.self, runtimeArguments: { (_: Resolver, city: String) in Report(city: "first " + city) })
        let second = #line; builder.register(Report.self, runtimeArguments: { (_: Resolver, city: String) in Report(city: "second " + city) })
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Duplicate component Report at IoCCoreTests/RegistrationTests.swift:\(second); first defined at IoCCoreTests/RegistrationTests.swift:\(first). \
            Rename one, or mark the later one as an override.
            """)
        builder.register(Report.self, runtimeArguments: { (_: Resolver, city: String) in Report(city: "third " + city) }).overriding()
        builder.register(Report.self, runtimeArguments: { (_: Resolver, days: Int) in Report(city: "\(days) days") })
        let overridden = ContainerBuilder()
        for component in builder.components where component.definition.location.line != second { overridden.add(component) }
        let container = try overridden.build()
        #expect(try container.resolve(Report.self, runtimeArguments: "Oslo").city == "third Oslo")
        #expect(try container.resolve(Report.self, runtimeArguments: 3).city == "3 days", "other argument types are another key")
    }

    @Test func runtimeArguments_withASettingThatMeansNothing_failTheBuild() {
        struct Report: Sendable { let city: String }
        let builder = ContainerBuilder()
        let line = #line; builder.register(Report.self, runtimeArguments: { (_: Resolver, city: String) in Report(city: city) }).singleton()
        builder.register(Report.self, name: "tagged", runtimeArguments: { (_: Resolver, city: String) in Report(city: city) }).tagged("reports")
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 2 problems:
            1. Invalid definition of Report at IoCCoreTests/RegistrationTests.swift:\(line): it takes runtime arguments, so each resolve makes \
            a new instance from the arguments given; it cannot have a scope (singleton). Register a component without runtime arguments for that
            2. Invalid definition of "tagged" (Report) at IoCCoreTests/RegistrationTests.swift:\(line + 1): it takes runtime arguments, so each \
            resolve makes a new instance from the arguments given; it cannot have tags. Register a component without runtime arguments for that
            """)
    }

    @Test func defaults_applyToLaterRegistrations() throws {
        let builder = ContainerBuilder()
        builder.register(E.init)
        builder.defaults.scope = .singleton
        builder.register(D.init)
        let container = try builder.build()
        #expect(try container.resolve(D.self) === container.resolve(D.self))
        #expect(try container.resolve(E.self) !== container.resolve(E.self))
    }

    @Test func constructionStrategy_wrapsConstruction() throws {
        let log = EventLog()
        let builder = ContainerBuilder()
        builder.defaults.strategy = RecordingStrategy(name: "counting", log: log)
        builder.register(D.init).named("d")
        _ = try builder.build().resolve(D.self)
        #expect(log.all == ["construct \"d\" (D)"])
        #expect(builder.definitions[0].description.contains("flags: strategy counting"))
    }
}

@Suite("Choosing among candidates")
struct CandidateTests {
    @Test func byType_prefersTheOneUnnamedComponent_overNamedVariants() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self)
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better")
        let container = try builder.build()
        #expect(try container.resolve((any WeatherClient).self) is FreeWeatherClient)
        #expect(try container.resolve((any WeatherClient).self, name: "better") is BetterWeatherClient)
    }

    @Test func byType_primaryBeatsUnnamed() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self)
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better").primary()
        #expect(try builder.build().resolve((any WeatherClient).self) is BetterWeatherClient)
    }

    @Test func byType_twoPrimaries_isAmbiguous() throws {
        let builder = ContainerBuilder()
        let line = #line; builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free").primary()
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better").primary()
        let container = try builder.build()
        #expect(errorText { _ = try container.resolve((any WeatherClient).self) }
            == "2 components match type WeatherClient, all marked primary: \"free\" (WeatherClient) at IoCCoreTests/RegistrationTests.swift:\(line), \"better\" (WeatherClient) at IoCCoreTests/RegistrationTests.swift:\(line + 1). Keep one of them primary, or inject one by name.")
    }
}

@Suite("Initializers of any arity")
struct ArityTests {
    final class Six: Sendable {
        let values: [ObjectIdentifier]
        init(a: A, b: B, c: C, d: D, e: E, f: Lazy<D>) {
            values = [ObjectIdentifier(a), ObjectIdentifier(b), ObjectIdentifier(c), ObjectIdentifier(d), ObjectIdentifier(e)]
            _ = f
        }
    }
    final class Three: Sendable {
        let d: D?; let all: [E]; let lazy: Lazy<B>
        init(d: D?, all: [E], lazy: Lazy<B>) { self.d = d; self.all = all; self.lazy = lazy }
    }

    @Test func register_sixParameters_usesParameterPacks() throws {
        let builder = graphBuilder()
        builder.register(Six.init)
        let six = try builder.build().resolve(Six.self)
        #expect(Set(six.values).count == 5)
        #expect(builder.definitions.last?.construction.kind == .initializer("(A, B, C, D, E, Lazy<D>) -> Six"))
    }

    @Test func register_fixedArity_handlesShapedParameters() throws {
        let builder = graphBuilder()
        builder.register(Three.init)
        let three = try builder.build().resolve(Three.self)
        #expect(three.d != nil && three.all.count == 1 && !three.lazy.isCreated)
        #expect(try three.lazy.get().d !== three.d)
    }

    @Test func register_noParameters_builds() throws {
        let builder = ContainerBuilder()
        builder.register(D.init)
        #expect(builder.definitions[0].construction.kind == .initializer("() -> D"))
        _ = try builder.build().resolve(D.self)
    }
}

@Suite("Aliases and lookups")
struct AliasTests {
    @Test func alias_reachesTheSameComponent() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).named("primaryName").alias("otherName").singleton()
        builder.register(B.init).arguments(.named("otherName"))
        let container = try builder.build()
        #expect(try container.resolve(D.self, name: "otherName") === container.resolve(D.self, name: "primaryName"))
        #expect(try container.resolve(B.self).d === container.resolve(D.self))
        #expect(container.isRegistered(D.self, name: "otherName") && !container.isRegistered(D.self, name: "third"))
    }

    @Test func alias_clashingWithName_isDuplicate() {
        let builder = ContainerBuilder()
        let line = #line; builder.register(D.init).named("d")
        builder.register(E.init).named("e").alias("d")
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Duplicate component "d" (E) at IoCCoreTests/RegistrationTests.swift:\(line + 1); first defined at IoCCoreTests/RegistrationTests.swift:\(line). Rename one, or mark the later one as an override.
            """)
    }
}

/// A report whose printed name is the same wherever the test runs (a local type's is not).
struct PrintedReport: Sendable { let city: String }
