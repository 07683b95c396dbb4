import Foundation
import IoCCore
import IoCXML

/// Seed 003's assembly, compiled with the app: at `swift build`, IoCConfigPlugin checks
/// MiddleAgesAssembly.xml against the classes of Knights.swift (a wrong class, selector or
/// property is a build error at the XML's line) and writes `GeneratedConfig` — their catalog
/// entries, and the assembly as registrations. Foundation's URL, which the seed calls NSURL,
/// is another module's type without sources here: the alias and extension at the end of this
/// file declare what the assembly calls, and the plugin reads them as it reads the knights.
public enum KnightsAssembly {
    /// Where the assembly comes from.
    public enum Source: Sendable {
        /// Compiled with the app (`GeneratedConfig.register(in:)`): nothing is read at launch.
        case compiled
        /// A bean file read at launch through the same catalog (a changed assembly without a rebuild).
        case file(URL)
    }

    /// Every type the assembly names: the generated entries of the knights' classes and of URL.
    public static func catalog() -> TypeCatalog { GeneratedConfig.catalog() }

    /// The container of the seed's assembly. spring-objective-c let a singleton knight keep a
    /// prototype quest; swift-ioc calls that a captive dependency and refuses it unless allowed
    /// (here, and in ioc-plugin.json for the build's check).
    public static func container(_ source: Source = .compiled) throws -> Container {
        let builder = ContainerBuilder()
        builder.catalog = catalog()
        builder.allowsCaptiveDependencies = true
        switch source {
        case .compiled: GeneratedConfig.register(in: builder)
        case .file(let url): try builder.loadXML(contentsOf: url)
        }
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

/// The seed's NSURL is Foundation's URL, by the name the assembly writes.
typealias NSURL = URL

extension URL {
    /// The seed's `URLWithString:` (`URL(string:)` to the XML front end): throws on a bad URL
    /// instead of returning nil.
    static func URL(string: String) throws -> URL {
        guard let url = Foundation.URL(string: string) else { throw BadURL(text: string) }
        return url
    }
}
