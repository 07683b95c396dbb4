/// How a component's instance is made.
public struct Construction: Sendable, Equatable {
    /// The kind of construction, as printed.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// An existing instance, handed out as it is.
        case instance
        /// An initializer or function whose parameters are the dependencies; the string is its
        /// signature (`init(quest:)`, or `(Quest) -> Knight` for a function value), or `nil` for
        /// an unbound definition that lets the catalog choose by its arguments.
        case initializer(String?)
        /// A static factory method of the type: `URL(string:)`.
        case staticFactory(String)
        /// A method of another component (``Construction/factory``) that makes this one:
        /// Spring `factory-bean` + `factory-method`, `sword(specification:)`.
        case factoryMethod(String)
        /// A closure that resolves what it needs through a ``Resolver``; its dependencies are hidden.
        case closure
        /// An `async` closure; the component can only be resolved with `await`.
        case asyncClosure
        /// A ``ComponentFactory`` component (argument 0) is injected, then asked for the product.
        case factoryComponent
        /// A closure that takes arguments the caller gives at resolve time (their types as
        /// printed: `(String, Int)`); see ``ContainerBuilder/register(_:name:runtimeArguments:file:line:)``.
        case runtimeArguments(String)
        /// Not stated: taken from the parent definition.
        case inherited

        public var description: String {
            switch self {
            case .instance: return "instance"
            case .initializer(let signature?): return "initializer \(signature)"
            case .initializer(nil): return "initializer"
            case .staticFactory(let signature): return "static factory \(signature)"
            case .factoryMethod(let signature): return "factory method \(signature)"
            case .closure: return "closure"
            case .asyncClosure: return "async closure"
            case .factoryComponent: return "factory component"
            case .runtimeArguments(let types): return "runtime arguments \(types)"
            case .inherited: return "inherited"
            }
        }

        /// The kind without its signature, for the canonical form: front ends spell signatures
        /// differently, and an initializer and a static factory are both a function of the arguments.
        var family: String {
            switch self {
            case .initializer, .staticFactory: return "function"
            case .factoryMethod: return "factory method"
            default: return description
            }
        }
    }

    /// The initializer's arguments (or the factory component), each with its source.
    public package(set) var arguments: [InjectionPoint]
    /// For ``Kind/factoryMethod(_:)``: the component whose method makes this one.
    public internal(set) var factory: InjectionSource? {
        get { factoryBox?.source }
        set { factoryBox = newValue.map(FactorySource.init) }
    }
    // NB: boxed, because few constructions have one: inline, a source is 17 bytes of every
    // definition's construction (measured in `bytes_per_definition`).
    private var factoryBox: FactorySource?
    /// Whether it has a ``factory`` (read without copying the source).
    var hasFactory: Bool { factoryBox != nil }

    /// The code that makes the instance (a ``Recipe``), in the code table of the builder that
    /// registered it or of the build that bound it; ``CodeRef/none`` until bound.
    @usableFromInline var code: CodeRef
    /// The type the code makes, which a code registration's signature ends with.
    private var product: TypeRef?

    /// The kind of construction. A code registration's initializer states its signature as
    /// its parameters' types and the type it makes: `initializer (Quest) -> Knight`.
    public internal(set) var kind: Kind {
        get {
            // An initializer with its code but no text of its signature is a code registration's:
            // the text is written from its types when asked for. (The catalog's have theirs;
            // an unbound one has no code yet.)
            if case .initializer(nil) = storedKind, !code.isNone { return .initializer(typedSignature) }
            return storedKind
        }
        set { storedKind = newValue }
    }

    /// ``kind`` as the build reads it: for a code registration's initializer, whose signature
    /// is written only when asked for, `.initializer(nil)`. A code registration keeps no text
    /// of its signature: the text took an allocation and its writing for every registration
    /// with parameters (docs/PerformanceLedger.md L19).
    // NB: stored last: its 17 bytes end the construction there, so that the definition's
    // one-byte fields fill the rest of its last word (`bytes_per_definition`).
    package private(set) var storedKind: Kind

    /// A construction by the code `code` names, which makes a `product`.
    @usableFromInline
    init(kind: Kind, arguments: [InjectionPoint], code: CodeRef, product: TypeRef?, factory: InjectionSource? = nil) {
        self.storedKind = kind
        self.arguments = arguments
        self.code = code
        self.product = product
        self.factoryBox = factory.map(FactorySource.init)
    }

    /// An unbound construction (no code yet).
    package init(kind: Kind, arguments: [InjectionPoint], factory: InjectionSource? = nil) {
        self.init(kind: kind, arguments: arguments, code: .none, product: nil, factory: factory)
    }

    /// `(Quest, Horse) -> Knight`.
    private var typedSignature: String {
        "(" + arguments.map { $0.type?.name ?? "?" }.joined(separator: ", ") + ") -> " + (product?.name ?? "?")
    }

    private final class FactorySource: Sendable {
        let source: InjectionSource
        init(_ source: InjectionSource) { self.source = source }
    }

    /// An unbound construction through an initializer of the type. `signature` picks one
    /// (`init(quest:)`); without it the catalog picks the one the arguments fit.
    /// Labelled arguments match parameters by label, unlabelled ones by position; parameters
    /// left out are resolved by their type.
    ///
    /// ```swift
    /// var knight = Definition(name: "knight", typeName: "Knight", location: location)
    /// knight.construction = .initializer("init(quest:)", arguments: [InjectionPoint(label: "quest", source: .named("quest"))])
    /// ```
    public static func initializer(_ signature: String? = nil, arguments: [InjectionPoint] = []) -> Construction {
        Construction(kind: .initializer(signature), arguments: arguments)
    }

    /// An unbound construction through a static factory method: `URL(string:)`.
    ///
    /// ```swift
    /// url.construction = .staticFactory("URL(string:)", arguments: [InjectionPoint(source: .config(.string("https://example.com")))])
    /// ```
    public static func staticFactory(_ signature: String, arguments: [InjectionPoint] = []) -> Construction {
        Construction(kind: .staticFactory(signature), arguments: arguments)
    }

    /// An unbound construction through a method of another component: `sword(specification:)` of `@swordFactory`.
    ///
    /// ```swift
    /// sword.construction = .factoryMethod("sword(specification:)", of: .named("swordFactory"),
    ///                                     arguments: [InjectionPoint(source: .config(.string("broad")))])
    /// ```
    public static func factoryMethod(_ signature: String, of factory: InjectionSource, arguments: [InjectionPoint] = []) -> Construction {
        Construction(kind: .factoryMethod(signature), arguments: arguments, factory: factory)
    }

    /// Taken from the parent definition.
    public static var inherited: Construction { Construction(kind: .inherited, arguments: []) }

    /// Whether the construction is `async`.
    public var isAsync: Bool { storedKind == .asyncClosure }

    public static func == (lhs: Construction, rhs: Construction) -> Bool {
        lhs.kind == rhs.kind && lhs.arguments == rhs.arguments && lhs.factory == rhs.factory
    }

    /// Changes where argument `index` comes from (Objective-IOC's dependency dictionary,
    /// Spring's `constructor-arg ref`).
    ///
    /// ```swift
    /// definition.construction.setSource(.named("holyGrailQuest"), forArgument: 0)
    /// ```
    public mutating func setSource(_ source: InjectionSource, forArgument index: Int) {
        guard arguments.indices.contains(index) else { return }
        arguments[index].source = source
    }

    /// Adds an argument to an unbound construction.
    ///
    /// ```swift
    /// definition.construction.append(InjectionPoint(label: "retries", source: .config(.string("${retries:3}"))))
    /// ```
    public mutating func append(_ argument: InjectionPoint) {
        arguments.append(argument)
    }
}
