import Foundation
import IoCCore
import IoCXML
import Testing

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
        // libxml2's first error (its last, "Start tag expected, '<' not found", came after it).
        #expect(text == "Malformed XML at beans.xml:1:38: Blank needed here.")
        #expect(direct == "Malformed XML at \(url.standardizedFileURL.path):1:38: Blank needed here.")
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
        let bag = try container.resolve(Bag.self, name: "bag")
        #expect(bag.order == ["start"], "default-init-method")
        let definition = container.definitions.first { $0.name == "bag" }
        #expect(definition?.isLazy == true && definition?.metadata == ["owner": "team-a"])
        #expect(definition?.qualifiers == ["main"] && definition?.aliases == [], "a qualifier is matching metadata, not a name")
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
