import Foundation
import IoCConfig
import IoCCore
import Testing

private final class Horse: Sendable { init() {} }
private final class Sword: Sendable { init() {} }

private final class Knight: @unchecked Sendable {
    var horse: Horse?
    var sword: Sword?
    var title = "Sir"
    var deeds: [String] = []
    init() {}
}

/// IoCConfig's property autowiring (Spring's `autowire="byName"` / `"byType"`): a pass at the
/// end of preparation adds the catalogued properties that refer to components.
@Suite("Property autowiring")
struct PropertyAutowiringTests {
    private func builder() -> ContainerBuilder {
        let catalog = TypeCatalog()
        catalog.add(Knight.self) { knight in
            knight.initializer("init()") { Knight() }
            knight.property("horse", \.horse)
            knight.property("sword", \.sword)
            knight.property("title", \.title)
            knight.property("deeds", \.deeds)
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        return builder
    }

    private func knight(_ name: String, _ mode: PropertyAutowiring?, line: Int = #line) -> Definition {
        var definition = Definition(name: name, typeName: "Knight", location: ConfigLocation(file: "knights.xml", line: line))
        definition.propertyAutowiring = mode
        return definition
    }

    @Test func byName_setsThePropertiesAComponentIsNamedFor_andLeavesTheOthers() throws {
        let builder = builder()
        builder.register(Horse.init).named("horse").singleton()
        builder.register(Sword.init).named("blade")
        builder.add(knight("knight", .byName))
        let container = try builder.build()
        let knight = try container.resolve(Knight.self, name: "knight")
        #expect(try knight.horse === container.resolve(Horse.self, name: "horse"))
        #expect(knight.sword == nil, "no component is named sword")
        #expect(knight.title == "Sir" && knight.deeds.isEmpty, "text and collections are values, never autowired")
    }

    @Test func byType_setsTheOneComponentOfEachType_andAStatedPropertyWins() throws {
        let builder = builder()
        builder.register(Horse.init).named("steed").singleton()
        builder.register(Sword.init).named("blade").singleton()
        builder.register(Sword.init).named("spare").singleton()
        var definition = knight("knight", .byType)
        definition.properties.append(PropertyInjection(name: "sword", source: .named("spare")))
        builder.add(definition)
        let container = try builder.build()
        let knight = try container.resolve(Knight.self, name: "knight")
        #expect(try knight.horse === container.resolve(Horse.self, name: "steed"))
        #expect(try knight.sword === container.resolve(Sword.self, name: "spare"), "the stated property, not an ambiguous autowiring")
    }

    @Test func aChild_autowiresByItsOwnMode_withTheTypeItTakesFromItsParent() throws {
        // The pass runs once children are merged: the child's type is its parent's. The mode is
        // the child's own (Spring's rule); a parent's is not inherited.
        let builder = builder()
        builder.register(Horse.init).named("horse").singleton()
        var parent = knight("template", .byName)
        parent.isAbstract = true
        builder.add(parent)
        var autowired = Definition(name: "autowired", typeName: nil, location: ConfigLocation(file: "knights.xml", line: 9))
        autowired.parent = "template"
        autowired.propertyAutowiring = .byName
        builder.add(autowired)
        var plain = Definition(name: "plain", typeName: nil, location: ConfigLocation(file: "knights.xml", line: 10))
        plain.parent = "template"
        builder.add(plain)
        let container = try builder.build()
        #expect(try container.resolve(Knight.self, name: "autowired").horse != nil)
        #expect(try container.resolve(Knight.self, name: "plain").horse == nil)
    }

    @Test func theAddedProperties_areShownAsAutowired_inTheCanonicalForm() throws {
        let builder = builder()
        builder.register(Horse.init).named("horse").singleton()
        builder.add(knight("knight", .byName))
        let description = try builder.build().canonicalDescription
        #expect(description.contains("""
              property horse: Optional<Horse> <- @horse (autowired, when one matches)
              property sword: Optional<Sword> <- @sword (autowired, when one matches)

            """), "\(description)")
        #expect(!description.contains("property title") && !description.contains("property deeds"))
    }
}
