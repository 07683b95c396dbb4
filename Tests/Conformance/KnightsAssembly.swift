import Foundation
import IoCAnnotations
import IoCCore

// Seed 003's middle-ages assembly: the types in Swift, their catalog entries, and the
// assembly written in code, as the unbound definitions a config front end emits, and as
// annotations on the types themselves (`Knights.annotated`).

protocol Quest: AnyObject, Sendable {
    var imageUrl: URL? { get }
}

@Component("quest", scope: .prototype)
final class CampaignQuest: Quest, @unchecked Sendable {
    @Value("http://www.appsquick.ly/theQuest.jpg") var imageUrl: URL?
    private(set) var isReady = false
    init() {}
    @AfterInjection func questAfterPropertyInjection() { isReady = true }
}

@Component("knight", scope: .singleton)
class Knight: @unchecked Sendable {
    @Inject("quest") var quest: (any Quest)?
    @Value("12") var damselsRescued: Int = 0
    @Inject init() {}
    init(quest: any Quest) { self.quest = quest }
}

@Component("anotherKnight", scope: .singleton)
final class CavalryMan: Knight, @unchecked Sendable {
    @Value("true") var hasHorseWillTravel: Bool = false
    @Inject override init(@Named("quest") quest: any Quest) { super.init(quest: quest) }
}

struct Sword: Sendable, Equatable {
    let specification: String
}

@Component("swordFactory", scope: .singleton)
final class SwordFactory: Sendable {
    init() {}
    @Provides("blueSword", scope: .singleton)
    func sword(@Config("blue") specification: String) -> Sword { Sword(specification: specification) }
}

@Module
enum KnightsModule {
    @Provides("serviceUrl", scope: .singleton)
    static func serviceURL(@Config("http://dev.foobar.com/service/") string: String) throws -> URL { try makeURL(string: string) }
}

struct BadURL: Error, CustomStringConvertible {
    let text: String
    var description: String { "'\(text)' is not a URL" }
}

func makeURL(string: String) throws -> URL {
    guard let url = URL(string: string) else { throw BadURL(text: string) }
    return url
}

/// What the assemblies call NSURL: Foundation's URL. Foundation has no sources the config plugin
/// reads, so the compiled assemblies call what this alias and extension declare: the seed's
/// `URLWithString:`, which the XML front end reads as `URL(string:)`.
typealias NSURL = URL

extension URL {
    static func URL(string: String) throws -> URL { try makeURL(string: string) }
}

enum Knights {
    /// What config may name.
    static func catalog() -> TypeCatalog {
        let catalog = TypeCatalog()
        catalog.add(Knight.self) { knight in
            knight.initializer("init()") { Knight() }
            knight.initializer("init(quest:)") { (quest: any Quest) in Knight(quest: quest) }
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
            man.property("damselsRescued", \.damselsRescued)
            man.conforms(to: Knight.self) { $0 }
        }
        catalog.add(URL.self, names: "NSURL") { url in
            url.staticFactory("URL(string:)") { (string: String) in try makeURL(string: string) }
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

    /// The assembly in code.
    static func code(_ builder: ContainerBuilder) {
        builder.register(Knight.init as @Sendable () -> Knight).named("knight").singleton()
            .property(\.quest, .named("quest"), name: "quest")
            .property(\.damselsRescued, .value(12), name: "damselsRescued")
        builder.register(CampaignQuest.init).named("quest").prototype()
            .as((any Quest).self) { $0 }
            .property(\.imageUrl, .config(.string("http://www.appsquick.ly/theQuest.jpg")), name: "imageUrl")
            .afterInjection(named: "questAfterPropertyInjection") { $0.questAfterPropertyInjection() }
        // NB: a closure, not `CavalryMan.init(quest:)`: Swift cannot infer the type of a reference to
        // a function whose parameters have wrappers (`@Named`, for the annotated version).
        builder.register { (quest: any Quest) in CavalryMan(quest: quest) }.named("anotherKnight").singleton()
            .as(Knight.self) { $0 }
            .arguments(.named("quest"))
            .property(\.hasHorseWillTravel, .value(true), name: "hasHorseWillTravel")
        builder.register(makeURL(string:)).named("serviceUrl").singleton()
            .arguments(.value("http://dev.foobar.com/service/"))
        builder.register(SwordFactory.init).named("swordFactory").singleton()
        builder.register(factoryMethod: { (factory: SwordFactory) in { (specification: String) in factory.sword(specification: specification) } },
                         of: .named("swordFactory"))
            .named("blueSword").singleton()
            .arguments(.value("blue"))
    }

    /// The assembly in annotations: each type says what it is.
    static func annotated(_ builder: ContainerBuilder) {
        builder.register(Knight.self)
        builder.register(CampaignQuest.self)
        builder.register(CavalryMan.self)
        builder.register(SwordFactory.self)
        builder.register(module: KnightsModule.self)
    }

    /// The assembly as a config front end writes it: types, initializers and properties by name.
    static func unbound(file: String = "MiddleAgesAssembly.xml") -> [Definition] {
        func at(_ line: Int) -> ConfigLocation { ConfigLocation(file: file, line: line) }
        func singleton(_ definition: inout Definition) {
            definition.scope = .singleton
        }
        var knight = Definition(name: "knight", typeName: "Knight", location: at(14))
        singleton(&knight)
        knight.properties = [
            PropertyInjection(name: "quest", source: .named("quest"), location: at(15)),
            PropertyInjection(name: "damselsRescued", source: .config(.string("12", at: at(20))), location: at(20)),
        ]
        var quest = Definition(name: "quest", typeName: "CampaignQuest", location: at(29))
        quest.scope = .prototype
        quest.hooks = [LifecycleHook(kind: .afterInjection, method: "questAfterPropertyInjection")]
        quest.properties = [PropertyInjection(name: "imageUrl", source: .config(.string("http://www.appsquick.ly/theQuest.jpg")), location: at(39))]
        var cavalry = Definition(name: "anotherKnight", typeName: "CavalryMan",
                                 construction: .initializer("init(quest:)", arguments: [InjectionPoint(label: "quest", source: .named("quest"))]),
                                 location: at(50))
        singleton(&cavalry)
        cavalry.properties = [PropertyInjection(name: "hasHorseWillTravel", source: .config(.string("yes")), location: at(58))]
        var url = Definition(name: "serviceUrl", typeName: "NSURL",
                             construction: .staticFactory("URL(string:)", arguments: [
                                 InjectionPoint(label: "string", source: .config(.string("http://dev.foobar.com/service/"))),
                             ]),
                             location: at(66))
        singleton(&url)
        var factory = Definition(name: "swordFactory", typeName: "SwordFactory", location: at(90))
        singleton(&factory)
        var sword = Definition(name: "blueSword", typeName: "Sword",
                               construction: .factoryMethod("sword(specification:)", of: .named("swordFactory"), arguments: [
                                   InjectionPoint(label: "specification", source: .config(.string("blue"))),
                               ]),
                               location: at(96))
        singleton(&sword)
        return [knight, quest, cavalry, url, factory, sword]
    }
}
