import Foundation
import IoCCore
import IoCXML
import Testing

@Suite("XML: util, collections and what Spring files carry besides beans")
struct SpringUtilAndCollectionTests {
    @Test func utilCollections_areValuesThatReferencesInject() throws {
        let container = try buildXML("""
            <beans xmlns="http://www.springframework.org/schema/beans"
                   xmlns:util="http://www.springframework.org/schema/util">
              <util:list id="cities" value-type="java.lang.String"><value>Oslo</value><value>Lima</value></util:list>
              <util:map id="limits"><entry key="retries" value="3"/><entry><key><value>hosts</value></key><value>2</value></entry></util:map>
              <util:properties id="settings"><prop key="mode">fast</prop></util:properties>
              <util:set id="helpers"><ref bean="helper"/></util:set>
              <bean id="helper" class="ServiceExecutorImpl1"/>
              <bean id="bag" class="Bag">
                <property name="names" ref="cities"/>
                <property name="limits" ref="limits"/>
                <property name="settings" ref="settings"/>
                <property name="helpers" ref="helpers"/>
              </bean>
              <bean id="inline" class="Bag">
                <property name="names"><util:list><value>inline</value></util:list></property>
              </bean>
            </beans>
            """)
        let bag = try container.resolve(Bag.self, name: "bag")
        #expect(bag.names == ["Oslo", "Lima"] && bag.limits == ["retries": 3, "hosts": 2] && bag.settings == ["mode": "fast"])
        let helper = try container.resolve(ServiceExecutorImpl1.self, name: "helper")
        #expect(bag.helpers.count == 1 && bag.helpers[0] === helper)
        #expect(try container.resolve(Bag.self, name: "inline").names == ["inline"])
    }

    @Test func utilConstant_isAStaticMemberThroughTheCatalog_andJavaOnlyUtilIsRefused() throws {
        struct Port: Sendable { let number: Int; static let standard = Port(number: 8080) }
        final class Server: @unchecked Sendable { let port: Port; init(port: Port) { self.port = port } }
        let catalog = TypeCatalog()
        catalog.add(Port.self) { $0.staticFactory("standard") { Port.standard } }
        catalog.add(Server.self) { $0.initializer("init(port:)") { (port: Port) in Server(port: port) } }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        try builder.loadXML("""
            <beans xmlns="http://www.springframework.org/schema/beans" xmlns:util="http://www.springframework.org/schema/util">
              <util:constant id="port" static-field="Port.standard"/>
              <util:constant static-field="Port.standard"/>
              <bean id="server" class="Server"><constructor-arg name="port" ref="port"/></bean>
              <bean id="byField" class="Server"><constructor-arg name="port" ref="Port.standard"/></bean>
            </beans>
            """, name: "beans.xml")
        let built = try builder.build()
        #expect(try built.resolve(Server.self, name: "server").port.number == 8080)
        #expect(try built.resolve(Server.self, name: "byField").port.number == 8080, "without an id, its static-field names it")
        #expect(loadError("""
            <beans xmlns:util="http://www.springframework.org/schema/util"><util:list id="l" list-class="java.util.LinkedList"/></beans>
            """) == "list-class at beans.xml:1 has no Swift meaning: it names the Java collection class to make; the Swift type comes from the property or parameter it is injected into.")
        #expect(loadError("""
            <beans xmlns:util="http://www.springframework.org/schema/util"><util:property-path id="p" path="bag.names"/></beans>
            """) == "<util:property-path> at beans.xml:1 has no Swift meaning: it reads another bean's property through Java reflection; inject that bean and read the property in Swift, or give the value itself.")
    }

    @Test func collectionsMerge_withTheirParents_whenAsked() throws {
        let container = try buildXML("""
            <beans>
              <bean id="base" class="Bag" abstract="true">
                <property name="names"><list><value>a</value></list></property>
                <property name="limits"><map><entry key="x" value="1"/><entry key="y" value="1"/></map></property>
              </bean>
              <bean id="merged" parent="base">
                <property name="names"><list merge="true"><value>b</value></list></property>
                <property name="limits"><map merge="true"><entry key="y" value="2"/></map></property>
              </bean>
              <bean id="replaced" parent="base">
                <property name="names"><list><value>c</value></list></property>
              </bean>
            </beans>
            """)
        let merged = try container.resolve(Bag.self, name: "merged")
        #expect(merged.names == ["a", "b"] && merged.limits == ["x": 1, "y": 2])
        #expect(try container.resolve(Bag.self, name: "replaced").names == ["c"])
        let byDefault = try buildXML("""
            <beans default-merge="true">
              <bean id="base" class="Bag" abstract="true"><property name="names"><list><value>a</value></list></property></bean>
              <bean id="child" parent="base"><property name="names"><list><value>b</value></list></property></bean>
            </beans>
            """)
        #expect(try byDefault.resolve(Bag.self, name: "child").names == ["a", "b"])
    }

    @Test func idrefIsTheName_metaOnAPropertyIsKept_andXmlAttributesAreAboutText() throws {
        let container = try buildXML("""
            <beans>
              <bean id="helper" class="ServiceExecutorImpl1" xml:lang="en"/>
              <bean id="bag" class="Bag">
                <property name="names"><list><idref bean="helper"/></list></property>
                <property name="nothing" value="x"><meta key="source" value="ops"/></property>
              </bean>
            </beans>
            """)
        #expect(try container.resolve(Bag.self, name: "bag").names == ["helper"])
        #expect(container.definitions.first { $0.name == "bag" }?.metadata == ["nothing.source": "ops"])
    }

    @Test func defaultAutowireCandidates_limitInjectionByTypeToMatchingNames() throws {
        let container = try buildXML("""
            <beans default-autowire-candidates="*Main">
              <bean id="executorMain" class="ServiceExecutorImpl1"/>
              <bean id="executorSpare" class="ServiceExecutorImpl1"/>
            </beans>
            """)
        #expect(container.definitions.filter(\.isAutowireCandidate).map(\.name) == ["executorMain"])
        _ = try container.resolve(ServiceExecutorImpl1.self)
    }

    @Test func cNamespaceUnderscore_isTheArgumentByPosition() throws {
        let container = try buildXML("""
            <beans xmlns:c="http://www.springframework.org/schema/c">
              <bean id="executor" class="ServiceExecutorImpl1"/>
              <bean id="endpoint" class="Endpoint" c:_0="example.org" c:_1="80" c:_2-ref="executor"/>
            </beans>
            """)
        #expect(try container.resolve(Endpoint.self).host == "example.org")
        let config = try XMLLoader().load(string: "<beans xmlns:c='http://www.springframework.org/schema/c'><bean id='e' class='Endpoint' c:_='only'/></beans>")
        #expect(config.definitions.first?.construction.arguments.map(\.label) == [nil])
    }

    @Test func aCDIBeansFile_isRefusedByName_notReadAsSpring() {
        #expect(loadError("""
            <beans xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0" bean-discovery-mode="annotated"/>
            """) == "<beans> of the namespace https://jakarta.ee/xml/ns/jakartaee (a CDI beans.xml) at beans.xml:1 has no Swift meaning: it tells a Java EE server to discover the archive's Java beans; in Swift, annotate types with @Component and register them, or list them in a catalog.")
    }

    @Test func otherNamespaces_insideBeansAndValues_areRefusedByName() {
        #expect(loadError("""
            <beans xmlns:aop="http://www.springframework.org/schema/aop">
              <bean id="bag" class="Bag"><aop:aspect ref="logging"/></bean>
            </beans>
            """) == "<aop:aspect> (the aop namespace) at beans.xml:2 has no Swift meaning: aspects are woven into Java classes; in Swift, wrap a component with a decorator (decorates, or .decorate { }) or an InstancePostProcessor.")
        // An attribute of a namespace that is not Spring's is for its own tools: passed over, as Spring does.
        #expect(loadError("""
            <beans xmlns:x="urn:example:test"><bean id="bag" class="Bag" x:object-name="b"/></beans>
            """) == "no error")
        #expect(loadError("""
            <beans><bean id="bag" class="Bag"><property name="names"><list><s:chain xmlns:s="urn:example:security"/></list></property></bean></beans>
            """) == "<chain> of the namespace urn:example:security at beans.xml:1 has no Swift meaning: its schema configures a Java library; describe the Swift components it stands for as beans.")
    }

    @Test func mapKeysAreText_andPlaceholderOptionsWithoutSwiftMeaningAreRefused() {
        #expect(loadError("<beans><bean id='b' class='Bag'><property name='limits'><map><entry key-ref='k' value='1'/></map></property></bean></beans>")
            == "key-ref at beans.xml:1 has no Swift meaning: map keys here are text (a [String: T] is injected); give the key as text with key=\"...\".")
        #expect(loadError("""
            <beans xmlns:context="http://www.springframework.org/schema/context"><context:property-placeholder trim-values="true"/></beans>
            """) == "trim-values=\"true\" at beans.xml:1 has no Swift meaning: property values are read as written; trim them in the file.")
        #expect(loadError("<beans><bean id='m' class='Bag'><lookup-method name='make'/></bean></beans>")
            == "<lookup-method> without 'bean' at beans.xml:1 has no Swift meaning: Spring finds the bean by the Java method's return type, which the catalog does not see here; name the bean (bean=\"...\").")
    }

    @Test func propertyPlaceholder_withoutALocation_usesTheOtherSources_andPropertiesRefReadsAUtilPropertiesFile() throws {
        let root = try directory([
            "beans.xml": """
                <beans xmlns:context="http://www.springframework.org/schema/context" xmlns:util="http://www.springframework.org/schema/util">
                  <util:properties id="appProps" location="classpath:app.properties"/>
                  <context:property-placeholder properties-ref="appProps"/>
                  <bean id="bag" class="Bag"><property name="names"><list><value>${city}</value></list></property></bean>
                </beans>
                """,
            "app.properties": "city=Quito\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let builder = ContainerBuilder()
        builder.catalog = xmlCatalog()
        try builder.loadXML(contentsOf: root.appendingPathComponent("beans.xml"))
        #expect(try builder.build().resolve(Bag.self).names == ["Quito"])
        let inline = ContainerBuilder()
        inline.catalog = xmlCatalog()
        try inline.loadXML("""
            <beans xmlns:context="http://www.springframework.org/schema/context" xmlns:util="http://www.springframework.org/schema/util">
              <context:property-placeholder properties-ref="sizes"/>
              <util:properties id="sizes"><prop key="city">Lima</prop></util:properties>
              <bean id="bag" class="Bag"><property name="names"><list><value>${city}</value></list></property></bean>
            </beans>
            """, name: "beans.xml")
        #expect(try inline.build().resolve(Bag.self).names == ["Lima"], "properties-ref names entries written inline too")
        #expect(loadError("""
            <beans xmlns:context="http://www.springframework.org/schema/context"><context:property-placeholder properties-ref="nope"/></beans>
            """) == "Bad value 'nope' at beans.xml:1: properties-ref names a <util:properties> of this file; none has that id.")
        #expect(errorText { _ = try XMLLoader().load(string: """
            <beans xmlns:util="http://www.springframework.org/schema/util">
              <util:properties id="p" location="app.properties"/>
              <bean id="bag" class="Bag"><property name="settings" ref="p"/></bean>
            </beans>
            """, name: "beans.xml") } == "a reference to <util:properties id=\"p\"> at beans.xml:2 has no Swift meaning: a util:properties read from a file is a property source here (for properties-ref): read its keys with ${key}.")
    }
}
