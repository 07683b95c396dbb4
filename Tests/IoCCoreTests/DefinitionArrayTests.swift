@testable import IoCCore
import Testing

/// A build whose definitions need no binding (an app registered in code) keeps the builder's
/// array of definitions as it is — shared with the test recipe, not copied (docs/Performance.md,
/// "Where the memory goes"). White-box: which arrays share storage is not visible otherwise.
@Suite("Definitions kept once")
struct DefinitionArrayTests {
    private func sharesStorage(_ container: Container) throws -> Bool {
        let recipe = container.recipe
        return container.definitions.withUnsafeBufferPointer { built in
            recipe.definitions.withUnsafeBufferPointer { registered in built.baseAddress == registered.baseAddress }
        }
    }

    @Test func codeRegistrations_areKeptInTheBuildersArray() throws {
        let container = try graphBuilder().build()
        #expect(container.definitions.count == 5)
        let shared = try sharesStorage(container)
        #expect(shared)
        _ = try container.resolve(A.self)
    }

    @Test func aDefinitionThatNeedsBinding_makesANewArray_withEveryDefinitionBound() throws {
        let catalog = TypeCatalog()
        catalog.add(E.self) { $0.initializer("init()") { E() } }
        let builder = graphBuilder()
        builder.catalog = catalog
        builder.add(Definition(name: "fromConfig", typeName: "E", location: .unknown))
        let container = try builder.build()
        let shared = try sharesStorage(container)
        #expect(!shared)
        let allBound = container.definitions.allSatisfy { $0.isBound }
        #expect(allBound)
        _ = try container.resolve(E.self, name: "fromConfig")
    }
}
