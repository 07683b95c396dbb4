import Foundation
import IoCCore
import IoCXML
import Testing

// A Spring child bean (`parent="…"`) takes its parent's factory and constructor arguments,
// replacing those it gives by index (Spring's AbstractBeanDefinition.overrideFrom).

/// Makes endpoints by a method of a factory bean, or by a static factory.
final class EndpointFactory: Sendable {
    init() {}
    func endpoint(host: String, port: Int) -> Endpoint { Endpoint(host: host + ".factory", port: port, executor: ServiceExecutorImpl1()) }
}

private func buildChildXML(_ xml: String) throws -> Container {
    let builder = ContainerBuilder()
    let catalog = xmlCatalog()
    catalog.add(EndpointFactory.self) { factory in
        factory.initializer("init()") { EndpointFactory() }
        factory.factoryMethod("endpoint(host:port:)") { (factory: EndpointFactory, host: String, port: Int) in factory.endpoint(host: host, port: port) }
    }
    // The fixture's entry again, with a static factory: an entry added twice is the last one.
    catalog.add(Endpoint.self) { endpoint in
        endpoint.initializer("init(host:port:executor:)") { (host: String, port: Int, executor: ServiceExecutorImpl1) in
            Endpoint(host: host, port: port, executor: executor)
        }
        endpoint.staticFactory("local(host:port:)") { (host: String, port: Int) in Endpoint(host: host + ".static", port: port, executor: ServiceExecutorImpl1()) }
    }
    builder.catalog = catalog
    try builder.loadXML(xml, name: "beans.xml")
    return try builder.build()
}

@Suite("XML: a child bean takes its parent's construction")
struct XMLChildBeanTests {
    @Test func aChildThatReplacesOnlyArgumentOne_keepsItsParentsOthers() throws {
        let container = try buildChildXML("""
            <beans>
              <bean id="executor" class="ServiceExecutorImpl1"/>
              <bean id="base" class="Endpoint" abstract="true">
                <constructor-arg index="0" value="example.com"/>
                <constructor-arg index="1" value="80"/>
                <constructor-arg index="2" ref="executor"/>
              </bean>
              <bean id="secure" parent="base"><constructor-arg index="1" value="443"/></bean>
              <bean id="shortcut" parent="base" c:_1="8080" xmlns:c="http://www.springframework.org/schema/c"/>
            </beans>
            """)
        let secure = try container.resolve(Endpoint.self, name: "secure")
        #expect(secure.host == "example.com" && secure.port == 443)
        #expect(try container.resolve(Endpoint.self, name: "shortcut").port == 8080)
    }

    @Test func aChildThatLeavesAGapPastItsParentsArguments_isRefused_atItsArgument() {
        #expect(errorText { _ = try buildChildXML("""
            <beans>
              <bean id="base" class="Endpoint" abstract="true">
                <constructor-arg index="0" value="example.com"/>
              </bean>
              <bean id="far" parent="base">
                <constructor-arg index="2" ref="executor"/>
              </bean>
            </beans>
            """) } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "far" at beans.xml:6: argument index_2 replaces the parent's argument 2, but "base" (Endpoint) has 1 argument(s). Give index 1 too, or name the argument (name="label").
            """)
    }

    @Test func aChildThatGivesArguments_keepsItsParentsFactoryBean() throws {
        let container = try buildChildXML("""
            <beans>
              <bean id="factory" class="EndpointFactory"/>
              <bean id="base" factory-bean="factory" factory-method="endpoint(host:port:)" abstract="true">
                <constructor-arg value="example.com"/>
                <constructor-arg value="80"/>
              </bean>
              <bean id="child" parent="base"><constructor-arg index="1" value="443"/></bean>
            </beans>
            """)
        let child = try container.resolve(Endpoint.self, name: "child")
        #expect(child.host == "example.com.factory" && child.port == 443)
    }

    @Test func aChildThatGivesArguments_keepsItsParentsStaticFactory() throws {
        let container = try buildChildXML("""
            <beans>
              <bean id="base" class="Endpoint" factory-method="local(host:port:)" abstract="true"/>
              <bean id="child" parent="base">
                <constructor-arg value="example.com"/>
                <constructor-arg value="80"/>
              </bean>
            </beans>
            """)
        #expect(try container.resolve(Endpoint.self, name: "child").host == "example.com.static")
    }
}

@Suite("XML: qualifiers are matching metadata, not names")
struct XMLQualifierTests {
    @Test func aQualifierOnSeveralBeans_andEqualToAnotherBeansId_keepsEveryBean() throws {
        let container = try buildXML("""
            <beans>
              <bean id="primaryStore" class="ExampleServiceImpl2"><qualifier value="store"/></bean>
              <bean id="backupStore" class="ExampleServiceImpl2"><qualifier value="store"/></bean>
              <bean id="store" class="ExampleServiceImpl2" primary="true"><qualifier value="backupStore"/></bean>
              <bean id="executor" class="ServiceExecutorImpl1"><property name="service" ref="store"/></bean>
            </beans>
            """)
        #expect(container.definitions.compactMap(\.name).sorted() == ["backupStore", "executor", "primaryStore", "store"])
        #expect(container.definitions.first { $0.name == "primaryStore" }?.qualifiers == ["store"])
        let executor = try container.resolve(ServiceExecutorImpl1.self, name: "executor")
        #expect(executor.service === (try container.resolve(ExampleServiceImpl2.self, name: "store")), "ref reaches the bean whose id it is")
    }
}

@Suite("XML: placeholders in an alias")
struct XMLAliasPlaceholderTests {
    @Test func anAliasWhoseTargetHoldsAPlaceholder_namesTheBeanItResolvesTo() throws {
        let builder = ContainerBuilder()
        builder.catalog = xmlCatalog()
        builder.propertySources = [DictionaryPropertySource(["impl": .string("Fast"), "which": .string("main")])]
        try builder.loadXML("""
            <beans>
              <bean id="tmFast" class="ExampleServiceImpl2"/>
              <bean id="tmSlow" class="ExampleServiceImpl2"/>
              <alias name="tm${impl}" alias="${which}Manager"/>
            </beans>
            """, name: "beans.xml")
        let container = try builder.build()
        #expect(container.definitions.first { $0.name == "tmFast" }?.aliases == ["mainManager"])
        #expect(try container.resolve(ExampleServiceImpl2.self, name: "mainManager") === container.resolve(ExampleServiceImpl2.self, name: "tmFast"))
    }
}
