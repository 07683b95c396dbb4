// What the macros' expansions call: the protocols annotated types conform to, the entry
// points `register(T.self)` and `catalog.add(T.self)`, and the storage of injected properties.

/// A type whose catalog entry `@Component` or `@Catalogued` wrote: its initializers,
/// settable properties, hook methods and the types it can be injected as.
///
/// The requirements name no `Self`, so that a non-final class and its annotated subclasses
/// can each provide their own.
public protocol DescribedType {
    /// Adds the type's catalog entry, reachable by `names` too.
    @discardableResult
    static func describe(into catalog: TypeCatalog, names: [String]) -> TypeDescriptor
}

/// A type `@Component` made a component.
public protocol AnnotatedComponent: DescribedType {
    /// Adds the component's definition as its annotations say; returns its index in the builder.
    static func register(into builder: ContainerBuilder) -> Int
}

/// A `@Module`: a set of `@Provides` functions.
public protocol AnnotatedModule {
    /// Registers every `@Provides` function of the module.
    static func register(in builder: ContainerBuilder)
}

extension ContainerBuilder {
    /// Registers an annotated component (OxIC's `addDefinitionFromClassName:`, in Swift). The
    /// returned registration can say more, as for code: `.named("other")`, `.singleton()`.
    ///
    /// ```swift
    /// builder.register(MyViewController.self)
    /// ```
    @discardableResult
    public func register<T: AnnotatedComponent>(_ type: T.Type) -> Registration<T> {
        registration(at: T.register(into: self), as: T.self)
    }

    /// Registers every `@Provides` function of a `@Module`.
    ///
    /// ```swift
    /// builder.register(module: NetworkModule.self)
    /// ```
    public func register<M: AnnotatedModule>(module: M.Type) {
        M.register(in: self)
    }
}

extension TypeCatalog {
    /// Adds the catalog entry that `@Component` or `@Catalogued` wrote, so that YAML and XML can
    /// name the type; `names` are further names for it.
    ///
    /// ```swift
    /// catalog.add(FreeWeatherClient.self)
    /// ```
    @discardableResult
    public func add<T: DescribedType>(_ type: T.Type, names: String...) -> TypeDescriptor {
        T.describe(into: self, names: names)
    }

    /// Adds the proxy `@LazyProxy` wrote for a protocol, so that a lazy component of config
    /// (YAML `lazy`, XML `lazy-init`) is injected as that protocol through it and built on its
    /// first call.
    ///
    /// ```swift
    /// catalog.add(proxy: WeatherClientProxy.self)
    /// ```
    public func add<Proxy: ComponentProxy>(proxy: Proxy.Type) {
        addProxy(for: Proxy.Target.self) { provider in
            Proxy.make(ProxyTarget({ try provider.get() }, async: { try await provider.get() }))
        }
    }
}

/// What a subclass of a `@Component` class that has no `@Component` of its own registers: a
/// definition that fails the build with a message saying so (the inherited annotations
/// describe the superclass, not it).
///
/// ```swift
/// // What `@Component`'s expansion writes for a subclass without an annotation of its own:
/// return unannotatedSubclass(CavalryMan.self, of: "Knight", in: builder)
/// ```
public func unannotatedSubclass<T>(_ type: T.Type, of superclass: String, in builder: ContainerBuilder,
                                   file: String = #fileID, line: Int = #line) -> Int {
    let registration = builder.register(T.self, factory: { _ in
        throw IoCError(.invalidDefinition(component: "\(T.self)", reason: "it has no @Component of its own", location: ConfigLocation(file: file, line: line)))
    }, file: file, line: line)
    builder.report(IoCError(.invalidDefinition(
        component: "\(T.self)",
        reason: "it inherits @Component from its superclass \(superclass) but has none of its own, so nothing says how to build it. Give \(T.self) its own @Component.",
        location: registration.definition.location)))
    return registration.index
}

/// The storage behind an `@Inject` or `@Value` property that has no default value: empty
/// until the container sets it.
public struct InjectedStorage<Value> {
    private var value: Value?

    /// Empty: set by injection.
    ///
    /// ```swift
    /// private var _client = InjectedStorage<any WeatherClient>()   // `@Inject var client: any WeatherClient`
    /// ```
    public init() {}

    /// Holding a first value: the property's default, or `nil` for an optional.
    ///
    /// ```swift
    /// private var _days = InjectedStorage<Int>(5)   // `@Value("${report.days}") var days = 5`
    /// ```
    public init(_ initial: Value) { value = initial }

    /// The injected value. Reading it before injection is a programming error (the instance
    /// was made by hand, or read from its own initializer), reported with the property's name.
    ///
    /// ```swift
    /// var client: any WeatherClient { _client.get("client", of: "ReportService") }
    /// ```
    public func get(_ property: StaticString, of owner: StaticString) -> Value {
        guard let value else {
            preconditionFailure("\(owner).\(property) was read before the container injected it: read it in an @AfterInjection method or later, or give it a default value")
        }
        return value
    }

    /// Sets the value (the container, or a test).
    ///
    /// ```swift
    /// report._client.set(StubWeatherClient())
    /// ```
    public mutating func set(_ newValue: Value) { value = newValue }
}

extension InjectedStorage: Sendable where Value: Sendable {}

/// Injects an initializer or provider parameter by component name.
///
/// ```swift
/// init(session: any HTTPSession, @Named("weather.url") baseURL: URL) { self.baseURL = baseURL }
/// ```
@propertyWrapper
public struct Named<Value> {
    /// The parameter's value; the container passes the component.
    public var wrappedValue: Value

    /// `name` is read by `@Component` and `@Provides` from the source, not at run time.
    ///
    /// ```swift
    /// init(@Named("weather.url") baseURL: URL) { self.baseURL = baseURL }
    /// ```
    public init(wrappedValue: Value, _ name: String) {
        self.wrappedValue = wrappedValue
    }
}

extension Named: Sendable where Value: Sendable {}

/// Injects a config value into an initializer or provider parameter: a literal or a
/// placeholder, converted to the parameter's type.
///
/// ```swift
/// init(@Config("${report.days:5}") days: Int) { self.days = days }
/// ```
@propertyWrapper
public struct Config<Value> {
    /// The parameter's value; the container passes the converted config value.
    public var wrappedValue: Value

    /// `expression` (a literal or `${key:default}`) is read by `@Component` and `@Provides` from the
    /// source, not at run time.
    public init(wrappedValue: Value, _ expression: String) {
        self.wrappedValue = wrappedValue
    }
}

extension Config: Sendable where Value: Sendable {}

/// A proxy type written by `@LazyProxy`: it conforms to its protocol by forwarding every call to
/// the instance its ``ProxyTarget`` gives.
public protocol ComponentProxy: SendableMetatype {
    /// The protocol the proxy stands for, as an existential: `any WeatherClient`.
    associatedtype Target
    /// A proxy forwarding to `target`, as the protocol's existential.
    static func make(_ target: ProxyTarget<Target>) -> Target
}

/// Where a proxy gets the instance it forwards a call to: built once on first use (a lazy
/// component), or the current context's instance on every call (a scoped component). Getting
/// it throws what resolving would, so every member of a proxy throws.
public struct ProxyTarget<Target>: Sendable {
    private let make: @Sendable () throws -> Target
    private let makeAsync: @Sendable () async throws -> Target

    /// A target that gets the instance with `make` (or `makeAsync` from `async` members). Written by
    /// `@LazyProxy`'s registration; a test may make one around a stub:
    ///
    /// ```swift
    /// let proxy = ForecastClientProxy.make(ProxyTarget({ StubForecastClient() }, async: { StubForecastClient() }))
    /// ```
    public init(_ make: @escaping @Sendable () throws -> Target, async makeAsync: @escaping @Sendable () async throws -> Target) {
        self.make = make
        self.makeAsync = makeAsync
    }

    /// The instance, for a method that throws.
    ///
    /// - Throws: What resolving the proxied component throws (an `IoCError`).
    ///
    /// ```swift
    /// func forecast(for city: String) throws -> Forecast { try target.instance().forecast(for: city) }
    /// ```
    public func instance() throws -> Target { try make() }

    /// The instance, for an `async` method.
    ///
    /// - Throws: What resolving the proxied component throws (an `IoCError`).
    public func instance() async throws -> Target { try await makeAsync() }
}

extension Registration {
    /// Lets the component be injected as the proxy's protocol through a `@LazyProxy` type
    /// (see `Registration.proxy(as:proxy:)` for which instance each call reaches).
    /// `convert` is `{ $0 }`, which the compiler checks.
    ///
    /// ```swift
    /// builder.register(FreeWeatherClient.init).singleton().lazy()
    ///     .proxied(by: WeatherClientProxy.self) { $0 }
    /// ```
    @discardableResult
    public func proxied<Proxy: ComponentProxy>(by proxy: Proxy.Type, _ convert: @escaping @Sendable (T) -> Proxy.Target) -> Self {
        self.proxy(as: Proxy.Target.self) { provider in
            Proxy.make(ProxyTarget({ convert(try provider.get()) }, async: { convert(try await provider.get()) }))
        }
    }
}
