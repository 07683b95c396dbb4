@testable import IoCCore
import Testing

private final class Greeter: Sendable {
    let greeting: String
    init(greeting: String) { self.greeting = greeting }
}

/// A module's setting with no pass: data for tools.
private enum Owner: DefinitionSetting {
    static let defaultValue: String? = nil
}

/// Makes one greeter per greeting from a template definition: what a front end's `resource:`
/// does with catalogued types, here with a list the setting holds.
private enum Greetings: DefinitionSetting {
    static let defaultValue: [String] = []
    static var preparation: PreparationPass? { PreparationPass(name: "greetings", order: 1, expand) }

    static func expand(_ context: inout PreparationContext, _ input: [Definition]) -> [Definition] {
        PassLog.shared.append("greetings over \(input.count)")
        return input.flatMap { definition -> [Definition] in
            let greetings = definition[setting: Greetings.self]
            guard !greetings.isEmpty, let prefix = definition.name else { return [definition] }
            context.promiseNames(withPrefix: prefix + ".", at: definition.location)
            guard context.type("Greeter", isOrConformsTo: "Greeter") else { return [] }
            return greetings.map { greeting in
                var made = definition
                made[setting: Greetings.self] = []
                made.name = prefix + "." + greeting
                made.construction = .initializer(arguments: [InjectionPoint(label: "greeting", source: .config(.string(greeting)))])
                return made
            }
        }
    }
}

/// Runs before ``Greetings`` (a lower order), and refuses a definition it is told to.
private enum Refused: DefinitionSetting {
    static let defaultValue = false
    static var preparation: PreparationPass? { PreparationPass(name: "refused", order: 0, refuse) }

    static func refuse(_ context: inout PreparationContext, _ input: [Definition]) -> [Definition] {
        PassLog.shared.append("refused over \(input.count)")
        return input.filter { definition in
            guard definition[setting: Refused.self] else { return true }
            context.report(IoCError(.invalidDefinition, message: "\(definition.label) at \(definition.location) is refused.", location: definition.location))
            context.leaveOut(definition)
            return false
        }
    }
}

/// Records, after placeholders, the names and first argument of the definitions it sees.
private enum Seen: DefinitionSetting {
    static let defaultValue = false
    static var preparation: PreparationPass? {
        PreparationPass(name: "seen", stage: .afterPlaceholders) { _, definitions in
            for definition in definitions {
                let argument = definition.construction.arguments.first.map { "\($0.source)" } ?? "-"
                PassLog.shared.append("seen \(definition.name ?? "-") \(argument)")
            }
            return definitions
        }
    }
}

/// A last-stage pass that puts the definitions in reverse order (as many out as in).
private enum Reversed: DefinitionSetting {
    static let defaultValue = false
    static var preparation: PreparationPass? {
        PreparationPass(name: "reversed", stage: .afterOverrides) { _, definitions in definitions.reversed() }
    }
}

/// What the passes ran, in order (the tests of this suite run one at a time).
private final class PassLog: Sendable {
    static let shared = PassLog()
    private let lock = Locked<[String]>([])
    func append(_ entry: String) { lock.withLock { $0.append(entry) } }
    func take() -> [String] { lock.withLock { log in defer { log = [] }; return log } }
}

@Suite("Modules' settings and their preparation passes", .serialized)
struct DefinitionSettingTests {
    private let here = ConfigLocation(file: "greeters.yaml", line: 3)

    private func catalog() -> TypeCatalog {
        let catalog = TypeCatalog()
        catalog.add(Greeter.self) { $0.initializer("init(greeting:)") { (greeting: String) in Greeter(greeting: greeting) } }
        return catalog
    }

    @Test func aSetting_readsItsDefault_untilSet_andComparesWithTheDefinition() {
        var definition = Definition(name: "greeter", typeName: "Greeter", location: here)
        #expect(definition[setting: Owner.self] == nil)
        definition[setting: Owner.self] = nil
        #expect(!definition.hasExtras)
        var owned = definition
        owned[setting: Owner.self] = "billing"
        #expect(owned[setting: Owner.self] == "billing")
        #expect(owned != definition)
        var other = definition
        other[setting: Owner.self] = "billing"
        #expect(owned == other)
        owned[setting: Owner.self] = nil
        #expect(owned == definition)
        // A setting without a pass asks the build for none; one with a pass, only while set.
        #expect(other.hasExtras && !other.asksForPreparation)
        other[setting: Greetings.self] = ["hi"]
        #expect(other.asksForPreparation)
        other[setting: Greetings.self] = []
        #expect(!other.asksForPreparation)
    }

    @Test func aLastPass_thatMovesDefinitions_leavesEachNameReachingItsOwnComponent() throws {
        // The names the override pass numbered stand only where nothing moved them since.
        let builder = ContainerBuilder()
        builder.catalog = catalog()
        for greeting in ["hello", "hey", "hi"] {
            var definition = Definition(name: greeting, typeName: "Greeter", location: here)
            definition.construction.append(InjectionPoint(label: "greeting", source: .config(.string(greeting))))
            definition[setting: Reversed.self] = true
            builder.add(definition)
        }
        let container = try builder.build()
        for greeting in ["hello", "hey", "hi"] {
            #expect(try container.resolve(Greeter.self, name: greeting).greeting == greeting)
        }
    }

    @Test func aLaterPass_seesTheActiveDefinitions_withTheirPlaceholdersResolved_afterTheFirstPasses() throws {
        _ = PassLog.shared.take()
        let builder = ContainerBuilder()
        builder.catalog = catalog()
        builder.propertySources = [DictionaryPropertySource(["greeting": "hey"])]
        var template = Definition(name: "greeter", typeName: "Greeter", location: here)
        template[setting: Greetings.self] = ["${greeting}"]
        template[setting: Seen.self] = true
        builder.add(template)
        var inactive = Definition(name: "test.greeter", typeName: "Greeter", location: here)
        inactive.profiles = ["test"]
        inactive[setting: Seen.self] = true
        builder.add(inactive)
        let container = try builder.build()
        #expect(PassLog.shared.take() == ["greetings over 2", "seen greeter.${greeting} value \"hey\""])
        #expect(try container.resolve(Greeter.self, name: "greeter.${greeting}").greeting == "hey")
    }

    @Test func passes_runOncePerBuild_inTheirOrder_andTheirDefinitionsAreBuilt() throws {
        func builder(refusing: Bool) -> ContainerBuilder {
            let builder = ContainerBuilder()
            builder.catalog = catalog()
            var template = Definition(name: "greeter", typeName: "Greeter", location: here)
            template[setting: Greetings.self] = ["hello", "bonjour"]
            builder.add(template)
            var second = Definition(name: "other", typeName: "Greeter", location: here)
            second[setting: Greetings.self] = ["hi"]
            second[setting: Refused.self] = false
            builder.add(second)
            var refused = Definition(name: "refused", typeName: "Greeter", location: here)
            refused[setting: Refused.self] = refusing
            if refusing { builder.add(refused) }
            return builder
        }
        _ = PassLog.shared.take()
        let error = #expect(throws: IoCError.self) { try builder(refusing: true).build() }
        #expect(PassLog.shared.take() == ["refused over 3", "greetings over 2"])
        #expect(error?.problems.map(\.description) == ["\"refused\" (Greeter) at greeters.yaml:3 is refused."])

        let container = try builder(refusing: false).build()
        #expect(PassLog.shared.take() == ["greetings over 2"])
        #expect(try container.resolve(Greeter.self, name: "greeter.bonjour").greeting == "bonjour")
        #expect(try container.resolve(Greeter.self, name: "other.hi").greeting == "hi")
        #expect(container.definitions.compactMap(\.name).sorted() == ["greeter.bonjour", "greeter.hello", "other.hi"])
    }

    @Test func aBuildWithoutTheSetting_runsNoPass() throws {
        _ = PassLog.shared.take()
        let builder = ContainerBuilder()
        builder.catalog = catalog()
        var plain = Definition(name: "greeter", typeName: "Greeter",
                               construction: .initializer(arguments: [InjectionPoint(label: "greeting", source: .config(.string("hey")))]),
                               location: here)
        plain[setting: Owner.self] = "billing"
        builder.add(plain)
        #expect(try builder.build().resolve(Greeter.self, name: "greeter").greeting == "hey")
        #expect(PassLog.shared.take() == [])
    }
}
