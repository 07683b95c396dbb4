import IoCCore

// A services.yaml's `resource:` (Symfony's `App\\: { resource: ../src/ }`) as a setting of a
// definition, and the pass of the build that expands it: a module's setting (IoCCore's
// ``DefinitionSetting``), not a field of the core.

/// The catalogued types a resource definition registers (Symfony's `App\\: { resource: ../src/ }`):
/// in Swift the catalog, not a source folder, lists what an app may build, so a resource
/// selects catalog entries by the prefix of their module-qualified name.
public struct CatalogResource: Sendable, Equatable, CustomStringConvertible {
    /// The start of the qualified names selected: `App.` selects `App.Mailer`, `App.Clock`.
    public var namePrefix: String
    /// Names after the prefix to leave out: `Kernel`, `Entity` (and everything under
    /// `Entity.`), or a pattern with `*`.
    public var excluding: [String]
    /// How the ids of the registered components start: a component's id is this, then its
    /// name after the prefix (`App\\` gives `App\\Mailer`, as Symfony names services).
    public var idPrefix: String
    /// How the id separates the rest of a nested type's name (`\\` for Symfony's ids).
    public var idSeparator: String

    /// Selects the catalog entries whose qualified names start with `namePrefix`.
    ///
    /// - Parameters:
    ///   - namePrefix: The start of the names selected (`App.`).
    ///   - excluding: Names after the prefix to leave out; a name also leaves out the names under it.
    ///   - idPrefix: How the registered components' ids start (`App\\`).
    ///   - idSeparator: What separates the rest of a nested type's name in an id.
    ///
    /// ```swift
    /// let resource = CatalogResource(namePrefix: "App.", excluding: ["Entity", "Kernel"], idPrefix: "App\\", idSeparator: "\\")
    /// ```
    public init(namePrefix: String, excluding: [String] = [], idPrefix: String, idSeparator: String = ".") {
        self.namePrefix = namePrefix
        self.excluding = excluding
        self.idPrefix = idPrefix
        self.idSeparator = idSeparator
    }

    public var description: String {
        "resource \(namePrefix)*" + (excluding.isEmpty ? "" : " excluding " + excluding.joined(separator: ", "))
    }

    /// Whether `rest`, a name after the prefix, is left out.
    package func excludes(_ rest: String) -> Bool {
        excluding.contains { pattern in
            pattern.contains("*") ? Wildcard.matches(rest, pattern: pattern) : rest == pattern || rest.hasPrefix(pattern + ".")
        }
    }
}

extension CatalogResource: DefinitionSetting {
    public static let defaultValue: CatalogResource? = nil
    public static var preparation: PreparationPass? { pass }
    private static let pass = PreparationPass(name: "catalog resources", order: 0, expand)

    /// Each resource definition replaced by a definition per catalogued type it selects, named
    /// as the resource says and otherwise as the resource states. A component defined with the
    /// same id, anywhere, is left as it is; the generated one of a type is its primary candidate
    /// (Symfony autowires the service whose id is the class). Without a catalog a resource
    /// selects nothing.
    static func expand(_ context: inout PreparationContext, _ input: [Definition]) -> [Definition] {
        // An alias naming a service a resource was to register, and did not, says so.
        for definition in input {
            if let resource = definition.resource { context.promiseNames(withPrefix: resource.idPrefix, at: definition.location) }
        }
        return expanded(input, typeNames: context.catalogTypeNames, defined: Set(input.compactMap { $0.resource == nil ? $0.name : nil })).definitions
    }

    /// `input` with each resource definition replaced by a definition per name of `typeNames`
    /// (qualified, in the catalog's order) under its prefix, except the names `defined` and
    /// those an earlier resource made; and the indexes of the definitions made. What the
    /// build's pass does with the catalog, and the config compiler with the types it catalogs.
    package static func expanded(_ input: [Definition], typeNames: [String], defined: Set<String>) -> (definitions: [Definition], made: Set<Int>) {
        var result: [Definition] = []
        result.reserveCapacity(input.count)
        var made: Set<Int> = []
        var generated: Set<String> = []
        for definition in input {
            guard let resource = definition.resource else { result.append(definition); continue }
            for name in typeNames {
                guard name.hasPrefix(resource.namePrefix) else { continue }
                let rest = String(name.dropFirst(resource.namePrefix.count))
                let id = resource.idPrefix + rest.replacingOccurrences(of: ".", with: resource.idSeparator)
                guard !rest.isEmpty, !resource.excludes(rest), !defined.contains(id), generated.insert(id).inserted else { continue }
                var component = definition
                component.resource = nil
                component.name = id
                component.typeName = name
                if !component.stated.contains(.primary) { component.isPrimary = true }
                made.insert(result.count)
                result.append(component)
            }
        }
        return (result, made)
    }
}

extension Definition {
    /// Makes this definition a template for every catalogued type the resource selects
    /// (Symfony's `resource:`); expanded at build, when the catalog is known.
    public var resource: CatalogResource? {
        get { self[setting: CatalogResource.self] }
        set { self[setting: CatalogResource.self] = newValue }
    }
}
