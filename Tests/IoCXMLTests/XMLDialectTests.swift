import Foundation
import IoCCore
import IoCXML
import Testing

private final class XMLQuest: Sendable {
    let name: String
    init(name: String) { self.name = name }
}
private final class XMLKnight: Sendable {
    let quest: XMLQuest
    init(quest: XMLQuest) { self.quest = quest }
}

@Suite("XML: dialects and vocabulary")
struct XMLDialectTests {
    @Test func oxicSeed_withItsMisspeltRoot_loads() throws {
        let seed = """
            <contanier>
                <object id="theService" class="ExampleServiceImpl2" lazy="false"/>
                <object id="theExecutor" class="ServiceExecutorImpl1">
                    <property name="service" ref="theService"/>
                </object>
            </contanier>
            """
        for xml in [seed, seed.replacingOccurrences(of: "contanier", with: "container")] {
            let container = try buildXML(xml)
            let executor = try container.resolve(ServiceExecutorImpl1.self, name: "theExecutor")
            #expect(executor.service === (try container.resolve(ExampleServiceImpl2.self, name: "theService")))
        }
        let prototype = try buildXML("<container><object id='s' class='ExampleServiceImpl2' singleton='false'/></container>")
        #expect(try prototype.resolve(ExampleServiceImpl2.self) !== prototype.resolve(ExampleServiceImpl2.self))
    }

    @Test func constructorArgs_areOrderedByIndex_thoseWithoutOneLast() throws {
        let xml = """
            <beans xmlns:c="http://www.springframework.org/schema/c">
                <bean id="a" class="Bag" c:_2="shortcut">
                    <constructor-arg index="1" value="second"/>
                    <constructor-arg name="label" value="unindexed"/>
                    <constructor-arg index="0" value="first"/>
                </bean>
                <bean id="b" class="Bag">
                    <constructor-arg name="y" value="y"/>
                    <constructor-arg name="x" value="x"/>
                </bean>
            </beans>
            """
        let definitions = try XMLLoader().load(string: xml, name: "beans.xml").definitions
        func written(_ definition: Definition) -> [String] {
            definition.construction.arguments.map { point in
                guard case .config(let value) = point.source, case .string(let text) = value.kind else { return "?" }
                return text
            }
        }
        #expect(definitions.map(written) == [["first", "second", "shortcut", "unindexed"], ["y", "x"]])
    }

    @Test func springCollections_nullAndLifecycle() throws {
        let container = try buildXML("""
            <beans>
                <description>ignored</description>
                <bean id="executor" class="ServiceExecutorImpl1"/>
                <bean id="bag" class="Bag" init-method="start" destroy-method="stop" lazy-init="true" primary="true">
                    <property name="names"><list><value>a</value><value>b</value></list></property>
                    <property name="limits"><map><entry key="x" value="1"/><entry key="y"><value>2</value></entry></map></property>
                    <property name="settings"><props><prop key="mode">fast</prop></props></property>
                    <property name="helpers"><list><ref bean="executor"/><bean class="ServiceExecutorImpl1"/></list></property>
                    <property name="nothing"><null/></property>
                </bean>
            </beans>
            """)
        let bag = try container.resolve(Bag.self)
        #expect(bag.names == ["a", "b"] && bag.limits == ["x": 1, "y": 2] && bag.settings == ["mode": "fast"])
        let executor = try container.resolve(ServiceExecutorImpl1.self, name: "executor")
        #expect(bag.helpers.count == 2 && bag.helpers[0] === executor)
        #expect(bag.nothing == nil && bag.order == ["start"])
        try container.shutdown()
        #expect(bag.order == ["start", "stop"])
    }

    @Test func check_leavesOutAUtilValueWithAProblem_soThatItsReferencesAreNotMissing() throws {
        let root = try directory(["app.xml": """
            <beans xmlns:util="http://www.springframework.org/schema/util">
                <util:list id="cities" list-class="java.util.LinkedList"><value>Oslo</value></util:list>
                <bean id="b" class="Bag"><property name="names" ref="cities"/></bean>
            </beans>
            """])
        defer { try? FileManager.default.removeItem(at: root) }
        let config = XMLLoader().check(contentsOf: root.appendingPathComponent("app.xml"))
        #expect(config.skipped == ["cities"])
        #expect(config.problems.count == 1)
    }

    @Test func check_goesOnPastProblems_andListsThemAll() throws {
        let root = try directory([
            "app.xml": """
                <beans>
                    <import resource="../outside.xml"/>
                    <bean id="a" class="Logger"><propery name="x" value="1"/></bean>
                    <bean id="b" class="Logger"/>
                    <alias name="nowhere" alias="c"/>
                    <bean id="d" class="Logger" lazy-init="maybe"/>
                </beans>
                """,
            "broken.xml": "<beans><bean id='x'></beans>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("app.xml")
        let path = url.standardizedFileURL.path
        let config = XMLLoader().check(contentsOf: url)
        #expect(config.definitions.map(\.name) == ["b", "c"])
        #expect(config.definitions.last?.aliasTarget == "nowhere", "a component defined elsewhere, or missing: the build says")
        #expect(config.skipped == ["a", "d"])
        #expect(config.problems.map(\.description) == [
            "Unknown element <propery> in <bean> at \(path):3. Did you mean <property>? Allowed: <constructor-arg>, <property>, <description>, <meta>, <qualifier>, <lookup-method>, <replaced-method>, <aop:scoped-proxy>.",
            "Bad value 'maybe' at \(path):6: expected true/false or yes/no.",
            "Import '../outside.xml' at \(path):2 is outside the config root \(root.standardizedFileURL.path). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.",
        ])
        let broken = XMLLoader().check(contentsOf: root.appendingPathComponent("broken.xml"))
        #expect(broken.definitions.isEmpty && broken.problems.count == 1)
        #expect(throws: XMLError.self) { try XMLLoader().load(contentsOf: url) }
    }

    @Test func aValuesText_isKeptAsWritten_asSpringKeepsIt() throws {
        let container = try buildXML("""
            <beans>
                <bean id="bag" class="Bag">
                    <property name="names"><list>
                        <value>
                            grüße, 東京 \u{00A0}</value>
                        <value>	 ü </value>
                        <value>plain</value>
                        <value>  </value>
                    </list></property>
                </bean>
            </beans>
            """)
        #expect(try container.resolve(Bag.self).names == ["\n                grüße, 東京 \u{00A0}", "\t ü ", "plain", "  "])
    }

    @Test func referencesInValuesAndText_areDecoded() throws {
        // libxml2 hands an escaped ampersand in an attribute on as "&#38;"; the reader decodes it.
        let container = try buildXML("""
            <beans>
                <bean id="bag" class="Bag">
                    <property name="names"><list>
                        <value>a &amp; b &lt;c&gt; &#233; &#38; <![CDATA[<raw> & more]]></value>
                    </list></property>
                </bean>
                <bean id="named" class="Bag">
                    <property name="nothing" value="x &amp; y, &#38;#38; &quot;q&quot; &apos;&#x41;&#65;&#233;&amp;"/>
                </bean>
            </beans>
            """)
        #expect(try container.resolve(Bag.self, name: "bag").names == ["a & b <c> é & <raw> & more"])
        #expect(try container.resolve(Bag.self, name: "named").nothing == "x & y, &#38; \"q\" 'AAé&")
    }

    @Test func springAliasesNamesParentsProfilesAndDependsOn() throws {
        let container = try buildXML("""
            <beans>
                <bean id="base" class="Bag" abstract="true" scope="singleton">
                    <property name="names"><list><value>base</value></list></property>
                </bean>
                <bean id="child" name="kid,junior" parent="base"/>
                <alias name="child" alias="offspring"/>
                <beans profile="test">
                    <bean id="testOnly" class="ExampleServiceImpl2"/>
                </beans>
                <beans profile="production">
                    <bean id="prodOnly" class="ExampleServiceImpl2"/>
                    <alias name="prodOnly" alias="prodAlias"/>
                </beans>
                <bean id="late" class="ServiceExecutorImpl1" depends-on="testOnly"/>
            </beans>
            """, profiles: ["test"])
        let child = try container.resolve(Bag.self, name: "child")
        #expect(child.names == ["base"])
        for alias in ["kid", "junior", "offspring"] { #expect(try container.resolve(Bag.self, name: alias) === child) }
        #expect(container.isRegistered(ExampleServiceImpl2.self, name: "testOnly") && !container.isRegistered(ExampleServiceImpl2.self, name: "prodOnly"))
        // An alias inside <beans profile> exists in that profile only, as the beans beside it do.
        #expect(!container.isRegistered(ExampleServiceImpl2.self, name: "prodAlias"))
        _ = try container.resolve(ServiceExecutorImpl1.self, name: "late")
    }

    @Test func importsAreRelativeAndStayInsideTheRoot() throws {
        let root = try directory([
            "app.xml": "<beans><import resource='parts/more.xml'/><bean id='a' class='ExampleServiceImpl2'/></beans>",
            "parts/more.xml": "<beans><bean id='b' class='ExampleServiceImpl2'/></beans>",
            "escape.xml": "<beans><import resource='../outside.xml'/></beans>",
            "loop.xml": "<beans><import resource='loop.xml'/></beans>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let builder = ContainerBuilder()
        builder.catalog = xmlCatalog()
        try builder.loadXML(contentsOf: root.appendingPathComponent("app.xml"))
        let container = try builder.build()
        #expect(container.isRegistered(ExampleServiceImpl2.self, name: "a") && container.isRegistered(ExampleServiceImpl2.self, name: "b"))
        let base = root.standardizedFileURL.path
        #expect(errorText { _ = try XMLLoader().load(contentsOf: root.appendingPathComponent("escape.xml")) }
            == "Import '../outside.xml' at \(base)/escape.xml:1 is outside the config root \(base). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.")
        #expect(errorText { _ = try XMLLoader().load(contentsOf: root.appendingPathComponent("loop.xml")) }
            == "Imports form a circle at \(base)/loop.xml:1: loop.xml -> loop.xml.")
    }

    @Test func importsThroughASymbolicLinkLeavingTheRoot_areRefused_andLinksInsideKeepWorking() throws {
        let root = try directory([
            "config/app.xml": "<beans><import resource='linked.xml'/></beans>",
            "config/mounted.xml": "<beans><import resource='current/more.xml'/></beans>",
            "config/data/more.xml": "<beans><bean id='b' class='ExampleServiceImpl2'/></beans>",
            "outside.xml": "<beans><bean id='evil' class='ExampleServiceImpl2'/></beans>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("config/linked.xml").path,
                                                   withDestinationPath: root.appendingPathComponent("outside.xml").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("config/current").path, withDestinationPath: "data")
        let config = root.appendingPathComponent("config").standardizedFileURL.path
        let outside = URL(fileURLWithPath: root.appendingPathComponent("outside.xml").path).resolvingSymlinksInPath().path
        #expect(errorText { _ = try XMLLoader().load(contentsOf: root.appendingPathComponent("config/app.xml")) }
            == "Import 'linked.xml' at \(config)/app.xml:1 leads outside the config root \(config) through a symbolic link (to \(outside)). Links inside the root must point inside it; copy the file into the root, or choose a root that contains it.")
        let mounted = try XMLLoader().load(contentsOf: root.appendingPathComponent("config/mounted.xml"))
        #expect(mounted.definitions.map(\.name) == ["b"])
    }

    @Test func importChainsAreBounded_andAbsoluteOrRemoteImportsRefused() throws {
        var files: [String: String] = [:]
        for level in 0...3 { files["chain\(level).xml"] = "<beans><import resource='chain\(level + 1).xml'/></beans>" }
        files["chain4.xml"] = "<beans/>"
        files["absolute.xml"] = "<beans><import resource='/etc/passwd'/></beans>"
        files["remote.xml"] = "<beans><import resource='http://127.0.0.1:9/beans.xml'/></beans>"
        let root = try directory(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let base = root.standardizedFileURL.path
        var loader = XMLLoader()
        loader.limits.maxImportDepth = 3
        #expect(errorText { _ = try loader.load(contentsOf: root.appendingPathComponent("chain0.xml")) }
            == "XML limit exceeded at \(base)/chain3.xml:1: the import depth (maxImportDepth 3) is 4. Raise XMLLimits if the file is meant to be this large.")
        loader.limits.maxImportDepth = 4
        _ = try loader.load(contentsOf: root.appendingPathComponent("chain0.xml"))
        #expect(errorText { _ = try XMLLoader().load(contentsOf: root.appendingPathComponent("absolute.xml")) }
            == "Import '/etc/passwd' at \(base)/absolute.xml:1 is outside the config root \(base). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.")
        #expect(errorText { _ = try XMLLoader().load(contentsOf: root.appendingPathComponent("remote.xml")) }
            == "Import 'http://127.0.0.1:9/beans.xml' at \(base)/remote.xml:1 is outside the config root \(base). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.")
    }

    @Test func selectorsMapToSwiftSignatures() {
        #expect(SelectorMapping.swiftSignature("initWithQuest:") == "init(quest:)")
        #expect(SelectorMapping.swiftSignature("initWithName:bundle:") == "init(name:bundle:)")
        #expect(SelectorMapping.swiftSignature("URLWithString:") == "URL(string:)")
        #expect(SelectorMapping.swiftSignature("swordWithSpecification:") == "sword(specification:)")
        #expect(SelectorMapping.swiftSignature("init") == "init()")
        #expect(SelectorMapping.swiftSignature("setName:") == "setName(_:)")
        #expect(SelectorMapping.swiftSignature("init(quest:)") == "init(quest:)")
        #expect(SelectorMapping.swiftSignature("bad selector") == nil)
    }

    @Test func beanWhoseParentIsRegisteredInCode_givesItsConstructorArgumentsByIndex() throws {
        let builder = ContainerBuilder()
        builder.register(instance: XMLQuest(name: "grail")).named("grail")
        builder.register(instance: XMLQuest(name: "dragon")).named("dragon")
        builder.register(XMLKnight.init).named("knight").arguments(.named("grail"))
        try builder.loadXML("""
            <beans>
              <bean id="slayer" parent="knight"><constructor-arg index="0" ref="dragon"/></bean>
              <bean id="pilgrim" parent="knight"/>
            </beans>
            """, name: "beans.xml")
        let container = try builder.build()
        #expect(try container.resolve(XMLKnight.self, name: "slayer").quest.name == "dragon")
        #expect(try container.resolve(XMLKnight.self, name: "pilgrim").quest.name == "grail")
    }
}

@Suite("XML: errors")
struct XMLErrorTests {
    @Test func malformed() {
        #expect(loadError("<beans><bean id='a'></beans>") == "Malformed XML at beans.xml:1:29: Premature end of data in tag beans line 1.")
    }

    @Test func unknownRootElementAndAttribute() {
        #expect(loadError("<objects/>") == "Unknown root element <objects> at beans.xml:1. Use <beans> (Spring), <assembly> (spring-objective-c) or <container> (OxIC).")
        #expect(loadError("<beans><bean id='a' clas='X'/></beans>")
            == "Unknown attribute 'clas' on <bean> at beans.xml:1. Did you mean 'class'? Allowed: id, name, class, scope, lazy-init, init-method, destroy-method, depends-on, primary, parent, abstract, factory-bean, factory-method, autowire, autowire-candidate.")
        #expect(loadError("<beans><bena id='a'/></beans>")
            == "Unknown element <bena> in <beans> at beans.xml:1. Did you mean <bean>? Allowed: <bean>, <alias>, <import>, <beans>, <description>, <context:property-placeholder>, <util:list>, <util:set>, <util:map>, <util:properties>, <util:constant>.")
    }

    @Test func missingAttributeAndBadValues() {
        #expect(loadError("<assembly><component key='a'/></assembly>") == "<component> at beans.xml:1 needs the attribute 'class'.")
        #expect(loadError("<beans><bean id='a' class='X' lazy-init='sometimes'/></beans>")
            == "Bad value 'sometimes' at beans.xml:1: expected true/false or yes/no.")
        #expect(loadError("<assembly><component class='X'><initializer selector='bad selector'/></component></assembly>")
            == "Selector 'bad selector' at beans.xml:1 does not map to a Swift signature. Write the Swift signature (init(quest:)) or an Objective-C selector (initWithQuest:).")
    }

    @Test func aValueIsGivenExactlyOnce() {
        #expect(loadError("<beans><bean id='a' class='Bag'>\n<property name='names' ref='x' value='y'/></bean></beans>")
            == "<property> at beans.xml:2 has 'ref' and 'value'; give it exactly one: 'ref', 'value' or one value element.")
        #expect(loadError("<beans><bean id='a' class='Bag'><property name='names' value='y'><list/></property></bean></beans>")
            == "<property> at beans.xml:1 has 'value' and <list>; give it exactly one: 'ref', 'value' or one value element.")
        #expect(loadError("<beans><bean id='a' class='Bag'><constructor-arg><description>d</description></constructor-arg></bean></beans>")
            == "<constructor-arg> at beans.xml:1 has no value; give it exactly one: 'ref', 'value' or one value element.")
        #expect(loadError("<beans><bean id='a' class='Bag'><property name='limits'><map><entry key='k' value='1' value-ref='b'><value>2</value></entry></map></property></bean></beans>")
            == "<entry> at beans.xml:1 has 'value-ref', 'value' and <value>; give it exactly one: 'value-ref', 'ref', 'value' or one value element.")
        #expect(loadError("<assembly><component class='Bag'><property name='names'/></component></assembly>")
            == "<property> at beans.xml:1 has no value; give it exactly one: 'ref' or 'value'.")
        #expect(loadError("<container><object id='a' class='Bag'><property name='names' ref='b' value='c'/></object></container>")
            == "<property> at beans.xml:1 has 'ref' and 'value'; give it exactly one: 'ref' or 'value'.")
    }

    @Test func whatABeanGivesOnce_isRefusedTwice() {
        #expect(loadError("<beans><bean id='a' class='Bag'>\n<constructor-arg index='0' value='x'/>\n<constructor-arg index='0' value='y'/></bean></beans>")
            == "The constructor-arg index 0 at beans.xml:3 is given twice; it was first given at beans.xml:2. Keep one.")
        #expect(loadError("<beans><bean id='a' class='Bag'>\n<constructor-arg name='x' value='x'/>\n<constructor-arg name='x' value='y'/></bean></beans>")
            == "The constructor-arg 'x' at beans.xml:3 is given twice; it was first given at beans.xml:2. Keep one.")
        // A property set twice is the core's to report, for every front end.
        #expect(errorText { _ = try buildXML("<beans><bean id='a' class='Bag'>\n<property name='names' value='x'/>\n<property name='names'><list/></property></bean></beans>") }
            == """
            Container validation failed with 1 problem:
            1. Invalid definition of "a" (Bag) at beans.xml:3: property 'names' is set twice, here and at beans.xml:2. Keep one.
            """)
        #expect(errorText { _ = try buildXML("<assembly><component class='Bag'>\n<property name='names' value='x'/>\n<property name='names' value='y'/></component></assembly>") }
            == """
            Container validation failed with 1 problem:
            1. Invalid definition of Bag at beans.xml:3: property 'names' is set twice, here and at beans.xml:2. Keep one.
            """)
        #expect(errorText { _ = try buildXML("<container><object id='a' class='Bag'>\n<property name='names' value='x'/>\n<property name='names' value='y'/></object></container>") }
            == """
            Container validation failed with 1 problem:
            1. Invalid definition of "a" (Bag) at beans.xml:3: property 'names' is set twice, here and at beans.xml:2. Keep one.
            """)
        #expect(loadError("<beans><bean id='a' class='Bag'><property name='limits'><map>\n<entry key='x' value='1'/>\n<entry key='x' value='2'/></map></property></bean></beans>")
            == "The map key 'x' at beans.xml:3 is given twice; it was first given at beans.xml:2. Keep one.")
    }

    @Test func springShortcutNamespaces_setPropertiesAndArguments() throws {
        let container = try buildXML("""
            <beans xmlns:p="http://www.springframework.org/schema/p" xmlns:ctor="http://www.springframework.org/schema/c">
                <bean id="executor" class="ServiceExecutorImpl1" p:service-ref="service"/>
                <bean id="service" class="ExampleServiceImpl2"/>
                <bean id="bag" class="Bag" p:nothing="${missing:placeholders work}"/>
                <bean id="byLabel" class="Endpoint" ctor:host="example.com" ctor:port="8080" ctor:executor-ref="executor"/>
                <bean id="byIndex" class="Endpoint" ctor:_2-ref="executor" ctor:_0="example.org" ctor:_1="443"/>
            </beans>
            """)
        let executor = try container.resolve(ServiceExecutorImpl1.self, name: "executor")
        #expect(try executor.service === container.resolve(ExampleServiceImpl2.self, name: "service"))
        #expect(try container.resolve(Bag.self, name: "bag").nothing == "placeholders work")
        let byLabel = try container.resolve(Endpoint.self, name: "byLabel")
        #expect(byLabel.host == "example.com" && byLabel.port == 8080 && byLabel.executor === executor)
        let byIndex = try container.resolve(Endpoint.self, name: "byIndex")
        #expect(byIndex.host == "example.org" && byIndex.port == 443 && byIndex.executor === executor)
    }

    @Test func springShortcutNamespaces_errors() throws {
        let namespaces = "xmlns:p='http://www.springframework.org/schema/p' xmlns:c='http://www.springframework.org/schema/c'"
        #expect(errorText { _ = try buildXML("<beans \(namespaces)><bean id='a' class='Bag' p:names='x'>\n<property name='names' value='y'/></bean></beans>") }
            == """
            Container validation failed with 1 problem:
            1. Invalid definition of "a" (Bag) at beans.xml:1: property 'names' is set twice, here and at beans.xml:2. Keep one.
            """)
        #expect(loadError("<beans \(namespaces)><bean id='a' class='Bag' c:_0='x' c:_0-ref='y'/></beans>")
            == "The constructor-arg index 0 at beans.xml:1 is given twice; it was first given at beans.xml:1. Keep one.")
        #expect(loadError("<beans \(namespaces)><bean id='a' class='Bag' c:_x='1'/></beans>")
            == "Bad value 'c:_x' at beans.xml:1: c:_N takes an argument index, a whole number from 0.")
        // An attribute of a namespace that is not Spring's is passed over, as Spring passes it
        // over (the schema's anyAttribute ##other); one of Spring's own is refused by name.
        #expect(loadError("<beans xmlns:q='urn:other'><bean id='a' class='Bag' q:names='x'/></beans>") == "no error")
        #expect(try XMLLoader().load(string: "<beans xmlns:q='urn:other' q:made='1'><bean id='a' class='Bag' q:names='x'/></beans>").definitions.first?.properties.isEmpty == true)
        #expect(loadError("<beans xmlns:aop='http://www.springframework.org/schema/aop'><bean id='a' class='Bag' aop:proxy='x'/></beans>")
            == "the attribute 'aop:proxy' at beans.xml:1 has no Swift meaning: an attribute of another namespace decorates the bean through a Java namespace handler; set what it stands for with <property> or <constructor-arg>.")
        // xsi: attributes are for editors and stay ignored, whether xsi is bound to http:// or https://.
        #expect(loadError("<beans xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance' xsi:schemaLocation='x y'><bean id='a' class='Bag'/></beans>") == "no error")
        #expect(loadError("<beans xmlns:xsi='https://www.w3.org/2001/XMLSchema-instance' xsi:schemaLocation='x y'><bean id='a' class='Bag' xsi:type='Bag'/></beans>") == "no error")
    }

    @Test func seedRootsTakeNoAttributes() {
        #expect(loadError("<assembly default-scope='prototype'/>")
            == "Unknown attribute 'default-scope' on <assembly> at beans.xml:1. It takes no attributes.")
        #expect(loadError("<contanier lazy='true'/>") == "Unknown attribute 'lazy' on <contanier> at beans.xml:1. It takes no attributes.")
    }

    @Test func unknownTypeAndInitializer_comeFromTheCatalogAtTheXMLLine() {
        #expect(errorText { _ = try buildXML("<beans>\n<bean id='a' class='ExampleService'/>\n</beans>") }
            == """
            Container validation failed with 1 problem:
            1. Unknown type "ExampleService" for "a" (ExampleService) at beans.xml:2: it is not in the type catalog. Add it with catalog.add(ExampleService.self) (or @Component), or correct the name.
            """)
        #expect(errorText { _ = try buildXML("<assembly>\n<component key='a' class='Bag'><initializer selector='initWithName:'><argument value='x'/></initializer></component>\n</assembly>") }
            == """
            Container validation failed with 1 problem:
            1. Bag has no initializer init(name:) (for "a" (Bag) at beans.xml:2). It has: init().
            """)
    }
}

@Suite("XML: untrusted input")
struct XMLSecurityTests {
    @Test func beansWithThousandsOfArguments_findTheFirstRepeat() {
        // Past 16 arguments the places are kept by index and label, not searched for each.
        for count in [10, 40, 5_000] {
            let given = (0..<count).map { "<constructor-arg index='\($0)' value='x'/>" }.joined(separator: "\n")
            #expect(loadError("<beans><bean id='a' class='Bag'>\n\(given)\n<constructor-arg index='3' value='y'/></bean></beans>")
                == "The constructor-arg index 3 at beans.xml:\(count + 2) is given twice; it was first given at beans.xml:5. Keep one.")
            let named = (0..<count).map { "<constructor-arg name='a\($0)' value='x'/>" }.joined(separator: "\n")
            #expect(loadError("<beans><bean id='a' class='Bag'>\n\(named)\n<constructor-arg name='a7' value='y'/></bean></beans>")
                == "The constructor-arg 'a7' at beans.xml:\(count + 2) is given twice; it was first given at beans.xml:9. Keep one.")
        }
    }

    @Test func aliasesOfAliases_inAnyOrder_reachTheirBean() throws {
        // Listed last first: each waits for the one it names, and is placed when that one is.
        let aliases = (1..<3_000).reversed().map { "<alias name='a\($0 - 1)' alias='a\($0)'/>" }.joined()
        let container = try buildXML("<beans><bean id='a0' class='Bag'/>\(aliases)</beans>")
        #expect(try container.resolve(Bag.self, name: "a2999") === container.resolve(Bag.self, name: "a0"))
        #expect(errorText { _ = try buildXML("<beans><bean id='a0' class='Bag'/>\(aliases)\n<alias name='missing' alias='lost'/></beans>") } == """
            Container validation failed with 1 problem:
            1. Alias "lost" at beans.xml:2 names "missing", which no definition has.
            """)
    }

    static let declarationRefused = "The document at beans.xml:1 declares markup in its <!DOCTYPE> (an entity, element, attribute or notation); config files may not (declarations can load external files and expand entities). Remove the declarations: a <!DOCTYPE> with only a public or system id is accepted, and never loaded."

    @Test func externalEntityToALocalFile_isRefused_andItsContentNeverAppears() throws {
        let root = try directory(["secret.txt": "TOP-SECRET-CONTENT"])
        defer { try? FileManager.default.removeItem(at: root) }
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE beans [ <!ENTITY xxe SYSTEM "file://\(root.path)/secret.txt"> ]>
            <beans><bean id="a" class="Bag"><property name="names"><list><value>&xxe;</value></list></property></bean></beans>
            """
        let text = loadError(xml)
        #expect(text == Self.declarationRefused.replacingOccurrences(of: "beans.xml:1", with: "beans.xml:2"))
        #expect(!text.contains("TOP-SECRET"))
    }

    @Test func doctypeWithOnlyAnId_isAccepted_andNeverLoaded() throws {
        // The Spring 2.x header, and a system id naming a local DTD that would define &leak;
        // and a default attribute if it were read: it is not.
        let root = try directory(["leak.dtd": "<!ENTITY leak 'FROM-THE-DTD'><!ATTLIST bean primary CDATA 'true'>"])
        defer { try? FileManager.default.removeItem(at: root) }
        let spring = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE beans PUBLIC "-//SPRING//DTD BEAN//EN" "http://www.springframework.org/dtd/spring-beans.dtd">
            <beans><bean id="a" class="Bag"/></beans>
            """
        let config = try XMLLoader().load(string: spring, name: "beans.xml")
        #expect(config.definitions.map(\.name) == ["a"])
        let local = "<?xml version='1.0'?><!DOCTYPE beans SYSTEM 'file://\(root.path)/leak.dtd'><beans><bean id='a' class='Bag'/></beans>"
        #expect(try XMLLoader().load(string: local, name: "beans.xml").definitions[0].isPrimary == false, "the DTD's default attribute is not applied")
        let reference = "<?xml version='1.0'?><!DOCTYPE beans SYSTEM 'file://\(root.path)/leak.dtd'><beans><bean id='a' class='Bag'><property name='x' value='v'><value>&leak;</value></property></bean></beans>"
        #expect(loadError(reference) == "Malformed XML at beans.xml:1: the entity reference &leak; cannot be resolved: no DTD is read, so only XML's five predefined entities and character references (&#38;) are understood.")
    }

    @Test func doctypeWithARemoteSystemId_isAccepted() {
        // That such a DTD is never read is shown with a local one, in doctypeWithOnlyAnId_isAccepted_andNeverLoaded.
        let xml = "<?xml version='1.0'?><!DOCTYPE beans SYSTEM 'http://127.0.0.1:9/evil.dtd'><beans/>"
        #expect(loadError(xml) == "no error")
    }

    @Test func billionLaughs_isRefused() {
        var entities = "<!ENTITY lol0 'lol'>"
        for level in 1...9 { entities += "<!ENTITY lol\(level) '" + String(repeating: "&lol\(level - 1);", count: 10) + "'>" }
        let xml = "<?xml version='1.0'?><!DOCTYPE beans [\(entities)]><beans><bean id='a' class='Bag'><property name='names'><list><value>&lol9;</value></list></property></bean></beans>"
        // The parser stops at the first entity declaration, before any is used.
        #expect(loadError(xml) == Self.declarationRefused)
    }

    @Test func quadraticBlowup_isRefused() {
        let big = String(repeating: "a", count: 100_000)
        let references = String(repeating: "&big;", count: 10_000)
        let xml = "<?xml version='1.0'?><!DOCTYPE beans [<!ENTITY big '\(big)'>]><beans><bean id='a' class='Bag'><property name='names'><list><value>\(references)</value></list></property></bean></beans>"
        #expect(loadError(xml) == Self.declarationRefused)
    }

    @Test func undecodableBytes_failCleanly_andPrintNothing() throws {
        // Declared UTF-32, then bytes that are not: libxml2's converter would print
        // "encoding error : input conversion failed" on stderr by itself.
        let bytes = Array("<?xml version='1.0' encoding='UTF-32'?>".utf8) + [0x05, 0, 0, 0, 0x3c, 0, 0, 0, 0, 0, 0, 0x3c, 0xff, 0xff, 0xff, 0xff]
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let saved = dup(STDERR_FILENO)
        let file = open(log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(saved >= 0 && file >= 0)
        dup2(file, STDERR_FILENO)
        let text = errorText { _ = try XMLLoader().load(string: String(decoding: bytes, as: UTF8.self), name: "beans.xml") }
        let url = log.deletingLastPathComponent().appendingPathComponent("ioc-utf32-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: url) }
        let direct = errorText {
            try Data(bytes).write(to: url)
            _ = try XMLLoader().load(contentsOf: url)
        }
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        close(file)
        let printed = try String(contentsOf: log, encoding: .utf8)
        #expect(text == "Malformed XML at beans.xml:1:38: Start tag expected, '<' not found.")
        #expect(direct == "Malformed XML at \(url.standardizedFileURL.path):1:38: Start tag expected, '<' not found.")
        #expect(!printed.contains("encoding error") && !printed.contains("I/O error"), "\(printed)")
    }

    @Test func deepNesting_isBounded() {
        let deep = "<beans>" + String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000) + "</beans>"
        // The limit stops the parser as it reads the element one level too deep.
        #expect(loadError(deep)
            == "XML limit exceeded at beans.xml:1: the nesting depth (maxDepth 64) is 65. Raise XMLLimits if the file is meant to be this large.")
        // A limit above libxml2's own (256 levels): libxml2 stops first, and says so.
        var limits = XMLLimits()
        limits.maxDepth = 1_000
        #expect(loadError(deep, limits: limits)
            == "XML limit exceeded at beans.xml:1:776: the nesting depth (maxDepth 1000) is more than 256, where libxml2 stops. Config files need a few levels; flatten the document.")
    }

    @Test func sizesAreBounded() {
        var limits = XMLLimits()
        limits.maxValueBytes = 8
        #expect(loadError("<beans><bean id='0123456789' class='Bag'/></beans>", limits: limits)
            == "XML limit exceeded at beans.xml:1: an attribute's length (maxValueBytes 8) is 10. Raise XMLLimits if the file is meant to be this large.")
        limits = XMLLimits()
        limits.maxDocumentBytes = 10
        #expect(loadError("<beans></beans>", limits: limits)
            == "XML limit exceeded at beans.xml:1: the document size (maxDocumentBytes 10) is 15. Raise XMLLimits if the file is meant to be this large.")
        limits = XMLLimits()
        limits.maxDepth = 3
        #expect(loadError("<beans><bean id='a' class='Bag'><property name='names'><list/></property></bean></beans>", limits: limits)
            == "XML limit exceeded at beans.xml:1: the nesting depth (maxDepth 3) is 4. Raise XMLLimits if the file is meant to be this large.")
    }
}

@Suite("XML: Spring's vocabulary")
struct SpringVocabularyTests {
    @Test func headers_defaults_andBeanOptions_ofRealFiles_areUnderstood() throws {
        let container = try buildXML("""
            <?xml version="1.0" encoding="UTF-8"?>
            <beans xmlns="http://www.springframework.org/schema/beans"
                   xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                   xmlns:context="http://www.springframework.org/schema/context"
                   xsi:schemaLocation="http://www.springframework.org/schema/beans http://www.springframework.org/schema/beans/spring-beans.xsd"
                   default-lazy-init="true" default-init-method="start" default-destroy-method="stop" default-autowire="constructor">
              <bean id="bag" class="Bag">
                <meta key="owner" value="team-a"/>
                <qualifier value="main"/>
              </bean>
              <bean id="hidden" class="ExampleServiceImpl2" autowire-candidate="false"/>
              <bean id="seen" class="ExampleServiceImpl2" init-method=""/>
              <bean id="executor" class="ServiceExecutorImpl1" autowire="no"/>
            </beans>
            """)
        let bag = try container.resolve(Bag.self, name: "main")
        #expect(bag.order == ["start"], "default-init-method, and the qualifier is a name")
        let definition = container.definitions.first { $0.name == "bag" }
        #expect(definition?.isLazy == true && definition?.metadata == ["owner": "team-a"])
        // Only "seen" stands for its type: "hidden" is no autowire candidate.
        _ = try container.resolve(ExampleServiceImpl2.self)
        #expect(container.definitions.first { $0.name == "executor" }?.autowires == false)
    }

    @Test func lookupMethod_isAProviderProperty_andReplacedMethodIsRefused() throws {
        final class Command: @unchecked Sendable { init() {} }
        final class Manager: @unchecked Sendable {
            static let fixed = Command()
            var createCommand = Provider { Manager.fixed }
            init() {}
        }
        let catalog = TypeCatalog()
        catalog.add(Command.self) { $0.initializer("init()") { Command() } }
        catalog.add(Manager.self) { manager in
            manager.initializer("init()") { Manager() }
            manager.property("createCommand", \.createCommand)
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        try builder.loadXML("""
            <beans>
              <bean id="command" class="Command" scope="prototype"/>
              <bean id="manager" class="Manager"><lookup-method name="createCommand" bean="command"/></bean>
            </beans>
            """, name: "beans.xml")
        let manager = try builder.build().resolve(Manager.self)
        #expect(try manager.createCommand.get() !== manager.createCommand.get(), "the container's provider makes a new prototype per call")
        #expect(loadError("<beans><bean id='m' class='Bag'><replaced-method name='compute' replacer='r'/></bean></beans>")
            == "<replaced-method> at beans.xml:1 has no Swift meaning: it replaces a method's body at run time through a generated Java subclass, which Swift types cannot have; implement the method in the type, or decorate the component.")
    }

    @Test func javaOnlyNamespaces_areRefusedByName_withTheSwiftWay() {
        #expect(loadError("""
            <beans xmlns="http://www.springframework.org/schema/beans" xmlns:aop="http://www.springframework.org/schema/aop">
              <aop:config/>
            </beans>
            """) == "<aop:config> (the aop namespace) at beans.xml:2 has no Swift meaning: aspects are woven into Java classes; in Swift, wrap a component with a decorator (decorates, or .decorate { }) or an InstancePostProcessor.")
        #expect(loadError("""
            <beans xmlns="http://www.springframework.org/schema/beans" xmlns:ctx="http://www.springframework.org/schema/context">
              <ctx:component-scan base-package="com.example"/>
            </beans>
            """) == "<context:component-scan> at beans.xml:2 has no Swift meaning: it finds Java classes on the classpath; in Swift, annotate types with @Component and register them (Type.register(into: builder)), or list them in a catalog.")
        #expect(loadError("""
            <beans xmlns="http://www.springframework.org/schema/beans">
              <broker xmlns="http://activemq.apache.org/schema/core" brokerName="localhost"/>
            </beans>
            """) == "<broker> of the namespace http://activemq.apache.org/schema/core at beans.xml:2 has no Swift meaning: its schema configures a Java library; describe the Swift components it stands for as beans.")
        #expect(loadError("<beans><bean id='a' class='Bag' autowire='autodetect'/></beans>")
            == "autowire=\"autodetect\" at beans.xml:1 has no Swift meaning: Spring 3 removed it (it chose constructor or byType by whether the class has a no-argument constructor): say which with autowire=\"constructor\" or \"byType\".")
    }

    @Test func autowireByNameAndByType_setTheMatchingComponentProperties_andLeaveTheRest() throws {
        final class Mailer: @unchecked Sendable { let name: String; init(name: String) { self.name = name } }
        final class Audit: @unchecked Sendable { init() {} }
        final class Signup: @unchecked Sendable {
            var mailer: Mailer?
            var audit: Audit?
            var title = "kept"
            var archive: Mailer?
            init() {}
        }
        func container(_ beans: String) throws -> Container {
            let catalog = TypeCatalog()
            catalog.add(Mailer.self) { $0.initializer("init(name:)") { (name: String) in Mailer(name: name) } }
            catalog.add(Audit.self) { $0.initializer("init()") { Audit() } }
            catalog.add(Signup.self) { type in
                type.initializer("init()") { Signup() }
                type.property("mailer", \.mailer)
                type.property("audit", \.audit)
                type.property("title", \.title)
                type.property("archive", \.archive)
            }
            let builder = ContainerBuilder()
            builder.catalog = catalog
            try builder.loadXML(beans, name: "beans.xml")
            return try builder.build()
        }
        let byName = try container("""
            <beans default-autowire="byName">
              <bean id="mailer" class="Mailer"><constructor-arg value="smtp"/></bean>
              <bean id="signup" class="Signup"><property name="archive" ref="mailer"/></bean>
            </beans>
            """).resolve(Signup.self)
        #expect(byName.mailer?.name == "smtp" && byName.audit == nil && byName.title == "kept" && byName.archive === byName.mailer)
        let byType = try container("""
            <beans>
              <bean id="smtp" class="Mailer"><constructor-arg value="smtp"/></bean>
              <bean id="log" class="Audit"/>
              <bean id="signup" class="Signup" autowire="byType"/>
            </beans>
            """).resolve(Signup.self)
        #expect(byType.mailer?.name == "smtp" && byType.archive === byType.mailer && byType.audit != nil && byType.title == "kept")
        let ambiguous = errorText {
            _ = try container("""
                <beans>
                  <bean id="smtp" class="Mailer"><constructor-arg value="smtp"/></bean>
                  <bean id="lmtp" class="Mailer"><constructor-arg value="lmtp"/></bean>
                  <bean id="signup" class="Signup" autowire="byType"/>
                </beans>
                """)
        }
        #expect(ambiguous == """
            Container validation failed with 2 problems:
            1. 2 components match type Mailer: "smtp" (Mailer) at beans.xml:2, "lmtp" (Mailer) at beans.xml:3; required by "signup" (Signup), property 'mailer', at beans.xml:4. Mark one as primary, or inject one by name.
            2. 2 components match type Mailer: "smtp" (Mailer) at beans.xml:2, "lmtp" (Mailer) at beans.xml:3; required by "signup" (Signup), property 'archive', at beans.xml:4. Mark one as primary, or inject one by name.
            """)
    }

    @Test func propertyPlaceholder_readsAPropertiesFileInsideTheRoot() throws {
        let root = try directory([
            "config/beans.xml": """
                <beans xmlns:context="http://www.springframework.org/schema/context">
                  <context:property-placeholder location="classpath:app.properties, optional.properties" ignore-resource-not-found="true"/>
                  <bean id="bag" class="Bag"><property name="names"><list><value>${greeting}</value></list></property></bean>
                </beans>
                """,
            "config/app.properties": "greeting=hello\n",
            "config/escape.xml": "<beans xmlns:context='http://www.springframework.org/schema/context'><context:property-placeholder location='../secret.properties'/></beans>",
            "secret.properties": "password=hunter2\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let builder = ContainerBuilder()
        builder.catalog = xmlCatalog()
        try builder.loadXML(contentsOf: root.appendingPathComponent("config/beans.xml"))
        #expect(try builder.build().resolve(Bag.self).names == ["hello"])
        let config = root.appendingPathComponent("config").standardizedFileURL.path
        #expect(errorText { _ = try XMLLoader().load(contentsOf: root.appendingPathComponent("config/escape.xml")) }
            == "Import '../secret.properties' at \(config)/escape.xml:1 is outside the config root \(config). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.")
    }

    @Test func propertyPlaceholderFiles_areHeldToTheDocumentLimit_andMustBeRegularFiles() throws {
        func beans(_ file: String) -> String {
            "<beans xmlns:context='http://www.springframework.org/schema/context'><context:property-placeholder location='\(file)'/></beans>"
        }
        let root = try directory(["big.xml": beans("big.properties"), "pipe.xml": beans("events.properties"),
                                  "big.properties": String(repeating: "k=v\n", count: 100)])
        defer { try? FileManager.default.removeItem(at: root) }
        let base = root.standardizedFileURL.path
        #expect(mkfifo(root.appendingPathComponent("events.properties").path, 0o600) == 0)
        var limits = XMLLimits()
        limits.maxDocumentBytes = 399
        #expect(errorText { _ = try XMLLoader(limits: limits).load(contentsOf: root.appendingPathComponent("big.xml")) }
            == "XML limit exceeded at \(base)/big.properties:1: the document size (maxDocumentBytes 399) is 400. Raise XMLLimits if the file is meant to be this large.")
        #expect(errorText { _ = try XMLLoader().load(contentsOf: root.appendingPathComponent("pipe.xml")) }
            == "Cannot read '\(base)/events.properties' (imported at \(base)/pipe.xml:1): it is not a regular file (a pipe, socket or device); a config file must be one.")
        limits.maxDocumentBytes = 400
        let config = try XMLLoader(limits: limits).load(contentsOf: root.appendingPathComponent("big.xml"))
        #expect(config.propertySources.map { $0.value(for: "k")?.description } == ["\"v\""])
    }

    @Test func textWithARoot_readsImportsAndPropertyFiles_asAFileDoes() throws {
        let root = try directory([
            "parts/more.xml": "<beans><bean id='b' class='ExampleServiceImpl2'/></beans>",
            "app.properties": "greeting=hello\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let text = """
            <beans xmlns:context="http://www.springframework.org/schema/context">
              <import resource="parts/more.xml"/>
              <context:property-placeholder location="app.properties"/>
              <bean id="a" class="ExampleServiceImpl2"/>
            </beans>
            """
        let config = try XMLLoader().load(string: text, name: "embedded.xml", root: root)
        #expect(config.definitions.map(\.name) == ["b", "a"])
        #expect(config.files == ["embedded.xml", root.appendingPathComponent("parts/more.xml").standardizedFileURL.path])
        #expect(config.propertySources.map { $0.value(for: "greeting")?.description } == ["\"hello\""])
        // Without a root, text names no other file: the same refusal as YAML's.
        #expect(errorText { _ = try XMLLoader().load(string: text, name: "embedded.xml") }
            == "Import 'parts/more.xml' at embedded.xml:2 is outside the config root (none: XML given as text has no config root). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.")
    }

    @Test func propertyFiles_ofTheImportingFile_win_thenThoseOfTheLaterImport() throws {
        func placeholder(_ file: String) -> String {
            "<context:property-placeholder xmlns:context='http://www.springframework.org/schema/context' location='\(file)'/>"
        }
        let root = try directory([
            "app.xml": "<beans><import resource='first.xml'/><import resource='second.xml'/>\(placeholder("app.properties"))</beans>",
            "first.xml": "<beans>\(placeholder("first.properties"))</beans>",
            "second.xml": "<beans>\(placeholder("second.properties"))</beans>",
            "app.properties": "mine=app\n",
            "first.properties": "mine=first\nshared=first\nonly=first\n",
            "second.properties": "mine=second\nshared=second\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let config = try XMLLoader().load(contentsOf: root.appendingPathComponent("app.xml"))
        func value(_ key: String) -> String? { config.propertySources.lazy.compactMap { $0.value(for: key) }.first?.description }
        #expect(value("mine") == "\"app\"")
        #expect(value("shared") == "\"second\"")
        #expect(value("only") == "\"first\"")
    }
}

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
