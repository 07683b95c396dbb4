// How an initializer parameter is bound: its slot (resolved, named, valued, defaulted) and
// the default arguments Swift gives.

/// Binds one injection point of type `X`.
protocol SlotBinding: Sendable {
    var type: TypeRef { get }
    /// Where a point of the slot's type takes its value when nothing says.
    var defaultSource: InjectionSource { get }
    /// A config value converted to the slot's type, as canonical text.
    func canonicalValue(_ value: ConfigValue, _ converters: ValueConverters) -> String?
    func bind(_ source: InjectionSource, in compilation: Compilation, site: SiteInfo, optional: Bool) -> AnyArgument?
    /// What a plain reference fills the slot with: the type the component must make exactly,
    /// and how the slot's shape wraps it (`nil`: as it is). `nil` when the slot takes no plain
    /// reference (a collection, a handle of a collection, a parameter with a default).
    var plainReference: (type: ObjectIdentifier, form: PlainForm?)? { get }
    /// The argument for `target`, which ``InjectionPoint/plainTarget(slot:in:owner:optional:)`` found
    /// for this slot's point at `site`: what ``bind(_:in:site:optional:)`` makes for the same
    /// source. `nil` when it does not fit, which the check rules out.
    func plainArgument(for target: PlainTarget, _ converters: ValueConverters, site: SiteInfo) -> AnyArgument?
    /// The argument that gives the parameter its Swift default, made by `make` (the
    /// construction's, ``RecipeBox/defaults``) on every use.
    func defaultArgument(_ make: @escaping @Sendable () -> Any, site: SiteInfo) -> AnyArgument
    /// Whether a single reference to a component of `type` fills the slot by a cast (`type` is
    /// a subclass of the slot's type, or of the type its optional or handle wraps).
    func takesSubtype(_ type: TypeRef) -> Bool
    /// Whether a value in a list that also holds references converts to the slot's element type.
    func acceptsItemValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool
    /// Whether a value source (`.value`, or `.config` converted by `converters`) gives a value
    /// of the slot's type, without making the argument.
    func acceptsValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool
}

/// The one value of `Void`, as a `D` that is known to be `Void`.
@usableFromInline
func voidValue<D>() -> D {
    // NB: only called when `D.self == Void.self`; a cast of `()` then always succeeds.
    ((() as Any) as? D).unsafelyUnwrapped
}

extension InjectionPoint {
    /// An unlabelled point of type `X` with its default source.
    @usableFromInline
    init<X>(typedFor type: X.Type) {
        self.init(label: nil, type: TypeRef(X.self), source: Slots.slot(for: X.self).defaultSource)
    }
}

/// The slot of each type, made once and shared by every point of the type: a point keeps
/// only its type (``InjectionPoint/slot``).
// NB: made once a type, not once a point: a slot in each point took 40 bytes of it, and making
// one asked the runtime for `Slot<X>`'s metadata and `X`'s shape conformances, about 800
// instructions a point (`profile register-deps`, `profile memory-deps`, docs/PerformanceLedger.md).
enum Slots {
    private static let made = Locked<[ObjectIdentifier: any SlotBinding]>([:])

    /// The slot of `X`.
    static func slot<X>(for type: X.Type) -> any SlotBinding {
        if let known = made.withLock({ $0[ObjectIdentifier(X.self)] }) { return known }
        let slot = Slot<X>()
        made.withLock { $0[ObjectIdentifier(X.self)] = slot }
        return slot
    }

    /// The slot of `type`.
    static func slot(for type: TypeRef) -> any SlotBinding {
        if let known = made.withLock({ $0[type.id] }) { return known }
        func make<X>(_: X.Type) -> any SlotBinding { slot(for: X.self) }
        return make(type.metatype)
    }
}

/// The Swift default value of an initializer parameter, for a catalog entry (see
/// ``TypeDescriptorBuilder/initializer(_:defaults:_:)``). Made on every use, as Swift evaluates
/// a default argument on every call.
public struct DefaultArgument: Sendable {
    let type: TypeRef
    let make: @Sendable () -> Any

    /// `DefaultArgument { 3 }`: the default expression, as the parameter declares it.
    ///
    /// ```swift
    /// client.initializer("init(host:retries:)", defaults: [1: DefaultArgument { 3 }]) { (host: String, retries: Int) in
    ///     Client(host: host, retries: retries)
    /// }
    /// ```
    public init<V>(_ make: @escaping @Sendable () -> V) {
        self.type = TypeRef(V.self)
        self.make = make
    }
}

extension InjectionPoint {
    /// A point of type `X` whose Swift default is `given` (which the construction keeps:
    /// ``RecipeBox/defaults``); `nil` when `given` makes another type.
    init?<X>(defaulted type: X.Type, _ given: DefaultArgument) {
        guard given.type == TypeRef(X.self) else { return nil }
        self.init(label: nil, type: TypeRef(X.self), source: .defaultArgument)
    }
}

/// A parameter's Swift default, made on every use.
final class DefaultValueArgument<X>: Argument<X> {
    let make: @Sendable () -> Any
    let site: InjectionSite
    init(_ make: @escaping @Sendable () -> Any, site: SiteInfo) {
        self.make = make
        self.site = site.site
        super.init()
    }
    override func get(_ ctx: ResolutionContext) throws -> X {
        // NB: the point was made only for a default of type `X` (see `init(defaulted:_:)`).
        let value = make()
        if let typed = value as? X { return typed }
        throw IoCError(.typeMismatch(component: "the default of \(site.point)", expected: TypeRef(X.self),
                                     actual: TypeRef(type(of: value)), site: site, path: []))
    }
}

struct Slot<X>: SlotBinding {
    /// How `X` is injected when it is an optional, a handle or a collection.
    private enum Shape {
        /// A shape that takes plain references (``PlainShape``), with its ``PlainShape/plainType``.
        case plain(any PlainShape.Type, plainType: ObjectIdentifier?)
        /// A shape that does not (a shape nested in a shape, a runtime-argument handle): the full
        /// binding binds it.
        case other(any InjectionShape.Type)
    }
    /// `nil` for a type that is no shape. Looked up once here, since a catalogued slot binds a
    /// point of every definition that uses its member.
    ///
    /// NB: the plain shape and the type it takes kept as such, not found again by casts whenever
    /// a check or a first bind asks (conformance lookups on every call: `profile build-only` in
    /// docs/PerformanceLedger.md). Three words, an existential's inline buffer: a point keeps its slot
    /// without a box (``SlotTests``).
    private let shape: Shape?

    init() {
        // NB: one lookup for a type that is no shape, as most are.
        guard let shape = X.self as? any InjectionShape.Type else { self.shape = nil; return }
        guard let plain = shape as? any PlainShape.Type else { self.shape = .other(shape); return }
        self.shape = .plain(plain, plainType: plain.plainType)
    }

    /// The plain shape of `X`, if it has one.
    private var plain: (any PlainShape.Type)? {
        if case .plain(let shape, _) = shape { return shape }
        return nil
    }

    /// How the full binding injects `X`.
    private var bindingShape: (any InjectionShape.Type)? {
        switch shape {
        case nil: return nil
        case .plain(let shape, _): return shape
        case .other(let shape): return shape
        }
    }

    var type: TypeRef { TypeRef(X.self) }
    /// Where a point of `X` takes its value when nothing says, from the shape this slot found
    /// already (not by a second conformance lookup).
    var defaultSource: InjectionSource { IoCCore.defaultSource(for: X.self, shape: bindingShape) }
    func bind(_ source: InjectionSource, in compilation: Compilation, site: SiteInfo, optional: Bool) -> AnyArgument? {
        compilation.anyArgument(for: source, as: X.self, shape: bindingShape, site: site, optional: optional)
    }
    var plainReference: (type: ObjectIdentifier, form: PlainForm?)? {
        guard let shape else { return (ObjectIdentifier(X.self), nil) }
        guard case .plain(let plain, let type?) = shape else { return nil }
        return (type, plain.plainForm)
    }
    func plainArgument(for target: PlainTarget, _ converters: ValueConverters, site: SiteInfo) -> AnyArgument? {
        switch target {
        // NB: a value needs no shape: no shape binds `.value` or `.config` itself, so the full
        // binding converts them to `X` as this does (an optional, a list, a map of values).
        case .value(.value(let value)): return (value.value as? X).map { ConstantArgument($0) }
        case .value(.config(let value)):
            // NB: not `try?`, whose `X?` costs a metadata lookup in this generic code, per value.
            do { return ConstantArgument(try converters.convert(value, to: X.self)) } catch { return nil }
        case .value: return nil
        case .component(let found) where shape == nil:
            let node = found.node.object
            if let typed = node.exactly(X.self) { return NodeArgument(typed) }
            return node.typeRef.metatype is X.Type ? CastArgument<X>(node, site: site) : nil
        default:
            return plain?.plainArgument(for: target, converters, site: site)
        }
    }
    func defaultArgument(_ make: @escaping @Sendable () -> Any, site: SiteInfo) -> AnyArgument {
        DefaultValueArgument<X>(make, site: site)
    }
    func takesSubtype(_ type: TypeRef) -> Bool {
        guard shape != nil else { return type.metatype is X.Type }
        return plain?.takesSubtype(type.metatype) ?? false
    }
    func acceptsItemValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool {
        plain?.takesItemValue(source, converters) ?? false
    }
    func acceptsValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool {
        switch source {
        case .value(let value): return value.value is X
        case .config(let value):
            // NB: not `try?` (see `plainArgument`).
            do { _ = try converters.convert(value, to: X.self); return true } catch { return false }
        default: return false
        }
    }
}
