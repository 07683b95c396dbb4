import Foundation
import IoCCore

/// What a YAML config file (and the files it imports) defines.
public struct YAMLConfig: Sendable {
    /// The services, as unbound definitions for the builder to bind through its catalog.
    public var definitions: [Definition] = []
    /// The `parameters` section, reachable from values as `%name%` or `${name}`.
    public var parameters: [String: ConfigValue] = [:]
    /// Every file read, in order.
    public var files: [String] = []
    /// Every problem found, in file order, when read with ``YAMLLoader/check(contentsOf:root:)``
    /// (``YAMLLoader/load(contentsOf:root:)`` throws the first instead).
    public var problems: [YAMLError] = []
    /// The ids of services left out of ``definitions`` because of one of those problems:
    /// references to them are not missing, only broken.
    public var skipped: [String] = []
}

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
    public var limits: YAMLLimits

    public init(limits: YAMLLimits = YAMLLimits()) {
        self.limits = limits
    }

    /// Reads a file and its imports; `root` (by default the file's directory) bounds where imports may come from.
    public func load(contentsOf url: URL, root: URL? = nil) throws(YAMLError) -> YAMLConfig {
        let rootPath = (root ?? url.deletingLastPathComponent()).standardizedFileURL.path
        var config = YAMLConfig()
        try load(url.standardizedFileURL, root: rootPath, chain: [], importedAt: nil, into: &config)
        return config
    }

    /// Reads a file and its imports like ``load(contentsOf:root:)``, but goes on past problems:
    /// a file that cannot be read or parsed, or a service or section that is wrong, is left out
    /// and its problem listed in ``YAMLConfig/problems``. For tools that report everything at once.
    public func check(contentsOf url: URL, root: URL? = nil) -> YAMLConfig {
        let rootPath = (root ?? url.deletingLastPathComponent()).standardizedFileURL.path
        var config = YAMLConfig()
        do throws(YAMLError) {
            try load(url.standardizedFileURL, root: rootPath, chain: [], importedAt: nil, collecting: true, into: &config)
        } catch {
            config.problems.append(error)
        }
        return config
    }

    /// Reads YAML text; `name` stands for the file in locations. Imports are resolved from
    /// `root` when given and refused otherwise.
    public func load(string text: String, name: String = "<string>", root: URL? = nil) throws(YAMLError) -> YAMLConfig {
        var config = YAMLConfig()
        config.files.append(name)
        let document = try YAMLReader(limits: limits, file: name).read(Array(text.utf8))
        var translator = YAMLTranslator(file: name)
        try translator.translate(document)
        try addImports(translator.imports, from: root, root: root?.standardizedFileURL.path, chain: [name], into: &config)
        merge(translator, into: &config)
        return config
    }

    private func load(_ url: URL, root: String, chain: [String], importedAt: ConfigLocation?, collecting: Bool = false,
                      into config: inout YAMLConfig) throws(YAMLError) {
        let path = url.path
        let translator: YAMLTranslator
        do throws(YAMLError) {
            let data = try ConfigImports.read(url, after: chain, root: root, maxDepth: limits.maxImportDepth,
                                              importedAt: importedAt, as: YAMLError.self)
            guard data.count <= limits.maxDocumentBytes else {
                throw .limitExceeded(limit: "the document size (maxDocumentBytes \(limits.maxDocumentBytes))", value: data.count,
                                     location: ConfigLocation(file: path, line: 1, column: 1))
            }
            config.files.append(path)
            let document = try YAMLReader(limits: limits, file: path).read(Array(data))
            var translating = YAMLTranslator(file: path, collecting: collecting)
            try translating.translate(document)
            translator = translating
        } catch {
            guard collecting else { throw error }
            config.problems.append(error)
            return
        }
        config.problems += translator.problems
        config.skipped += translator.skipped
        try addImports(translator.imports, from: url.deletingLastPathComponent(), root: root, chain: chain + [path],
                       collecting: collecting, into: &config)
        merge(translator, into: &config)
    }

    private func addImports(_ imports: [ConfigImport], from directory: URL?, root: String?,
                            chain: [String], collecting: Bool = false, into config: inout YAMLConfig) throws(YAMLError) {
        for item in imports {
            let (path, location) = (item.path, item.location)
            let target: (url: URL, root: String)
            do throws(YAMLError) {
                guard let directory, let root else {
                    throw .importOutsideRoot(path: path, root: "(none: YAML given as text has no config root)", location: location)
                }
                target = (try ConfigImports.target(path, from: directory, root: root, writtenAt: location, as: YAMLError.self), root)
            } catch {
                guard collecting else { throw error }
                config.problems.append(error)
                continue
            }
            if item.ifPresent, !FileManager.default.fileExists(atPath: target.url.path) { continue }
            try load(target.url, root: target.root, chain: chain, importedAt: location, collecting: collecting, into: &config)
        }
    }

    private func merge(_ translator: YAMLTranslator, into config: inout YAMLConfig) {
        config.parameters.merge(translator.parameters) { $1 }
        // Symfony: a service of a file read later (the importing file, or a later import)
        // replaces one of the same id read before it.
        let earlier = Set(config.definitions.filter { $0.aliasTarget == nil }.compactMap(\.name))
        let first = config.definitions.count
        config.definitions += translator.definitions
        for index in config.definitions.indices[first...] where config.definitions[index].name.map(earlier.contains) == true {
            config.definitions[index].isOverride = true
        }
        // Aliases become alias definitions, which the build gives to their targets (here or elsewhere).
        for alias in translator.aliases {
            var definition = Definition.alias(alias.name, of: alias.target, isPublic: translator.publicAliases.contains(alias.name),
                                              location: alias.location)
            definition.deprecation = translator.deprecatedAliases[alias.name]
            definition.profiles = alias.profiles
            config.definitions.append(definition)
        }
    }
}

extension ContainerBuilder {
    /// Adds the services of a YAML file (and its imports) and its parameters as a property source.
    public func loadYAML(contentsOf url: URL, root: URL? = nil, limits: YAMLLimits = YAMLLimits()) throws(YAMLError) {
        add(try YAMLLoader(limits: limits).load(contentsOf: url, root: root))
        configRoots.append(root ?? url.deletingLastPathComponent())
    }

    /// Adds the services of YAML text (tests, embedded config).
    public func loadYAML(_ text: String, name: String = "<string>", limits: YAMLLimits = YAMLLimits()) throws(YAMLError) {
        add(try YAMLLoader(limits: limits).load(string: text, name: name))
    }

    private func add(_ config: YAMLConfig) {
        add(contentsOf: config.definitions)
        if !config.parameters.isEmpty {
            propertySources.append(DictionaryPropertySource(name: "parameters", config.parameters))
        }
    }
}
