import Foundation
@testable import IoCCore
import Testing

/// A component made of one text.
private final class Greeting: Sendable {
    let text: String
    init(text: String) { self.text = text }
}

/// A component made with nothing, configured by a method call.
private final class Configured: @unchecked Sendable {
    var greeting = ""
    init() {}
}

/// The build runs a step of preparation or binding only when some definition needs it
/// (``BuildSteps``): each setting must be seen, or the step it needs would be skipped.
@Suite("Build steps")
struct BuildStepsTests {
    /// The definition a builder holds after `register`.
    private func registered(_ register: (ContainerBuilder) -> Void) -> Definition? {
        let builder = ContainerBuilder()
        register(builder)
        return builder.definitions.last
    }

    @Test func aPlainCodeRegistration_needsNoStep() throws {
        let definition = try #require(registered { _ = $0.register(E.init).named("e").singleton().primary().tagged("t") })
        #expect(BuildSteps.needed(by: definition) == [])
    }

    @Test func eachSetting_needsItsStep() throws {
        let plain = try #require(registered { _ = $0.register(E.init).named("e") })
        func steps(_ change: (inout Definition) -> Void) -> BuildSteps {
            var definition = plain
            change(&definition)
            return BuildSteps.needed(by: definition)
        }
        #expect(steps { $0.profiles = ["dev"] } == [.profilesAndPlaceholders])
        #expect(steps { $0.isAbstract = true } == [.abstract])
        // A module's setting needs the passes step when it asks for a pass, and none otherwise.
        #expect(steps { $0[setting: ExpandedSetting.self] = true } == [.settingPasses])
        #expect(steps { $0[setting: NoteSetting.self] = "for tools" } == [])
        #expect(steps { $0.construction.append(InjectionPoint(source: .config(.string("${port}")))) } == [.profilesAndPlaceholders])
        #expect(steps { $0.construction.append(InjectionPoint(source: .named("${mailer}"))) } == [.profilesAndPlaceholders])
        #expect(steps { $0.construction.append(InjectionPoint(source: .typeNamed("Mailer"))) } == [.binding])
        #expect(steps { $0.construction.append(InjectionPoint(source: .list([.optional(.typeNamed("Mailer"))]))) } == [.binding])
        // A setting among the rare ones that no step reads needs none.
        #expect(steps { $0.aliases = ["other"] } == [])
        let runtime = try #require(registered { _ = $0.register(E.self, runtimeArguments: { (_: Resolver, _: Int) in E() }) })
        #expect(BuildSteps.needed(by: runtime) == [.runtimeFactories])
    }

    @Test func aConfigDefinition_isResolvedAndBound() {
        let definition = Definition(name: "e", typeName: "E", location: ConfigLocation(file: "services.yaml", line: 1))
        #expect(BuildSteps.needed(by: definition) == [.profilesAndPlaceholders, .binding])
    }

    @Test func theStepsOfABuild_areThoseOfAnyOfItsDefinitions() throws {
        let builder = ContainerBuilder()
        builder.register(E.init).named("e")
        builder.register(D.init).named("d").profiles("dev")
        #expect(BuildSteps(of: builder.definitions) == [.profilesAndPlaceholders])
    }

    /// What a skipped step would get wrong: code registrations that need a step, among many that do not.
    @Test func codeRegistrationsThatNeedAStep_getIt() throws {
        let builder = ContainerBuilder()
        for index in 0..<100 { builder.register(E.init).named("e\(index)") }
        builder.register(D.init).named("dev-only").profiles("dev")
        builder.register(D.init).named("base")
        builder.updateDefinition(at: builder.definitions.count - 1) { $0.isAbstract = true }
        builder.propertySources.append(DictionaryPropertySource(["greeting": "hello"]))
        builder.register(Greeting.init).named("greeting").arguments(.config(.string("${greeting}")))
        let container = try builder.build()
        #expect(!container.isRegistered(D.self, name: "dev-only"))
        #expect(!container.isRegistered(D.self, name: "base"))
        #expect(try container.resolve(Greeting.self).text == "hello")
        #expect(try container.resolve(E.self, name: "e99") !== container.resolve(E.self, name: "e0"))
    }

    /// An initializer that takes nothing does not make a registration free of texts: a method
    /// call's placeholder is resolved all the same.
    @Test func aCodeRegistrationWithoutParameters_stillHasItsMethodCallsResolved() throws {
        let builder = ContainerBuilder()
        builder.propertySources.append(DictionaryPropertySource(["greeting": "hello"]))
        builder.register(Configured.init)
            .call("greet(_:)", arguments: [.config(.string("${greeting}"))]) { (component: Configured, text: String) in component.greeting = text }
        #expect(try builder.build().resolve(Configured.self).greeting == "hello")
    }
}

/// A module's setting with a pass (which changes nothing), and one without.
private enum ExpandedSetting: DefinitionSetting {
    static let defaultValue = false
    static var preparation: PreparationPass? { PreparationPass(name: "expanded") { _, definitions in definitions } }
}

private enum NoteSetting: DefinitionSetting {
    static let defaultValue = ""
}
