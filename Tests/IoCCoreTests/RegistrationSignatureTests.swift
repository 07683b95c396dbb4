@testable import IoCCore
import Testing

/// A code registration's signature names its parameter types as Swift prints them.
@Suite("Registration signatures")
struct RegistrationSignatureTests {
    enum Outer { final class Inner: Sendable { init() {} } }
    final class Many: Sendable {
        init(client: any WeatherClient, list: [D], maybe: E?, inner: Outer.Inner, boxed: Guarded<Int>?, map: [String: D]) {}
    }

    @Test func aSignature_namesEachParameterAsSwiftPrintsIt() {
        let definition = ContainerBuilder().register(Many.init).definition
        let names = [String(describing: (any WeatherClient).self), String(describing: [D].self), String(describing: E?.self),
                     String(describing: Outer.Inner.self), String(describing: Guarded<Int>?.self), String(describing: [String: D].self)]
        #expect(definition.construction.kind == .initializer("(" + names.joined(separator: ", ") + ") -> Many"))
        #expect(definition.construction.kind == .initializer("(WeatherClient, Array<D>, Optional<E>, Inner, Optional<Guarded<Int>>, Dictionary<String, D>) -> Many"))
    }

    @Test func anInitializerWithoutParameters_isKeptAsItIs_andMadeOnEachResolve() throws {
        struct Broken: Error {}
        let builder = ContainerBuilder()
        let registration = builder.register(E.init)
        builder.register({ () throws -> D in throw Broken() }, as: D.self)
        // Its signature reads like one with parameters, and its recipe is the function itself
        // (no closure around it, which would be an object per registration).
        #expect(registration.definition.construction.kind == .initializer("() -> E"))
        let recipe = registration.definition.construction.recipe as? Recipe<E>
        guard case .function? = recipe?.body else {
            Issue.record("the recipe of E.init is not the function itself")
            return
        }
        let container = try builder.build()
        let first = try container.resolve(E.self), second = try container.resolve(E.self)
        #expect(first !== second)
        #expect(throws: IoCError.self) { try container.resolve(D.self) }
    }
}
