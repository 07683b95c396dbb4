/// A component that makes another component (OxIC's FactoryObject, Spring's FactoryBean,
/// Guice's Provider bindings).
///
/// The factory is itself a component: it is constructed and injected like any other, then
/// asked for its product each time the product's scope needs a new instance. The product does
/// not keep its factory, so a singleton product may come from a prototype factory.
///
/// ```swift
/// struct ConnectionFactory: ComponentFactory {
///     let path: String
///     func makeProduct() throws -> Connection { try Connection(path: path) }
/// }
/// builder.register(instance: "reports.sqlite", name: "dbPath")
/// builder.registerFactory { (path: String) in ConnectionFactory(path: path) }
///     .arguments(.named("dbPath"))   // the factory's own dependencies
///     .singleton()                   // the product's scope
/// ```
public protocol ComponentFactory: SendableMetatype {
    /// What the factory makes.
    associatedtype Product
    /// Makes one product. Called once per instance the product's scope asks for.
    func makeProduct() throws -> Product
}

/// A container-wide hook that sees every instance the container creates, after its
/// injection and hooks, and may decorate or replace it (Objective-IOC's actors, Typhoon's
/// instance post-processors, Spring's BeanPostProcessor).
///
/// It runs once per created instance: once for a singleton, every time for a prototype.
/// It is not called for instances registered with `register(instance:)`.
///
/// ```swift
/// struct Logging: InstancePostProcessor {
///     func postProcess<T>(_ instance: T, component: ComponentInfo) throws -> T {
///         if let client = instance as? any WeatherClient, let logged = LoggingClient(client) as? T { return logged }
///         return instance
///     }
/// }
/// builder.addPostProcessor(Logging())
/// ```
public protocol InstancePostProcessor: Sendable {
    /// Returns `instance`, or a replacement of the same type.
    func postProcess<T>(_ instance: T, component: ComponentInfo) throws -> T
}

/// A pluggable way of constructing components (Objective-IOC's injection types): it wraps
/// the definition's own construction and may add to it or replace it. Property injection
/// and hooks still run on what it returns.
///
/// Set one for a component with `.strategy(_:)`, or for every later registration with
/// ``ContainerBuilder/Defaults/strategy``.
public protocol ConstructionStrategy: Sendable {
    /// The strategy's name, as printed in definitions.
    var name: String { get }
    /// Builds the instance; `proceed` runs the definition's own construction.
    func construct<T>(_ component: ComponentInfo, resolver: Resolver, proceed: () throws -> T) throws -> T
}
