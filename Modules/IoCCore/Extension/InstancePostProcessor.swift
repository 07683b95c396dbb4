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
