@testable import IoCCore
import Testing

/// A code registration's signature names its parameter types as Swift prints them.
@Suite("Registration signatures")
struct RegistrationSignatureTests {
    enum Outer { final class Inner: Sendable { init() {} } }
    final class SameArguments: Sendable { init(d: D, e: E) {} }
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

    @Test func aSignature_isWrittenWhenAsked_andTheBuildReadsTheKindWithoutIt() {
        // The registration keeps no text of its signature: `kind` writes it from the points'
        // types and the recipe's product; the build reads `.initializer(nil)`.
        var definition = ContainerBuilder().register(C.init).definition
        #expect(definition.construction.storedKind == .initializer(nil))
        #expect(definition.construction.kind == .initializer("(D, E) -> C"))
        #expect(definition.construction.kind.description == "initializer (D, E) -> C")
        #expect(definition.description.contains("construct: initializer (D, E) -> C"))
        // Equal to the same registration made again, not to one with the same arguments that
        // makes another type (only the written signature tells them apart); a kind set in its
        // place is the kind set.
        #expect(definition.construction == ContainerBuilder().register(C.init).definition.construction)
        let twin = ContainerBuilder().register(SameArguments.init).definition.construction
        #expect(twin.arguments == definition.construction.arguments)
        #expect(twin.kind == .initializer("(D, E) -> SameArguments") && definition.construction != twin)
        definition.construction.kind = .closure
        #expect(definition.construction.kind == .closure && definition.construction.storedKind == .closure)
    }
}
