import Foundation
import IoCCore
import IoCXML

/// What the seed's XML may name: each class with the initializers, properties and methods the
/// assembly uses, under the Objective-C names the XML writes (NSURL).
public enum KnightsAssembly {
    public static func catalog() -> TypeCatalog {
        let catalog = TypeCatalog()
        catalog.add(Knight.self) { knight in
            knight.initializer("init()") { Knight() }
            knight.property("quest", \.quest)
            knight.property("damselsRescued", \.damselsRescued)
        }
        catalog.add(CampaignQuest.self) { quest in
            quest.initializer("init()") { CampaignQuest() }
            quest.property("imageUrl", \.imageUrl)
            quest.method("questAfterPropertyInjection") { $0.questAfterPropertyInjection() }
            quest.conforms(to: (any Quest).self) { $0 }
        }
        catalog.add(CavalryMan.self) { man in
            man.initializer("init(quest:)") { (quest: any Quest) in CavalryMan(quest: quest) }
            man.property("hasHorseWillTravel", \.hasHorseWillTravel)
            man.conforms(to: Knight.self) { $0 }
        }
        catalog.add(URL.self, names: "NSURL") { url in
            url.staticFactory("URL(string:)") { (string: String) in
                guard let url = URL(string: string) else { throw BadURL(text: string) }
                return url
            }
        }
        catalog.add(SwordFactory.self) { factory in
            factory.initializer("init()") { SwordFactory() }
            factory.factoryMethod("sword(specification:)") { (factory: SwordFactory, specification: String) in
                factory.sword(specification: specification)
            }
        }
        catalog.add(Sword.self)
        return catalog
    }

    /// The container, from the seed's XML. spring-objective-c let a singleton knight keep a
    /// prototype quest; swift-ioc calls that a captive dependency and refuses it unless allowed.
    public static func container(assembly: URL? = bundledAssembly) throws -> Container {
        guard let assembly else { throw BadURL(text: "MiddleAgesAssembly.xml (missing from the bundle)") }
        let builder = ContainerBuilder()
        builder.catalog = catalog()
        builder.allowsCaptiveDependencies = true
        try builder.loadXML(contentsOf: assembly)
        return try builder.build()
    }

    public static var bundledAssembly: URL? { Bundle.module.url(forResource: "MiddleAgesAssembly", withExtension: "xml") }

    /// What `knights` prints: the seed's "Using Assembled Components", told.
    public static func tale(_ container: Container) throws -> [String] {
        let knight = try container.resolve(Knight.self, name: "knight")
        let another = try container.resolve(Knight.self, name: "anotherKnight")
        let sword = try container.resolve(Sword.self, name: "blueSword")
        let url = try container.resolve(URL.self, name: "serviceUrl")
        return [
            "knight \(knight.story).",
            "anotherKnight \(another.story).",
            "Their quests are \(knight.quest === another.quest ? "the same" : "two different") quests (scope prototype).",
            "The sword factory made \(sword).",
            "The service is at \(url.absoluteString).",
        ]
    }
}
