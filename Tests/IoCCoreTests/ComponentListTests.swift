@testable import IoCCore
import Testing

/// A type's candidates and a tag's members are kept as 32-bit numbers of one container
/// (`ComponentList`, docs/Performance.md "Start-up"). White-box: which container and which
/// numbers a list holds is not visible through the public API.
@Suite("Candidates by number")
struct ComponentListTests {
    @Test func list_keepsOneContainerAndFourBytesAComponent() {
        #expect(MemoryLayout<ComponentList>.size == 16)
    }

    @Test func candidatesOfAType_areItsComponentsAndExposures_inRegistrationOrder() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free")
        builder.register(E.init)
        builder.register(BetterWeatherClient.init).named("better").as((any WeatherClient).self) { $0 }.tagged("client")
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).tagged("client")
        let container = try builder.build()

        let clients = try #require(container.candidatesByType[ObjectIdentifier((any WeatherClient).self)])
        #expect(clients.map(\.label) == ["\"free\" (WeatherClient)", "\"better\" (WeatherClient)", "WeatherClient"])
        #expect(clients.allSatisfy { $0.container === container })
        // The unnamed one wins over the named variants; an exposure stands for its base.
        #expect(Compilation.choose(clients)?.label == "WeatherClient")
        #expect(clients.map { $0.owner.label } == ["\"free\" (WeatherClient)", "\"better\" (BetterWeatherClient)", "WeatherClient"])
        let tagged = try #require(container.tagTable["client"])
        #expect(tagged.map(\.label) == ["\"better\" (BetterWeatherClient)", "WeatherClient"])
    }

    @Test func childsOwnCandidates_hideItsParents_andItReadsTheParentsForOtherTypes() throws {
        let parentBuilder = ContainerBuilder()
        parentBuilder.register(E.init)
        parentBuilder.register(D.init).named("first")
        parentBuilder.register(D.init).named("second")
        let parent = try parentBuilder.build()
        let child = try parent.makeChild { $0.register(D.init).named("own") }

        let ds = try #require(child.candidatesByType[ObjectIdentifier(D.self)])
        #expect(ds.map(\.label) == ["\"own\" (D)"])
        #expect(ds.allSatisfy { $0.container === child })
        let es = try #require(child.candidatesByType[ObjectIdentifier(E.self)])
        #expect(es.count == 1 && es[0].container === parent)
        _ = try child.resolve(D.self)   // its own one D
        #expect(throws: IoCError.self) { try parent.resolve(D.self) }   // two named, none unnamed: ambiguous
    }
}
