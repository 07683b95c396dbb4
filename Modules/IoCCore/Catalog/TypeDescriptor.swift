/// What config files may do with one Swift type: its names, initializers, static factories,
/// factory methods, settable properties, methods, and the protocols it can be injected as.
///
/// Descriptors are written by `@Component` (macros) or by hand with a ``TypeDescriptorBuilder``
/// through ``TypeCatalog/add(_:names:describe:)``. The catalog is the allowlist: config can only
/// name what a descriptor lists.
public struct TypeDescriptor: Sendable {
    /// A callable member: an initializer, a static or instance factory, or a method.
    public struct Member: Sendable, CustomStringConvertible {
        /// How config names it: `init(quest:)`, `make(url:)`.
        public let signature: Signature
        /// Its parameters' types, in order.
        public let parameterTypes: [TypeRef]
        /// What it makes: the type itself for initializers and static factories, the product for factory methods.
        public let returns: TypeRef?
        let template: MemberTemplate
        /// Whether every parameter from `position` on has a Swift default value (the entry gave them).
        package func hasDefaults(from position: Int) -> Bool {
            guard case .construction(let construction, _) = template else { return position >= parameterTypes.count }
            return construction.arguments.dropFirst(position).allSatisfy { $0.source == .defaultArgument }
        }

        public var description: String { signature.description }
    }

    /// A settable property.
    public struct Property: Sendable {
        /// The property's name, as config writes it.
        public let name: String
        /// The property's type, which its value or reference must make.
        public let type: TypeRef
        let point: InjectionPoint
        let setter: any PropertySetting

        /// The type of the one component it takes: its type, or an optional's wrapped type;
        /// `nil` when its entry gives it a source of another kind (every component of a type,
        /// a default value).
        public var componentType: TypeRef? {
            var wanted = point.source
            if case .optional(let inner) = wanted { wanted = inner }
            guard case .type(let type) = wanted else { return nil }
            return type
        }
    }

    // NB: the fields live in one copy-on-write box. Binding looks a descriptor up for every
    // definition; copying a dozen arrays out (a retain and a release each) cost more than the
    // rest of the lookup.
    private final class Fields: @unchecked Sendable {  // docs/PerformanceLedger.md U2
        let type: TypeRef
        let typed: DescriptorBox
        var names: [String]
        var initializers: [Member] = []
        var staticFactories: [Member] = []
        var factoryMethods: [Member] = []
        var methods: [Member] = []
        var properties: [Property] = []
        var conformances: [Conformance] = []
        var problems: [String] = []
        var product: (any FactoryProducing)?
        var isMainActor = false

        init(type: TypeRef, names: [String], typed: DescriptorBox) {
            self.type = type
            self.names = names
            self.typed = typed
        }

        init(copying other: Fields) {
            type = other.type
            typed = other.typed
            names = other.names
            initializers = other.initializers
            staticFactories = other.staticFactories
            factoryMethods = other.factoryMethods
            methods = other.methods
            properties = other.properties
            conformances = other.conformances
            problems = other.problems
            product = other.product
            isMainActor = other.isMainActor
        }
    }

    private var fields: Fields

    private var unique: Fields {
        mutating get {
            if !isKnownUniquelyReferenced(&fields) { fields = Fields(copying: fields) }
            return fields
        }
    }

    init(type: TypeRef, names: [String], typed: DescriptorBox) {
        fields = Fields(type: type, names: names, typed: typed)
    }

    /// The type described.
    public var type: TypeRef { fields.type }
    /// The names config may use: the short and module-qualified type names, and aliases (`NSURL`).
    public internal(set) var names: [String] {
        _read { yield fields.names }
        _modify { yield &unique.names }
    }
    public internal(set) var initializers: [Member] {
        _read { yield fields.initializers }
        _modify { yield &unique.initializers }
    }
    public internal(set) var staticFactories: [Member] {
        _read { yield fields.staticFactories }
        _modify { yield &unique.staticFactories }
    }
    /// Instance methods that make another component (Spring `factory-method` on a `factory-bean`).
    public internal(set) var factoryMethods: [Member] {
        _read { yield fields.factoryMethods }
        _modify { yield &unique.factoryMethods }
    }
    /// Instance methods for method injection and lifecycle hooks.
    public internal(set) var methods: [Member] {
        _read { yield fields.methods }
        _modify { yield &unique.methods }
    }
    public internal(set) var properties: [Property] {
        _read { yield fields.properties }
        _modify { yield &unique.properties }
    }
    /// Whether its members are main-actor code (a `@MainActor` type's): the definitions config
    /// makes of it are main-actor components (``Definition/isMainActor``).
    public internal(set) var isMainActor: Bool {
        get { fields.isMainActor }
        set { unique.isMainActor = newValue }
    }
    /// The protocols (or superclasses) it can be injected as.
    public var exposures: [Exposure] { fields.conformances.map { Exposure(type: $0.type, code: .none) } }
    /// Each protocol (or superclass) it can be injected as, with its conversion.
    var conformances: [Conformance] {
        _read { yield fields.conformances }
        _modify { yield &unique.conformances }
    }
    /// A protocol the type conforms to, and the conversion to it.
    struct Conformance: Sendable {
        let type: TypeRef
        let adapter: AdapterBox
    }
    /// For a ``ComponentFactory``: what config that names the type gets, its product.
    var product: (any FactoryProducing)? {
        _read { yield fields.product }
        _modify { yield &unique.product }
    }
    /// Problems found while the descriptor was written; reported at build.
    var problems: [String] {
        _read { yield fields.problems }
        _modify { yield &unique.problems }
    }

    var typed: DescriptorBox { fields.typed }
}

/// The typed code behind a member.
enum MemberTemplate: Sendable {
    /// An initializer or factory: the construction with default sources (without its code), and its code.
    case construction(Construction, RecipeBox)
    /// A method: its parameters (default sources) and invoker.
    case method([InjectionPoint], any MethodInvoking)
}

/// The typed half of a descriptor: binds definitions of `T`.
protocol DescriptorBox: AnyObject, Sendable {
    func bind(_ definition: Definition, construction: Construction, descriptor: TypeDescriptor,
              binding: CatalogBinding) -> Definition?
}

/// Writes a ``TypeDescriptor`` for `T`.
///
/// ```swift
/// catalog.add(Knight.self) { knight in
///     knight.initializer("init()") { Knight() }
///     knight.initializer("init(quest:)") { (quest: any Quest) in Knight(quest: quest) }
///     knight.property("quest", \.quest)
///     knight.property("damselsRescued", \.damselsRescued)
///     knight.method("questAfterPropertyInjection") { $0.questAfterPropertyInjection() }
///     knight.conforms(to: (any Warrior).self) { $0 }
/// }
/// ```
public struct TypeDescriptorBuilder<T> {
    var descriptor: TypeDescriptor

    init(names: [String]) {
        descriptor = TypeDescriptor(type: TypeRef(T.self), names: names, typed: TypedDescriptor<T>())
    }

    /// Another name config may use for the type (`NSURL` for `URL`).
    ///
    /// ```swift
    /// catalog.add(URL.self) { url in url.alias("NSURL") }
    /// ```
    public mutating func alias(_ name: String) { descriptor.names.append(name) }

    /// An initializer, addressable by `signature` (`init(quest:)`); `body` calls it.
    ///
    /// `defaults` gives the Swift default values of defaulted parameters, by position: a
    /// definition that does not set such a parameter gets its default, as a Swift call would.
    /// `sources` gives, by position, where a parameter comes from when a definition does not
    /// set it (what its declaration says: `@Named("x")` is `.named("x")`, `@Config("${key:3}")`
    /// is `.config(.string("${key:3}"))`, its placeholders resolved at build); without one, a
    /// parameter is resolved by its type.
    ///
    /// ```swift
    /// client.initializer("init(host:retries:)", defaults: [1: DefaultArgument { 3 }]) { (host: String, retries: Int) in
    ///     Client(host: host, retries: retries)
    /// }
    /// client.initializer("init(host:)", sources: [0: .config(.string("${client.host:localhost}"))]) { (host: String) in
    ///     Client(host: host, retries: 3)
    /// }
    /// ```
    @inlinable
    public mutating func initializer<each A>(_ signature: String, defaults: [Int: DefaultArgument] = [:],
                                             _ body: @escaping @Sendable (repeat each A) throws -> T) {
        addConstruction(signature, kind: .initializer(signature), bind: constructionBinder(body), defaults: defaults,
                        sources: [:], parameters: repeat (each A).self)
    }

    /// An initializer whose parameters say, by position, where they come from when a
    /// definition does not set them (see ``initializer(_:defaults:_:)``).
    @inlinable
    public mutating func initializer<each A>(_ signature: String, defaults: [Int: DefaultArgument] = [:], sources: [Int: InjectionSource],
                                             _ body: @escaping @Sendable (repeat each A) throws -> T) {
        addConstruction(signature, kind: .initializer(signature), bind: constructionBinder(body), defaults: defaults,
                        sources: sources, parameters: repeat (each A).self)
    }

    /// A static factory method, addressable by `signature` (`URL(string:)`).
    ///
    /// ```swift
    /// url.staticFactory("URL(string:)") { (text: String) in
    ///     guard let url = URL(string: text) else { throw BadURL(text: text) }
    ///     return url
    /// }
    /// ```
    @inlinable
    public mutating func staticFactory<each A>(_ signature: String, _ body: @escaping @Sendable (repeat each A) throws -> T) {
        addConstruction(signature, kind: .staticFactory(signature), bind: constructionBinder(body), defaults: [:], sources: [:],
                        parameters: repeat (each A).self)
    }

    /// An instance method that makes a component of type `P` (`sword(specification:)`):
    /// definitions name it with a factory component of this type.
    ///
    /// ```swift
    /// factory.factoryMethod("sword(specification:)") { (factory: SwordFactory, specification: String) in
    ///     factory.sword(specification: specification)
    /// }
    /// ```
    @inlinable
    public mutating func factoryMethod<P, each A>(_ signature: String, _ body: @escaping @Sendable (T, repeat each A) throws -> P) {
        addFactoryMethod(signature, bind: { arguments in
            var reader = ArgumentReader(arguments)
            let factory = reader.frozen(T.self)
            let bound = (repeat reader.frozen((each A).self))
            return BoundConstruction(
                sync: { ctx in try body(try factory.get(ctx), repeat try (each bound).get(ctx)) },
                async: { ctx in try body(try await factory.getAsync(ctx), repeat try await (each bound).getAsync(ctx)) })
        }, parameters: repeat (each A).self)
    }

    /// A settable property.
    ///
    /// ```swift
    /// knight.property("quest", \.quest)
    /// ```
    // NB: inlined into the catalog's registration, where the key path is a literal, so that the
    // compiler writes the property directly (see ``KeyPathSetter``).
    @inlinable @inline(__always)
    public mutating func property<V>(_ name: String, _ keyPath: consuming WritableKeyPath<T, V>) {  // docs/PerformanceLedger.md U21
        property(name, set: KeyPathSetter.setter(consume keyPath))
    }

    /// A property set through a closure.
    ///
    /// ```swift
    /// client.property("timeout") { (client: inout HTTPClient, seconds: Double) in client.timeout = .seconds(seconds) }
    /// ```
    public mutating func property<V>(_ name: String, set: @escaping @Sendable (inout T, V) throws -> Void) {
        let point = InjectionPoint(label: name, type: TypeRef(V.self), source: Slots.slot(for: V.self).defaultSource)
        descriptor.properties.append(TypeDescriptor.Property(name: name, type: TypeRef(V.self), point: point,
                                                             setter: ValuePropertySetter<T, V>(set)))
    }

    /// A method for method injection or a lifecycle hook (`questAfterPropertyInjection`).
    ///
    /// ```swift
    /// knight.method("questAfterPropertyInjection") { knight in knight.questAfterPropertyInjection() }
    /// ```
    // NB: inlinable, as `Registration.call` is: the call's code is compiled in the module that
    // describes the type (docs/PerformanceLedger.md, "Unusual constructs").
    @inlinable
    public mutating func method<each A>(_ signature: String, _ body: @escaping @Sendable (T, repeat each A) throws -> Void) {
        var points: [InjectionPoint] = []
        for parameter in repeat (each A).self { points.append(InjectionPoint(typedFor: parameter)) }
        addMethod(signature, points: points, invoker: MethodInvoker<T> { arguments in
            var reader = ArgumentReader(arguments)
            let bound = (repeat reader.frozen((each A).self))
            return MethodCall { instance, ctx in try body(instance, repeat try (each bound).get(ctx)) }
        })
    }

    /// Adds the method `signature` names, taking `points`, called by `invoker`.
    @usableFromInline
    mutating func addMethod(_ signature: String, points: [InjectionPoint], invoker: MethodInvoker<T>) {
        guard let parsed = parse(signature, arity: points.count) else { return }
        descriptor.methods.append(TypeDescriptor.Member(signature: parsed, parameterTypes: points.compactMap(\.type), returns: nil,
                                                        template: .method(points, invoker)))
    }

    /// A protocol (or superclass) the type can be injected as; `convert` is usually `{ $0 }`.
    ///
    /// ```swift
    /// quest.conforms(to: (any Quest).self) { $0 }
    /// ```
    public mutating func conforms<P>(to type: P.Type, _ convert: @escaping @Sendable (T) -> P) {
        descriptor.conformances.append(TypeDescriptor.Conformance(type: TypeRef(P.self), adapter: Adapter<T, P> { convert($0) }))
    }

    // MARK: Internals

    @inlinable
    func constructionBinder<each A>(_ body: @escaping @Sendable (repeat each A) throws -> T)
        -> @Sendable ([AnyArgument]) -> BoundConstruction<T> {
        { arguments in
            var reader = ArgumentReader(arguments)
            // NB: one object holds the call; each closure captures only it, so the object is
            // their context (a closure that captures more gets a box of its own: two per
            // component, made and freed with every build). That object's class has a parameter
            // pack, which needs the Swift 5.9 runtime; below it (and under IOC_FALLBACK, so that
            // `make test-fallback` runs this path) the closures capture the call themselves.
            #if !IOC_FALLBACK
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                let call = BoundCall(body, repeat Unretained(reader.take((each A).self)))
                return BoundConstruction(sync: { ctx in try call.call(ctx) }, async: { ctx in try await call.callAsync(ctx) })
            }
            #endif
            let bound = (repeat Unretained(reader.take((each A).self)))
            return BoundConstruction(sync: { ctx in try body(repeat try (each bound).with { try $0.get(ctx) }) },
                                     async: { ctx in try body(repeat try await (each bound).object.getAsync(ctx)) })
        }
    }

    @usableFromInline
    mutating func addConstruction<each A>(_ signature: String, kind: Construction.Kind,
                                          bind: @escaping @Sendable ([AnyArgument]) -> BoundConstruction<T>,
                                          defaults: [Int: DefaultArgument], sources: [Int: InjectionSource],
                                          parameters: repeat (each A).Type) {
        var points: [InjectionPoint] = []
        for parameter in repeat each parameters {
            guard let given = defaults[points.count] else {
                points.append(InjectionPoint(typedFor: parameter))
                continue
            }
            guard let point = InjectionPoint(defaulted: parameter, given) else {
                descriptor.problems.append("the default given for parameter \(points.count) of \(signature) has type \(given.type.name), but the parameter has type \(TypeRef(parameter).name)")
                return
            }
            points.append(point)
        }
        if let extra = defaults.keys.first(where: { $0 >= points.count }) {
            descriptor.problems.append("\(signature) has no parameter \(extra) to give a default to")
            return
        }
        if let extra = sources.keys.first(where: { $0 >= points.count }) {
            descriptor.problems.append("\(signature) has no parameter \(extra) to give a source to")
            return
        }
        for (position, source) in sources { points[position].source = source }
        guard let parsed = parse(signature, arity: points.count) else { return }
        let labelled = zip(points, parsed.labels ?? []).map { InjectionPoint(label: $1, typeOf: $0) }
        let recipe = Recipe<T>(defaults.isEmpty ? .arguments(bind) : .defaulted(DefaultedArguments(bind: bind, defaults: defaults.mapValues(\.make))))
        let construction = Construction(kind: kind, arguments: labelled, code: .none, product: TypeRef(T.self))
        let member = TypeDescriptor.Member(signature: parsed, parameterTypes: points.compactMap(\.type), returns: TypeRef(T.self),
                                           template: .construction(construction, recipe))
        if case .staticFactory = kind { descriptor.staticFactories.append(member) } else { descriptor.initializers.append(member) }
    }

    @usableFromInline
    mutating func addFactoryMethod<P, each A>(_ signature: String, bind: @escaping @Sendable ([AnyArgument]) -> BoundConstruction<P>,
                                              parameters: repeat (each A).Type) {
        var points: [InjectionPoint] = []
        for parameter in repeat each parameters { points.append(InjectionPoint(typedFor: parameter)) }
        guard let parsed = parse(signature, arity: points.count) else { return }
        let labelled = zip(points, parsed.labels ?? []).map { InjectionPoint(label: $1, typeOf: $0) }
        let factory = InjectionPoint(label: "factory", type: TypeRef(T.self), source: .type(TypeRef(T.self)))
        let construction = Construction(kind: .factoryMethod(parsed.description), arguments: [factory] + labelled,
                                        code: .none, product: TypeRef(P.self))
        descriptor.factoryMethods.append(TypeDescriptor.Member(signature: parsed, parameterTypes: points.compactMap(\.type),
                                                               returns: TypeRef(P.self),
                                                               template: .construction(construction, Recipe<P>(.arguments(bind)))))
    }

    private mutating func parse(_ signature: String, arity: Int) -> Signature? {
        // A bare name (`ready`) stands for a method with unlabelled parameters.
        if let bare = Signature(signature), bare.labels == nil {
            return Signature(baseName: bare.baseName, labels: Array(repeating: nil, count: arity))
        }
        guard let parsed = Signature(signature), let labels = parsed.labels else {
            descriptor.problems.append("'\(signature)' is not a Swift signature such as init(quest:)")
            return nil
        }
        guard labels.count == arity else {
            descriptor.problems.append("\(signature) names \(labels.count) parameter(s), but its function takes \(arity)")
            return nil
        }
        return parsed
    }
}

extension InjectionPoint {
    /// The same typed point under another label.
    init(label: String?, typeOf point: InjectionPoint) {
        self.label = label
        self.type = point.type
        self.source = point.source
        self.location = nil
    }
}

extension TypeDescriptorBuilder where T: ComponentFactory {
    /// Makes config that names this type (YAML `class:`, XML `class=`) define its product, as
    /// Spring's FactoryBean and OxIC's factory objects do: the definition's arguments,
    /// properties, calls and hooks build the factory, and its name, scope, tags and `as:` list
    /// are the product's. The factory is made for each product its scope asks for.
    ///
    /// ```swift
    /// catalog.add(ConnectionFactory.self) { factory in
    ///     factory.initializer("init(path:)") { (path: String) in ConnectionFactory(path: path) }
    ///     factory.makesProduct()
    /// }
    /// ```
    public mutating func makesProduct() {
        descriptor.product = FactoryProduct<T>()
    }
}

/// What a ``ComponentFactory`` type in the catalog makes of a definition that names it.
protocol FactoryProducing: Sendable {
    var productType: TypeRef { get }
    /// The product's definition: `definition` with the construction of `factory` (the bound
    /// factory half) asked for its product, by code that `code` keeps.
    func product(of definition: Definition, factory: Definition, exposedAs: [Exposure], code: inout CodeTable) -> Definition
}

struct FactoryProduct<F: ComponentFactory>: FactoryProducing {
    var productType: TypeRef { TypeRef(F.Product.self) }

    func product(of definition: Definition, factory: Definition, exposedAs: [Exposure], code: inout CodeTable) -> Definition {
        let recipe = Recipe<F.Product>(.arguments { arguments in
            var reader = ArgumentReader(arguments)
            let made: Frozen<Argument<F>> = reader.frozen()
            return BoundConstruction(sync: { ctx in try made.get(ctx).makeProduct() },
                                     async: { ctx in try await made.getAsync(ctx).makeProduct() })
        })
        var product = definition
        product.type = TypeRef(F.Product.self)
        product.construction = Construction(
            kind: .factoryComponent,
            arguments: [InjectionPoint(label: "factory", type: TypeRef(F.self), source: .inner(factory))],
            code: code.add(recipe), product: TypeRef(F.Product.self))
        product.properties = []
        product.methodCalls = []
        product.hooks = []
        product.dropParameterSources()
        product.exposedAs = exposedAs
        return product
    }
}
