@testable import IoCCore
import Testing

/// The names table of a built container: the name-override pass numbers every name and alias
/// once, and the plan pass takes that table as it is when no later pass dropped a definition,
/// or indexes the names again when one did. White-box: which number a name reaches is checked
/// against the container's own definitions.
@Suite("Names table")
struct NameTableTests {
    /// Every name and alias of every definition reaches that definition's number, and the table
    /// holds nothing else.
    private func expectNamesReachTheirComponents(_ container: Container, sourceLocation: SourceLocation = #_sourceLocation) {
        var expected: [String: Int] = [:]
        for (index, definition) in container.definitions.enumerated() {
            for name in (definition.name.map { [$0] } ?? []) + definition.aliases { expected[name] = index }
        }
        let table = container.lookups.object.names.own
        #expect(table.mapValues(Int.init) == expected, sourceLocation: sourceLocation)
    }

    @Test func plainBuild_everyNameAndAliasReachesItsComponent() throws {
        let builder = ContainerBuilder()
        builder.register(E.init).named("first").alias("one")
        builder.register(E.init)
        builder.register(D.init).named("d").alias("dee").alias("delta")
        let container = try builder.build()
        expectNamesReachTheirComponents(container)
        #expect(container.component(named: "dee")?.index == 2)
    }

    @Test func overrideByName_replacesInPlace_andDropsTheReplacedAliases() throws {
        let builder = ContainerBuilder()
        builder.register(E.init).named("first").alias("old")
        builder.register(D.init).named("d")
        builder.register(E.init).named("first").alias("new").overriding()
        builder.register(D.init).named("last")
        let container = try builder.build()
        expectNamesReachTheirComponents(container)
        #expect(container.definitions.map(\.name) == ["first", "d", "last"])
        #expect(container.definitions[0].aliases == ["new"])
        #expect(container.component(named: "old") == nil)
        #expect(container.component(named: "last")?.index == 2)
    }

    @Test func typeOverrideDroppingADefinition_indexesTheNamesAgain() throws {
        // The binding pass's type override drops the unnamed definition it replaces: the
        // numbers after it move, and the override pass's table is out of date.
        let builder = ContainerBuilder()
        builder.register(E.init).named("e").alias("echo")
        builder.register(D.init)
        builder.register(D.init).overriding()
        builder.register(D.init).named("d")
        let container = try builder.build()
        expectNamesReachTheirComponents(container)
        #expect(container.definitions.map(\.name) == ["e", nil, "d"])
        #expect(container.component(named: "d")?.index == 2)
    }

    @Test func abstractParentDropped_indexesTheNamesAgain() throws {
        // Merging children with their parents drops the abstract one: the numbers after it move.
        let builder = ContainerBuilder()
        var template = Definition(name: "template", typeName: nil, construction: .inherited, location: .unknown)
        template.isAbstract = true
        builder.add(template)
        builder.register(E.init).named("e").alias("echo")
        builder.register(D.init).named("d")
        let container = try builder.build()
        expectNamesReachTheirComponents(container)
        #expect(container.definitions.map(\.name) == ["e", "d"])
        #expect(container.component(named: "echo")?.index == 0)
        #expect(container.component(named: "template") == nil)
    }

    @Test func manyNames_eachReachesItsOwn_andANameNotThereReachesNone() throws {
        let builder = ContainerBuilder()
        for index in 0..<2_000 { builder.register(E.init).named("component-\(index)").alias("alias-\(index)") }
        let container = try builder.build()
        expectNamesReachTheirComponents(container)
        for index in stride(from: 0, to: 2_000, by: 37) {
            #expect(container.component(named: "component-\(index)")?.index == index)
            #expect(container.component(named: "alias-\(index)")?.index == index)
        }
        #expect(container.component(named: "component-2000") == nil)
        #expect(container.component(named: "") == nil)
        // A child has no names of its own here: its parent's table answers.
        let child = try ContainerBuilder(parent: container).build()
        #expect(child.component(named: "alias-5")?.index == 5)
        #expect(child.component(named: "alias-5")?.container === container)
        #expect(child.component(named: "component-2000") == nil)
    }
}
