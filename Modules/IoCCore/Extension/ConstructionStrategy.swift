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
