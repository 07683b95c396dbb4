import IoCCore
import IoCYAML
import Testing

private final class Spouse: @unchecked Sendable {
    let name: String
    var spouse: Spouse?
    init(name: String) { self.name = name }
}

private func spouses(_ catalog: TypeCatalog) {
    catalog.add(Spouse.self) { type in
        type.initializer("init(name:)") { (name: String) in Spouse(name: name) }
        type.property("spouse", \.spouse)
        type.method("marry") { (me: Spouse, other: Spouse) in me.spouse = other }
    }
}

@Suite("YAML: cycles that properties close")
struct YAMLCycleTests {
    @Test func servicesReferencingEachOtherThroughProperties_resolve_sinceServicesAreShared() throws {
        let container = try build("""
            services:
              husband: { class: Spouse, arguments: [husband], properties: { spouse: '@wife' } }
              wife: { class: Spouse, arguments: [wife], calls: [[marry, ['@husband']]] }
            """, catalog: spouses)
        let wife = try container.resolve(Spouse.self, name: "wife")
        let husband = try container.resolve(Spouse.self, name: "husband")
        #expect(wife.spouse === husband && husband.spouse === wife)
    }

    @Test func unsharedServicesReferencingEachOther_areAnEndlessCycle() {
        let text = errorText {
            _ = try build("""
                services:
                  _defaults: { shared: false }
                  husband: { class: Spouse, arguments: [husband], properties: { spouse: '@wife' } }
                  wife: { class: Spouse, arguments: [wife], properties: { spouse: '@husband' } }
                """, catalog: spouses)
        }
        #expect(text == """
            Container validation failed with 1 problem:
            1. Dependency cycle: "husband" (Spouse) -> "wife" (Spouse) -> "husband" (Spouse) (defined at services.yaml:3:3) \
            never ends: "husband" (Spouse) is a prototype, so the property or method call that closes the cycle makes a new \
            one each time. Give "husband" (Spouse) a shared scope (singleton, object graph, weak singleton or a custom scope), \
            or inject one side as Lazy<T> or Provider<T>.
            """)
    }
}
