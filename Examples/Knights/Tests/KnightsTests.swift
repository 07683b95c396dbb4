import Foundation
import IoCCore
import IoCXML
import KnightsExample
import Testing

@Suite("Knights example: seed 003's XML, verbatim")
struct KnightsTests {
    @Test func theSeedAssembly_isShippedVerbatim() throws {
        // The conformance tests keep the seed's file too; the example's must not drift from it.
        let shipped = try Data(contentsOf: try #require(KnightsAssembly.bundledAssembly))
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Conformance/Expected/MiddleAgesAssembly.xml")
        #expect(shipped == (try Data(contentsOf: seed)))
    }

    /// The assembly compiled with the app, and the same file read at launch.
    static func sources() throws -> [KnightsAssembly.Source] {
        [.compiled, .file(try #require(KnightsAssembly.bundledAssembly))]
    }

    @Test func compiledAndLoaded_buildOneGraph() throws {
        let graphs = try Self.sources().map { try KnightsAssembly.container($0).canonicalDescription }
        #expect(graphs[0] == graphs[1])
        #expect(graphs[0].contains("anotherKnight"))
    }

    @Test(arguments: try sources())
    func tale_tellsWhatTheAssemblyBuilt(_ source: KnightsAssembly.Source) throws {
        #expect(try KnightsAssembly.tale(KnightsAssembly.container(source)) == [
            "knight sets out on a CampaignQuest (http://www.appsquick.ly/theQuest.jpg), 12 damsels rescued so far.",
            "anotherKnight sets out on a CampaignQuest (http://www.appsquick.ly/theQuest.jpg), 0 damsels rescued so far; has horse, will travel.",
            "Their quests are two different quests (scope prototype).",
            "The sword factory made a blue sword.",
            "The service is at http://dev.foobar.com/service/.",
        ])
    }

    @Test(arguments: try sources())
    func knights_areSingletons_andTheirQuestsReady(_ source: KnightsAssembly.Source) throws {
        let container = try KnightsAssembly.container(source)
        let knight = try container.resolve(Knight.self, name: "knight")
        #expect(try container.resolve(Knight.self, name: "knight") === knight)
        #expect(knight.quest?.isReady == true, "after-property-injection ran after imageUrl was set")
        #expect(try container.resolveAll(Knight.self).count == 2, "CavalryMan is exposed as a Knight")
    }

    @Test func withoutAllowingCaptives_theBuildSaysWhy() throws {
        let builder = ContainerBuilder()
        builder.catalog = KnightsAssembly.catalog()
        try builder.loadXML(contentsOf: try #require(KnightsAssembly.bundledAssembly))
        let error = try #require(throws: IoCError.self) { try builder.build() }
        let text = String(describing: error)
        #expect(text.hasPrefix("Container validation failed with 2 problems:\n1. Captive dependency: singleton \"knight\" (Knight) holds prototype \"quest\" (CampaignQuest) through property 'quest'"))
    }
}
