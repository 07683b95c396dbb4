import Foundation
import IoCCore
import IoCXML
import IoCYAML
import Testing

/// Each conformance assembly compiled with the tests by IoCConfigPlugin (`ioc-plugin.json`'s
/// `generatedTypes`: one type per file), registered instead of loaded.
enum CompiledAssembly: String, CaseIterable, Sendable {
    case yaml = "knights.yaml"
    case symfony = "knights-symfony.yaml"
    case spring = "knights-spring.xml"
    case springIdioms = "knights-spring-idioms.xml"
    case seed = "MiddleAgesAssembly.xml"

    func register(in builder: ContainerBuilder) {
        switch self {
        case .yaml: CompiledKnightsYAML.register(in: builder)
        case .symfony: CompiledKnightsSymfony.register(in: builder)
        case .spring: CompiledKnightsSpring.register(in: builder)
        case .springIdioms: CompiledKnightsSpringIdioms.register(in: builder)
        case .seed: CompiledKnightsSeed.register(in: builder)
        }
    }

    var url: URL? {
        let name = rawValue as NSString
        return Bundle.module.url(forResource: name.deletingPathExtension, withExtension: name.pathExtension, subdirectory: "Expected")
    }
}

/// The knights' builder for a compiled assembly: the generated code registers every component,
/// Foundation's URL too (by the alias and extension in KnightsAssembly.swift); no catalog.
func compiledKnightsBuilder() -> ContainerBuilder {
    let builder = ContainerBuilder()
    builder.allowsCaptiveDependencies = true
    builder.eagerSingletons = true
    return builder
}

@Suite("Conformance: config compiled with the app")
struct CompiledConformanceTests {
    @Test(arguments: CompiledAssembly.allCases)
    func knights_compiled_printTheGoldenGraph(_ assembly: CompiledAssembly) throws {
        let builder = compiledKnightsBuilder()
        assembly.register(in: builder)
        #expect(try builder.build().canonicalDescription == expected("knights"))
    }

    /// `register(in:)` is code registrations only: no definition is left for `build()` to bind.
    @Test(arguments: CompiledAssembly.allCases)
    func knights_compiled_areCodeRegistrationsOnly(_ assembly: CompiledAssembly) throws {
        let builder = compiledKnightsBuilder()
        assembly.register(in: builder)
        #expect(builder.definitions.contains { $0.name == "serviceUrl" })
        #expect(builder.definitions.filter { !$0.isBound }.map(\.label) == [])
        #expect(builder.catalog == nil)
    }
}

/// Every setting the compiled form applies at build, once (`Features/`): the generated code
/// registers each component in code, and the graph is the one loading the file builds.
@Suite("Conformance: settings compiled at build")
struct CompiledFeatureTests {
    enum Assembly: String, CaseIterable, Sendable {
        case yaml = "features.yaml"
        case xml = "features.xml"

        func register(in builder: ContainerBuilder) {
            switch self {
            case .yaml: CompiledFeaturesYAML.register(in: builder)
            case .xml: CompiledFeaturesXML.register(in: builder)
            }
        }

        var catalog: TypeCatalog {
            switch self {
            case .yaml: CompiledFeaturesYAML.catalog()
            case .xml: CompiledFeaturesXML.catalog()
            }
        }

        /// A builder that loads the file, as the interpreted form does.
        func loaded() throws -> ContainerBuilder {
            let name = rawValue as NSString
            let url = try #require(Bundle.module.url(forResource: name.deletingPathExtension, withExtension: name.pathExtension, subdirectory: "Features"))
            let builder = ContainerBuilder()
            builder.catalog = catalog
            if self == .yaml { try builder.loadYAML(contentsOf: url) } else { try builder.loadXML(contentsOf: url) }
            return builder
        }
    }

    @Test(arguments: Assembly.allCases)
    func features_compiled_areCodeRegistrationsOnly(_ assembly: Assembly) throws {
        let builder = ContainerBuilder()
        assembly.register(in: builder)
        // Parents, aliases, decorators, `bind`, `_instanceof`, `resource:`, inner definitions and
        // `autowire="byName"` are applied at build and registered in code: nothing is added as the
        // definition its file makes.
        #expect(builder.definitions.filter { !$0.isBound }.map(\.label) == [])
        #expect(builder.definitions.contains { $0.name == "mailer" })
    }

    @Test(arguments: Assembly.allCases, [Set<String>(), ["test"]])
    func features_compiled_buildTheGraphLoadingBuilds(_ assembly: Assembly, profiles: Set<String>) throws {
        let compiled = ContainerBuilder()
        compiled.activeProfiles = profiles
        assembly.register(in: compiled)
        let loaded = try assembly.loaded()
        loaded.activeProfiles = profiles
        let graph = try compiled.build().canonicalDescription
        #expect(Self.leavingSwiftDefaults(graph) == Self.leavingSwiftDefaults(try loaded.build().canonicalDescription))
        #expect(graph.contains("mailer") && graph.contains("inner {component - ConformanceTests.Clock"))
        #expect(graph.contains("mailer.test") == (assembly == .yaml && profiles == ["test"]))
    }

    /// `description` without the arguments given by a Swift default (`arg 0: String <- default`,
    /// on a line of its own or after a `;` in an inner component): `Clock`'s
    /// `init(zone: String = "UTC")` is called by a code registration as `Clock()`, which leaves
    /// the default to Swift, and bound by the catalog with the default as an argument. The same
    /// value (`features_compiled_resolveAsWritten` reads it); an argument config gives is still compared.
    static func leavingSwiftDefaults(_ description: String) -> String {
        description.replacing(/(;|\n)\s+arg \d+: [^;{}\n]+ <- default/, with: "")
    }

    @Test func features_compiled_resolveAsWritten() throws {
        let builder = ContainerBuilder()
        CompiledFeaturesYAML.register(in: builder)
        let container = try builder.build()
        let mailer = try container.resolve(Mailer.self, name: "mail")
        // The port is `%env(int:MAIL_PORT)%`: the generated code adds IoCConfig's `env` function, as a load does.
        #expect(mailer.host == "smtp.example.com" && mailer.port == 587 && mailer.started)
        let registry = try container.resolve(Registry.self, name: "registry")
        // The audit only: `mailer` has a parent, and a child takes no `_instanceof` (Symfony's rule).
        #expect(registry.plugins.count == 1 && registry.plugins.first is Audit)
        #expect(registry.settings == ["region": "eu", "tier": "gold"])
        #expect(registry.fallback == nil)
        #expect(try container.resolve(Audit.self, name: "audit").clock.zone == "UTC")
        // The resource's types, catalogued by the plugin although the file names none of them.
        let ledger = try container.resolve(Shop.Ledger.self, name: "ConformanceTests\\Shop\\Ledger")
        #expect(ledger.till === (try container.resolve(Shop.Till.self)))
    }

    @Test func features_compiled_withTheTestProfile_takeItsMailerAndItsDecorator() throws {
        let builder = ContainerBuilder()
        builder.activeProfiles = ["test"]
        CompiledFeaturesYAML.register(in: builder)
        let container = try builder.build()
        // `when@test` replaces the mailer the aliases name, and decorates the decorated greeter again.
        #expect(try container.resolve(Mailer.self, name: "mail").port == 2527)
        let greeter = try container.resolve((any Greeter).self, name: "greeter")
        #expect(greeter is LoudGreeter && (greeter as? LoudGreeter)?.inner is LoudGreeter && greeter.greeting == "HELLO")
        #expect(try container.resolve(Mailer.self, name: "mailer.test").port == 2526)
    }

    @MainActor
    @Test func features_compiled_makeAMainActorType_onTheMainActor() throws {
        let builder = ContainerBuilder()
        CompiledFeaturesYAML.register(in: builder)
        let container = try builder.build()
        #expect(container.definitions.first { $0.name == "banner" }?.isMainActor == true)
        // Its initializer, property, call and hook, each run on the main actor; `greeting` bound
        // by `_defaults`, `clock` by its type.
        let banner = try container.resolve(Banner.self, name: "banner")
        #expect(banner.greeting == "hello" && banner.events == ["shown at top", "loaded, UTC, backup Europe/Paris"])
    }

    @Test func features_compiled_readTheBeanFilesPropertyFile() throws {
        let builder = ContainerBuilder()
        CompiledFeaturesXML.register(in: builder)
        let container = try builder.build()
        let mailer = try container.resolve(Mailer.self, name: "mail")
        #expect(mailer.port == 2525 && mailer.signature == "--" && mailer.started)
        // The inner bean, a code registration of its own.
        #expect(try container.resolve(Audit.self, name: "audit").clock.zone == "UTC")
    }

    @Test func parameterWithoutValue_isReportedAsTheFileWritesIt() throws {
        // The compiled form quotes `%mail.host%` as the file writes it, as loading it does.
        let builder = ContainerBuilder()
        CompiledFeaturesYAML.register(in: builder)
        builder.propertySources.removeAll()
        let error = try #require(throws: IoCError.self) { try builder.build() }
        #expect(String(describing: error).contains("Parameter %mail.host% at "))
    }
}
