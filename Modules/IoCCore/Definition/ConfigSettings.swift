/// One tag of a component with its attributes; a component may be given one tag several times
/// (``Definition/tagEntries``).
public struct TagEntry: Sendable, Equatable {
    /// The tag.
    public var name: String
    /// Its attributes (`priority` orders tagged collections; others key them, `index_by`).
    public var attributes: [String: ConfigValue]

    /// The tag `name` with `attributes`.
    public init(_ name: String, _ attributes: [String: ConfigValue] = [:]) {
        self.name = name
        self.attributes = attributes
    }
}

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

    public static func == (lhs: ArgumentBinding, rhs: ArgumentBinding) -> Bool {
        lhs.parameter == rhs.parameter && lhs.typeName == rhs.typeName && lhs.source == rhs.source
    }
}

