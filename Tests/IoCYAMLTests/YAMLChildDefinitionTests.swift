import Foundation
import IoCCore
import IoCYAML
import Testing

// A services.yaml child (`parent:`) takes what Symfony 5.4's ResolveChildDefinitionsPass gives
// it: its parent's `public`, `autowire`, bindings and factory, unless it states its own.

/// Takes a text and says it louder: made by an initializer, or by a factory that shouts.
final class Loud: Sendable {
    let text: String
    init(text: String) { self.text = text }
}

/// Makes ``Loud`` values by a method, for `factory: ['@maker', 'make(text:)']`.
final class LoudMaker: Sendable {
    init() {}
    func make(text: String) -> Loud { Loud(text: text + " (made)") }
}

private func loudCatalog(_ catalog: TypeCatalog) {
    catalog.add(Loud.self) { loud in
        loud.initializer("init(text:)") { (text: String) in Loud(text: text) }
        loud.staticFactory("shout(text:)") { (text: String) in Loud(text: text.uppercased()) }
    }
    catalog.add(LoudMaker.self) { maker in
        maker.initializer("init()") { LoudMaker() }
        maker.factoryMethod("make(text:)") { (maker: LoudMaker, text: String) in maker.make(text: text) }
    }
}

@Suite("YAML: a child takes its parent's settings")
struct YAMLChildDefinitionTests {
    @Test func aChildOfAPrivateParent_isPrivate_unlessItSaysPublic() throws {
        let container = try build("""
            services:
              base: { class: Loud, abstract: true, public: false, arguments: [quiet] }
              child: { parent: base }
              shown: { parent: base, public: true }
            """, catalog: loudCatalog)
        #expect(errorText { _ = try container.resolve(Loud.self, name: "child") }
            == "\"child\" (Loud) is private (public: false, at services.yaml:3:3): it can be injected into other components, not resolved from the container. Mark it public, or resolve a public component that injects it.")
        #expect(try container.resolve(Loud.self, name: "shown").text == "quiet")
    }

    @Test func aChildTakesItsParentsPublic_overTheFilesDefaults() throws {
        let container = try build("""
            services:
              _defaults: { public: false }
              base: { class: Loud, abstract: true, public: true, arguments: [open] }
              child: { parent: base }
            """, catalog: loudCatalog)
        #expect(try container.resolve(Loud.self, name: "child").text == "open")
    }

    @Test func aChildOfAParentThatDoesNotAutowire_doesNotAutowire() throws {
        let yaml = """
            services:
              FreeWeatherClient: { abstract: true, autowire: false, arguments: { $baseURL: 'https://example.com' } }
              child: { parent: FreeWeatherClient, class: FreeWeatherClient }
            """
        #expect(errorText { _ = try build(yaml) } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "child" (FreeWeatherClient) at services.yaml:3:3: init(baseURL:session:) parameter 1 'session' is not given, and autowiring is off for it (autowire: false). Give it in arguments, bind it, or turn autowiring on.
            """)
    }

    @Test func aChildTakesItsParentsBindings_andItsOwnComeFirst() throws {
        let container = try build("""
            services:
              base: { class: Loud, abstract: true, bind: { $text: from-parent } }
              child: { parent: base }
              own: { parent: base, bind: { $text: from-child } }
            """, catalog: loudCatalog)
        #expect(try container.resolve(Loud.self, name: "child").text == "from-parent")
        #expect(try container.resolve(Loud.self, name: "own").text == "from-child")
    }

    @Test func aChildThatGivesArguments_keepsItsParentsStaticFactory() throws {
        let container = try build("""
            services:
              base: { class: Loud, abstract: true, factory: 'shout(text:)' }
              child: { parent: base, arguments: [hello] }
            """, catalog: loudCatalog)
        #expect(try container.resolve(Loud.self, name: "child").text == "HELLO")
    }

    @Test func aChildThatGivesArguments_keepsItsParentsFactoryService() throws {
        let container = try build("""
            services:
              maker: { class: LoudMaker }
              base: { class: Loud, abstract: true, factory: ['@maker', 'make(text:)'] }
              child: { parent: base, arguments: [hello] }
            """, catalog: loudCatalog)
        #expect(try container.resolve(Loud.self, name: "child").text == "hello (made)")
    }
}

@Suite("YAML: a service's class, as Symfony's ResolveClassPass gives it")
struct YAMLClassFromIdTests {
    @Test func aServiceWhoseIdIsAClass_withAFactoryAndNoClass_isOfTheIdsClass() throws {
        let yaml = #"""
            services:
              maker: { class: LoudMaker }
              App\Loud: { factory: ['@maker', 'make(text:)'], arguments: [hi] }
              App\Shouted: { factory: [App\Loud, 'shout(text:)'], arguments: [hey] }
            """#
        let config = try YAMLLoader().load(string: yaml, name: "services.yaml")
        #expect(config.definitions.map(\.typeName) == ["LoudMaker", "App.Loud", "App.Shouted"])
        #expect(config.definitions.last?.construction.kind == .staticFactory("App.Loud.shout(text:)"))
        let container = try build(yaml) { catalog in
            catalog.add(Loud.self, names: "App.Loud") { loud in loud.initializer("init(text:)") { (text: String) in Loud(text: text) } }
            catalog.add(LoudMaker.self) { maker in
                maker.initializer("init()") { LoudMaker() }
                maker.factoryMethod("make(text:)") { (maker: LoudMaker, text: String) in maker.make(text: text) }
            }
            catalog.add(Shouted.self, names: "App.Shouted") { shouted in
                shouted.staticFactory("App.Loud.shout(text:)") { (text: String) in Shouted(text: text.uppercased()) }
            }
        }
        #expect(try container.resolve(Loud.self, name: #"App\Loud"#).text == "hi (made)")
        #expect(try container.resolve(Shouted.self, name: #"App\Shouted"#).text == "HEY")
    }
}

/// What a static factory of another type makes.
final class Shouted: Sendable {
    let text: String
    init(text: String) { self.text = text }
}
