import Foundation
@testable import IoCConfig
import IoCCore
import Testing

// IoCConfig's parents (Spring's `parent="…"`, Symfony's `parent:`): a child takes from its parent
// what it does not state, merged by a pass once overrides are applied.

private final class Endpoint: @unchecked Sendable {
    var url = ""
    var retries = 0
    init() {}
}

/// A builder with `Endpoint` catalogued: its definitions are text, bound at build.
private func endpointBuilder() -> ContainerBuilder {
    let builder = ContainerBuilder()
    builder.catalog = TypeCatalog()
    builder.catalog?.add(Endpoint.self) { endpoint in
        endpoint.initializer("init()") { Endpoint() }
        endpoint.property("url", \.url)
        endpoint.property("retries", \.retries)
    }
    return builder
}

private let here = ConfigLocation(file: "app.yaml", line: 4, column: 9)

/// An `Endpoint` named `name` at app.yaml:2:3, with the properties given (as text, at `here`).
private func endpoint(_ name: String, url: String? = nil, retries: String? = nil) -> Definition {
    var definition = Definition(name: name, typeName: "Endpoint", location: ConfigLocation(file: "app.yaml", line: 2, column: 3))
    let given = [("url", url), ("retries", retries)].compactMap { name, text in text.map { (name, $0) } }
    definition.properties = given.map { PropertyInjection(name: $0.0, source: .config(.string($0.1, at: here))) }
    return definition
}

/// Labels a child adds to its parent's, described one per line.
private enum Labels: DefinitionSetting {
    static let defaultValue: [String] = []
    static func inherited(from parent: [String], by own: [String]) -> [String] { parent + own }
    static func describe(_ value: [String]) -> [String] { value.map { "label " + $0 } }
}

/// A setting with what every setting does by default: a child does not take its parent's.
private enum Owner: DefinitionSetting {
    static let defaultValue: String? = nil
}

/// Told what its component is.
private final class Audited: Sendable {
    let info: ComponentInfo
    init(info: ComponentInfo) { self.info = info }
}

private final class Quest: Sendable {
    let name: String
    init(name: String) { self.name = name }
}
private final class Knight: Sendable {
    let quest: Quest
    init(quest: Quest) { self.quest = quest }
}

@Suite("Parent and abstract definitions")
struct ParentTests {
    @Test func child_inheritsPropertiesAndScope_andOverridesWhatItStates() throws {
        let builder = endpointBuilder()
        var base = endpoint("base", url: "https://base", retries: "3")
        base.isAbstract = true
        base.scope = .singleton
        var child = Definition(name: "child", typeName: nil, construction: .inherited, location: here)
        child.parent = "base"
        child.properties = [PropertyInjection(name: "retries", source: .config(.int(9)))]
        // Setting a scope states it: this child keeps its own.
        var own = Definition(name: "own", typeName: nil, construction: .inherited, location: here)
        own.parent = "base"
        own.scope = .prototype
        builder.add(contentsOf: [base, child, own])
        let container = try builder.build()
        let resolved = try container.resolve(Endpoint.self, name: "child")
        #expect(resolved.url == "https://base" && resolved.retries == 9)
        #expect(try container.resolve(Endpoint.self, name: "child") === resolved, "scope inherited")
        #expect(try container.resolve(Endpoint.self, name: "own") !== container.resolve(Endpoint.self, name: "own"), "scope stated")
        #expect(!container.isRegistered(Endpoint.self, name: "base"), "abstract definitions are not built")
    }

    @Test func unknownParent_suggestsClosestName() {
        let builder = endpointBuilder()
        builder.add(endpoint("base"))
        var child = endpoint("child")
        child.parent = "bsae"
        builder.add(child)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. "child" (Endpoint) at app.yaml:2:3 names parent "bsae", which no definition has. Did you mean "base"?
            """)
    }

    @Test func unknownParent_neverSuggestsTheDefinitionItself() {
        let builder = endpointBuilder()
        var child = endpoint("basic")
        child.parent = "basis"
        builder.add(child)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. "basic" (Endpoint) at app.yaml:2:3 names parent "basis", which no definition has.
            """)
    }

    @Test func aChildStatingLaziness_overridesAnEagerParent() throws {
        let builder = endpointBuilder()
        var base = endpoint("base", url: "https://base")
        base.isAbstract = true
        base.scope = .singleton
        base.isEager = true
        var child = Definition(name: "child", typeName: nil, construction: .inherited, location: here)
        child.parent = "base"
        child.isLazy = true
        builder.add(contentsOf: [base, child])
        let container = try builder.build()
        #expect(container.definitions.first { $0.name == "child" }.map { ($0.isLazy, $0.isEager) } ?? (false, true) == (true, false))
    }

    @Test func aPropertySetTwice_isReported_evenWhereAParentWouldMergeIt() {
        let builder = endpointBuilder()
        var base = endpoint("base", url: "https://base")
        base.isAbstract = true
        var child = Definition(name: "child", typeName: nil, construction: .inherited, location: here)
        child.parent = "base"
        child.properties = [PropertyInjection(name: "retries", source: .config(.int(1)), location: ConfigLocation(file: "app.yaml", line: 4)),
                            PropertyInjection(name: "retries", source: .config(.int(2)), location: ConfigLocation(file: "app.yaml", line: 5))]
        builder.add(contentsOf: [base, child])
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "child" at app.yaml:5: property 'retries' is set twice, here and at app.yaml:4. Keep one.
            """)
    }

    @Test func parentCycle_isReported() {
        let builder = endpointBuilder()
        var a = endpoint("a")
        a.parent = "b"
        var b = endpoint("b")
        b.parent = "a"
        builder.add(contentsOf: [a, b])
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Parent definitions form a circle at app.yaml:2:3: a -> b -> a. A definition cannot inherit from itself.
            """)
        let error = #expect(throws: IoCError.self) { try builder.build() }
        #expect(error?.problems.map(\.kind) == [.parentCycle])
    }

    /// A config child of a parent registered in code, as Spring's child beans of a Java-config parent.
    private func knightsBuilder(child arguments: [InjectionPoint], parentIsClosure: Bool = false) -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.register(instance: Quest(name: "grail")).named("grail")
        builder.register(instance: Quest(name: "dragon")).named("dragon")
        if parentIsClosure {
            builder.register(Knight.self, name: "knight") { r in Knight(quest: try r.resolve(name: "grail")) }
        } else {
            builder.register(Knight.init).named("knight").arguments(.named("grail"))
        }
        var child = Definition(name: "child", typeName: nil, construction: .initializer(arguments: arguments), location: here)
        child.parent = "knight"
        builder.add(child)
        return builder
    }

    @Test func childOfACodeParent_givesItsInitializerArgumentsByPosition() throws {
        let container = try knightsBuilder(child: [InjectionPoint(source: .named("dragon"))]).build()
        #expect(try container.resolve(Knight.self, name: "child").quest.name == "dragon")
        #expect(try container.resolve(Knight.self, name: "knight").quest.name == "grail")
        // A child that gives none takes the parent's construction as it is.
        #expect(try knightsBuilder(child: []).build().resolve(Knight.self, name: "child").quest.name == "grail")
    }

    @Test func childOfACodeParent_namingAnArgument_isRefusedAtBuild() {
        #expect(errorText { _ = try knightsBuilder(child: [InjectionPoint(label: "quest", source: .named("dragon"))]).build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "child" at app.yaml:4:9: its argument 'quest' cannot be matched by name: its parent "knight" (Knight) is registered in code, whose initializer's parameter names the container does not know. Give the arguments by position (index) instead
            """)
    }

    @Test func childOfACodeParent_givingMoreArgumentsThanItTakes_argumentsToAClosure_orAFactory_isRefusedAtBuild() {
        let two = [InjectionPoint(source: .named("dragon")), InjectionPoint(source: .named("grail"))]
        #expect(errorText { _ = try knightsBuilder(child: two).build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "child" at app.yaml:4:9: it gives 2 arguments, but the initializer of its parent "knight" (Knight), registered in code, takes 1
            """)
        #expect(errorText { _ = try knightsBuilder(child: [InjectionPoint(source: .named("dragon"))], parentIsClosure: true).build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "child" at app.yaml:4:9: it gives initializer arguments, but its parent "knight" (Knight) is made in code by closure, which takes none from config. Leave the arguments out, or register the parent with its initializer
            """)
        let builder = knightsBuilder(child: [])
        var factoryMade = Definition(name: "made", typeName: nil, construction: .staticFactory("make(quest:)"), location: here)
        factoryMade.parent = "knight"
        builder.add(factoryMade)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "made" at app.yaml:4:9: it is made by static factory make(quest:), but its parent "knight" (Knight) is registered in code, which the container makes only as the code says. Leave the construction out, or give the definition a type of its own
            """)
    }

    @Test func aChild_takesWhatEachSettingSaysOfItsParents_andNothingByDefault() throws {
        let catalog = TypeCatalog()
        catalog.add(Audited.self) { $0.initializer("init(info:)") { (info: ComponentInfo) in Audited(info: info) } }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        var parent = Definition(name: "base", typeName: "Audited", location: here)
        parent.isAbstract = true
        parent[setting: Labels.self] = ["audited"]
        parent[setting: Owner.self] = "platform"
        builder.add(parent)
        var child = Definition(name: "child", typeName: nil, location: here)
        child.parent = "base"
        child[setting: Labels.self] = ["billing"]
        builder.add(child)
        let container = try builder.build()
        let merged = try #require(container.definitions.first { $0.name == "child" })
        #expect(merged[setting: Labels.self] == ["audited", "billing"])
        #expect(merged[setting: Owner.self] == nil)
        // The settings' own lines in the description, and the values the component is told.
        #expect(merged.description.contains("\n  label audited\n  label billing"))
        let info = try container.resolve(Audited.self, name: "child").info
        #expect(info[setting: Labels.self] == ["audited", "billing"] && info[setting: Owner.self] == nil)
    }

    private func property(_ name: String, _ value: Int, line: Int) -> PropertyInjection {
        PropertyInjection(name: name, source: .config(.int(value)), location: ConfigLocation(file: "beans.xml", line: line))
    }

    private func definition(_ name: String, properties: [PropertyInjection], tags: [String] = []) -> Definition {
        var definition = Definition(name: name, typeName: "Bag", location: ConfigLocation(file: "beans.xml", line: 1))
        definition.properties = properties
        definition.tags = tags
        return definition
    }

    @Test func aChildMergedWithAParent_replacesInPlace_andAddsInOrder_forFewAndMany() throws {
        for (parentCount, childCount) in [(3, 2), (30, 20), (2_000, 500)] {
            let parent = definition("parent", properties: (0..<parentCount).map { property("p\($0)", $0, line: 2) },
                                    tags: (0..<parentCount).map { "t\($0)" })
            // The child replaces every other one of the parent's first properties and adds its own.
            let replaced = Array(stride(from: 0, to: min(parentCount, childCount), by: 2))
            var own = replaced.map { property("p\($0)", -$0, line: 3) }
            own += (0..<(childCount - replaced.count)).map { property("q\($0)", $0, line: 3) }
            var child = definition("child", properties: own, tags: ["t1", "extra", "t0"])
            child.parent = "parent"
            let merged = try Inheritance.merge(child: child, parent: parent)
            let expected = (0..<parentCount).map { index in replaced.contains(index) ? "p\(index)=\(-index)" : "p\(index)=\(index)" }
                + (0..<(childCount - replaced.count)).map { "q\($0)=\($0)" }
            #expect(merged.properties.map { property in
                guard case .config(let value) = property.point.source, case .int(let number) = value.kind else { return "?" }
                return "\(property.name)=\(number)"
            } == expected)
            #expect(merged.tags == (0..<parentCount).map { "t\($0)" } + ["extra"])
        }
    }
}
