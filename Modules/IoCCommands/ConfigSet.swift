#if Commands  // the package trait: Package.swift, "traits"
import Foundation
import IoCConfig
import IoCCore
import IoCXML
import IoCYAML

/// One problem the tool reports: its words, its kind (`IoCError.Kind`'s or `ConfigError.Kind`'s name) and where.
public struct Problem: Sendable, Equatable, Codable {
    public var kind: String
    public var message: String
    public var file: String?
    public var line: Int?
    public var column: Int?

    init(kind: String, message: String, location: ConfigLocation) {
        self.kind = kind
        self.message = message
        if location != .unknown {
            file = location.file
            line = location.line
            column = location.column == 0 ? nil : location.column
        }
    }

    init(_ error: some LocatedError) {
        kind = error.kindName
        message = String(describing: error)
        if let location = error.location, location != .unknown {
            file = location.file
            line = location.line
            column = location.column == 0 ? nil : location.column
        }
    }
}

/// The errors the tool reports: each says where it is, and names its kind.
protocol LocatedError: Error {
    var location: ConfigLocation? { get }
    /// `missingComponent`, `unknownKey`: the problem's kind as the report names it.
    var kindName: String { get }
}

extension IoCError: LocatedError {
    var kindName: String { kind.name }
}
extension ConfigError: LocatedError {
    var kindName: String { kind.name }
}

/// The config files a command reads, merged: what they contribute together, their YAML
/// parameters in file order, and every problem met while reading them.
struct ConfigSet {
    /// The files' contributions, one after the other (``ConfigContribution/append(_:)``).
    private(set) var contribution = ConfigContribution()
    /// Each file's parameters, sorted, in file order: what `convert` writes.
    var parameters: [(key: String, value: ConfigValue)] = []
    var problems: [Problem] = []
    var definitions: [Definition] { contribution.definitions }
    var files: [String] { contribution.files }

    enum Format: String, CaseIterable {
        case yaml, xml
    }

    /// Reads every file (and its imports) past any problem, so that all are reported at once.
    init(files paths: [String], root: String?) {
        let rootURL = root.map { URL(fileURLWithPath: $0) }
        for path in paths {
            let read = ConfigFiles.check(URL(fileURLWithPath: path), root: rootURL, readers: [YAMLLoader(), XMLLoader()])
            parameters += read.parameters.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
            problems += read.problems.map(Problem.init)
            contribution.append(read)
        }
    }

    /// A builder holding the definitions, with the property sources a placeholder may read:
    /// `--define` values first, then the environment (unless turned off), then the files' own
    /// (YAML parameters, a later file's value first; XML property files).
    func builder(options: SourceOptions, tool: IoCTool) -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.allowsCaptiveDependencies = options.allowCaptive
        builder.activeProfiles = Set(options.profiles)
        var defines: [String: ConfigValue] = [:]
        for define in options.defines {
            let parts = define.split(separator: "=", maxSplits: 1)
            defines[String(parts[0])] = .string(parts.count > 1 ? String(parts[1]) : "")
        }
        if !defines.isEmpty { builder.propertySources.append(DictionaryPropertySource(name: "--define", defines)) }
        if !options.noEnvironment { builder.propertySources.append(EnvironmentPropertySource()) }
        builder.catalog = tool.catalog
        // Components left out because their own text is wrong are already reported: references
        // to them are not reported again as missing.
        builder.absentNames = Set(contribution.skipped).union(options.provided)
        tool.configure?(builder)
        builder.add(contribution)
        return builder
    }
}
#endif
