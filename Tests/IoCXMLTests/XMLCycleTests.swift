import IoCCore
import IoCXML
import Testing

private final class Spouse: @unchecked Sendable {
    let name: String
    var spouse: Spouse?
    init(name: String) { self.name = name }
}

private func spouses(_ xml: String) throws -> Container {
    let builder = ContainerBuilder()
    let catalog = TypeCatalog()
    catalog.add(Spouse.self) { type in
        type.initializer("init(name:)") { (name: String) in Spouse(name: name) }
        type.property("spouse", \.spouse)
    }
    builder.catalog = catalog
    try builder.loadXML(xml, name: "beans.xml")
    return try builder.build()
}

@Suite("XML: cycles that properties close")
struct XMLCycleTests {
    @Test func beansReferencingEachOtherThroughProperties_resolve_sinceBeansAreSingletons() throws {
        let container = try spouses("""
            <beans>
              <bean id="husband" class="Spouse"><constructor-arg value="husband"/><property name="spouse" ref="wife"/></bean>
              <bean id="wife" class="Spouse"><constructor-arg value="wife"/><property name="spouse" ref="husband"/></bean>
            </beans>
            """)
        let husband = try container.resolve(Spouse.self, name: "husband")
        let wife = try container.resolve(Spouse.self, name: "wife")
        #expect(husband.spouse === wife && wife.spouse === husband)
    }

    @Test func prototypeBeansReferencingEachOther_areAnEndlessCycle() {
        let text = errorText {
            _ = try spouses("""
                <beans>
                  <bean id="husband" class="Spouse" scope="prototype"><constructor-arg value="husband"/><property name="spouse" ref="wife"/></bean>
                  <bean id="wife" class="Spouse" scope="prototype"><constructor-arg value="wife"/><property name="spouse" ref="husband"/></bean>
                </beans>
                """)
        }
        #expect(text == """
            Container validation failed with 1 problem:
            1. Dependency cycle: "husband" (Spouse) -> "wife" (Spouse) -> "husband" (Spouse) (defined at beans.xml:2) \
            never ends: "husband" (Spouse) is a prototype, so the property or method call that closes the cycle makes a new \
            one each time. Give "husband" (Spouse) a shared scope (singleton, object graph, weak singleton or a custom scope), \
            or inject one side as Lazy<T> or Provider<T>.
            """)
    }
}
