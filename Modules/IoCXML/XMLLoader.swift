import Foundation
import IoCConfig
import IoCCore

/// What a bean file and its imports contribute: the components, the property files, the files
/// read and, when checked, the problems.
public typealias XMLConfig = ConfigContribution

/// Reads Spring `<beans>`, spring-objective-c `<assembly>` and OxIC `<container>` documents
/// into definitions with libxml2, under options that never load a DTD, an external entity or
/// anything from the network. It translates and checks the vocabulary, nothing more.
///
/// ```swift
/// builder.catalog = catalog
/// try builder.loadXML(contentsOf: URL(fileURLWithPath: "MiddleAgesAssembly.xml"))
/// ```
public struct XMLLoader: Sendable {
    /// The bounds every file it reads is held to.
    public var limits: XMLLimits

    /// A loader that holds files to `limits`.
    ///
    /// ```swift
    /// var limits = XMLLimits()
    /// limits.maxDocumentBytes = 1024 * 1024
    /// let config = try XMLLoader(limits: limits).load(contentsOf: URL(fileURLWithPath: "beans.xml"))
    /// ```
    public init(limits: XMLLimits = XMLLimits()) {
        self.limits = limits
    }

    /// Reads a file and its imports.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - root: Where imports and property files may come from; by default the file's
    ///     directory. A file outside it is refused.
    /// - Returns: The definitions, the property sources and the files read.
    /// - Throws: The first ``ConfigError``: malformed XML, an unknown element or attribute or a
    ///   construct with no Swift meaning, a bad value, a limit passed (``XMLLimits``), an import
    ///   outside the root or in a circle; each names file:line:column.
    ///
    /// ```swift
    /// let config = try XMLLoader().load(contentsOf: URL(fileURLWithPath: "config/beans.xml"))
    /// ```
    public func load(contentsOf url: URL, root: URL? = nil) throws(ConfigError) -> ConfigContribution {
        Self.contribution(try ConfigLoader(self).load(contentsOf: url, root: root))
    }

    /// Reads a file and its imports like ``load(contentsOf:root:)``, but goes on past problems:
    /// a file that cannot be read or parsed, or an element that is wrong, is left out and its
    /// problem listed in ``IoCConfig/ConfigContribution/problems``. For tools that report everything at once.
    ///
    /// ```swift
    /// let checked = XMLLoader().check(contentsOf: URL(fileURLWithPath: "config/beans.xml"))
    /// for problem in checked.problems { print(problem) }
    /// ```
    public func check(contentsOf url: URL, root: URL? = nil) -> ConfigContribution {
        Self.contribution(ConfigLoader(self).check(contentsOf: url, root: root))
    }

    /// Reads XML text; `name` stands for the file in locations. Imports and property files are
    /// read from `root` when given and refused otherwise.
    ///
    /// - Throws: As `load(contentsOf:root:)`.
    ///
    /// ```swift
    /// let config = try XMLLoader().load(string: #"<beans><bean id="clock" class="SystemClock"/></beans>"#)
    /// ```
    public func load(string text: String, name: String = "<string>", root: URL? = nil) throws(ConfigError) -> ConfigContribution {
        Self.contribution(try ConfigLoader(self).load(string: text, name: name, root: root))
    }
}

extension ConfigLoad<XMLLoader> {

    /// Beans of `<beans>` without an `id` or `name` named as Spring names them: the class, `#`, and the first
    /// counter no bean has (`com.acme.Clock#0`), or, without a class, the parent's name and
    /// `$child`, or the factory bean's and `$created`. The first of a class is also reachable by
    /// the class's name (an alias), unless a bean has that name already, so `ref="com.acme.Clock"`
    /// works as in Spring.
    mutating func nameUnnamedBeans() {
        guard !extras.unnamedBeans.isEmpty else { return }
        var used = Set<String>()
        for definition in definitions {
            if let name = definition.name { used.insert(name) }
            used.formUnion(definition.aliases)
        }
        for index in extras.unnamedBeans {
            let definition = definitions[index]
            var factory: String?
            if case .named(let name)? = definition.construction.factory { factory = name }
            guard let base = definition.typeName ?? definition.parent.map({ $0 + "$child" }) ?? factory.map({ $0 + "$created" }) else { continue }
            var counter = 0
            while used.contains("\(base)#\(counter)") { counter += 1 }
            let name = "\(base)#\(counter)"
            definitions[index].name = name
            used.insert(name)
            if let type = definition.typeName, !used.contains(type) {
                definitions[index].aliases.append(type)
                used.insert(type)
            }
        }
    }
}

/// What XML reads beside definitions: property sources, and the `util:` values beans reference by id.
package struct XMLExtras: Sendable {
    var propertySources: [PropertiesFileSource] = []
    var namedValues: [String: NamedValue] = [:]
    /// The places in the load's definitions of beans without an id or name, in reading order.
    var unnamedBeans: [Int] = []
}

extension XMLLoader: ConfigFormat {
    package static let format = ConfigError.Format.xml

    package static func contribution(_ load: ConfigLoad<XMLLoader>) -> ConfigContribution {
        var contribution = ConfigContribution(definitions: load.definitions, files: load.files, problems: load.problems, skipped: load.skipped)
        contribution.propertySources = load.extras.propertySources
        return contribution
    }

    /// Spring reports a bean id defined twice unless overriding is allowed: the build reports it.
    package static let laterFilesReplace = false
    package var maxImportDepth: Int { limits.maxImportDepth }
    package var maxDocumentBytes: Int { limits.maxDocumentBytes }
    package var maxFilesRead: Int { limits.maxFilesRead }
    package var maxBytesRead: Int { limits.maxBytesRead }
    package var noExtras: XMLExtras { XMLExtras() }

    package func translate(_ bytes: [UInt8], file: String, collecting: Bool) throws(ConfigError) -> XMLTranslator {
        var translator = XMLTranslator()
        translator.collecting = collecting
        try translator.translate(XMLDocumentReader.read(bytes, file: file, limits: limits))
        return translator
    }

    package func keep(_ translator: XMLTranslator, at place: ConfigPlace<XMLLoader>, in load: inout ConfigLoad<XMLLoader>) throws(ConfigError) {
        var sources: [PropertiesFileSource] = []
        var propertyFiles = translator.propertyFiles
        for reference in translator.propertyReferences {
            // `properties-ref` names a util:properties element that lists its entries, or reads files.
            if let values = translator.inlinePropertySets[reference.id] {
                sources.append(PropertiesFileSource(values: values, name: "<util:properties id=\"\(reference.id)\"> of \(place.file)"))
            } else if let files = translator.propertyFileSets[reference.id] {
                propertyFiles += files
            } else {
                try load.report(.badValue(value: reference.id, reason: "properties-ref names a <util:properties> of this file; none has that id",
                                          location: reference.location))
            }
        }
        for file in propertyFiles {
            if let source = try load.attempt({ () throws(ConfigError) in try propertySource(file, at: place) }) ?? nil { sources.append(source) }
        }
        load.extras.propertySources.insert(contentsOf: sources, at: 0)
        load.extras.namedValues.merge(translator.namedValues) { $1 }
        // Called before the file's definitions are added: they start at the current end.
        load.extras.unnamedBeans += translator.unnamedBeans.map { load.definitions.count + $0 }
    }

    package func finish(_ load: inout ConfigLoad<XMLLoader>) throws(ConfigError) {
        load.nameUnnamedBeans()
        try load.putNamedValuesInPlace()
    }

    /// The property source a `<context:property-placeholder>` file makes; `nil` for a missing
    /// file the element allows to be missing.
    private func propertySource(_ file: XMLTranslator.PropertyFile,
                                at place: ConfigPlace<XMLLoader>) throws(ConfigError) -> PropertiesFileSource? {
        let (url, root) = try place.target(file.path, fromRoot: file.fromRoot, writtenAt: file.location)
        if file.optional, !FileManager.default.fileExists(atPath: url.path) { return nil }
        // Read as an import is: refused by its size (`maxDocumentBytes`) before it is read, and
        // only when it is a regular file.
        let bytes = try ConfigImports.read(url, after: [], root: root, maxDepth: .max, maxBytes: limits.maxDocumentBytes,
                                           importedAt: file.location, format: .xml)
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw .unreadable(path: url.path, reason: "it is not UTF-8 text", location: file.location)
        }
        do { return try PropertiesFileSource(text: text, name: url.path) } catch {
            throw .unreadable(path: url.path, reason: error.reason, location: file.location)
        }
    }
}

extension ConfigLoad<XMLLoader> {
    /// Puts each `util:` value where a bean references it by id (`ref="cities"`).
    mutating func putNamedValuesInPlace() throws(ConfigError) {
        let namedValues = extras.namedValues
        guard !namedValues.isEmpty else { return }
        var problems: [ConfigError] = []
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
        for problem in problems { try report(problem) }
    }
}

extension ContainerBuilder {
    /// Adds the components of an XML file (and its imports), and its property files as property sources.
    ///
    /// - Throws: As `XMLLoader.load(contentsOf:root:)`; the types and references are checked
    ///   later, by ``IoCCore/ContainerBuilder/build()``.
    ///
    /// ```swift
    /// try builder.loadXML(contentsOf: URL(fileURLWithPath: "config/beans.xml"))
    /// ```
    public func loadXML(contentsOf url: URL, root: URL? = nil, limits: XMLLimits = XMLLimits()) throws(ConfigError) {
        add(try XMLLoader(limits: limits).load(contentsOf: url, root: root))
        configRoots.append(root ?? url.deletingLastPathComponent())
    }

    /// Adds the components of XML text (tests, embedded config).
    ///
    /// - Throws: As `XMLLoader.load(string:name:root:)`.
    ///
    /// ```swift
    /// try builder.loadXML(#"<beans><bean id="clock" class="SystemClock"/></beans>"#, name: "test.xml")
    /// ```
    public func loadXML(_ text: String, name: String = "<string>", limits: XMLLimits = XMLLimits()) throws(ConfigError) {
        add(try XMLLoader(limits: limits).load(string: text, name: name))
    }
}
