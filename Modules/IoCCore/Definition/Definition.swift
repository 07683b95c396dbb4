/// One component, as plain data: what it is called, what it builds, how long it lives,
/// and where each of its dependencies comes from.
///
/// Every front end (code, macros, XML, YAML) produces definitions and nothing else; the
/// ``ContainerBuilder`` binds and checks them all at once. Definitions compare equal when
/// they describe the same component, whatever front end wrote them (closures compare by
/// their description, and the source location is not compared).
public struct Definition: Sendable, Equatable, CustomStringConvertible {
    /// The name the component is registered under, if any.
    public var name: String?
    /// The type the component is registered as and resolved by.
    public let type: TypeRef
    /// How long an instance lives.
    public var scope: Scope
    /// How the instance is made, with the sources of its initializer arguments.
    public var construction: Construction
    /// Properties set after construction, in order.
    public internal(set) var properties: [PropertyInjection]
    /// Hooks run around injection and at shutdown, and decorators.
    public internal(set) var hooks: [LifecycleHook]
    /// Other names that reach this component.
    public var aliases: [String]
    /// Whether this component wins when several match a type.
    public var isPrimary: Bool
    /// Tags for collection injection (`tagged("reporter")`).
    public var tags: [String]
    /// Further types (usually protocols) this component can be injected as.
    public internal(set) var exposedAs: [Exposure]
    /// Create at build instead of on first request (singletons only).
    public var isEager: Bool
    /// Hand out a ``Lazy`` proxy instead of building at once; never created eagerly.
    public var isLazy: Bool
    /// Replaces an earlier definition with the same key instead of being a duplicate.
    public var isOverride: Bool
    /// The construction strategy wrapped around this component's construction, if any.
    public var strategy: (any ConstructionStrategy)?
    /// Where the definition was written.
    public var location: SourceLocation

    let maker: NodeMaker

    init(type: TypeRef, construction: Construction, maker: NodeMaker, location: SourceLocation) {
        self.name = nil
        self.type = type
        self.scope = .prototype
        self.construction = construction
        self.properties = []
        self.hooks = []
        self.aliases = []
        self.isPrimary = false
        self.tags = []
        self.exposedAs = []
        self.isEager = false
        self.isLazy = false
        self.isOverride = false
        self.strategy = nil
        self.location = location
        self.maker = maker
    }

    /// The key the component is registered under.
    public var key: ComponentKey { ComponentKey(type: type, name: name) }

    public static func == (lhs: Definition, rhs: Definition) -> Bool {
        lhs.name == rhs.name && lhs.type == rhs.type && lhs.scope == rhs.scope
            && lhs.construction == rhs.construction && lhs.properties == rhs.properties
            && lhs.hooks == rhs.hooks && lhs.aliases == rhs.aliases && lhs.isPrimary == rhs.isPrimary
            && lhs.tags == rhs.tags && lhs.exposedAs == rhs.exposedAs && lhs.isEager == rhs.isEager
            && lhs.isLazy == rhs.isLazy && lhs.isOverride == rhs.isOverride
            && lhs.strategy?.name == rhs.strategy?.name
    }

    /// A stable, line-per-fact printed form for golden tests; the location is left out
    /// so that the same component written in two front ends prints the same.
    public var description: String {
        var lines = ["component \(key)"]
        lines.append("  type: \(type.qualifiedName)")
        lines.append("  scope: \(scope)")
        lines.append("  construct: \(construction.kind)")
        for (index, argument) in construction.arguments.enumerated() {
            lines.append("    arg \(index) \(argument.label ?? "_"): \(argument.type.name) <- \(argument.source)")
        }
        for property in properties {
            lines.append("  property \(property.name): \(property.type.name) <- \(property.source)")
        }
        for hook in hooks { lines.append("  \(hook.kind): \(hook.name)") }
        if !exposedAs.isEmpty { lines.append("  as: " + exposedAs.map(\.type.name).joined(separator: ", ")) }
        if !aliases.isEmpty { lines.append("  aliases: " + aliases.joined(separator: ", ")) }
        if !tags.isEmpty { lines.append("  tags: " + tags.joined(separator: ", ")) }
        var flags: [String] = []
        if isPrimary { flags.append("primary") }
        if isEager { flags.append("eager") }
        if isLazy { flags.append("lazy") }
        if isOverride { flags.append("override") }
        if let strategy { flags.append("strategy \(strategy.name)") }
        if !flags.isEmpty { lines.append("  flags: " + flags.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }
}

/// How a component's instance is made.
public struct Construction: Sendable, Equatable {
    /// The kind of construction, as printed.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// An existing instance, handed out as it is.
        case instance
        /// An initializer or function whose parameters are the dependencies; the string is its signature.
        case initializer(String)
        /// A closure that resolves what it needs through a ``Resolver``; its dependencies are hidden.
        case closure
        /// An `async` closure; the component can only be resolved with `await`.
        case asyncClosure
        /// A ``ComponentFactory`` component (argument 0) is injected, then asked for the product.
        case factoryComponent

        public var description: String {
            switch self {
            case .instance: return "instance"
            case .initializer(let signature): return "initializer \(signature)"
            case .closure: return "closure"
            case .asyncClosure: return "async closure"
            case .factoryComponent: return "factory component"
            }
        }
    }

    /// The kind of construction.
    public let kind: Kind
    /// The initializer's arguments (or the factory component), each with its source.
    public internal(set) var arguments: [InjectionPoint]

    let recipe: RecipeBox

    /// Whether the construction is `async`.
    public var isAsync: Bool { kind == .asyncClosure }

    public static func == (lhs: Construction, rhs: Construction) -> Bool {
        lhs.kind == rhs.kind && lhs.arguments == rhs.arguments
    }

    /// Changes where argument `index` comes from (Objective-IOC's dependency dictionary,
    /// Spring's `constructor-arg ref`).
    public mutating func setSource(_ source: InjectionSource, forArgument index: Int) {
        guard arguments.indices.contains(index) else { return }
        arguments[index].source = source
    }
}

/// One initializer argument or property: its label, the type it needs and its source.
public struct InjectionPoint: Sendable, Equatable {
    /// The argument label or property name; `nil` for an unlabelled argument.
    public let label: String?
    /// The type the point needs.
    public let type: TypeRef
    /// Where its value comes from.
    public var source: InjectionSource

    let slot: any SlotBinding

    init(label: String?, slot: any SlotBinding, source: InjectionSource) {
        self.label = label
        self.type = slot.type
        self.source = source
        self.slot = slot
    }

    public static func == (lhs: InjectionPoint, rhs: InjectionPoint) -> Bool {
        lhs.label == rhs.label && lhs.type == rhs.type && lhs.source == rhs.source
    }
}

/// A property set after construction.
public struct PropertyInjection: Sendable, Equatable {
    /// The property's name.
    public let name: String
    /// Its type and source.
    public internal(set) var point: InjectionPoint
    let setter: PropertySetterBox

    public var type: TypeRef { point.type }
    public var source: InjectionSource { point.source }

    public static func == (lhs: PropertyInjection, rhs: PropertyInjection) -> Bool {
        lhs.name == rhs.name && lhs.point == rhs.point
    }
}

/// A hook that runs at one moment of a component's life.
public struct LifecycleHook: Sendable, Equatable {
    /// When the hook runs.
    public enum Kind: String, Sendable, Equatable, CustomStringConvertible {
        /// After construction, before properties are injected.
        case beforeInjection = "before-injection"
        /// After every property is injected (Spring `init-method`, Typhoon `after-property-injection`).
        case afterInjection = "after-injection"
        /// May wrap or replace the instance after injection.
        case decorator
        /// At ``Container/shutdown()``, in reverse creation order (Spring `destroy-method`).
        case dispose

        public var description: String { rawValue }
    }

    public let kind: Kind
    /// The method or closure's name, as printed; `closure` when the code gave none.
    public let name: String
    let body: HookBox

    public static func == (lhs: LifecycleHook, rhs: LifecycleHook) -> Bool {
        lhs.kind == rhs.kind && lhs.name == rhs.name
    }
}

/// A further type a component can be injected as, with its conversion.
public struct Exposure: Sendable, Equatable {
    public let type: TypeRef
    let adapter: AdapterBox

    public static func == (lhs: Exposure, rhs: Exposure) -> Bool { lhs.type == rhs.type }
}
