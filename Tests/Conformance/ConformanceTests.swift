import Foundation
import IoCCore
import IoCXML
import IoCYAML
import Testing

/// The golden canonical text every front end's version of an assembly must print.
/// What `body` throws, as its message reads; "no error" when it throws nothing.
func errorText(_ body: () throws -> Void) -> String {
    do { try body(); return "no error" } catch { return String(describing: error) }
}

func expected(_ name: String) throws -> String {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Expected"))
    return try String(contentsOf: url, encoding: .utf8)
}

/// A builder for the knights: the seed's assembly keeps a prototype quest in singleton knights,
/// which spring-objective-c allowed and the captive-dependency check would refuse. Spring's
/// `<beans>` make every singleton at build; the other versions ask for it here, so that every
/// one prints the same graph.
func knightsBuilder() -> ContainerBuilder {
    let builder = ContainerBuilder()
    builder.allowsCaptiveDependencies = true
    builder.eagerSingletons = true
    builder.catalog = Knights.catalog()
    return builder
}

@Suite("Conformance: one assembly, every front end, one graph")
struct ConformanceTests {
    @Test func knights_inCode_printsTheGoldenGraph() throws {
        let builder = knightsBuilder()
        Knights.code(builder)
        #expect(try builder.build().canonicalDescription == expected("knights"))
    }

    @Test func knights_asUnboundDefinitions_printsTheSameGraph() throws {
        let builder = knightsBuilder()
        builder.add(contentsOf: Knights.unbound())
        #expect(try builder.build().canonicalDescription == expected("knights"))
    }

    @Test func knights_asUnboundDefinitions_wiresEveryComponent() throws {
        let builder = knightsBuilder()
        builder.add(contentsOf: Knights.unbound())
        let container = try builder.build()
        let knight = try container.resolve(Knight.self, name: "knight")
        let quest = try #require(knight.quest as? CampaignQuest)
        #expect(knight.damselsRescued == 12)
        #expect(quest.isReady && quest.imageUrl?.absoluteString == "http://www.appsquick.ly/theQuest.jpg")
        let cavalry = try container.resolve(CavalryMan.self, name: "anotherKnight")
        #expect(cavalry.hasHorseWillTravel && cavalry.quest !== knight.quest, "quest is a prototype")
        #expect(try container.resolve(URL.self, name: "serviceUrl").absoluteString == "http://dev.foobar.com/service/")
        #expect(try container.resolve(Sword.self, name: "blueSword") == Sword(specification: "blue"))
        #expect(try container.resolveAll(Knight.self).count == 2, "CavalryMan is exposed as a Knight")
    }
}

@Suite("Conformance: annotations")
struct AnnotationConformanceTests {
    @Test func knights_inAnnotations_printTheSameGraph() throws {
        let builder = knightsBuilder()
        Knights.annotated(builder)
        #expect(try builder.build().canonicalDescription == expected("knights"))
    }

    @Test func knights_inAnnotations_wireEveryComponent() throws {
        let builder = knightsBuilder()
        Knights.annotated(builder)
        let container = try builder.build()
        let knight = try container.resolve(Knight.self, name: "knight")
        #expect(knight.damselsRescued == 12 && (knight.quest as? CampaignQuest)?.isReady == true)
        #expect(try container.resolve(CavalryMan.self, name: "anotherKnight").hasHorseWillTravel)
        #expect(try container.resolve(URL.self, name: "serviceUrl").absoluteString == "http://dev.foobar.com/service/")
        #expect(try container.resolve(Sword.self, name: "blueSword") == Sword(specification: "blue"))
    }

    @Test func knights_catalogWrittenByAnnotations_loadsTheSeedXML() throws {
        // The annotated types' catalog entries, instead of the hand-written ones (URL and Sword
        // have no annotations: they are not ours).
        let catalog = TypeCatalog()
        catalog.add(Knight.self)
        catalog.add(CampaignQuest.self)
        catalog.add(CavalryMan.self)
        catalog.add(SwordFactory.self)
        for descriptor in Knights.catalog().descriptors where ["URL", "Sword"].contains(descriptor.type.name) {
            catalog.add(descriptor)
        }
        let builder = knightsBuilder()
        builder.catalog = catalog
        let url = try #require(Bundle.module.url(forResource: "MiddleAgesAssembly", withExtension: "xml", subdirectory: "Expected"))
        try builder.loadXML(contentsOf: url)
        let container = try builder.build()
        let knight = try container.resolve(Knight.self, name: "knight")
        #expect(knight.damselsRescued == 12 && (knight.quest as? CampaignQuest)?.isReady == true)
        #expect(try container.resolve(Sword.self, name: "blueSword") == Sword(specification: "blue"))
    }
}

@Suite("Conformance: YAML")
struct YAMLConformanceTests {
    @Test func knights_inYAML_printsTheSameGraph() throws {
        let builder = knightsBuilder()
        let url = try #require(Bundle.module.url(forResource: "knights", withExtension: "yaml", subdirectory: "Expected"))
        try builder.loadYAML(contentsOf: url)
        #expect(try builder.build().canonicalDescription == expected("knights"))
    }

    @Test func knights_inTodaysSymfonyIdioms_printsTheSameGraph() throws {
        let builder = knightsBuilder()
        let url = try #require(Bundle.module.url(forResource: "knights-symfony", withExtension: "yaml", subdirectory: "Expected"))
        try builder.loadYAML(contentsOf: url)
        #expect(try builder.build().canonicalDescription == expected("knights"))
    }
}

@Suite("Conformance: XML")
struct XMLConformanceTests {
    private func load(_ name: String) throws -> String {
        let builder = knightsBuilder()
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "xml", subdirectory: "Expected"))
        try builder.loadXML(contentsOf: url)
        return try builder.build().canonicalDescription
    }

    @Test func seedAssembly_loadedVerbatim_printsTheSameGraph() throws {
        #expect(try load("MiddleAgesAssembly") == expected("knights"))
    }

    @Test func knights_inSpringBeans_printsTheSameGraph() throws {
        #expect(try load("knights-spring") == expected("knights"))
    }

    @Test func knights_inModernSpringIdioms_printsTheSameGraph() throws {
        #expect(try load("knights-spring-idioms") == expected("knights"))
    }

    @Test func springBeans_makeTheirSingletonsAtBuild_withoutBeingAsked() throws {
        for name in ["knights-spring", "knights-spring-idioms"] {
            let builder = knightsBuilder()
            builder.eagerSingletons = false
            let url = try #require(Bundle.module.url(forResource: name, withExtension: "xml", subdirectory: "Expected"))
            try builder.loadXML(contentsOf: url)
            #expect(try builder.build().canonicalDescription == expected("knights"), "\(name)")
        }
    }

    @Test func seedAssembly_wiresEveryComponent() throws {
        let builder = knightsBuilder()
        let url = try #require(Bundle.module.url(forResource: "MiddleAgesAssembly", withExtension: "xml", subdirectory: "Expected"))
        try builder.loadXML(contentsOf: url)
        let container = try builder.build()
        let knight = try container.resolve(Knight.self, name: "knight")
        #expect(knight.damselsRescued == 12 && (knight.quest as? CampaignQuest)?.isReady == true)
        #expect(try container.resolve(CavalryMan.self, name: "anotherKnight").hasHorseWillTravel)
        #expect(try container.resolve(URL.self, name: "serviceUrl").absoluteString == "http://dev.foobar.com/service/")
        #expect(try container.resolve(Sword.self, name: "blueSword") == Sword(specification: "blue"))
    }
}
