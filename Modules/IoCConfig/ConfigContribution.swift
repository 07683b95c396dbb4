import Foundation
import IoCCore

/// What a config file and the files it imports contribute to a container, whichever front end
/// read it: the one shape in which config reaches a builder (``IoCCore/ContainerBuilder/add(_:)``),
/// from `loadYAML` and `loadXML`, the `ioc` tool and the config plugin alike.
///
/// ```swift
/// let contribution = try YAMLLoader().load(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
/// builder.add(contribution)
/// ```
public struct ConfigContribution: Sendable {
    /// The components, as unbound definitions for the builder to bind through its catalog.
    public var definitions: [Definition] = []
    /// A services.yaml's `parameters` sections, reachable from values as `%name%` or `${name}`.
    public var parameters: [String: ConfigValue] = [:]
    /// The `.properties` files a bean file's `<context:property-placeholder>` names, read:
    /// `${...}` sources. A file's sources come before those of the files it imports (its values
    /// win), and those of a later import before an earlier one's.
    public var propertySources: [PropertiesFileSource] = []
    /// The services declared `synthetic: true` (Symfony's services set at run time), by id,
    /// with where each is declared: the app registers them in code, and a reference to one
    /// that the app does not register is reported as such.
    public var synthetic: [String: ConfigLocation] = [:]
    /// The placeholder keys the files write as parameters (`%key%`): problems quote them so.
    package var writtenAsParameters: Set<String> = []
    /// Every file read, in order.
    public var files: [String] = []
    /// Every problem found, in file order, when read with `check(contentsOf:root:)` (`load`
    /// throws the first instead).
    public var problems: [ConfigError] = []
    /// The ids of components left out of ``definitions`` because of one of those problems:
    /// references to them are not missing, only broken.
    public var skipped: [String] = []

    public init() {}

    package init(definitions: [Definition], files: [String], problems: [ConfigError], skipped: [String]) {
        self.definitions = definitions
        self.files = files
        self.problems = problems
        self.skipped = skipped
    }

    /// Adds what `other` contributes after this: its definitions and files after these, its
    /// parameters and synthetic services over these (a later file's win, as in one load).
    package mutating func append(_ other: ConfigContribution) {
        definitions += other.definitions
        parameters.merge(other.parameters) { $1 }
        propertySources += other.propertySources
        synthetic.merge(other.synthetic) { $1 }
        writtenAsParameters.formUnion(other.writtenAsParameters)
        files += other.files
        problems += other.problems
        skipped += other.skipped
    }
}

extension ContainerBuilder {
    /// Adds what a config file contributes: its definitions, its parameters and property files as
    /// property sources, its synthetic services. `loadYAML` and `loadXML` call it.
    ///
    /// ```swift
    /// builder.add(try XMLLoader().load(contentsOf: URL(fileURLWithPath: "config/beans.xml")))
    /// ```
    public func add(_ contribution: ConfigContribution) {
        add(contentsOf: contribution.definitions)
        addEnvironmentFunction()
        syntheticNames.merge(contribution.synthetic) { $1 }
        spellPlaceholders(contribution.writtenAsParameters, as: .parameter)
        propertySources += contribution.propertySources
        if !contribution.parameters.isEmpty {
            propertySources.append(DictionaryPropertySource(name: "parameters", contribution.parameters))
        }
    }
}

/// Config files of either front end, for the tools that take both (the `ioc` tool, the config
/// compiler): the one place a file's format is told.
package enum ConfigFiles {
    /// A file's format: by its extension (`.yaml`, `.yml`, `.xml`), else by its first character
    /// that is not a blank (`<` is XML).
    package static func format(of url: URL) -> ConfigError.Format {
        switch url.pathExtension.lowercased() {
        case "yaml", "yml": return .yaml
        case "xml": return .xml
        default:
            let head = FileManager.default.contents(atPath: url.path)?.prefix(64) ?? Data()
            let first = head.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
            return first == UInt8(ascii: "<") ? .xml : .yaml
        }
    }

    /// Reads `url` and its imports with the reader of its format, past problems.
    package static func check(_ url: URL, root: URL?, readers: [any ConfigFormat]) -> ConfigContribution {
        let format = format(of: url)
        guard let reader = readers.first(where: { type(of: $0).format == format }) else {
            var nothing = ConfigContribution()
            nothing.problems = [ConfigError(.unreadable, format: format, message: "Cannot read \(url.path): no \(format) reader was given",
                                            location: nil)]
            return nothing
        }
        return check(url, root: root, with: reader)
    }

    private static func check<Reader: ConfigFormat>(_ url: URL, root: URL?, with reader: Reader) -> ConfigContribution {
        Reader.contribution(ConfigLoader(reader).check(contentsOf: url, root: root))
    }
}
