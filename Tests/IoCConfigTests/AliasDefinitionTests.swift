import IoCConfig
import IoCCore
import Testing

private final class Greeter: Sendable {
    let greeting: String
    init(greeting: String) { self.greeting = greeting }
}

/// A module's setting with no pass: an alias's value stays with the alias.
private enum Owner: DefinitionSetting {
    static let defaultValue: String? = nil
}

/// Labels an alias gives the component it names (as `alias=label`).
private enum Labels: DefinitionSetting {
    static let defaultValue: [String] = []
    static func aliased(_ value: [String], as name: String, into target: [String]) -> [String] {
        target + value.map { name + "=" + $0 }
    }
}

/// Refuses the definitions that set it, leaving them out.
private enum Refused: DefinitionSetting {
    static let defaultValue = false
    static var preparation: PreparationPass? {
        PreparationPass(name: "refused") { context, input in
            input.filter { definition in
                guard definition[setting: Refused.self] else { return true }
                context.report(IoCError(.invalidDefinition, message: "\(definition.label) is refused.", location: definition.location))
                context.leaveOut(definition)
                return false
            }
        }
    }
}

/// IoCConfig's alias definitions (Symfony's `mailer: '@app.mailer'`, Spring's `<alias>`): a pass
/// gives each alias's name to the component it names, wherever that is defined.
@Suite("Alias definitions")
struct AliasDefinitionTests {
    private let here = ConfigLocation(file: "greeters.yaml", line: 3)

    @Test func anAlias_reachesItsTarget_andAnAliasOfAnAlias_inAnyOrder() throws {
        let builder = ContainerBuilder()
        builder.add(.alias("hey", of: "hello", isPublic: false, location: here))
        builder.add(.alias("hello", of: "greeter", location: here))
        builder.register(instance: Greeter(greeting: "hi")).named("greeter")
        let container = try builder.build()
        #expect(try container.resolve(Greeter.self, name: "hello").greeting == "hi")
        let greeter = try #require(container.definitions.first { $0.name == "greeter" })
        #expect(greeter.aliases == ["hello", "hey"])
        #expect(greeter.publicAliases == ["hello"])
        #expect(container.definitions.count == 1)
    }

    @Test func anAlias_isDescribedByItsTarget() {
        #expect(Definition.alias("mailer", of: "smtp", location: here).description.contains("  alias of: smtp"))
        #expect(Definition.alias("mailer", of: "smtp", location: here).aliasTarget == "smtp")
    }

    @Test func anAlias_givesTheComponentItNamesWhatEachSettingSays_andNothingByDefault() throws {
        let builder = ContainerBuilder()
        builder.register(instance: Greeter(greeting: "hi")).named("greeter")
        var alias = Definition.alias("hello", of: "greeter", location: here)
        alias[setting: Labels.self] = ["old"]
        alias[setting: Owner.self] = "platform"
        builder.add(alias)
        var second = Definition.alias("hey", of: "hello", location: here)
        second[setting: Labels.self] = ["older"]
        builder.add(second)
        let container = try builder.build()
        let greeter = try #require(container.definitions.first { $0.name == "greeter" })
        #expect(greeter[setting: Labels.self] == ["hello=old", "hey=older"])
        #expect(greeter[setting: Owner.self] == nil)
        #expect(greeter.aliases == ["hello", "hey"])
    }

    @Test func anAliasOfANameTaken_isADuplicate_andOneOfNoComponent_isReportedWithSuggestions() {
        let builder = ContainerBuilder()
        builder.register(instance: Greeter(greeting: "hi")).named("greeter")
        builder.register(instance: Greeter(greeting: "ho")).named("other")
        builder.add(.alias("other", of: "greeter", location: ConfigLocation(file: "greeters.yaml", line: 8)))
        builder.add(.alias("stray", of: "greter", location: ConfigLocation(file: "greeters.yaml", line: 10)))
        let error = #expect(throws: IoCError.self) { try builder.build() }
        let problems = error?.problems.map(\.description) ?? []
        #expect(problems.count == 2)
        #expect(problems.last == "Alias \"stray\" at greeters.yaml:10 names \"greter\", which no definition has. Did you mean \"greeter\"?")
        #expect(problems.first?.contains("greeters.yaml:8") == true)
        #expect(error?.problems.map(\.kind) == [.duplicateKey, .unknownAliasTarget])
        #expect(error?.problems.last?.location == ConfigLocation(file: "greeters.yaml", line: 10))
    }

    @Test func anAliasOfANameAResourcePromised_andDidNotMake_isAMissingComponentWhereThePromiseWas() {
        let builder = ContainerBuilder()
        builder.catalog = TypeCatalog()
        var resource = Definition(name: "App\\", typeName: nil, location: here)
        resource.resource = CatalogResource(namePrefix: "App.", idPrefix: "App\\")
        builder.add(resource)
        builder.add(.alias("mailer", of: "App\\Mailer", location: ConfigLocation(file: "greeters.yaml", line: 9)))
        let error = #expect(throws: IoCError.self) { try builder.build() }
        #expect(error?.problems.map(\.description) == [
            "No component \"App\\Mailer\" is registered; required by alias \"mailer\", its target, at greeters.yaml:3. Register it, or correct the reference.",
        ])
    }

    @Test func aProblemReportedByAPass_leavesOutAliasesOfWhatItLeftOut_andTheirAliases() {
        let builder = ContainerBuilder()
        var refused = Definition(name: "refused", typeName: "Greeter", location: here)
        refused[setting: Refused.self] = true
        builder.add(refused)
        builder.add(.alias("stillRefused", of: "refused", location: ConfigLocation(file: "greeters.yaml", line: 9)))
        builder.add(.alias("andThis", of: "stillRefused", location: ConfigLocation(file: "greeters.yaml", line: 10)))
        let error = #expect(throws: IoCError.self) { try builder.build() }
        #expect(error?.problems.map(\.description) == ["\"refused\" (Greeter) is refused."])
    }
}
