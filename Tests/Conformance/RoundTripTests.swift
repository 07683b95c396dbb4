import Foundation
import IoCConfig
import IoCCore
import IoCXML
import IoCYAML
import Testing

/// `ioc convert`'s writers on every conformance assembly: converted to the other format and
/// back, each text builds the same canonical graph as the original.
@Suite("Conformance: converting between YAML and XML")
struct RoundTripTests {
    private func definitions(_ name: String, _ format: String) throws -> [Definition] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: format, subdirectory: "Expected"))
        return format == "yaml" ? try YAMLLoader().load(contentsOf: url).definitions : try XMLLoader().load(contentsOf: url).definitions
    }

    private func canonical(_ definitions: [Definition]) throws -> String {
        let builder = knightsBuilder()
        builder.add(contentsOf: definitions)
        return try builder.build().canonicalDescription
    }

    private func yaml(_ definitions: [Definition]) throws -> [Definition] {
        try YAMLLoader().load(string: try YAMLWriter.string(from: definitions), name: "converted.yaml").definitions
    }

    private func xml(_ definitions: [Definition]) throws -> [Definition] {
        try XMLLoader().load(string: try XMLWriter.string(from: definitions), name: "converted.xml").definitions
    }

    @Test(arguments: [("knights-spring", "xml"), ("knights", "yaml")])
    func thereAndBack_buildsTheGoldenGraph(name: String, format: String) throws {
        let original = try definitions(name, format)
        let golden = try expected("knights")
        #expect(try canonical(original) == golden)
        let there = format == "yaml" ? try xml(original) : try yaml(original)
        #expect(try canonical(there) == golden, "converted")
        let back = format == "yaml" ? try yaml(there) : try xml(there)
        #expect(try canonical(back) == golden, "converted back")
        #expect(back.map(\.name) == original.map(\.name))
    }

    @Test func seedAssembly_throughYAML_buildsTheGoldenGraph_andSpringXMLSaysItCannotMakeSingletonsOnDemand() throws {
        let original = try definitions("MiddleAgesAssembly", "xml")
        let there = try yaml(original)
        #expect(try canonical(there) == expected("knights"))
        #expect(errorText { _ = try XMLWriter.string(from: there) } == "Cannot write \"knight\" (Knight), defined at converted.yaml:2:3, as Spring XML: it has creation on its first request (a singleton neither eager nor lazy), which Spring XML cannot express. Spring XML makes every singleton that is not lazy-init at build, and lazy-init=\"true\" injects it through the catalog's lazy proxy where there is one: mark it eager: true (made at build) or lazy: true, or keep this file in YAML.")
    }

    @Test func startOfEachComponent_survivesBothWays() throws {
        let yamlText = """
            services:
              made: { class: Knight, eager: true }
              later: { class: Knight, lazy: true }
              each: { class: CampaignQuest, scope: prototype }
            """
        let original = try YAMLLoader().load(string: yamlText, name: "start.yaml").definitions
        let beans = try xml(original)
        #expect(beans.map(\.isEager) == [true, false, false] && beans.map(\.isLazy) == [false, true, false])
        #expect(try yaml(beans) == original)
    }

    @Test func yamlThroughXML_keepsEveryDefinitionEqual_butValuesBecomeText() throws {
        // XML values are text; everything else survives the round trip exactly.
        let original = try definitions("knights", "yaml")
        let back = try yaml(try xml(original))
        #expect(back.count == original.count)
        for (before, after) in zip(original, back) where before.name != "knight" { #expect(after == before) }
        #expect(back[0].properties[1].source == .config(.string("12")), "was .int(12)")
    }

    @Test func propertyAutowiring_survivesXML_andYAMLSaysItCannotExpressIt() throws {
        let beans = try XMLLoader().load(string: """
            <beans><bean id="knight" class="Knight" autowire="byType"/></beans>
            """, name: "beans.xml").definitions
        #expect(try xml(beans) == beans)
        #expect(errorText { _ = try YAMLWriter.string(from: beans) } == "Cannot write \"knight\" (Knight), defined at beans.xml:1, as YAML: it has Spring's property autowiring (autowire=\"byType\"), which YAML cannot express. Symfony autowires initializer arguments only: list the properties it should set under properties:.")
    }

    @Test func aProfiledAlias_survivesXML_andYAMLSaysItCannotExpressIt() throws {
        let beans = try XMLLoader().load(string: """
            <beans><bean id="clock" class="Clock"/><beans profile="test"><alias name="clock" alias="testClock"/></beans></beans>
            """, name: "beans.xml").definitions
        #expect(beans.last?.profiles == ["test"])
        #expect(try xml(beans) == beans)
        #expect(errorText { _ = try YAMLWriter.string(from: beans) } == "Cannot write \"testClock\", defined at beans.xml:1, as YAML: it has a profile (test), which YAML cannot express. An alias entry takes no profile here; keep this file in Spring XML (<alias> inside <beans profile>), or give the alias in code.")
    }

    @Test func symfonySettings_surviveYAML_andSpringXMLSaysItHasNoWordsForThem() throws {
        let original = try YAMLLoader().load(string: """
            services:
              _defaults: { public: false, autowire: false }
              mailer: { class: Mailer, autoconfigure: false, bind: { $retries: 3, Logger $log: '@log', Clock: '@clock' } }
              old_mailer: { alias: mailer, public: true, deprecated: 'use "mailer"' }
              open_mailer: { alias: mailer, public: true }
              log: { class: Logger, tags: [{ name: sink, priority: 10, channel: audit }, plain], deprecated: gone }
              clock: { class: Clock, aliases: [time] }
              audited: { class: AuditedMailer, decorates: mailer, decoration_priority: 5, decoration_inner_name: plain_mailer, decoration_on_invalid: ignore }
              elsewhere: { alias: outside, deprecated: moved }
            """, name: "symfony.yaml").definitions
        #expect(try yaml(original) == original)
        let aliases = original.filter { $0.aliasTarget == "mailer" }
        #expect(aliases.map(\.name) == ["old_mailer", "open_mailer"] && aliases.map(\.isPublic) == [true, true])
        #expect(aliases.map(\.deprecation) == ["use \"mailer\"", nil])
        #expect(throws: ConfigWriteError.self) { try XMLWriter.string(from: original) }
        #expect(errorText { _ = try XMLWriter.string(from: original.filter { $0.name == "clock" }) } == "Cannot write \"clock\" (Clock), defined at symfony.yaml:7:3, as Spring XML: it has visibility (public: false, or a public alias), which Spring XML cannot express. Keep this file in YAML, or write this part in code.")
        #expect(errorText { _ = try XMLWriter.string(from: original.filter { $0.name == "elsewhere" }) } == "Cannot write \"elsewhere\", defined at symfony.yaml:9:3, as Spring XML: it has a deprecation, which Spring XML cannot express. Keep this file in YAML, or write this part in code.")
    }

    @Test func springSettings_surviveXML_andYAMLSaysItHasNoWordsForMetadata() throws {
        let beans = try XMLLoader().load(string: """
            <beans>
              <bean id="knight" class="Knight" autowire="no" autowire-candidate="false" lazy-init="true">
                <meta key="team" value="round table"/>
                <constructor-arg ref="quest"/>
              </bean>
              <bean id="quest" class="Quest" lazy-init="true"/>
            </beans>
            """, name: "beans.xml").definitions
        #expect(!beans[0].autowires && !beans[0].isAutowireCandidate && beans[0].metadata == ["team": "round table"])
        #expect(try xml(beans) == beans)
        #expect(errorText { _ = try YAMLWriter.string(from: beans) } == "Cannot write \"knight\" (Knight), defined at beans.xml:2, as YAML: it has autowire-candidate=\"false\", which YAML cannot express. Write this setting in code, or keep this file in Spring XML.")
    }

    @Test func aProfilesBeanThatReplacesOneOfItsId_becomesAWhenBlock_thatReplacesItInYAML() throws {
        let beans = try XMLLoader().load(string: """
            <beans>
              <bean id="quest" class="CampaignQuest" lazy-init="true"/>
              <beans profile="test"><bean id="quest" class="CampaignQuest" scope="prototype"/></beans>
            </beans>
            """, name: "beans.xml").definitions
        let text = try YAMLWriter.string(from: beans)
        #expect(text.contains("when@test:\n  services:\n    quest:"))
        let back = try yaml(beans)
        #expect(back.map(\.profiles) == [[], ["test"]] && back.map(\.isOverride) == [false, true])
        func quests(_ profiles: Set<String>) throws -> Bool {
            let builder = knightsBuilder()
            builder.activeProfiles = profiles
            builder.add(contentsOf: back)
            let container = try builder.build()
            return try container.resolve(CampaignQuest.self, name: "quest") === container.resolve(CampaignQuest.self, name: "quest")
        }
        #expect(try quests([]) == true, "the singleton outside the block")
        #expect(try quests(["test"]) == false, "the block's prototype replaces it")
    }

    @Test func anInnerBeanWithOnlyAParent_becomesATaggedInnerService() throws {
        let beans = try XMLLoader().load(string: """
            <beans>
              <bean id="template" class="CampaignQuest" abstract="true" scope="prototype"/>
              <bean id="knight" class="Knight" lazy-init="true">
                <constructor-arg><bean parent="template"/></constructor-arg>
              </bean>
            </beans>
            """, name: "beans.xml").definitions
        let text = try YAMLWriter.string(from: beans)
        #expect(text.contains("- !service\n      parent: template\n"), "\(text)")
        let back = try yaml(beans)
        guard case .inner(let inner)? = back.last?.construction.arguments.first?.source else {
            Issue.record("the argument is not an inner definition: \(String(describing: back.last?.construction.arguments))")
            return
        }
        #expect(inner.parent == "template")
    }

    @Test func springXMLThroughYAML_keepsEveryDefinitionEqual() throws {
        let original = try definitions("knights-spring", "xml")
        #expect(try xml(try yaml(original)) == original)
    }
}
