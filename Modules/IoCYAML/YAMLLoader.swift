import Foundation
import IoCConfig
import IoCCore

/// What a services.yaml and its imports contribute: the services, the `parameters`, the
/// synthetic services, the files read and, when checked, the problems.
public typealias YAMLConfig = ConfigContribution

/// Reads services.yaml-style config (Symfony's format, with Spring's `${...}` placeholders and
/// Swift type names) into definitions. It translates and checks the format, nothing more:
/// types, values and the graph are checked by the builder.
///
/// ```swift
/// let builder = ContainerBuilder()
/// builder.catalog = catalog
/// try builder.loadYAML(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
/// let container = try builder.build()
/// ```
public struct YAMLLoader: Sendable {
    /// The bounds every file it reads is held to.
    public var limits: YAMLLimits

    /// A loader that holds files to `limits`.
    ///
    /// ```swift
    /// var limits = YAMLLimits()
    /// limits.maxAliasExpansion = 10_000
    /// let config = try YAMLLoader(limits: limits).load(contentsOf: URL(fileURLWithPath: "services.yaml"))
    /// ```
    public init(limits: YAMLLimits = YAMLLimits()) {
        self.limits = limits
    }

    /// Reads a file and its imports.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - root: Where imports (and `%env(file:...)%` reads) may come from; by default the file's
    ///     directory. An import outside it is refused.
    /// - Returns: The definitions, the `parameters` and the files read.
    /// - Throws: The first ``ConfigError``: syntax, an unknown key or a construct with no Swift
    ///   meaning, a wrong kind of value, a limit passed (``YAMLLimits``), an import outside the
    ///   root or in a circle; each names file:line:column.
    ///
    /// ```swift
    /// let config = try YAMLLoader().load(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
    /// ```
    public func load(contentsOf url: URL, root: URL? = nil) throws(ConfigError) -> ConfigContribution {
        Self.contribution(try ConfigLoader(self).load(contentsOf: url, root: root))
    }

    /// Reads a file and its imports like ``load(contentsOf:root:)``, but goes on past problems:
    /// a file that cannot be read or parsed, or a service or section that is wrong, is left out
    /// and its problem listed in ``IoCConfig/ConfigContribution/problems``. For tools that report everything at once.
    ///
    /// ```swift
    /// let checked = YAMLLoader().check(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
    /// for problem in checked.problems { print(problem) }
    /// ```
    public func check(contentsOf url: URL, root: URL? = nil) -> ConfigContribution {
        Self.contribution(ConfigLoader(self).check(contentsOf: url, root: root))
    }

    /// Reads YAML text; `name` stands for the file in locations. Imports are resolved from
    /// `root` when given and refused otherwise.
    ///
    /// - Throws: As `load(contentsOf:root:)`.
    ///
    /// ```swift
    /// let config = try YAMLLoader().load(string: "services:\n  clock: { class: SystemClock }\n")
    /// ```
    public func load(string text: String, name: String = "<string>", root: URL? = nil) throws(ConfigError) -> ConfigContribution {
        Self.contribution(try ConfigLoader(self).load(string: text, name: name, root: root))
    }
}

extension YAMLLoader: ConfigFormat {
    package static let format = ConfigError.Format.yaml

    package static func contribution(_ load: ConfigLoad<YAMLLoader>) -> ConfigContribution {
        var contribution = ConfigContribution(definitions: load.definitions, files: load.files, problems: load.problems, skipped: load.skipped)
        contribution.parameters = load.extras.parameters
        contribution.synthetic = load.extras.synthetic
        contribution.writtenAsParameters = load.extras.writtenAsParameters
        return contribution
    }

    /// Symfony: a service of a file read later (the importing file, or a later import)
    /// replaces one of the same id read before it.
    package static let laterFilesReplace = true
    package var maxImportDepth: Int { limits.maxImportDepth }
    package var maxDocumentBytes: Int { limits.maxDocumentBytes }
    package var maxFilesRead: Int { limits.maxFilesRead }
    package var maxBytesRead: Int { limits.maxBytesRead }
    package var noExtras: YAMLExtras { YAMLExtras() }

    package func translate(_ bytes: [UInt8], file: String, collecting: Bool) throws(ConfigError) -> YAMLTranslator {
        let document = try YAMLReader(limits: limits, file: file).read(bytes)
        var translator = YAMLTranslator(file: file, collecting: collecting)
        try translator.translate(document)
        return translator
    }

    package func keep(_ translator: YAMLTranslator, at place: ConfigPlace<YAMLLoader>, in load: inout ConfigLoad<YAMLLoader>) {
        load.extras.parameters.merge(translator.parameters) { $1 }
        load.extras.synthetic.merge(translator.synthetic) { $1 }
        load.extras.writtenAsParameters.formUnion(translator.writtenAsParameters)
    }
}

/// What YAML reads beside definitions: the `parameters` sections and the synthetic services read so far.
package struct YAMLExtras: Sendable {
    var parameters: [String: ConfigValue] = [:]
    var synthetic: [String: ConfigLocation] = [:]
    var writtenAsParameters: Set<String> = []
}

extension ContainerBuilder {
    /// Adds the services of a YAML file (and its imports) and its parameters as a property source.
    ///
    /// - Throws: As `YAMLLoader.load(contentsOf:root:)`; the types and references are checked
    ///   later, by ``IoCCore/ContainerBuilder/build()``.
    ///
    /// ```swift
    /// try builder.loadYAML(contentsOf: URL(fileURLWithPath: "config/services.yaml"))
    /// ```
    public func loadYAML(contentsOf url: URL, root: URL? = nil, limits: YAMLLimits = YAMLLimits()) throws(ConfigError) {
        add(try YAMLLoader(limits: limits).load(contentsOf: url, root: root))
        configRoots.append(root ?? url.deletingLastPathComponent())
    }

    /// Adds the services of YAML text (tests, embedded config).
    ///
    /// - Throws: As `YAMLLoader.load(string:name:root:)`.
    ///
    /// ```swift
    /// try builder.loadYAML("services:\n  clock: { class: SystemClock }\n", name: "test.yaml")
    /// ```
    public func loadYAML(_ text: String, name: String = "<string>", limits: YAMLLimits = YAMLLimits()) throws(ConfigError) {
        add(try YAMLLoader(limits: limits).load(string: text, name: name))
    }
}
