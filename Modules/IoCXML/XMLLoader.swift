import Foundation
import IoCCore

/// What an XML config file (and the files it imports) defines.
public struct XMLConfig: Sendable {
    /// The components, as unbound definitions for the builder to bind through its catalog.
    public var definitions: [Definition] = []
    /// Every file read, in order.
    public var files: [String] = []
    /// Every problem found, in file order, when read with ``XMLLoader/check(contentsOf:root:)``
    /// (``XMLLoader/load(contentsOf:root:)`` throws the first instead).
    public var problems: [XMLError] = []
    /// The ids of components left out of ``definitions`` because of one of those problems:
    /// references to them are not missing, only broken.
    public var skipped: [String] = []
    /// The `.properties` files `<context:property-placeholder>` names, read: `${...}` sources.
    public var propertySources: [PropertiesFileSource] = []
    /// The `util:` values of every file read, by id.
    var namedValues: [String: NamedValue] = [:]
}

/// Reads Spring `<beans>`, spring-objective-c `<assembly>` and OxIC `<container>` documents
/// into definitions with libxml2, under options that never load a DTD, an external entity or
/// anything from the network. It translates and checks the vocabulary, nothing more.
///
/// ```swift
/// builder.catalog = catalog
/// try builder.loadXML(contentsOf: URL(fileURLWithPath: "MiddleAgesAssembly.xml"))
/// ```
public struct XMLLoader: Sendable {
    public var limits: XMLLimits

    public init(limits: XMLLimits = XMLLimits()) {
        self.limits = limits
    }

    /// Reads a file and its imports; `root` (by default the file's directory) bounds where imports may come from.
    public func load(contentsOf url: URL, root: URL? = nil) throws(XMLError) -> XMLConfig {
        let rootPath = (root ?? url.deletingLastPathComponent()).standardizedFileURL.path
        var config = XMLConfig()
        try load(url.standardizedFileURL, root: rootPath, chain: [], importedAt: nil, into: &config)
        try config.putNamedValuesInPlace(collecting: false)
        return config
    }

    /// Reads a file and its imports like ``load(contentsOf:root:)``, but goes on past problems:
    /// a file that cannot be read or parsed, or an element that is wrong, is left out and its
    /// problem listed in ``XMLConfig/problems``. For tools that report everything at once.
    public func check(contentsOf url: URL, root: URL? = nil) -> XMLConfig {
        let rootPath = (root ?? url.deletingLastPathComponent()).standardizedFileURL.path
        var config = XMLConfig()
        do throws(XMLError) {
            try load(url.standardizedFileURL, root: rootPath, chain: [], importedAt: nil, collecting: true, into: &config)
        } catch {
            config.problems.append(error)
        }
        try? config.putNamedValuesInPlace(collecting: true)
        return config
    }

    /// Reads XML text; `name` stands for the file in locations. Imports are refused.
    public func load(string text: String, name: String = "<string>") throws(XMLError) -> XMLConfig {
        var config = XMLConfig()
        config.files.append(name)
        var translator = XMLTranslator()
        try translator.translate(XMLDocumentReader.read(Array(text.utf8), file: name, limits: limits))
        if let first = translator.imports.first {
            throw .importOutsideRoot(path: first.path, root: "(none: XML given as text has no config root)", location: first.location)
        }
        if let first = translator.propertyFiles.first {
            throw .importOutsideRoot(path: first.path, root: "(none: XML given as text has no config root)", location: first.location)
        }
        for reference in translator.propertyReferences {
            if let source = Self.inlineProperties(reference, of: translator, in: name) { config.propertySources.append(source); continue }
            if let first = translator.propertyFileSets[reference.id]?.first {
                throw .importOutsideRoot(path: first.path, root: "(none: XML given as text has no config root)", location: first.location)
            }
            throw Self.unknownProperties(reference)
        }
        merge(translator, into: &config)
        try config.putNamedValuesInPlace(collecting: false)
        return config
    }

    /// The property source of a `properties-ref` that names a `<util:properties>` with its entries inline.
    private static func inlineProperties(_ reference: (id: String, location: ConfigLocation), of translator: XMLTranslator,
                                         in file: String) -> PropertiesFileSource? {
        translator.inlinePropertySets[reference.id].map { PropertiesFileSource(values: $0, name: "<util:properties id=\"\(reference.id)\"> of \(file)") }
    }

    private static func unknownProperties(_ reference: (id: String, location: ConfigLocation)) -> XMLError {
        .badValue(value: reference.id, reason: "properties-ref names a <util:properties> of this file; none has that id", location: reference.location)
    }

    private func load(_ url: URL, root: String, chain: [String], importedAt: ConfigLocation?, collecting: Bool = false,
                      into config: inout XMLConfig) throws(XMLError) {
        let path = url.path
        var translator = XMLTranslator()
        translator.collecting = collecting
        do throws(XMLError) {
            let data = try ConfigImports.read(url, after: chain, root: root, maxDepth: limits.maxImportDepth,
                                              importedAt: importedAt, as: XMLError.self)
            config.files.append(path)
            try translator.translate(XMLDocumentReader.read(Array(data), file: path, limits: limits))
        } catch {
            guard collecting else { throw error }
            config.problems.append(error)
            return
        }
        config.problems += translator.problems
        config.skipped += translator.skipped
        var propertyFiles = translator.propertyFiles
        for reference in translator.propertyReferences {
            // `properties-ref` names a util:properties element that reads files, or lists its entries.
            if let source = Self.inlineProperties(reference, of: translator, in: path) { config.propertySources.append(source); continue }
            guard let files = translator.propertyFileSets[reference.id] else {
                let problem = Self.unknownProperties(reference)
                guard collecting else { throw problem }
                config.problems.append(problem)
                continue
            }
            propertyFiles += files
        }
        for file in propertyFiles {
            do throws(XMLError) {
                if let source = try propertySource(file, from: url.deletingLastPathComponent(), root: root) { config.propertySources.append(source) }
            } catch {
                guard collecting else { throw error }
                config.problems.append(error)
            }
        }
        for (importPath, location) in translator.imports {
            let target: URL
            do throws(XMLError) {
                target = try ConfigImports.target(importPath, from: url.deletingLastPathComponent(), root: root, writtenAt: location, as: XMLError.self)
            } catch {
                guard collecting else { throw error }
                config.problems.append(error)
                continue
            }
            try load(target, root: root, chain: chain + [path], importedAt: location, collecting: collecting, into: &config)
        }
        merge(translator, into: &config)
    }

    /// The property source a `<context:property-placeholder>` file makes; `nil` for a missing
    /// file the element allows to be missing.
    private func propertySource(_ file: (path: String, optional: Bool, location: ConfigLocation), from directory: URL,
                                root: String) throws(XMLError) -> PropertiesFileSource? {
        let url = try ConfigImports.target(file.path, from: directory, root: root, writtenAt: file.location, as: XMLError.self)
        if file.optional, !FileManager.default.fileExists(atPath: url.path) { return nil }
        do { return try PropertiesFileSource(contentsOf: url) } catch {
            throw .unreadable(path: url.path, reason: error.reason, location: file.location)
        }
    }

    private func merge(_ translator: XMLTranslator, into config: inout XMLConfig) {
        config.definitions += translator.definitions
        config.namedValues.merge(translator.namedValues) { $1 }
        // `<alias>` elements become alias definitions, which the build gives to their targets (here or elsewhere).
        for alias in translator.aliases {
            var definition = Definition.alias(alias.name, of: alias.target, location: alias.location)
            definition.profiles = alias.profiles
            config.definitions.append(definition)
        }
    }
}

extension XMLConfig {
    /// Puts each `util:` value where a bean references it by id (`ref="cities"`).
    mutating func putNamedValuesInPlace(collecting: Bool) throws(XMLError) {
        guard !namedValues.isEmpty else { return }
        var problems: [XMLError] = []
        func replaced(_ source: InjectionSource) -> InjectionSource {
            switch source {
            case .named(let name):
                guard let named = namedValues[name] else { return source }
                guard let value = named.source else {
                    problems.append(.refused(construct: "a reference to <util:properties id=\"\(name)\">", reason: named.refusal ?? "", location: named.location))
                    return source
                }
                return value
            case .optional(let inner): return .optional(replaced(inner))
            case .list(let items): return .list(items.map(replaced))
            case .map(let entries): return .map(entries.mapValues(replaced))
            case .inner(let definition): return .inner(replacing(definition))
            default: return source
            }
        }
        func replacing(_ definition: Definition) -> Definition { definition.mappingSources(replaced) }
        definitions = definitions.map(replacing)
        guard let first = problems.first else { return }
        guard collecting else { throw first }
        self.problems += problems
    }
}

extension ContainerBuilder {
    /// Adds the components of an XML file (and its imports).
    public func loadXML(contentsOf url: URL, root: URL? = nil, limits: XMLLimits = XMLLimits()) throws(XMLError) {
        let config = try XMLLoader(limits: limits).load(contentsOf: url, root: root)
        add(contentsOf: config.definitions)
        propertySources += config.propertySources
        configRoots.append(root ?? url.deletingLastPathComponent())
    }

    /// Adds the components of XML text (tests, embedded config).
    public func loadXML(_ text: String, name: String = "<string>", limits: XMLLimits = XMLLimits()) throws(XMLError) {
        let config = try XMLLoader(limits: limits).load(string: text, name: name)
        add(contentsOf: config.definitions)
        propertySources += config.propertySources
    }
}
