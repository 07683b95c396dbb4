/// Where the value for one injection point (an initializer argument or a property) comes from.
///
/// Every front end describes dependencies with these cases; the builder binds each one to
/// the component(s) or value it names and checks the whole graph before it returns a container.
///
/// NB: only the cases whose payload is large or holds a source are `indirect`: a reference by
/// name or type is stored in place, since boxing it cost one object per reference read from
/// config (two for a component with two references). `taggedIndexed`, with two strings, is
/// boxed so that a source is 17 bytes, not 33: every injection point and construction keeps one.
public enum InjectionSource: Sendable, Equatable, CustomStringConvertible {
    /// The one component of this type (autowiring). Several candidates need a `primary` one.
    case type(TypeRef)
    /// The component with this name or alias.
    case named(String)
    /// A value written in code.
    indirect case value(InjectedValue)
    /// A value written in config, converted at build to the type the injection point needs
    /// (``ValueConverters``); strings may hold `${key:default}` placeholders.
    indirect case config(ConfigValue)
    /// The one component of the type config names (a type or protocol in the ``TypeCatalog``).
    case typeNamed(String)
    /// Every component of this type, as an array in registration order (multi-binding).
    case all(TypeRef)
    /// Every component tagged with this tag, as an array (highest tag `priority` first, then in
    /// registration order), or keyed by name.
    case tagged(String)
    /// Every component tagged with `tag`, keyed by the value of its tag attribute `indexBy`
    /// (Symfony's `index_by`), or by its name when its tag has no such attribute, for a
    /// dictionary or a ``ServiceLocator``.
    indirect case taggedIndexed(tag: String, indexBy: String)  // docs/PerformanceLedger.md U12
    /// An array of the given sources.
    case list([InjectionSource])
    /// A dictionary of the given sources.
    case map([String: InjectionSource])
    /// The source, or `nil` when it names no component.
    indirect case optional(InjectionSource)
    /// A ``Lazy`` handle that resolves the source on first use.
    indirect case lazy(InjectionSource)
    /// A ``Provider`` that resolves the source on every call.
    indirect case provider(InjectionSource)
    /// A component defined in place, with no name of its own.
    case inner(Definition)
    /// An explicit `nil`.
    case nilValue
    /// The parameter's own Swift default value, for a defaulted initializer parameter a
    /// definition does not set (its catalog entry knows the default).
    case defaultArgument
    /// A value a child definition (or the app) must give: building with it is an error that
    /// shows the message (Symfony's `!abstract`).
    case abstractArgument(String)

    /// Autowiring of `T`.
    ///
    /// ```swift
    /// builder.register(ReportService.init).arguments(.type((any WeatherClient).self))
    /// ```
    public static func type<T>(_ type: T.Type) -> InjectionSource { .type(TypeRef(type)) }
    /// Every component of type `T`.
    ///
    /// ```swift
    /// builder.register(Broadcaster.init).arguments(.all((any Channel).self))
    /// ```
    public static func all<T>(_ type: T.Type) -> InjectionSource { .all(TypeRef(type)) }
    /// A literal value.
    ///
    /// ```swift
    /// builder.register(RetryPolicy.init).arguments(.value(3))
    /// ```
    public static func value<V: Sendable & Equatable>(_ value: V) -> InjectionSource { .value(InjectedValue(value)) }

    /// Whether the source is a value (`.value`, `.config`): it names no component.
    var isPlainValue: Bool {
        switch self {
        case .value, .config: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .type(let t): return "type \(t.name)"
        case .named(let n): return "@\(n)"
        case .value(let v): return "value \(v)"
        case .config(let value): return "value \(value)"
        case .typeNamed(let name): return "type \(name)"
        case .all(let t): return "all \(t.name)"
        case .tagged(let tag): return "tagged \(tag)"
        case let .taggedIndexed(tag, indexBy): return "tagged \(tag) by \(indexBy)"
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .map(let entries):
            return "{" + entries.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .optional(let s): return "optional \(s)"
        case .lazy(let s): return "lazy \(s)"
        case .provider(let s): return "provider \(s)"
        case .inner(let d): return "inner \(d.key)"
        case .nilValue: return "nil"
        case .defaultArgument: return "default"
        case .abstractArgument(let message): return "abstract (\(message))"
        }
    }
}

/// A literal value in a definition, kept with an equality and a printed form so that
/// definitions stay comparable and printable.
public struct InjectedValue: Sendable, Equatable, CustomStringConvertible {
    /// The value itself.
    public let value: any Sendable & Equatable
    /// The value as definitions print it.
    public let description: String

    /// Wraps `value`, compared with `==` and printed as Swift prints it.
    ///
    /// ```swift
    /// let point = InjectionPoint(label: "retries", source: .value(InjectedValue(3)))
    /// ```
    public init<V: Sendable & Equatable>(_ value: V) {
        self.value = value
        self.description = V.self == String.self ? "\"\(value)\"" : "\(value)"
    }

    public static func == (lhs: InjectedValue, rhs: InjectedValue) -> Bool { lhs.value.isEqual(to: rhs.value) }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: any Equatable) -> Bool { (other as? Self) == self }
}
