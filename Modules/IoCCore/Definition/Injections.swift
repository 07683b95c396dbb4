/// One initializer argument, method argument or property: its label, the type it needs and
/// its source. Unbound points (from config) have a label and a source only.
public struct InjectionPoint: Sendable, Equatable {
    /// The argument label or property name; `nil` for an unlabelled argument.
    public let label: String?
    /// The type the point needs; `nil` until bound.
    public let type: TypeRef?
    /// Where its value comes from.
    public var source: InjectionSource
    /// Where config wrote it.
    public var location: ConfigLocation?

    /// A bound point of `type`.
    init(label: String?, type: TypeRef, source: InjectionSource) {
        self.label = label
        self.type = type
        self.source = source
        self.location = nil
    }

    /// What the build and a first bind ask of the point's type (its type's, shared by every
    /// point of that type: ``Slots``); `nil` until the point is bound.
    var slot: (any SlotBinding)? { type.map(Slots.slot(for:)) }

    /// An unbound point: the catalog gives its type when the definition is bound.
    ///
    /// ```swift
    /// let point = InjectionPoint(label: "quest", source: .named("quest"), location: ConfigLocation(file: "knights.xml", line: 7))
    /// ```
    public init(label: String? = nil, source: InjectionSource, location: ConfigLocation? = nil) {
        self.label = label
        self.type = nil
        self.source = source
        self.location = location
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
    public package(set) var point: InjectionPoint
    /// The setter (``PropertySetting``) in a code table; ``CodeRef/none`` until bound.
    var code: CodeRef
    /// Whether a child definition's collection adds to its parent's value of the property
    /// instead of replacing it (Spring's `merge="true"`): a list appends, a map overrides by key.
    public var mergesWithParent = false
    /// Set only when its component is there: a reference (by name or type) that matches no
    /// component leaves the property as the instance has it, instead of failing the build.
    /// What IoCConfig's property autowiring (Spring's `autowire="byName"`/`"byType"`) adds.
    public var isAutowired = false

    init(name: String, point: InjectionPoint, code: CodeRef) {
        self.name = name
        self.point = point
        self.code = code
    }

    /// An unbound property injection: the catalog finds the property by name.
    ///
    /// ```swift
    /// definition.properties.append(PropertyInjection(name: "damselsRescued", source: .config(.string("12"))))
    /// ```
    public init(name: String, source: InjectionSource, location: ConfigLocation? = nil) {
        self.name = name
        self.point = InjectionPoint(label: name, source: source, location: location)
        self.code = .none
    }

    /// The property's type, once bound (`nil` for a property config names, until the catalog finds it).
    public var type: TypeRef? { point.type }
    /// Where the property's value comes from.
    public var source: InjectionSource { point.source }

    public static func == (lhs: PropertyInjection, rhs: PropertyInjection) -> Bool {
        lhs.name == rhs.name && lhs.point == rhs.point && lhs.mergesWithParent == rhs.mergesWithParent && lhs.isAutowired == rhs.isAutowired
    }
}

/// A method called with resolved arguments after the properties are set (method injection;
/// Symfony `calls`).
public struct MethodInjection: Sendable, Equatable {
    /// The method's Swift signature (`configure(logger:)`) or base name (`configure`).
    public let method: String
    /// Its arguments.
    public internal(set) var arguments: [InjectionPoint]
    /// The invoker (``MethodInvoker``) in a code table; ``CodeRef/none`` until bound.
    var code: CodeRef

    @usableFromInline
    init(method: String, arguments: [InjectionPoint], code: CodeRef) {
        self.method = method
        self.arguments = arguments
        self.code = code
    }

    /// An unbound call: the catalog finds the method by signature or name and arguments.
    ///
    /// ```swift
    /// definition.methodCalls.append(MethodInjection(method: "configure(logger:)", arguments: [InjectionPoint(source: .named("logger"))]))
    /// ```
    public init(method: String, arguments: [InjectionPoint]) {
        self.method = method
        self.arguments = arguments
        self.code = .none
    }

    public static func == (lhs: MethodInjection, rhs: MethodInjection) -> Bool {
        lhs.method == rhs.method && lhs.arguments == rhs.arguments
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

    /// When the hook runs.
    public let kind: Kind
    /// The method or closure's name, as printed; `closure` when the code gave none.
    public let name: String
    /// Whether the hook is left out when the type has no such method, instead of being an
    /// error (Spring's `default-init-method`, which applies to the beans that have it).
    public var isOptional = false
    /// The body (a ``Hook``) in a code table; ``CodeRef/none`` until bound.
    var code: CodeRef

    init(kind: Kind, name: String, code: CodeRef) {
        self.kind = kind
        self.name = name
        self.code = code
    }

    /// An unbound hook: the catalog finds the method (with no parameters) by name; with
    /// `isOptional`, a type that has none simply has no such hook.
    ///
    /// ```swift
    /// definition.hooks.append(LifecycleHook(kind: .afterInjection, method: "questAfterPropertyInjection"))
    /// ```
    public init(kind: Kind, method: String, isOptional: Bool = false) {
        self.kind = kind
        self.name = method
        self.isOptional = isOptional
        self.code = .none
    }

    public static func == (lhs: LifecycleHook, rhs: LifecycleHook) -> Bool {
        lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.isOptional == rhs.isOptional
    }
}

/// A further type a component can be injected as, with its conversion.
public struct Exposure: Sendable, Hashable {
    /// The type; `nil` until an exposure named by config is bound.
    public let type: TypeRef?
    /// The type's name as config wrote it.
    public let typeName: String?
    /// The conversion (an ``AdapterBox``) in a code table; ``CodeRef/none`` until bound.
    var code: CodeRef

    init(type: TypeRef, code: CodeRef) {
        self.type = type
        self.typeName = nil
        self.code = code
    }

    /// An unbound exposure: one of the protocols the type's catalog entry declares.
    ///
    /// ```swift
    /// definition.exposedAs.append(Exposure(typeName: "Quest"))
    /// ```
    public init(typeName: String) {
        self.type = nil
        self.typeName = typeName
        self.code = .none
    }

    var name: String { type?.name ?? typeName ?? "?" }

    public static func == (lhs: Exposure, rhs: Exposure) -> Bool { lhs.type == rhs.type && lhs.typeName == rhs.typeName }
}

extension Definition {
    /// Whether the source of any injection point — a construction argument, a property, a
    /// method call's argument — passes `test` (the sources themselves, not what is inside them).
    func containsSource(where test: (InjectionSource) -> Bool) -> Bool {
        // NB: by index, reading only the source: iterating would copy each point whole.
        let arguments = construction.arguments
        for index in arguments.indices where test(arguments[index].source) { return true }
        let properties = self.properties
        for index in properties.indices where test(properties[index].point.source) { return true }
        return methodCalls.contains { $0.arguments.contains { test($0.source) } }
    }
}
