// The injections the build checks on its tables without binding them, and that a node binds
// when it is first made, by resolving them again on its container's tables (which give the
// same answers): see ``Compilation/checkPlainReferences(of:)`` and
// ``TypedDefinitionParts/bindOnFirstUse(definition:node:postProcessors:)``.

/// The lookups a plain injection is resolved against: the build's tables while it checks, a
/// built container's when a node is first made.
protocol ComponentLookups {
    /// The components registered as `type`, or exposed as it, here or in a parent (a child's own hide its parent's).
    func candidates(ofType type: TypeRef) -> ComponentList
    /// The component named `name` (or with that alias), here or in a parent, private or not.
    func component(named name: String) -> NodeRef?
}

extension Compilation: ComponentLookups {}

extension Container: ComponentLookups {
    func candidates(ofType type: TypeRef) -> ComponentList {
        candidatesByType[ObjectIdentifier(type.metatype)] ?? ComponentList(self)
    }
}

/// How a point of a shaped type takes a plain reference (see ``PlainShape``).
enum PlainForm {
    /// `T?`: the component, wrapped; `nil` when there is none and the source allows it.
    case optional
    /// `Lazy<T>`: a handle that resolves the component when asked.
    case lazy
    /// `Provider<T>`: a handle that resolves the component on every call.
    case provider
}

/// A shape whose point takes a component that makes exactly one type as a plain reference:
/// `T?`, `Lazy<T>` and `Provider<T>` of a `T` that is not a shape itself.
protocol PlainShape: InjectionShape {
    /// The type the component must make exactly; `nil` when the type inside is a shape itself
    /// (a handle or a collection, whose binding wraps the component in more).
    static var plainType: ObjectIdentifier? { get }
    static var plainForm: PlainForm { get }
    /// The argument for `target`, which ``InjectionPoint/plainTarget(in:)`` found for
    /// a point of this shape: `nil` when it does not fit (a node of another type).
    static func plainArgument(for target: PlainTarget) -> AnyArgument?
}

/// What a point resolves to when it needs no binding at build.
enum PlainTarget {
    /// A component the point injects (as it is, or wrapped in an optional): a dependency.
    case component(NodeRef)
    /// A component a handle resolves when asked: not a dependency of the graph the build checks.
    case handle(NodeRef)
    /// A value, which the point's slot converts (the build's check converts it to see that it
    /// fits: ``SlotBinding/acceptsValue(_:_:)``).
    case value(InjectionSource)
    /// No component, for an optional point whose source allows that: `nil`.
    case absent
}

extension InjectionPoint {
    /// What the point resolves to on `lookups` without binding: a type or a name that picks
    /// exactly one component making the point's type (or the type its optional or handle
    /// wraps), a value, or for an optional point nothing where its source allows that. `nil`
    /// for any other point — a collection, a subtype, a component missing or ambiguous — which
    /// the full binding handles and reports. Whether a value converts is the caller's to check.
    func plainTarget(in lookups: some ComponentLookups) -> PlainTarget? {
        guard let slot else { return nil }
        if source.isPlainValue { return .value(source) }
        guard let (exact, form) = slot.plainReference else { return nil }
        func reference(_ source: InjectionSource) -> NodeRef?? {
            let found: NodeRef?
            switch source {
            case .type(let wanted) where ObjectIdentifier(wanted.metatype) == exact:
                let candidates = lookups.candidates(ofType: wanted)
                if candidates.isEmpty { return .some(nil) }
                // Several that `choose` cannot decide between: the full binding reports it.
                guard let chosen = Compilation.choose(candidates) else { return nil }
                found = chosen
            case .named(let name):
                guard let named = lookups.component(named: name) else { return .some(nil) }
                found = named
            default:
                return nil
            }
            guard let found, found.container.producedType(at: found.index) == exact else { return nil }
            return .some(found)
        }
        switch (form, source) {
        case (nil, _), (.optional?, .type), (.optional?, .named):
            guard let found = reference(source), let found else { return nil }
            return .component(found)
        case (.optional?, .optional(let inner)):
            // An optional's own source: nothing where there is no such component.
            guard let found = reference(inner) else { return nil }
            return found.map(PlainTarget.component) ?? .absent
        case (.optional?, .nilValue):
            return .absent
        case (.lazy?, .lazy(let inner)), (.provider?, .provider(let inner)):
            // A handle's own source, or (below) a reference the handle wraps.
            guard let found = reference(inner), let found else { return nil }
            return .handle(found)
        case (.lazy?, .type), (.lazy?, .named), (.provider?, .type), (.provider?, .named):
            guard let found = reference(source), let found else { return nil }
            return .handle(found)
        default:
            return nil
        }
    }
}
