/// The types config files may name, with what they may do with each: the bridge from text to
/// typed Swift code, and the allowlist (no `NSClassFromString`, no `_typeByName`).
///
/// ```swift
/// let catalog = TypeCatalog()
/// catalog.add(FreeWeatherClient.self) { client in
///     client.initializer("init(session:baseURL:)") { (s: HTTPSession, u: URL) in FreeWeatherClient(session: s, baseURL: u) }
///     client.property("timeout", \.timeout)
///     client.conforms(to: (any WeatherClient).self) { $0 }
/// }
/// catalog.add(URL.self) { url in
///     url.alias("NSURL")
///     url.staticFactory("URL(string:)") { (text: String) throws -> URL in
///         guard let url = URL(string: text) else { throw BadURL(text: text) }
///         return url
///     }
/// }
/// builder.catalog = catalog
/// ```
public final class TypeCatalog: Sendable {
    // Apps may fill one catalog from several tasks (a module each); builds read a snapshot
    // (``contents``) taken once, so binding looks names up without taking the lock.
    private let state: Locked<CatalogContents>

    /// An empty catalog; add types with ``add(_:names:describe:)`` or `@Component`'s `register(in:)`.
    ///
    /// ```swift
    /// let catalog = TypeCatalog()
    /// catalog.add(Knight.self) { knight in knight.initializer("init(quest:)") { (quest: any Quest) in Knight(quest: quest) } }
    /// ```
    public init() {
        state = Locked(CatalogContents())
    }

    /// An empty catalog that IoCConfigPlugin fills (`GeneratedConfig.catalog()`): with
    /// `compiledFromConfig`, a type it lacks is one its config files do not name yet, and the
    /// error says to name it there rather than to add it by hand.
    public init(compiledFromConfig: Bool) {
        var contents = CatalogContents()
        contents.isCompiledFromConfig = compiledFromConfig
        state = Locked(contents)
    }

    /// What the catalog holds now: a value a build reads without locking.
    package var contents: CatalogContents { state.withLock { $0 } }

    /// Every descriptor, in the order they were first added.
    public var descriptors: [TypeDescriptor] { state.withLock { $0.descriptors } }

    /// Lets config make a lazy component (YAML `lazy`, XML `lazy-init`, OxIC `lazy`) injectable
    /// as `P` through a proxy that builds it on its first call: `make` wraps a ``Provider`` in a
    /// type conforming to `P`. `@LazyProxy` on a protocol writes such types; with IoCAnnotations,
    /// `catalog.add(proxy: WeatherClientProxy.self)` adds one.
    ///
    /// ```swift
    /// catalog.addProxy(for: (any WeatherClient).self) { provider in WeatherClientProxy(provider) }
    /// ```
    public func addProxy<P>(for type: P.Type, _ make: @escaping @Sendable (Provider<P>) -> P) {
        let reference = TypeRef(P.self)
        let proxy = CatalogProxy(make)
        state.withLock { contents in
            contents.proxies[reference] = proxy
            for name in [reference.name, reference.qualifiedName] where contents.protocolsByName[name] == nil {
                contents.protocolsByName[name] = reference
            }
        }
    }

    /// Adds (or replaces) the descriptor of `T`, reachable by its short and qualified names
    /// and by `names`.
    ///
    /// ```swift
    /// catalog.add(Knight.self, names: "knight") { knight in
    ///     knight.initializer("init(quest:)") { (quest: any Quest) in Knight(quest: quest) }
    ///     knight.property("damselsRescued", \.damselsRescued)
    /// }
    /// ```
    @discardableResult
    public func add<T>(_ type: T.Type, names: String..., describe: (inout TypeDescriptorBuilder<T>) -> Void = { _ in }) -> TypeDescriptor {
        let reference = TypeRef(T.self)
        var builder = TypeDescriptorBuilder<T>(names: [reference.name, reference.qualifiedName] + names)
        describe(&builder)
        add(builder.descriptor)
        return builder.descriptor
    }

    /// Adds a descriptor written elsewhere (macros write them).
    ///
    /// ```swift
    /// if let knight = otherCatalog.descriptor(named: "Knight") { catalog.add(knight) }
    /// ```
    public func add(_ descriptor: TypeDescriptor) {
        state.withLock { $0.add(descriptor) }
    }

    /// Lets config name a protocol (in `as:` lists and by-type references) that no catalogued type
    /// declares yet.
    ///
    /// ```swift
    /// catalog.add(protocol: (any Quest).self, names: "Quest")
    /// ```
    public func add<P>(protocol type: P.Type, names: String...) {
        let reference = TypeRef(P.self)
        state.withLock { contents in
            for name in [reference.name, reference.qualifiedName] + names { contents.protocolsByName[name] = reference }
        }
    }

    /// Adds every descriptor of `other`.
    ///
    /// ```swift
    /// catalog.add(contentsOf: PaymentsModule.catalog)
    /// ```
    public func add(contentsOf other: TypeCatalog) {
        // The other's snapshot first: the two locks are never held together.
        let added = other.contents
        state.withLock { contents in
            for descriptor in added.descriptors { contents.add(descriptor) }
            contents.protocolsByName.merge(added.protocolsByName) { $1 }
            contents.proxies.merge(added.proxies) { $1 }
        }
    }

    /// The descriptor config reaches by `name`.
    ///
    /// ```swift
    /// let knight = catalog.descriptor(named: "Knight")   // as config names it
    /// ```
    public func descriptor(named name: String) -> TypeDescriptor? {
        state.withLock { $0.descriptor(named: name) }
    }

    /// The descriptor of `type`.
    ///
    /// ```swift
    /// let knight = catalog.descriptor(of: TypeRef(Knight.self))
    /// ```
    public func descriptor(of type: TypeRef) -> TypeDescriptor? {
        state.withLock { $0.descriptor(of: type) }
    }

    /// The type (catalogued, or a protocol one of them declares) config reaches by `name`.
    ///
    /// ```swift
    /// let quest = catalog.type(named: "Quest")   // TypeRef((any Quest).self)
    /// ```
    public func type(named name: String) -> TypeRef? {
        state.withLock { $0.type(named: name) }
    }
}

/// A ``TypeCatalog``'s contents at one moment: what one build binds config against.
package struct CatalogContents: Sendable {
    package private(set) var descriptors: [TypeDescriptor] = []
    /// Whether IoCConfigPlugin wrote the catalog (``TypeCatalog/init(compiledFromConfig:)``).
    package var isCompiledFromConfig = false
    fileprivate var byName: [String: Int] = [:]
    fileprivate var protocolsByName: [String: TypeRef] = [:]
    fileprivate var proxies: [TypeRef: any CatalogProxyBox] = [:]

    fileprivate mutating func add(_ descriptor: TypeDescriptor) {
        let index: Int
        if let existing = descriptors.firstIndex(where: { $0.type == descriptor.type }) {
            descriptors[existing] = descriptor
            index = existing
        } else {
            descriptors.append(descriptor)
            index = descriptors.count - 1
        }
        for name in descriptor.names { byName[name] = index }
        for conformance in descriptor.conformances {
            let type = conformance.type
            protocolsByName[type.name] = type
            protocolsByName[type.qualifiedName] = type
        }
    }

    func descriptor(named name: String) -> TypeDescriptor? {
        byName[name].map { descriptors[$0] }
    }

    func descriptor(of type: TypeRef) -> TypeDescriptor? {
        descriptors.first { $0.type == type }
    }

    func type(named name: String) -> TypeRef? {
        descriptor(named: name)?.type ?? protocolsByName[name]
    }

    /// The proxy config's lazy components are injected as `type` through, if the catalog has one.
    func proxy(for type: TypeRef) -> (any CatalogProxyBox)? { proxies[type] }

    /// Every name config may use for a type, for "did you mean".
    var allTypeNames: [String] { Array(byName.keys) + Array(protocolsByName.keys) }
}

/// A proxy the catalog lists for a protocol (``TypeCatalog/addProxy(for:_:)``).
protocol CatalogProxyBox: AnyObject, Sendable {}

final class CatalogProxy<P>: CatalogProxyBox {
    let make: @Sendable (Provider<P>) -> P
    init(_ make: @escaping @Sendable (Provider<P>) -> P) { self.make = make }
}
