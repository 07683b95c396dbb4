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
