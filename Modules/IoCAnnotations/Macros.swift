@_exported import IoCCore

// The annotation front end: macros that write, at compile time, the registration and the
// catalog entry a person would write by hand. Nothing here runs reflection; every macro
// expands to ordinary calls on `ContainerBuilder`, `Registration` and `TypeDescriptorBuilder`.

/// Makes a class, struct or actor a component (OxIC's `IoCName`/`IoCSingleton`/`IoCLazy`,
/// Spring's `@Component`): `builder.register(T.self)` adds its definition, and
/// `catalog.add(T.self)` lets YAML and XML name it.
///
/// ```swift
/// @Component("weatherClient", scope: .singleton)
/// final class FreeWeatherClient: WeatherClient {
///     @Inject var logger: Logger
///     @Value("${weather.url}") var baseURL: URL
///     let session: any HTTPSession
///     init(session: any HTTPSession) { self.session = session }
/// }
/// ```
///
/// - The initializer the container calls is the type's only one, or the one marked `@Inject`;
///   its parameters are resolved by type, or by name (`@Named("x")`), or from config (`@Config("${key}")`).
/// - The component stands for every type in its inheritance list (protocols, a superclass) but
///   the standard ones (`Sendable`, `Equatable`, `Codable`, ...); `as:` replaces that list.
/// - `scope`, `lazy`, `eager`, `primary`, `aliases`, `tags` and `profiles` mean what they mean
///   on a `Registration`; what is not stated follows the builder's defaults.
/// - `proxy` names a protocol marked `@LazyProxy` (`proxy: WeatherClient.self`): the component is
///   injected as `any WeatherClient` through the `WeatherClientProxy` that macro wrote. A lazy
///   component is built on the proxy's first call; a thread-, task-local or custom-scoped one is
///   reached, on every call, as the current thread's, task's or scope's instance.
/// - On a `@MainActor` type the component is a main-actor component: its initializer, `@Inject`
///   properties and methods and hooks run on the main actor (see `register(mainActor:)`).
///   `mainActor: true` says so for a type whose isolation comes from its superclass (a
///   `UIViewController` subclass), which the macro cannot see.
@attached(member, conformances: AnnotatedComponent, names: named(register), named(describe))
@attached(extension, conformances: AnnotatedComponent)
@attached(memberAttribute)
public macro Component(
    _ name: String? = nil,
    scope: Scope? = nil,
    lazy: Bool = false,
    eager: Bool = false,
    primary: Bool = false,
    as types: [Any.Type]? = nil,
    aliases: [String] = [],
    tags: [String] = [],
    profiles: [String] = [],
    proxy: Any.Type? = nil,
    mainActor: Bool = false
) = #externalMacro(module: "IoCAnnotationsMacros", type: "ComponentMacro")

/// Lists a type in the `TypeCatalog` only: YAML and XML can build it (its initializers,
/// settable properties, conformances), but it has no definition of its own.
///
/// ```swift
/// @Catalogued(names: ["NSURL"]) struct Endpoint { var url: URL; var retries = 3 }
/// catalog.add(Endpoint.self)
/// ```
///
/// On a `@MainActor` type (or with `mainActor: true`, for one that inherits its isolation) the
/// entry's members run on the main actor, and config's definitions of it are main-actor components.
@attached(member, conformances: DescribedType, names: named(describe))
@attached(extension, conformances: DescribedType)
public macro Catalogued(names: [String] = [], mainActor: Bool = false) = #externalMacro(module: "IoCAnnotationsMacros", type: "CataloguedMacro")

/// Injects a property after construction: by its type (autowiring), by a component's name, or
/// every component with a tag. `Lazy<T>`, `Provider<T>`, `T?` and `[T]` properties get a
/// handle, an optional or a collection.
///
/// A property without a default value is set before anyone can read it from the container;
/// reading it before injection (an instance made by hand) stops the program with a message
/// naming the property. Optional properties and properties with a default stay stored as written.
///
/// On an initializer, `@Inject` marks the one the container calls; on a method, it calls the
/// method after the properties are set, its parameters resolved like an initializer's.
@attached(peer)
public macro Inject() = #externalMacro(module: "IoCAnnotationsMacros", type: "InjectMacro")

/// ``Inject()`` by component name: `@Inject("mainClient") var client: any WeatherClient`.
@attached(peer)
public macro Inject(_ name: String) = #externalMacro(module: "IoCAnnotationsMacros", type: "InjectMacro")

/// ``Inject()`` with every component tagged `tag`: `@Inject(tagged: "reporter") var reporters: [any Reporter]`.
@attached(peer)
public macro Inject(tagged tag: String) = #externalMacro(module: "IoCAnnotationsMacros", type: "InjectMacro")

/// Injects a config value, converted to the property's type: a literal (`"5"`), a
/// placeholder (`"${report.days:5}"`), or text with placeholders inside.
@attached(peer)
public macro Value(_ expression: String) = #externalMacro(module: "IoCAnnotationsMacros", type: "InjectMacro")

/// Written by `@Component` on its `@Inject` and `@Value` properties: backs the property with
/// ``InjectedStorage``, so that initializers need not set it. Not for direct use.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_ioc_))
public macro InjectedProperty() = #externalMacro(module: "IoCAnnotationsMacros", type: "InjectedPropertyMacro")

/// Runs the method after construction, before properties are injected.
@attached(peer)
public macro BeforeInjection() = #externalMacro(module: "IoCAnnotationsMacros", type: "LifecycleMacro")

/// Runs the method once the properties are injected (spring-objective-c's
/// `after-property-injection`, Spring's `init-method`).
@attached(peer)
public macro AfterInjection() = #externalMacro(module: "IoCAnnotationsMacros", type: "LifecycleMacro")

/// Runs the method when the container shuts down (Spring's `destroy-method`).
@attached(peer)
public macro Dispose() = #externalMacro(module: "IoCAnnotationsMacros", type: "LifecycleMacro")

/// A module of provider functions (Guice's `@Provides`, Dagger's modules):
/// `builder.register(module: NetworkModule.self)` registers each `@Provides` function.
///
/// ```swift
/// @Module enum NetworkModule {
///     @Provides(scope: .singleton) static func session(config: AppConfig) -> any HTTPSession {
///         URLSessionTransport(timeout: config.timeout)
///     }
/// }
/// ```
@attached(extension, conformances: AnnotatedModule, names: named(register))
public macro Module() = #externalMacro(module: "IoCAnnotationsMacros", type: "ModuleMacro")

/// A static function of a ``Module()`` that provides a component of its return type; its
/// parameters are the component's dependencies.
@attached(peer)
public macro Provides(
    _ name: String? = nil,
    scope: Scope? = nil,
    lazy: Bool = false,
    eager: Bool = false,
    primary: Bool = false,
    aliases: [String] = [],
    tags: [String] = [],
    profiles: [String] = []
) = #externalMacro(module: "IoCAnnotationsMacros", type: "ProvidesMacro")

/// Writes `<Protocol>Proxy`, a type that conforms to the protocol by forwarding every call to
/// an instance it obtains when the call is made (OxIC's lazy proxy, Spring's scoped proxy).
/// Name the protocol in `@Component(proxy:)`.
///
/// Every member must throw (`throws`, `{ get throws }`): obtaining the instance can fail, and
/// the call throws the container's error then. Members that cannot throw, and settable
/// properties, are compile errors.
///
/// ```swift
/// @LazyProxy protocol WeatherClient: AnyObject, Sendable {
///     func forecast(for city: String) async throws -> Forecast
/// }
/// @Component(lazy: true, proxy: WeatherClient.self)
/// final class FreeWeatherClient: WeatherClient {
///     func forecast(for city: String) async throws -> Forecast { Forecast(city: city) }
/// }
/// ```
@attached(peer, names: suffixed(Proxy))
public macro LazyProxy() = #externalMacro(module: "IoCAnnotationsMacros", type: "LazyProxyMacro")
