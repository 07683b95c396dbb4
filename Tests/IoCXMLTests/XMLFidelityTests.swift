import Foundation
import IoCCore
import IoCXML
import Testing

/// Spring `<beans>` read as Spring reads them, where the differential tests (Tests/FidelityTests,
/// docs/Fidelity.md) found swift-ioc reading otherwise. Each test names Spring's rule.
@Suite("XML: read as Spring reads it")
struct XMLFidelityTests {
    static func definitions(_ xml: String) throws -> [Definition] {
        try XMLLoader().load(string: xml, name: "beans.xml").definitions
    }

    @Test func aValueElement_keepsItsTextAsWritten_whiteSpaceIncluded() throws {
        let definitions = try Self.definitions("""
            <beans>
              <bean id="filter" class="Bag">
                <property name="names">
                  <value>
                    /login = anon
                    /** = authc
                  </value>
                </property>
                <property name="settings"><props><prop key="lamp">  on  </prop></props></property>
                <property name="nothing" value="  kept  "/>
              </bean>
            </beans>
            """)
        let properties = try #require(definitions.first).properties
        #expect(properties[0].source == .config(ConfigValue(.string("\n        /login = anon\n        /** = authc\n      "))))
        // Spring trims a <prop>'s text, and keeps an attribute's value.
        #expect(properties[1].source == .config(ConfigValue(.map([("lamp", ConfigValue(.string("on")))]))))
        #expect(properties[2].source == .config(ConfigValue(.string("  kept  "))))
    }

    @Test func aBeanWithoutIdOrName_isNamedAfterItsClass_asSpringNamesIt() throws {
        let definitions = try Self.definitions("""
            <beans>
              <bean class="broker.Clock"/>
              <bean class="broker.Clock"/>
              <bean id="broker.Queue" class="broker.Store"/>
              <bean class="broker.Queue"/>
              <bean parent="base"/>
              <bean factory-bean="maker" factory-method="make"/>
            </beans>
            """)
        #expect(definitions.map { $0.name ?? "-" } == ["broker.Clock#0", "broker.Clock#1", "broker.Queue", "broker.Queue#0", "base$child#0", "maker$created#0"])
        // The first of a class is reachable by the class's name, unless a bean has it already.
        #expect(definitions.map(\.aliases) == [["broker.Clock"], [], [], [], [], []])
    }

    @Test func anIndexedConstructorArgument_reachesTheParameterAtItsIndex() throws {
        let builder = ContainerBuilder()
        builder.catalog = xmlCatalog()
        try builder.loadXML("""
            <beans>
              <bean id="executor" class="ServiceExecutorImpl1"/>
              <bean id="b" class="Endpoint">
                <constructor-arg index="1" value="443"/>
                <constructor-arg index="2" ref="executor"/>
                <constructor-arg value="example.com"/>
              </bean>
            </beans>
            """, name: "beans.xml")
        let b = try builder.build().resolve(Endpoint.self, name: "b")
        #expect((b.host, b.port) == ("example.com", 443), "Spring's generic argument takes the index no other has")
        // A named argument takes no place: `c:_1` stays the second.
        let badge = try #require(try Self.definitions("""
            <beans xmlns="http://www.springframework.org/schema/beans" xmlns:c="http://www.springframework.org/schema/c">
              <bean id="a" class="Endpoint" c:_1="8080" c:host="example.org"/>
            </beans>
            """).first)
        #expect(badge.construction.arguments.map { $0.label ?? "_" } == ["host", "_"])
        #expect(loadError("<beans><bean id='e' class='Endpoint'><constructor-arg index='2' value='x'/></bean></beans>")
            == "Bad value 'index' at beans.xml:1: no constructor-arg is at index 0, before a later index: a Swift initializer's unlabelled arguments are taken in order, so give index 0 too, or name the arguments (name=\"label\").")
    }

    @Test func anIndexFarPastTheArguments_isTheSameError_withoutAListThatLong() {
        // Found by `make fuzz-xml`: `c:_108808801` asked for a list of 108,808,802 places (7.8 GB),
        // and an index of Int.max overflowed counting them. n arguments fill at most n places.
        #expect(loadError("<beans xmlns:c='http://www.springframework.org/schema/c'><bean id='e' class='Endpoint' c:_108808801='' c:host='x'/></beans>")
            == "Bad value 'index' at beans.xml:1: no constructor-arg is at index 1, before a later index: a Swift initializer's unlabelled arguments are taken in order, so give index 1 too, or name the arguments (name=\"label\").")
        #expect(loadError("<beans><bean id='e' class='Endpoint'><constructor-arg index='9223372036854775807' value='x'/></bean></beans>")
            == "Bad value 'index' at beans.xml:1: no constructor-arg is at index 0, before a later index: a Swift initializer's unlabelled arguments are taken in order, so give index 0 too, or name the arguments (name=\"label\").")
        #expect(loadError("<beans><bean id='e' class='Endpoint'><constructor-arg index='1' value='x'/><constructor-arg index='3' value='y'/><constructor-arg value='z'/></bean></beans>")
            == "Bad value 'index' at beans.xml:1: no constructor-arg is at index 2, before a later index: a Swift initializer's unlabelled arguments are taken in order, so give index 2 too, or name the arguments (name=\"label\").")
    }

    @Test func aChild_keepsItsParentsMeta_underItsOwn() throws {
        let builder = ContainerBuilder()
        builder.catalog = xmlCatalog()
        try builder.loadXML("""
            <beans>
              <bean id="base" class="Bag" abstract="true"><meta key="team" value="front"/><meta key="tier" value="1"/></bean>
              <bean id="bag" parent="base"><meta key="team" value="back"/></bean>
            </beans>
            """, name: "beans.xml")
        let bag = try #require(try builder.build().definitions.first { $0.name == "bag" })
        #expect(bag.metadata == ["team": "back", "tier": "1"])
    }

    @Test func aChild_takesItsParentsScope_butNeverItsPrimaryOrLazyInit() throws {
        let builder = ContainerBuilder()
        builder.add(contentsOf: try Self.definitions("""
            <beans>
              <bean id="base" class="Bag" abstract="true" scope="prototype" primary="true" lazy-init="true"/>
              <bean id="child" parent="base"/>
              <bean id="singleChild" parent="base" scope="singleton"/>
            </beans>
            """))
        let merged = Dictionary(builder.mergedAsWritten().definitions.map { ($0.name ?? "", $0) }) { a, _ in a }
        let child = try #require(merged["child"]), single = try #require(merged["singleChild"])
        #expect((child.scope, child.isPrimary, child.isLazy, child.isEager) == (.prototype, false, false, false), "a prototype is never made at build")
        #expect((single.scope, single.isPrimary, single.isLazy, single.isEager) == (.singleton, false, false, true))
    }

    @Test func aClasspathImport_isReadFromTheConfigRoot() throws {
        let folder = try directory([
            "config/app.xml": "<beans><import resource=\"classpath:/shared/common.xml\"/><bean id=\"a\" class=\"Bag\"/></beans>",
            "config/shared/common.xml": "<beans><bean id=\"b\" class=\"Bag\"/></beans>",
            "config/nested/inner.xml": "<beans><import resource=\"classpath:shared/common.xml\"/><import resource=\"file:../shared/common.xml\"/></beans>",
        ])
        let root = folder.appendingPathComponent("config")
        let app = try XMLLoader().load(contentsOf: root.appendingPathComponent("app.xml"))
        #expect(app.definitions.compactMap(\.name) == ["b", "a"])
        // From a nested file, classpath: is still the root; file: is beside the file.
        let inner = try XMLLoader().load(contentsOf: root.appendingPathComponent("nested/inner.xml"), root: root)
        #expect(inner.definitions.compactMap(\.name) == ["b", "b"])
    }

    @Test func everyProblemOfABean_isReported_notOnlyItsFirst() {
        let problems: [String]
        do {
            _ = try XMLLoader().load(string: """
                <beans xmlns:aop="http://www.springframework.org/schema/aop">
                  <bean id="a" class="Bag">
                    <replaced-method name="compute" replacer="r"/>
                    <aop:aspect ref="logging"/>
                    <propery name="x" value="1"/>
                  </bean>
                </beans>
                """, name: "beans.xml")
            problems = []
        } catch {
            problems = error.problems.map(String.init(describing:))
        }
        #expect(problems == [
            "<replaced-method> at beans.xml:3 has no Swift meaning: it replaces a method's body at run time through a generated Java subclass, which Swift types cannot have; implement the method in the type, or decorate the component.",
            "<aop:aspect> (the aop namespace) at beans.xml:4 has no Swift meaning: aspects are woven into Java classes; in Swift, wrap a component with a decorator (decorates, or .decorate { }) or an InstancePostProcessor.",
            "Unknown element <propery> in <bean> at beans.xml:5. Did you mean <property>? Allowed: <constructor-arg>, <property>, <description>, <meta>, <qualifier>, <lookup-method>, <replaced-method>, <aop:scoped-proxy>.",
        ])
    }
}

