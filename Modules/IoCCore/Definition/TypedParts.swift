// The typed code behind a Definition. A Definition is plain data that any front end can
// make; these boxes carry the generic code (initializer calls, key-path setters, hooks,
// conversions) that the builder binds into a node. Each box is made together with the
// type it serves, so the casts at build always succeed; they are still checked.
//
// The boxes live in code tables (ComponentCode.swift): the builder's for code registrations,
// the build's for what binding takes from the catalog. A definition names each — the
// construction's recipe (with a catalog entry's Swift defaults), a property's setter, a method
// call's invoker, a hook's body, an exposure's adapter, a strategy — by a `CodeRef`, which
// survives what definitions go through as values: preparation merges them piece by piece (a
// child takes its parent's properties, calls and hooks) within one builder, and a `Component`
// carries the code to another. Equality and the canonical form ignore the refs, and front
// ends never make them. What follows from the data is not kept: the node maker is the bound
// type's (`TypeRef.makeNode`), and so is an injection point's slot (`Slots`): a point is its
// label, type, source and location.

/// How a definition's instance is constructed, typed.
@usableFromInline
protocol RecipeBox: AnyObject, Sendable {
    /// The Swift defaults of the construction's parameters, by position: a catalog entry's
    /// (``TypeDescriptorBuilder/initializer(_:defaults:_:)``), for the points whose source is
    /// ``InjectionSource/defaultArgument``. Each makes the value on every use, as Swift
    /// evaluates a default argument on every call. `nil` for a construction without any.
    var defaults: [Int: @Sendable () -> Any]? { get }
    /// The type the recipe makes, as messages name it (a code registration's signature ends with it).
    var productName: String { get }
    /// The type the recipe makes, read from the recipe itself: what lets the binding of a
    /// `T` take it as a `Recipe<T>` without asking the runtime for that type. Only `Recipe`
    /// answers (``Recipe/of(_:)`` relies on it).
    var productType: ObjectIdentifier? { get }
}

@usableFromInline
final class Recipe<T>: RecipeBox {
    @usableFromInline
    enum Body: Sendable {
        /// Takes its bound arguments, in order, once at build and returns the construction
        /// (initializers, functions, factory components).
        case arguments(@Sendable ([AnyArgument]) -> BoundConstruction<T>)
        /// As `arguments`, for a catalog entry some of whose parameters have Swift defaults.
        // NB: a case of its own, not a stored property of every recipe: 8 more bytes took a
        // recipe's object from 48 to 64 (`profile memory`).
        case defaulted(DefaultedArguments<T>)
        case resolver(@Sendable (Resolver) throws -> T)
        case asyncResolver(@Sendable (Resolver) async throws -> T)
        // NB: in an object, like every other case's payload, so that the layout of `Body` does
        // not depend on `T`: binding then needs no metadata lookup to read it.
        case instance(RegisteredInstance<T>)
    }
    let body: Body
    @usableFromInline init(_ body: Body) { self.body = body }
    @usableFromInline var defaults: [Int: @Sendable () -> Any]? {
        if case .defaulted(let defaulted) = body { return defaulted.defaults }
        return nil
    }
    @usableFromInline var productName: String { shortTypeName(T.self) }
    @usableFromInline var productType: ObjectIdentifier? { ObjectIdentifier(T.self) }

    /// `box` as the recipe of a `T`, when it is one.
    // NB: compared by type, then taken as it is: a cast to the generic class (`as? Recipe<T>`)
    // asks the runtime for its metadata on every component's first resolve
    // (docs/PerformanceLedger.md U19).
    @inline(__always)
    static func of(_ box: (any RecipeBox)?) -> Recipe<T>? {  // docs/PerformanceLedger.md U19
        guard let box, box.productType == ObjectIdentifier(T.self) else { return nil }
        return unsafeDowncast(box as AnyObject, to: Recipe<T>.self)
    }
}

/// A construction that takes its bound arguments, some of whose parameters have Swift defaults.
@usableFromInline
final class DefaultedArguments<T>: Sendable {
    let bind: @Sendable ([AnyArgument]) -> BoundConstruction<T>
    /// The defaults, by parameter position.
    let defaults: [Int: @Sendable () -> Any]

    init(bind: @escaping @Sendable ([AnyArgument]) -> BoundConstruction<T>, defaults: [Int: @Sendable () -> Any]) {
        self.bind = bind
        self.defaults = defaults
    }
}

/// A construction with its arguments bound: what a node calls to build an instance.
@usableFromInline
struct BoundConstruction<T>: Sendable {
    @usableFromInline let sync: @Sendable (ResolutionContext) throws -> T
    @usableFromInline let async: @Sendable (ResolutionContext) async throws -> T

    @inlinable
    init(sync: @escaping @Sendable (ResolutionContext) throws -> T,
         async: @escaping @Sendable (ResolutionContext) async throws -> T) {
        self.sync = sync
        self.async = async
    }
}

/// A function with its bound arguments, which it reads unretained (the producer keeps them).
/// A generic class with a parameter pack needs the Swift 5.9 runtime (docs/Platforms.md).
@usableFromInline
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class BoundCall<T, each A>: Sendable {
    @usableFromInline let body: @Sendable (repeat each A) throws -> T
    @usableFromInline let arguments: (repeat Unretained<Argument<each A>>)

    @inlinable
    init(_ body: @escaping @Sendable (repeat each A) throws -> T, _ arguments: repeat Unretained<Argument<each A>>) {
        self.body = body
        self.arguments = (repeat each arguments)
    }

    @inlinable
    func call(_ ctx: ResolutionContext) throws -> T {
        try body(repeat try (each arguments).with { try $0.get(ctx) })
    }

    @inlinable
    func callAsync(_ ctx: ResolutionContext) async throws -> T {
        try body(repeat try await (each arguments).object.getAsync(ctx))
    }
}

/// Sets one property from its bound argument.
protocol PropertySetting: AnyObject, Sendable {
    /// The type whose property it sets; binding checks it against the node's type, so that
    /// `apply` is only ever called with that type.
    var instanceType: ObjectIdentifier { get }
    /// Sets the property of `value` (of the type ``instanceType`` names) from `argument`,
    /// which binding made for this setter's slot.
    func apply<X>(_ value: inout X, _ argument: AnyArgument, _ ctx: ResolutionContext) throws
    func applyAsync<X>(_ value: X, _ argument: AnyArgument, _ ctx: ResolutionContext) async throws -> X
}

// NB: the setter and its bound argument go into the step as they are (no closure per
// property): a component with two properties would otherwise cost four more objects to make
// at build and to free with the container.
final class ValuePropertySetter<T, V>: PropertySetting {
    let set: @Sendable (inout T, V) throws -> Void
    init(_ set: @escaping @Sendable (inout T, V) throws -> Void) { self.set = set }

    var instanceType: ObjectIdentifier { ObjectIdentifier(T.self) }

    func apply<X>(_ value: inout X, _ argument: AnyArgument, _ ctx: ResolutionContext) throws {
        // The argument was bound by this property's slot, made with `V`: an `Argument<V>`.
        let new = try argument.typed(V.self).get(ctx)
        try withSameType(&value, as: T.self) { try set(&$0, new) }
    }

    func applyAsync<X>(_ value: X, _ argument: AnyArgument, _ ctx: ResolutionContext) async throws -> X {
        let new = try await argument.typed(V.self).getAsync(ctx)
        var copy = value
        try withSameType(&copy, as: T.self) { try set(&$0, new) }
        return copy
    }
}

/// Setters that write through a key path, made so that the compiler turns them into a plain
/// store where the key path is a literal: `@inlinable` code that takes the key path `consuming`
/// and uses it nowhere but in one closure, which the compiler then specializes on the literal.
/// Applied at run time, a key path to a class's property costs a call into the runtime and an
/// allocation per write (docs/PerformanceLedger.md U21).
@usableFromInline
enum KeyPathSetter {
    /// A setter that writes through `keyPath` (the catalog's `property(_:_:)`, which is told
    /// the property's name).
    @inlinable @inline(__always)
    static func setter<T, V>(_ keyPath: consuming WritableKeyPath<T, V>) -> @Sendable (inout T, V) throws -> Void {
        let path = UncheckedBox(keyPath)
        return { (instance: inout T, value: V) in instance[keyPath: path.value] = value }
    }

    /// One closure that writes through `keyPath` into a present instance, and, given none,
    /// returns the property's name (`Registration.property(_:_:name:)` names the property from
    /// its key path: a second use of the key path outside the closure would keep the compiler
    /// from specializing it).
    @inlinable @inline(__always)
    static func access<T, V>(_ keyPath: consuming WritableKeyPath<T, V>) -> @Sendable (inout T?, V?) -> String? {
        let path = UncheckedBox(keyPath)
        return { (instance: inout T?, value: V?) in
            guard var present = instance, let value else { return propertyName(path.value) }
            present[keyPath: path.value] = value
            instance = present
            return nil
        }
    }

    /// The name ``access(_:)`` gives.
    // NB: not inlined, so that the caller's only use of the key path stays the closure.
    @usableFromInline @inline(never)
    static func name<T, V>(of access: @Sendable (inout T?, V?) -> String?) -> String {
        var none: T? = nil
        return access(&none, nil) ?? "?"
    }

    /// The property a key path names: `\Knight.quest` gives `quest`; `?` for a key path that
    /// does not print its name (an overridable property prints as `<computed 0x… (Type)>`).
    @usableFromInline
    static func propertyName(_ keyPath: AnyKeyPath) -> String {
        let text = String(describing: keyPath)
        guard text.hasPrefix("\\"), let dot = text.lastIndex(of: ".") else { return "?" }
        return String(text[text.index(after: dot)...])
    }
}

/// Calls `body` with `value` as a `T`, for a `value` whose type `X` is `T` (checked by the
/// caller, at build): how the steps' objects, made for a `T`, reach a value of a generic caller.
@inline(__always)
func withSameType<X, T, E: Error>(_ value: inout X, as type: T.Type, _ body: (inout T) throws(E) -> Void) throws(E) {  // docs/PerformanceLedger.md U14
    try withUnsafeMutablePointer(to: &value) { (pointer) throws(E) in
        try pointer.withMemoryRebound(to: T.self, capacity: 1) { (typed) throws(E) in try body(&typed.pointee) }
    }
}

/// `value` as a `T`, for a `value` whose type `X` is `T` (checked by the caller): moved across
/// without the runtime's cast, which asks for `T?`'s metadata in code generic over `T`.
@inline(__always)
func sameType<X, T>(_ value: X, as type: T.Type) -> T {  // docs/PerformanceLedger.md U18
    withUnsafePointer(to: value) { pointer in pointer.withMemoryRebound(to: T.self, capacity: 1) { $0.pointee } }
}

/// Calls one method with its bound arguments (method injection): a ``MethodInvoker`` of the
/// definition's type, which binding recovers by a cast.
@usableFromInline
protocol MethodInvoking: AnyObject, Sendable {}

@usableFromInline
final class MethodInvoker<T>: MethodInvoking {
    /// Takes the bound arguments once and returns the call.
    let bind: @Sendable ([AnyArgument]) -> MethodCall<T>
    @usableFromInline init(_ bind: @escaping @Sendable ([AnyArgument]) -> MethodCall<T>) { self.bind = bind }
}

/// A method call with its arguments bound, as a step.
protocol MethodCalling: AnyObject, Sendable {
    /// Calls the method on `value`, of the type the call was made for.
    func apply<X>(_ value: inout X, _ ctx: ResolutionContext) throws
}

@usableFromInline
final class MethodCall<T>: MethodCalling {
    let run: @Sendable (T, ResolutionContext) throws -> Void
    @usableFromInline init(_ run: @escaping @Sendable (T, ResolutionContext) throws -> Void) { self.run = run }

    func apply<X>(_ value: inout X, _ ctx: ResolutionContext) throws {
        try withSameType(&value, as: T.self) { try run($0, ctx) }
    }
}

/// A hook, decorator or dispose body: a ``Hook`` of the definition's type.
protocol HookBody: AnyObject, Sendable {
    /// Runs the hook on `value`, of the type the hook was made for: runs it, or (a decorator)
    /// replaces the value with what it returns.
    func apply<X>(_ value: inout X) throws
    /// A decorator, which returns another instance.
    var replacesInstance: Bool { get }
}

final class Hook<T>: HookBody {
    enum Body {
        case run(@Sendable (T) throws -> Void)
        case decorate(@Sendable (T) throws -> T)
        /// A catalogued method with no parameters.
        case method(MethodInvoker<T>)
    }
    let body: Body
    init(_ body: Body) { self.body = body }

    var replacesInstance: Bool {
        if case .decorate = body { return true }
        return false
    }

    func apply<X>(_ value: inout X) throws {
        try withSameType(&value, as: T.self) { instance in
            switch body {
            case .run(let run): try run(instance)
            case .decorate(let wrap): instance = try wrap(instance)
            // Binding turns a method hook into a call step with its own context; never a hook step.
            case .method: preconditionFailure("a method hook runs as a call step")
            }
        }
    }
}

/// Exposes a `T` component as a further type `P`.
protocol AdapterBox: AnyObject, Sendable {
    func makeNode(base: AnyNode, container: Container, target: TypeRef) -> AnyNode?
    /// The type of the component it exposes (its ``makeNode(base:container:target:)`` takes
    /// only a node of that type): the build numbers an exposure only for such a component.
    var baseType: ObjectIdentifier? { get }
    /// Whether its node reaches the instance of a component kept in `storage` anew on every
    /// call (a scope-following proxy of a context-scoped component): such a node holds no
    /// instance, so it is never a captive dependency.
    func isScopedProxy(over storage: Storage) -> Bool
    /// Whether its node builds its base only when called (a lazy or scoped proxy), not when it
    /// is made: a cycle through it closes, as lazy services close one.
    var reachesBaseOnCall: Bool { get }
    /// The exposure through a proxy of the catalog's, for a lazy component; `nil` when this
    /// exposure is not a conversion to the proxy's protocol.
    func proxied(through proxy: CatalogProxyBox, as target: TypeRef) -> (any AdapterBox)?
}

extension AdapterBox {
    func isScopedProxy(over storage: Storage) -> Bool { false }
    var reachesBaseOnCall: Bool { false }
    func proxied(through proxy: CatalogProxyBox, as target: TypeRef) -> (any AdapterBox)? { nil }

    /// The node that stands for `base` as `target`: same name, no storage of its own.
    func exposureNode<P>(of base: AnyNode, as target: TypeRef, in container: Container) -> Node<P> {
        Node<P>(container: container, storage: .adapter, exposure: (base, target), parts: nil)
    }
}

final class Adapter<T, P>: AdapterBox {
    let convert: @Sendable (T) -> P?
    init(_ convert: @escaping @Sendable (T) -> P?) { self.convert = convert }

    var baseType: ObjectIdentifier? { ObjectIdentifier(T.self) }

    /// This exposure through the catalog's `proxy` for `P`: what `Registration.proxy(as:proxy:)`
    /// makes in code, for a lazy component of config.
    func proxied(through proxy: CatalogProxyBox, as target: TypeRef) -> (any AdapterBox)? {
        guard let proxy = proxy as? CatalogProxy<P> else { return nil }
        let convert = self.convert
        return ProxyAdapter<T, P>(followsScope: true) { label, reach, reachAsync, perCall in
            let converted: @Sendable (T) throws -> P = { value in
                guard let result = convert(value) else {
                    throw IoCError(.typeMismatch(component: label, expected: target, actual: TypeRef(type(of: value)), site: nil, path: []))
                }
                return result
            }
            return proxy.make(ProxyAdapter<T, P>.target(label: label, { try converted(reach()) }, { try converted(await reachAsync()) },
                                                        perCall: perCall))
        }
    }

    func makeNode(base: AnyNode, container: Container, target: TypeRef) -> AnyNode? {
        guard let base = base as? Node<T> else { return nil }
        let node: Node<P> = exposureNode(of: base, as: target, in: container)
        let convert = self.convert
        let label = base.label
        let fail: @Sendable (T) -> IoCError = { value in
            IoCError(.typeMismatch(component: label, expected: target, actual: TypeRef(type(of: value)), site: nil, path: []))
        }
        node.setProducer(Producer<P>(
            construct: { ctx in
                let value = try base.instance(ctx)
                guard let converted = convert(value) else { throw fail(value) }
                return converted
            },
            constructAsync: { ctx in
                let value = try await base.instanceAsync(ctx)
                guard let converted = convert(value) else { throw fail(value) }
                return converted
            },
            info: node.info))
        return node
    }
}
