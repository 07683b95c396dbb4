@testable import IoCCore
import Testing

/// A type's candidates and a tag's members are kept as 32-bit numbers of one container
/// (`ComponentList`, docs/PerformanceLedger.md "Start-up"). White-box: which container and which
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

        let clients = try #require(container.candidates(of: ObjectIdentifier((any WeatherClient).self)))
        #expect(clients.map(\.label) == ["\"free\" (WeatherClient)", "\"better\" (WeatherClient)", "WeatherClient"])
        #expect(clients.allSatisfy { $0.container === container })
        // The unnamed one wins over the named variants; an exposure stands for its base.
        #expect(Compilation.choose(clients)?.label == "WeatherClient")
        #expect(clients.map { $0.owner.label } == ["\"free\" (WeatherClient)", "\"better\" (BetterWeatherClient)", "WeatherClient"])
        let tagged = try #require(container.tagged("client"))
        #expect(tagged.map(\.label) == ["\"better\" (BetterWeatherClient)", "WeatherClient"])
    }

    @Test func childsOwnCandidates_hideItsParents_andItReadsTheParentsForOtherTypes() throws {
        let parentBuilder = ContainerBuilder()
        parentBuilder.register(E.init)
        parentBuilder.register(D.init).named("first")
        parentBuilder.register(D.init).named("second")
        let parent = try parentBuilder.build()
        let child = try parent.makeChild { $0.register(D.init).named("own") }

        let ds = try #require(child.candidates(of: ObjectIdentifier(D.self)))
        #expect(ds.map(\.label) == ["\"own\" (D)"])
        #expect(ds.allSatisfy { $0.container === child })
        let es = try #require(child.candidates(of: ObjectIdentifier(E.self)))
        #expect(es.count == 1 && es[0].container === parent)
        _ = try child.resolve(D.self)   // its own one D
        #expect(throws: IoCError.self) { try parent.resolve(D.self) }   // two named, none unnamed: ambiguous
    }

    /// A child's type table holds its own components only: a type it has no candidate of is
    /// answered by its parent's table, and one it has candidates of is answered here even when
    /// they tie or the chosen one is private (its own hide the parent's).
    @Test func childsTypeTable_answersItsOwnTypes_andLeavesOthersToItsParent() throws {
        let parentBuilder = ContainerBuilder()
        parentBuilder.register(E.init).singleton()
        parentBuilder.register(D.init).singleton()
        parentBuilder.register(FreeWeatherClient.init, as: (any WeatherClient).self)
        let parent = try parentBuilder.build()
        let line = #line + 2
        let child = try parent.makeChild { builder in
            builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free")
            builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better")
            let source = ContainerBuilder()
            var hidden = source.register(D.init).component
            hidden.definition.isPublic = false
            builder.add(contentsOf: [hidden])
        }
        // The parent's one E, the same singleton, through the parent's table.
        #expect(try child.resolve(E.self) === parent.resolve(E.self))
        #expect(child.tableComponent(E.self)?.container === parent)
        // Two of its own tie: the parent's one WeatherClient does not answer for the child.
        let at = "IoCCoreTests/ComponentListTests.swift:"
        #expect(errorText { _ = try child.resolve((any WeatherClient).self) }
                == "2 components match type WeatherClient: \"free\" (WeatherClient) at \(at)\(line), \"better\" (WeatherClient) at \(at)\(line + 1). Mark one as primary, or inject one by name.")
        // Its own private D hides the parent's public one.
        #expect(errorText { _ = try child.resolve(D.self) }
                == "D is private (public: false, at \(at)\(line + 3)): it can be injected into other components, not resolved from the container. Mark it public, or resolve a public component that injects it.")
        #expect(child.tableComponent(D.self) == nil)
        #expect(try parent.resolve(D.self) === parent.resolve(D.self))
    }

    /// What a component builds directly is kept by number and by how many containers up its
    /// component is, and read back as the same components, a grandparent's too.
    @Test func dependencies_nameOwnAndParentsComponents() throws {
        let rootBuilder = ContainerBuilder()
        rootBuilder.register(D.init)
        let root = try rootBuilder.build()
        let middle = try root.makeChild { $0.register(E.init) }
        let leaf = try middle.makeChild { builder in
            builder.register(C.init)
            builder.register(B.init).named("b")
        }
        let c = try #require(leaf.tableComponent(C.self))
        let targets = leaf.dependencies(of: c.index)
        #expect(targets.map(\.label) == ["D", "E"])
        #expect(targets[0].container === root && targets[1].container === middle)
        let b = try #require(leaf.component(named: "b"))
        #expect(leaf.dependencies(of: b.index).map { $0.container === root } == [true])
        #expect(leaf.dependencies(of: 99).isEmpty)
    }

    /// A tag no component has gives no members, not the candidates of the type asked for.
    @Test func resolveAll_byATagNoComponentHas_isEmpty() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).tagged("client")
        let container = try builder.build()
        #expect(try container.resolveAll((any WeatherClient).self, tagged: "missing").isEmpty)
        #expect(try container.resolveAll((any WeatherClient).self, tagged: "client").count == 1)
        #expect(try container.resolveAll((any WeatherClient).self).count == 1)
    }
}
