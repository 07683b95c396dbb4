@testable import IoCCore
import Testing

/// A built container keeps the definitions a row holds as rows (``Definition/Row``), and its
/// test recipe keeps the same rows when the build kept the builder's array as it was
/// (docs/PerformanceLedger.md, "Where the memory goes"). White-box: how definitions are stored is
/// not visible otherwise; what is visible — the definitions a container hands out — is the
/// same as what was registered.
@Suite("Definitions kept as rows")
struct DefinitionArrayTests {
    private func compact(_ table: DefinitionTable) -> CompactDefinitions? {
        if case .compact(let compact) = table { return compact }
        return nil
    }

    @Test func codeRegistrations_areKeptAsRows_sharedWithTheTestRecipe() throws {
        let builder = graphBuilder()
        let registered = builder.definitions
        let container = try builder.build()
        let rows = try #require(compact(container.components.definitions))
        #expect(rows.rows.count == 5)
        #expect(rows.others.isEmpty)
        #expect(rows.places.isEmpty)
        let recipeRows = try #require(compact(container.recipe.storedDefinitions))
        #expect(recipeRows === rows)
        #expect(container.definitions == registered)
        #expect(container.recipe.definitions == registered)
        _ = try container.resolve(A.self)
    }

    @Test func aDefinitionThatNeedsBinding_leavesTheRecipeTheBuildersArray_andTheContainerEveryDefinitionBound() throws {
        let catalog = TypeCatalog()
        catalog.add(E.self) { $0.initializer("init()") { E() } }
        let builder = graphBuilder()
        builder.catalog = catalog
        builder.add(Definition(name: "fromConfig", typeName: "E", location: .unknown))
        let registered = builder.definitions
        let container = try builder.build()
        #expect(compact(container.recipe.storedDefinitions) == nil)
        #expect(container.recipe.definitions == registered)
        // The config definition keeps its type's text, so it is no row: five rows and one other.
        let rows = try #require(compact(container.components.definitions))
        #expect(rows.rows.count == 5)
        #expect(rows.others.map(\.name) == ["fromConfig"])
        #expect(rows.places == [0, 1, 2, 3, 4, ~0])
        let allBound = container.definitions.allSatisfy { $0.isBound }
        #expect(allBound)
        _ = try container.resolve(E.self, name: "fromConfig")
    }

    @Test func definitionsBetweenRows_keepTheirPlaces() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).named("first")
        builder.register(E.init).tagged("t")            // a tag is a rare setting: no row
        builder.register(D.init).named("third")
        builder.register(E.init).named("fourth").alias("4th")
        builder.register(D.init).named("fifth")
        let registered = builder.definitions
        let container = try builder.build()
        let rows = try #require(compact(container.components.definitions))
        #expect(rows.places == [0, ~0, 1, ~1, 2])
        #expect(rows.rows.capacity < 5)   // no room kept for the two that are not rows
        #expect(container.definitions == registered)
        #expect(container.definitions.map(\.name) == ["first", nil, "third", "fourth", "fifth"])
        #expect(try container.resolve(D.self, name: "fifth") is D)
        #expect(try container.resolve(E.self, name: "4th") is E)
    }

    @Test func aResolvedComponentOfARow_answersItsDefinitionKeyAndInfo() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).named("d").primary().singleton()
        builder.register(E.init).tagged("t")
        let registered = builder.definitions
        let container = try builder.build()
        _ = try container.resolve(D.self)
        _ = try container.resolve(E.self)
        // The node of a row keeps no definition: what it answers comes from the container's row.
        let d = try #require(container.node(named: "d"))
        #expect(d.definition == registered[0])
        #expect(d.key == ComponentKey(type: TypeRef(D.self), name: "d"))
        #expect(d.isPrimary)
        #expect(d.info.location == registered[0].location)
        #expect(d.info.scope == .singleton)
        let e = try #require(container.candidates(of: ObjectIdentifier(E.self))?.first?.node.object)
        #expect(e.definition == registered[1])
        #expect(e.info.tags == ["t"])
        #expect(!e.isPrimary)
    }

    @Test func aRow_makesTheDefinitionItWasMadeFrom() throws {
        let builder = ContainerBuilder()
        builder.register(scope: ThreadScope(), named: "custom-scope")
        builder.register(D.init).named("d").primary().singleton().eager().overriding()
        builder.register(E.init).scope(.custom("custom-scope")).lazy()
        builder.register(C.self) { resolver in C(d: try resolver.resolve(D.self), e: try resolver.resolve(E.self)) }
        builder.register(instance: "reports.sqlite", name: "path")
        builder.register(B.init).named("b").prototype()
        for registered in builder.definitions {
            let row = try #require(registered.row, "\(registered.label)")
            let made = Definition(row)
            #expect(made == registered)
            #expect(made.description == registered.description)
            #expect(made.location == registered.location)
            #expect(made.construction.kind == registered.construction.kind)
            #expect(made.stated == registered.stated)
            #expect(made.isEager == registered.isEager && made.isLazy == registered.isLazy)
        }
    }

    @Test func aRow_takes72Bytes() {
        // Where a definition's fields take a 160-byte allocation (bytes_per_definition).
        #expect(MemoryLayout<Definition.Row>.stride == 72)
    }

    @Test func whatARowCannotHold_isNoRow() {
        var withText = Definition(name: "x", typeName: "E", location: ConfigLocation(file: "a.yaml", line: 3))
        #expect(withText.row == nil)                                        // unbound, a type by text
        withText = ContainerBuilder().register(E.init).definition
        #expect(withText.row != nil)
        var withColumn = withText
        withColumn.location = ConfigLocation(file: "a.yaml", line: 3, column: 7)
        #expect(withColumn.row == nil)                                      // a column: a config file's
        var withTypeName = withText
        withTypeName.typeName = "E"
        #expect(withTypeName.row == nil)                                    // bound, but with its type's text
        var withProperty = withText
        withProperty.properties.append(PropertyInjection(name: "p", source: .named("d")))
        #expect(withProperty.row == nil)
        var withExtras = withText
        withExtras.isMainActor = true
        #expect(withExtras.row == nil)
        var withSignature = withText
        withSignature.construction = .initializer("init()")
        #expect(withSignature.row == nil)                                   // a signature's text
    }
}

/// A custom scope for the row test: a new instance every time.
private final class ThreadScope: CustomScope {
    var lifetime: ScopeLifetime { .perRequest }
    func instance<T>(for key: ScopedInstanceKey, create: () throws -> T) throws -> T { try create() }
}
