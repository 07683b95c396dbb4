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
        #expect(throws: ConfigError.self) { try XMLLoader().load(contentsOf: url) }
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
    @Test func anError_hasAKindAFormatAndAPlace() throws {
        func configError(_ xml: String) -> ConfigError? {
            do { _ = try XMLLoader().load(string: xml, name: "beans.xml"); return nil } catch { return error }
        }
        let element = try #require(configError("<beans><bena id='a'/></beans>"))
        #expect(element.kind == .unknownElement && element.format == .xml)
        #expect(element.location == ConfigLocation(file: "beans.xml", line: 1))
        #expect(configError("<beans><bean id='a' clas='X'/></beans>")?.kind == .unknownAttribute)
        #expect(configError("<beans><bean id='a'></beans>")?.kind == .syntax)
        // A problem both front ends meet has one kind in both: a value given twice.
        let twice = try #require(configError("<beans><bean id='a' class='X'><constructor-arg index='0' value='1'/><constructor-arg index='0' value='2'/></bean></beans>"))
        #expect(twice.kind == .conflict && twice.description.hasSuffix("is given twice; it was first given at beans.xml:1. Keep one."))
    }

    @Test func malformed() {
        // libxml2's first error, where the document went wrong; not its last ("Premature end of data").
        #expect(loadError("<beans><bean id='a'></beans>") == "Malformed XML at beans.xml:1:29: Opening and ending tag mismatch: bean line 1 and beans.")
        #expect(loadError("<beans>\n  <bean id='a'>\n  </beens>\n  <bean id='b'/>\n</beans>\n")
            == "Malformed XML at beans.xml:3:11: Opening and ending tag mismatch: bean line 2 and beens.")
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
