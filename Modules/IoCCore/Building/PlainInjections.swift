// The injections the build checks on its tables without binding them, and that a node binds
// when it is first made, by resolving them again on its container's tables (which give the
// same answers): see ``Compilation/checkPlainReferences(of:)`` and
// ``TypedDefinitionParts/bindOnFirstUse(_:node:postProcessors:)``.

/// The lookups a plain injection is resolved against: the build's tables while it checks, a
/// built container's when a node is first made.
protocol ComponentLookups {
    /// The components registered as `type`, or exposed as it, here or in a parent (a child's own hide its parent's).
    func candidates(ofType type: TypeRef) -> ComponentList
    /// The component named `name` (or with that alias), here or in a parent, private or not.
    func component(named name: String) -> NodeRef?
    /// The components tagged `tag`, here or in a parent (a child's own hide its parent's), by priority.
    func members(tagged tag: String) -> ComponentList
    /// The component of the inner definition `definition` inside component `owner`'s
    /// injections, which the plan pass numbered; `nil` for one that did not bind.
    func inner(_ definition: Definition, of owner: Int) -> NodeRef?
}

extension Compilation: ComponentLookups {  // docs/PerformanceLedger.md S2
    /// The component the plan pass numbered for the inner definition `definition` of
    /// component `owner` (``numberInnerDefinitions()``); the check checks it as its own component.
    func inner(_ definition: Definition, of owner: Int) -> NodeRef? {
        state.numbered.inner(definition, of: owner).map(component)
    }
}

extension Container: ComponentLookups {
    func candidates(ofType type: TypeRef) -> ComponentList {
        candidates(of: ObjectIdentifier(type.metatype)) ?? ComponentList(self)
    }
    func members(tagged tag: String) -> ComponentList {
        tagged(tag) ?? ComponentList(self)
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
    /// `[T]`, `Set<T>`: every component of the type, or of a tag.
    case elements
    /// `[String: T]`: every component of the type, or of a tag, by name.
    case keyed
    /// `ServiceLocator<T>`: a provider of every component of the type, or of a tag, or listed, by name.
    case locator
    /// `ComponentInfo`: what the container says of the component being made, unless a
    /// component of that type is registered.
    case info
}

/// A shape whose point takes components that make exactly one type as plain references:
/// `T?`, `Lazy<T>`, `Provider<T>`, `[T]`, `Set<T>`, `[String: T]` and `ServiceLocator<T>` of a
/// `T` that is not a shape itself.
protocol PlainShape: InjectionShape {
    /// The type the component must make exactly; `nil` when the type inside is a shape itself
    /// (a handle or a collection, whose binding wraps the component in more).
    static var plainType: ObjectIdentifier? { get }
    static var plainForm: PlainForm { get }
    /// Whether a component of `type`, a subclass of the type ``plainType`` names, fills the
    /// shape by a cast (a collection: as one of its members).
    static func takesSubtype(_ type: Any.Type) -> Bool
    /// Whether a value in a list of this shape (a list that also holds references) converts to
    /// its element type; `false` for a shape that is not a list.
    static func takesItemValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool
    /// The argument for `target`, which ``InjectionPoint/plainTarget(slot:in:owner:optional:)`` found for a
    /// point of this shape at `site`: `nil` when it does not fit (a node of another type).
    static func plainArgument(for target: PlainTarget, _ converters: ValueConverters, site: SiteInfo) -> AnyArgument?
}

/// `type`, unless it is a shape itself (a handle or a collection, whose binding wraps a
/// component in more): what a shape around it takes as a plain reference (``PlainShape/plainType``).
func unshapedType<X>(_ type: X.Type) -> ObjectIdentifier? {
    X.self is any InjectionShape.Type ? nil : ObjectIdentifier(X.self)
}

/// What a point resolves to when it needs no binding at build.
enum PlainTarget {
    /// A component the point injects (as it is, or wrapped in an optional): a dependency.
    case component(NodeRef)
    /// A component a handle resolves when asked: not a dependency of the graph the build checks.
    case handle(NodeRef)
    /// The components a collection injects, in its order: dependencies.
    case components([NodeRef])
    /// What a list that mixes references and values injects, in its order: each a
    /// ``component(_:)`` (a dependency) or a ``value(_:)``.
    case items([PlainTarget])
    /// The components a map of references injects, by the map's keys, in the keys' order.
    case entries([(key: String, component: NodeRef)])
    /// Components a handle of several (a service locator) resolves when asked: not dependencies.
    // NB: the only case boxed (`indirect`): the whole enum `indirect` allocated a box for every
    // point the build checked.
    indirect case deferred(PlainTarget)
    /// A value, which the point's slot converts (the build's check converts it to see that it
    /// fits: ``SlotBinding/acceptsValue(_:_:)``).
    case value(InjectionSource)
    /// No component, for an optional point whose source allows that: `nil`.
    case absent
    /// No component, for a property autowiring added (Spring's `autowire`): left as the
    /// initializer set it.
    case unset
    /// What the container says of the component being made (``ComponentInfo``).
    case info

    /// Calls `body` with each component the point injects when its component is made: its
    /// dependencies in the graph the build checks (a handle's or a locator's are resolved when
    /// asked, not then).
    func forEachDependency(_ body: (NodeRef) -> Void) {
        switch self {
        case .component(let found): body(found)
        case .components(let found): found.forEach(body)
        case .entries(let found): for entry in found { body(entry.component) }
        case .items(let items): for item in items { item.forEachDependency(body) }
        case .handle, .deferred, .value, .absent, .unset, .info: break
        }
    }

}

extension InjectionPoint {
    /// Whether what `target` gives this point besides components fits its slot: its values
    /// convert (with `converters`). One that does not is reported by the full binding.
    func fits(_ target: PlainTarget, slot: any SlotBinding, _ converters: ValueConverters) -> Bool {
        switch target {
        case .value(let source): return slot.acceptsValue(source, converters)
        case .items(let items):
            return items.allSatisfy { item in
                if case .value(let source) = item { slot.acceptsItemValue(source, converters) } else { true }
            }
        case .component, .handle, .components, .entries, .deferred, .absent, .unset, .info: return true
        }
    }
}

extension InjectionPoint {
    /// What the point of component `owner`, whose slot is `slot`, resolves to on `lookups` without binding: a type, a
    /// name or an inner definition that picks exactly one component making the point's type
    /// (or the type its optional or handle wraps, or exposed as it, or a subclass of it); the components of a type,
    /// a tag, a list or a map of references, for a collection or a locator; a value; or for an
    /// optional point nothing where its source allows that (for an autowired property,
    /// `optional`: nothing where nothing matches, ``PlainTarget/unset``). `nil` for any other
    /// point — a component missing or ambiguous, a Swift default (which its construction gives,
    /// ``Construction/defaultValue(at:of:)``, where it has one) — which the full binding reports.
    /// Whether a value converts is the caller's to check.
    func plainTarget(slot: any SlotBinding, in lookups: some ComponentLookups, owner: Int, optional: Bool = false) -> PlainTarget? {
        if source.isPlainValue { return .value(source) }
        guard let (exact, form) = slot.plainReference else { return nil }
        func reference(_ source: InjectionSource, castable: Bool = false) -> NodeRef?? {
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
            case .inner(let definition):
                guard let inner = lookups.inner(definition, of: owner) else { return nil }
                found = inner
            default:
                return nil
            }
            return (castable ? castOrFitting(found) : fitting(found)).map { .some($0) }
        }
        /// `fitting(found)`, else `found` itself when it is a subclass of the point's type (of its
        /// element, for a collection), injected by a cast.
        func castOrFitting(_ found: NodeRef?) -> NodeRef? {
            if let fits = fitting(found) { return fits }
            guard let found, let type = found.container.key(at: found.index).type, slot.takesSubtype(type) else { return nil }
            return found
        }
        /// `found` when it makes the point's type, else its exposure as that type; `nil` when
        /// it has neither (a subtype, or a type that does not fit: the full binding decides).
        func fitting(_ found: NodeRef?) -> NodeRef? {
            guard let found else { return nil }
            return making(found) ?? found.container.exposure(of: found.index, as: exact)
        }
        /// `found` when it makes the point's type.
        func making(_ found: NodeRef) -> NodeRef? {
            found.container.producedType(at: found.index) == exact ? found : nil
        }
        /// What a map of references injects, in its keys' order; `nil` when one does not fit.
        func entries(_ items: [String: InjectionSource]) -> PlainTarget? {
            var found: [(key: String, component: NodeRef)] = []
            for (key, item) in items.sorted(by: { $0.key < $1.key }) {
                guard let reached = reference(item, castable: true), let reached else { return nil }
                found.append((key, reached))
            }
            return .entries(found)
        }
        /// What a map of a tag's members injects: each member (or its exposure as the type, or
        /// itself by a cast) under the member's own name, else its type's, as the full binding
        /// keys them.
        func keyedMembers(_ tag: String) -> PlainTarget? {
            var found: [(key: String, component: NodeRef)] = []
            for member in lookups.members(tagged: tag) {
                guard let fits = castOrFitting(member) else { return nil }
                found.append((member.key.mapKey, fits))
            }
            return .entries(found)
        }
        /// What a map of a tag's members keyed by one of the tag's attributes injects (Symfony's
        /// `index_by`), in the tag's order; `nil` when a member lacks the attribute (the full
        /// binding reports it) or does not fit the type.
        func indexed(_ tag: String, by attribute: String) -> PlainTarget? {
            var found: [(key: String, component: NodeRef)] = []
            for member in lookups.members(tagged: tag) {
                guard let fits = castOrFitting(member) else { return nil }
                // Once per entry of the tag (a component may be given it several times).
                for attributes in member.container.definition(at: member.index).attributeSets(ofTag: tag) {
                    found.append((attributes[attribute]?.scalarText ?? member.key.mapKey, fits))
                }
            }
            return .entries(found)
        }
        /// What a collection injects: each of `items` through `fit`; `nil` when one does not fit.
        func components<Items: Sequence>(_ items: Items, _ fit: (Items.Element) -> NodeRef?) -> PlainTarget? {
            var found: [NodeRef] = []
            for item in items {
                guard let fits = fit(item) else { return nil }
                found.append(fits)
            }
            return .components(found)
        }
        switch (form, source) {
        case (.info?, .type(let wanted)) where ObjectIdentifier(wanted.metatype) == exact && lookups.candidates(ofType: wanted).isEmpty:
            // The component's own info, unless a component of that type is registered.
            return .info
        case (nil, _), (.info?, _), (.optional?, .type), (.optional?, .named), (.optional?, .inner):
            guard let found = reference(source, castable: true) else { return nil }
            guard let found else { return optional ? .unset : nil }
            return .component(found)
        case (.optional?, .optional(let inner)):
            // An optional's own source: nothing where there is no such component.
            guard let found = reference(inner, castable: true) else { return nil }
            return found.map(PlainTarget.component) ?? .absent
        case (.optional?, .nilValue):
            return .absent
        case (.lazy?, .lazy(let inner)), (.provider?, .provider(let inner)):
            // A handle's own source, or (below) a reference the handle wraps.
            guard let found = reference(inner, castable: true), let found else { return nil }
            return .handle(found)
        case (.lazy?, .type), (.lazy?, .named), (.lazy?, .inner), (.provider?, .type), (.provider?, .named), (.provider?, .inner):
            guard let found = reference(source, castable: true) else { return nil }
            guard let found else { return optional ? .unset : nil }
            return .handle(found)
        case (.elements?, .all(let type)) where ObjectIdentifier(type.metatype) == exact,
             (.keyed?, .all(let type)) where ObjectIdentifier(type.metatype) == exact:
            // A type's candidates make it, or are its exposures.
            return components(lookups.candidates(ofType: type), making)
        case (.elements?, .tagged(let tag)):
            return components(lookups.members(tagged: tag), castOrFitting)
        case (.keyed?, .tagged(let tag)):
            return keyedMembers(tag)
        case (.elements?, .list(let items)) where !items.contains(where: \.isPlainValue):
            // A list of references (a list of values alone is a config value, above).
            return components(items) { reference($0, castable: true) ?? nil }
        case (.elements?, .list(let items)):
            // References and values: each value converts to the element type (the caller checks).
            var found: [PlainTarget] = []
            for item in items {
                if item.isPlainValue {
                    found.append(.value(item))
                } else {
                    guard let reached = reference(item, castable: true), let reached else { return nil }
                    found.append(.component(reached))
                }
            }
            return .items(found)
        case (.keyed?, .map(let items)):
            return entries(items)
        case (.keyed?, .taggedIndexed(let tag, let indexBy)):
            return indexed(tag, by: indexBy)
        case (.locator?, .taggedIndexed(let tag, let indexBy)):
            return indexed(tag, by: indexBy).map(PlainTarget.deferred)
        case (.locator?, .all(let type)) where ObjectIdentifier(type.metatype) == exact:
            return components(lookups.candidates(ofType: type), making).map(PlainTarget.deferred)
        case (.locator?, .tagged(let tag)):
            return keyedMembers(tag).map(PlainTarget.deferred)
        case (.locator?, .map(let items)):
            return entries(items).map(PlainTarget.deferred)
        case (.locator?, .list(let items)):
            // A list of references, keyed by the names they give (Symfony's list form).
            var named: [String: InjectionSource] = [:]
            for item in items {
                guard case .named(let name) = item else { return nil }
                named[name] = item
            }
            return entries(named).map(PlainTarget.deferred)
        default:
            return nil
        }
    }
}
