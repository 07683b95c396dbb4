import IoCCore

// Sources for the parameters a definition leaves out (Symfony's `bind:`), a setting of the
// definition that the build asks when it binds it through the catalog (IoCCore's
// ``ParameterSourceSetting``).

/// A source for initializer parameters a definition does not give (Symfony's `bind`): every
/// parameter with this name (`$locale`), of this type (`LoggerInterface`), or both
/// (`string $locale`) takes it.
public struct ArgumentBinding: Sendable, Equatable, CustomStringConvertible {
    /// The parameter's label, without Symfony's `$`; `nil` matches any name.
    public var parameter: String?
    /// The parameter's type as config names it (`String`, a catalog name, or PHP's `string`,
    /// `int`, `float`, `bool`); `nil` matches any type.
    public var typeName: String?
    /// What the matching parameters take.
    public var source: InjectionSource
    /// Where the binding was written (a config file's `bind` entry); `nil` in code.
    public var location: ConfigLocation?

    /// A binding for the parameters this name and type select.
    ///
    /// - Parameters:
    ///   - parameter: The parameter's label without `$` (`locale`), or `nil` for any label.
    ///   - typeName: The parameter's type as config names it, or `nil` for any type.
    ///   - source: What those parameters take.
    ///   - location: Where the binding was written.
    ///
    /// ```swift
    /// var definition = Definition(name: "mailer", typeName: "Mailer", location: ConfigLocation(file: "services.yaml", line: 3))
    /// definition.bindings.append(ArgumentBinding(parameter: "locale", typeName: "String", source: .config(.string("fr"))))
    /// ```
    public init(parameter: String?, typeName: String?, source: InjectionSource, location: ConfigLocation? = nil) {
        self.parameter = parameter
        self.typeName = typeName
        self.source = source
        self.location = location
    }

    public var description: String {
        [typeName, parameter.map { "$" + $0 }].compactMap { $0 }.joined(separator: " ") + " <- \(source)"
    }

    /// `own`, then each of `fallback` whose parameter and type `own` does not bind: a
    /// service's bindings before `_defaults`', a child's before its parent's.
    package static func adding(_ fallback: [ArgumentBinding], after own: [ArgumentBinding]) -> [ArgumentBinding] {
        own + fallback.filter { binding in !own.contains { $0.parameter == binding.parameter && $0.typeName == binding.typeName } }
    }

    public static func == (lhs: ArgumentBinding, rhs: ArgumentBinding) -> Bool {
        lhs.parameter == rhs.parameter && lhs.typeName == rhs.typeName && lhs.source == rhs.source
    }
}


/// A definition's ``ArgumentBinding``s (``Definition/bindings``): the first that fits a
/// parameter the definition leaves out gives its source.
enum ArgumentBindings: ParameterSourceSetting {
    static let defaultValue: [ArgumentBinding] = []

    static func source(for parameter: LeftOutParameter, in bindings: [ArgumentBinding]) -> InjectionPoint? {
        guard let binding = bindings.first(where: { fits($0, parameter) }) else { return nil }
        return InjectionPoint(label: parameter.label, source: binding.source, location: binding.location)
    }

    /// Whether `binding` names `parameter`'s label (or none) and type (or none).
    private static func fits(_ binding: ArgumentBinding, _ parameter: LeftOutParameter) -> Bool {
        if let label = binding.parameter, label != parameter.label { return false }
        guard let typeName = binding.typeName else { return true }
        return parameter.hasType(named: typeName)
    }

    static func mapSources(_ bindings: [ArgumentBinding], _ transform: (InjectionPoint) throws(IoCError) -> InjectionSource) throws(IoCError) -> [ArgumentBinding] {
        var result = bindings
        for (index, binding) in bindings.enumerated() {
            let source = try transform(InjectionPoint(label: binding.parameter, source: binding.source, location: binding.location))
            // Written only when it changed: most sources hold no placeholder (no copy of the list).
            if source != binding.source { result[index].source = source }
        }
        return result
    }

    /// A child's bindings, then its parent's that it does not bind itself (Symfony's
    /// `$definition->getBindings() + $parentDef->getBindings()`).
    static func inherited(from parent: [ArgumentBinding], by own: [ArgumentBinding]) -> [ArgumentBinding] {
        ArgumentBinding.adding(parent, after: own)
    }

    static func describe(_ bindings: [ArgumentBinding]) -> [String] { bindings.map { "bind \($0)" } }
}

extension Definition {
    /// Sources for initializer parameters the definition does not give, matched by parameter
    /// name and/or type (Symfony's `bind`); tried before autowiring. A child definition
    /// (``parent``) adds its parent's bindings after its own.
    public var bindings: [ArgumentBinding] {
        get { self[setting: ArgumentBindings.self] }
        set { self[setting: ArgumentBindings.self] = newValue }
    }
}
