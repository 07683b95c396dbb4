@_spi(GeneratedConfig) import IoCCore
import Testing

/// `autowiredProperty`, what the config compiler writes for Spring's `autowire="byName"` and
/// `"byType"`: the same rules as IoCConfig's build pass applies to a loaded bean
/// (XMLSecurityAndSpringTests' `autowireModes_…`).
@Suite("Autowired properties of code registrations")
struct AutowiredPropertyTests {
    final class Mailer: Sendable {
        let name: String
        init(name: String) { self.name = name }
    }

    final class Signup: @unchecked Sendable {
        var mailer: Mailer?
        var title = "kept"
        var names = ["kept"]
        init() {}
    }

    private func container(byName: Bool, _ register: (ContainerBuilder) -> Void) throws -> Container {
        let builder = ContainerBuilder()
        register(builder)
        builder.register(Signup.init).named("signup")
            .autowiredProperty("mailer", byName: byName) { (signup: inout Signup, mailer: Mailer?) in signup.mailer = mailer }
            .autowiredProperty("title", byName: byName) { (signup: inout Signup, title: String) in signup.title = title }
            .autowiredProperty("names", byName: byName) { (signup: inout Signup, names: [String]) in signup.names = names }
        return try builder.build()
    }

    @Test func byName_setsTheComponentOfItsName_andLeavesPlainValuesAlone() throws {
        let signup = try container(byName: true) { builder in
            builder.register { Mailer(name: "smtp") }.named("mailer")
            builder.register { "a component" }.named("title")
        }.resolve(Signup.self, name: "signup")
        #expect(signup.mailer?.name == "smtp" && signup.title == "kept" && signup.names == ["kept"])
        // None of its name: left as the initializer left it.
        let alone = try container(byName: true) { $0.register { Mailer(name: "smtp") }.named("smtp") }.resolve(Signup.self, name: "signup")
        #expect(alone.mailer == nil)
        let definition = try #require(try container(byName: true) { _ in }.definitions.first { $0.name == "signup" })
        #expect(definition.properties.map(\.name) == ["mailer"] && definition.properties.allSatisfy(\.isAutowired))
    }

    @Test func byType_setsTheOneComponentOfItsType_andSeveralAreAnError() throws {
        let signup = try container(byName: false) { $0.register { Mailer(name: "smtp") }.named("smtp") }.resolve(Signup.self, name: "signup")
        #expect(signup.mailer?.name == "smtp" && signup.title == "kept")
        let error = #expect(throws: IoCError.self) {
            try container(byName: false) { builder in
                builder.register { Mailer(name: "smtp") }.named("smtp")
                builder.register { Mailer(name: "lmtp") }.named("lmtp")
            }
        }
        // The loaded bean's words (its places are this file's lines here).
        #expect(error?.problems.map { $0.description.replacing(/AutowiredPropertyTests.swift:\d+/, with: "here") } == [
            "2 components match type Mailer: \"smtp\" (Mailer) at IoCCoreTests/here, \"lmtp\" (Mailer) at IoCCoreTests/here; "
                + "required by \"signup\" (Signup), property 'mailer', at IoCCoreTests/here. Mark one as primary, or inject one by name.",
        ])
    }
}
