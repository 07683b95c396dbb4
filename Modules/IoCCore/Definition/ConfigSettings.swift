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
    func excludes(_ rest: String) -> Bool {
        excluding.contains { pattern in
            pattern.contains("*") ? Wildcard.matches(rest, pattern: pattern) : rest == pattern || rest.hasPrefix(pattern + ".")
        }
    }
}

/// How a decorator (``Definition/decorates``) takes over the component it decorates (Symfony's
/// `decoration_inner_name`, `decoration_priority`, `decoration_on_invalid`).
public struct Decoration: Sendable, Equatable {
    /// What happens when the decorated component does not exist.
    public enum Missing: String, Sendable, Equatable {
        /// The build reports it (the default).
        case error = "exception"
        /// The decorator is left out, and the name stays free.
        case ignore
        /// The decorator is kept; what it injects as `.inner` is `nil`.
        case null
    }

    /// The name the decorated component is reachable by; `"<decorator>.inner"` when `nil`.
    public var innerName: String?
    /// Among several decorators of one component, the higher the priority, the closer to the
    /// decorated one (applied first); equal priorities in registration order.
    public var priority: Int = 0
    /// What happens when the decorated component does not exist; by default the build reports it.
    public var missing: Missing = .error
    /// Decorate every component with this tag instead of one component (Symfony's
    /// `decorates_tag`): the build makes one decorator for each, named
    /// `"<decorator>.<component>"`, and each wraps its component as `.inner`.
    public var tag: String?

    /// How a decorator takes over its component.
    ///
    /// - Parameters:
    ///   - innerName: The name the decorated component stays reachable by; `"<decorator>.inner"` when `nil`.
    ///   - priority: Among several decorators of one component, the higher, the closer to it.
    ///   - missing: What happens when the decorated component does not exist.
    ///
    /// ```swift
    /// definition.decoration = Decoration(innerName: "mailer.inner", priority: 10)
    /// ```
    public init(innerName: String? = nil, priority: Int = 0, missing: Missing = .error) {
        self.innerName = innerName
        self.priority = priority
        self.missing = missing
    }
}

/// Settings for the components whose type conforms to a protocol (Symfony's `_instanceof`):
/// what a component states itself is left out of them by the front end, so they override only
/// defaults.
public struct ConditionalSettings: Sendable, Equatable {
    /// The protocol (or the type itself), as the catalog names it.
    public var typeName: String
    /// Tags added to each matching component.
    public var tags: [String] = []
    /// The attributes of those tags, by tag (Symfony's `tags: [{ name: …, priority: … }]`).
    public var tagAttributes: [String: [String: ConfigValue]] = [:]
    /// Called before the component's own calls.
    public var methodCalls: [MethodInjection] = []
    /// Set unless the component sets the same property.
    public var properties: [PropertyInjection] = []
    /// Bindings for the initializer parameters the components do not give.
    public var bindings: [ArgumentBinding] = []
    /// The scope, unless the component states its own.
    public var scope: Scope?
    /// Whether the components are lazy, unless they state it.
    public var isLazy: Bool?
    /// Whether the components can be resolved from the container (not only injected), unless they state it.
    public var isPublic: Bool?
    /// Whether initializer parameters no entry gives are injected by type, unless the component states it.
    public var autowires: Bool?

    /// Settings for the components whose type conforms to `typeName` (a protocol, or the type itself,
    /// as the catalog names it); set the fields to apply.
    ///
    /// ```swift
    /// var settings = ConditionalSettings(typeName: "EventSubscriber")
    /// settings.tags = ["kernel.event_subscriber"]
    /// ```
    public init(typeName: String) {
        self.typeName = typeName
    }

    /// The definition with these settings applied.
    func applied(to definition: Definition) -> Definition {
        var result = definition
        result.tags = definition.tags.adding(tags)
        result.tagAttributes.merge(tagAttributes) { own, _ in own }
        result.methodCalls = methodCalls + definition.methodCalls
        result.properties = properties.removing(keysOf: definition.properties, by: \.name) + definition.properties
        result.bindings += bindings.removing(keysOf: definition.bindings) { [$0.parameter, $0.typeName] }
        if let scope { result.scope = scope }
        if let isLazy { result.isLazy = isLazy }
        if let isPublic { result.isPublic = isPublic }
        if let autowires { result.autowires = autowires }
        return result
    }
}

/// Names with `*` wildcards, where `*` stands for any run of characters: Symfony's `exclude:`
/// patterns and Spring's `default-autowire-candidates` (`*Service`).
package enum Wildcard {
    package static func matches(_ name: String, pattern: String) -> Bool {
        matches(Array(name.utf8), Array(pattern.utf8))
    }

    /// Linear in practice: the last star is retried, never all of them.
    private static func matches(_ text: [UInt8], _ pattern: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        var t = 0, p = 0
        var retryText = -1, retryPattern = -1
        while t < text.count {
            if p < pattern.count, pattern[p] == star {
                retryPattern = p
                retryText = t
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if retryPattern >= 0 {
                retryText += 1
                t = retryText
                p = retryPattern + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
