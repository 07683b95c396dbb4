// Injection points whose type says how to inject them: `T?`, `Lazy<T>`, `Provider<T>`,
// `[T]` and `[String: T]`. The type gives the default source when a definition states none,
// and binds the sources that only make sense for it (collections, handles, nil).

/// The source an injection point of type `X` gets when the definition does not say.
func defaultSource<X>(for type: X.Type) -> InjectionSource {
    defaultSource(for: type, shape: X.self as? any InjectionShape.Type)
}

/// ``defaultSource(for:)`` for a type whose shape (`nil`: none) was looked up already.
func defaultSource<X>(for type: X.Type, shape: (any InjectionShape.Type)?) -> InjectionSource {
    shape?.defaultInjectionSource ?? .type(TypeRef(X.self))
}

protocol InjectionShape: SendableMetatype {
    static var defaultInjectionSource: InjectionSource { get }
    /// `nil` when the shape does not handle `source`; `.some(nil)` when it does, and the
    /// binding failed (a problem was recorded).
    static func bindShaped(_ source: InjectionSource, in compilation: Compilation, site: SiteInfo, optional: Bool) -> AnyArgument??
}

extension InjectionSource {
    /// A direct reference to one component, which handles and optionals may wrap.
    var isReference: Bool {
        switch self {
        case .type, .named, .inner: return true
        default: return false
        }
    }
}

extension Optional: InjectionShape {
    static var defaultInjectionSource: InjectionSource { .optional(defaultSource(for: Wrapped.self)) }

    static func bindShaped(_ source: InjectionSource, in compilation: Compilation, site: SiteInfo, optional: Bool) -> AnyArgument?? {
        switch source {
        case .nilValue:
            return nilArgument()
        case .optional(let inner):
            let problems = compilation.state.problems.count
            if let wrapped = bindWrapped(inner, compilation, site, true) { return wrapped }
            return compilation.state.problems.count == problems ? nilArgument() : .some(nil)
        case .type(let type) where type != TypeRef(Wrapped?.self):
            return .some(bindWrapped(source, compilation, site, optional))
        case .named, .inner:
            return .some(bindWrapped(source, compilation, site, optional))
        default:
            return nil
        }
    }

    /// An argument that always gives `nil`.
    ///
    /// NB: a function of its own, so that the `Wrapped?` it makes is not a local of
    /// `bindShaped`: unspecialized code reserves every local on entry, which for a `Wrapped?`
    /// asks the runtime for its metadata on every call, whichever path runs.
    @inline(never)
    private static func nilArgument() -> AnyArgument { ConstantArgument<Wrapped?>(nil) }

    /// `Wrapped` from `source`, wrapped. A reference to a component that makes exactly
    /// `Wrapped` (the usual optional property) becomes one argument, not one inside another.
    private static func bindWrapped(_ source: InjectionSource, _ compilation: Compilation, _ site: SiteInfo, _ optional: Bool) -> AnyArgument? {
        // The usual optional property, a name of a component that makes exactly `Wrapped`: no
        // need to ask the runtime whether `Wrapped` is itself a shape (a handle or a collection,
        // whose own binding would wrap the component instead).
        if case .named(let name) = source, let node = compilation.node(named: name), let typed = node.exactly(Wrapped.self) {
            return OptionalNodeArgument(typed)
        }
        if source.isReference, !(Wrapped.self is any InjectionShape.Type),
           let found = compilation.referencedNode(source, site: site, optional: optional) {
            guard let node = found else { return nil }
            if let typed = node.exactly(Wrapped.self) { return OptionalNodeArgument(typed) }
            return compilation.nodeArgument(node, as: Wrapped.self, site: site).map(wrap)
        }
        return compilation.argument(for: source, as: Wrapped.self, site: site, optional: optional).map(wrap)
    }

    private static func wrap(_ wrapped: Argument<Wrapped>) -> AnyArgument {
        OptionalArgument(wrapped)
    }
}

extension Optional: PlainShape {
    /// `Wrapped`, unless it is a shape itself (a handle or a collection, whose binding wraps
    /// the component in more than an optional).
    static var plainType: ObjectIdentifier? { unshapedType(Wrapped.self) }
    static var plainForm: PlainForm { .optional }
    static func takesSubtype(_ type: Any.Type) -> Bool { plainType != nil && type is Wrapped.Type }
    static func takesItemValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool { false }
    static func plainArgument(for target: PlainTarget, _ converters: ValueConverters, site: SiteInfo) -> AnyArgument? {
        switch target {
        case .component(let found):
            let node = found.node.object
            if let typed = node.exactly(Wrapped.self) { return OptionalNodeArgument(typed) }
            return node.typeRef.metatype is Wrapped.Type ? wrap(CastArgument<Wrapped>(node, site: site)) : nil
        case .absent: return nilArgument()
        case .handle, .value, .components, .items, .entries, .deferred, .info, .unset: return nil
        }
    }
}

/// An optional point filled from a component: the component, wrapped.
final class OptionalArgument<Wrapped>: Argument<Wrapped?> {
    let wrapped: Argument<Wrapped>
    init(_ wrapped: Argument<Wrapped>) {
        self.wrapped = wrapped
        super.init()
    }
    override func forEachDirectNode(_ body: (AnyNode) -> Void) { wrapped.forEachDirectNode(body) }
    override func get(_ ctx: ResolutionContext) throws -> Wrapped? { try wrapped.get(ctx) }
    override func getAsync(_ ctx: ResolutionContext) async throws -> Wrapped? { try await wrapped.getAsync(ctx) }
}

/// An optional point filled from a component that makes exactly `Wrapped`.
final class OptionalNodeArgument<Wrapped>: Argument<Wrapped?> {
    // NB: unretained, as in ``NodeArgument``.
    let nodeRef: Unretained<Node<Wrapped>>
    init(_ node: Node<Wrapped>) {
        self.nodeRef = Unretained(node)
        super.init()
    }
    var node: Node<Wrapped> { nodeRef.object }
    override func forEachDirectNode(_ body: (AnyNode) -> Void) { body(node) }
    override func get(_ ctx: ResolutionContext) throws -> Wrapped? {
        try nodeRef.with { try $0.instance(ctx) }
    }
    override func getAsync(_ ctx: ResolutionContext) async throws -> Wrapped? { try await node.instanceAsync(ctx) }
}

/// Binds the source of a `Lazy<T>` or `Provider<T>` point: the handle's own case (`.lazy`
/// or `.provider`), or a plain reference, which the handle wraps. Each call of `make` resolves
/// afresh as a top-level resolve of the container.
private func bindHandle<T, Handle>(
    _ source: InjectionSource, unwrap: (InjectionSource) -> InjectionSource?, handleType: Handle.Type,
    in compilation: Compilation, site: SiteInfo, optional: Bool,
    make: @escaping @Sendable (_ resolve: @escaping @Sendable () throws -> T,
                               _ resolveAsync: @escaping @Sendable () async throws -> T) -> Handle
) -> AnyArgument?? {
    let inner: InjectionSource
    if let wrapped = unwrap(source) {
        inner = wrapped
    } else {
        switch source {
        case .type(let type) where type != TypeRef(Handle.self): inner = source
        case .named, .inner: inner = source
        default: return nil
        }
    }
    guard let argument = compilation.argument(for: inner, as: T.self, site: site, optional: optional) else { return .some(nil) }
    return handleArgument(over: argument, make: make)
}

/// The argument of a handle over `argument`: deferred (the handle's component is not a
/// dependency of the graph the build checks), each call of `make` resolving it afresh.
private func handleArgument<T, Handle>(
    over argument: Argument<T>,
    make: @escaping @Sendable (_ resolve: @escaping @Sendable () throws -> T,
                               _ resolveAsync: @escaping @Sendable () async throws -> T) -> Handle
) -> AnyArgument {
    ComposedArgument<Handle>(parts: [argument], deferred: true) { [argument = Frozen(argument)] ctx in
        let container = ctx.container
        return make({ try container.resolveTop(argument.object) }, { try await container.resolveTopAsync(argument.object) })
    }
}

/// The argument of a handle over the component `target` found for it, which makes `T` (or a
/// subclass of it, cast).
private func plainHandleArgument<T, Handle>(
    for target: PlainTarget, of type: T.Type, site: SiteInfo,
    make: @escaping @Sendable (_ resolve: @escaping @Sendable () throws -> T,
                               _ resolveAsync: @escaping @Sendable () async throws -> T) -> Handle
) -> AnyArgument? {
    guard case .handle(let found) = target else { return nil }
    let node = found.node.object
    if let typed = node.exactly(T.self) { return handleArgument(over: NodeArgument(typed), make: make) }
    guard node.typeRef.metatype is T.Type else { return nil }
    return handleArgument(over: CastArgument<T>(node, site: site), make: make)
}

extension Lazy: PlainShape {
    static var defaultInjectionSource: InjectionSource { .lazy(defaultSource(for: T.self)) }

    static func bindShaped(_ source: InjectionSource, in compilation: Compilation, site: SiteInfo, optional: Bool) -> AnyArgument?? {
        bindHandle(source, unwrap: { if case .lazy(let inner) = $0 { inner } else { nil } }, handleType: Lazy<T>.self,
                   in: compilation, site: site, optional: optional, make: handle())
    }

    static var plainType: ObjectIdentifier? { unshapedType(T.self) }
    static var plainForm: PlainForm { .lazy }
    static func takesSubtype(_ type: Any.Type) -> Bool { plainType != nil && type is T.Type }
    static func takesItemValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool { false }
    static func plainArgument(for target: PlainTarget, _ converters: ValueConverters, site: SiteInfo) -> AnyArgument? {
        plainHandleArgument(for: target, of: T.self, site: site, make: handle())
    }

    /// Makes the handle a point of this type gets, over what resolves its component.
    private static func handle() -> @Sendable (_ resolve: @escaping @Sendable () throws -> T,
                                               _ resolveAsync: @escaping @Sendable () async throws -> T) -> Lazy<T> {
        let label = "Lazy<\(TypeRef(T.self).name)>"
        return { resolve, resolveAsync in Lazy(label: label, make: resolve, makeAsync: resolveAsync) }
    }
}

extension Provider: PlainShape {
    static var defaultInjectionSource: InjectionSource { .provider(defaultSource(for: T.self)) }

    static func bindShaped(_ source: InjectionSource, in compilation: Compilation, site: SiteInfo, optional: Bool) -> AnyArgument?? {
        bindHandle(source, unwrap: { if case .provider(let inner) = $0 { inner } else { nil } }, handleType: Provider<T>.self,
                   in: compilation, site: site, optional: optional, make: handle)
    }

    static var plainType: ObjectIdentifier? { unshapedType(T.self) }
    static var plainForm: PlainForm { .provider }
    static func takesSubtype(_ type: Any.Type) -> Bool { plainType != nil && type is T.Type }
    static func takesItemValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool { false }
    static func plainArgument(for target: PlainTarget, _ converters: ValueConverters, site: SiteInfo) -> AnyArgument? {
        plainHandleArgument(for: target, of: T.self, site: site, make: handle)
    }

    /// Makes the handle a point of this type gets, over what resolves its component.
    @Sendable private static func handle(_ resolve: @escaping @Sendable () throws -> T,
                                         _ resolveAsync: @escaping @Sendable () async throws -> T) -> Provider<T> {
        Provider(make: resolve, makeAsync: resolveAsync)
    }
}

/// The arguments of a collection point: every component of a type or tag, or the listed sources.
/// `nil` when the shape does not take `source`; `.some(nil)` after recording a problem.
private func elementArguments<Element>(_ source: InjectionSource, _ type: Element.Type, in compilation: Compilation,
                                       site: SiteInfo) -> [Argument<Element>]?? {
    var nodes: [AnyNode]
    switch source {
    case .all(let type): nodes = compilation.nodes(ofType: type)
    case .tagged(let tag), .taggedIndexed(let tag, _): nodes = compilation.nodes(tagged: tag)
    default: nodes = []
    }
    switch source {
    case .all, .tagged, .taggedIndexed:
        var bound: [Argument<Element>] = []
        for node in nodes {
            if let argument = compilation.nodeArgument(node, as: Element.self, site: site) { bound.append(argument) }
        }
        return bound
    case .list(let items):
        var bound: [Argument<Element>] = []
        for item in items {
            guard let argument = compilation.argument(for: item, as: Element.self, site: site, optional: false) else { return .some(nil) }
            bound.append(argument)
        }
        return bound
    default:
        return nil
    }
}

/// The argument that injects component `found` as an `Element`: its node when it makes
/// exactly that, else a cast of it (a subclass, which the check saw); `nil` when neither.
func elementArgument<Element>(_ found: NodeRef, as type: Element.Type, site: SiteInfo) -> Argument<Element>? {
    let node = found.node.object
    if let typed = node.exactly(Element.self) { return NodeArgument(typed) }
    return node.typeRef.metatype is Element.Type ? CastArgument<Element>(node, site: site) : nil
}

/// The arguments of the members `target` gives a list (components, or components and values
/// of a mixed list), each as an `Element`; `nil` when `target` gives no list or one does not fit.
private func plainMembers<Element>(_ target: PlainTarget, _ type: Element.Type, _ converters: ValueConverters,
                                   site: SiteInfo) -> [Argument<Element>]? {
    let items: [PlainTarget]
    switch target {
    case .items(let mixed): items = mixed
    case .components(let found): items = found.map(PlainTarget.component)
    case .entries(let found): items = found.map { .component($0.component) }
    case .component, .handle, .value, .absent, .unset, .deferred, .info: return nil
    }
    let slot = Slot<Element>()
    var parts: [Argument<Element>] = []
    parts.reserveCapacity(items.count)
    for item in items {
        switch item {
        case .component(let found):
            guard let argument = elementArgument(found, as: Element.self, site: site) else { return nil }
            parts.append(argument)
        case .value:
            guard let argument = slot.plainArgument(for: item, converters, site: site) as? Argument<Element> else { return nil }
            parts.append(argument)
        default:
            return nil
        }
    }
    return parts
}

/// The arguments of the components `target` gives a map or a locator, each as an `Element`,
/// under the map's key, else the component's name (else its type's), as
/// ``keyedArguments(_:_:in:site:)`` keys them; `nil` when `target` gives none or one does not fit.
func plainKeyedMembers<Element>(_ target: PlainTarget, _ type: Element.Type, site: SiteInfo) -> [(String, Argument<Element>)]? {
    let found: [(key: String, component: NodeRef)]
    switch target {
    case .components(let components): found = components.map { ($0.key.mapKey, $0) }
    case .entries(let entries): found = entries
    case .component, .handle, .items, .value, .absent, .unset, .deferred, .info: return nil
    }
    var parts: [(String, Argument<Element>)] = []
    parts.reserveCapacity(found.count)
    for (key, component) in found {
        guard let argument = elementArgument(component, as: Element.self, site: site) else { return nil }
        parts.append((key, argument))
    }
    return parts
}

/// `[T]` and `Set<T>`: a list of `Element`s, which takes plain references the same way.
protocol PlainList: PlainShape {
    associatedtype Element
    /// The list's argument from its members' arguments, in order.
    static func listArgument(_ parts: [Argument<Element>]) -> AnyArgument
}

extension PlainList {
    static var plainType: ObjectIdentifier? { unshapedType(Element.self) }
    static var plainForm: PlainForm { .elements }
    static func takesSubtype(_ type: Any.Type) -> Bool { plainType != nil && type is Element.Type }
    static func takesItemValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool {
        Slot<Element>().acceptsValue(source, converters)
    }
    static func plainArgument(for target: PlainTarget, _ converters: ValueConverters, site: SiteInfo) -> AnyArgument? {
        plainMembers(target, Element.self, converters, site: site).map(listArgument)
    }
}

extension Array: PlainList {
    static var defaultInjectionSource: InjectionSource { .all(TypeRef(Element.self)) }

    static func bindShaped(_ source: InjectionSource, in compilation: Compilation, site: SiteInfo, optional: Bool) -> AnyArgument?? {
        guard let found = elementArguments(source, Element.self, in: compilation, site: site) else { return nil }
        guard let parts = found else { return .some(nil) }
        return listArgument(parts)
    }

    static func listArgument(_ arguments: [Argument<Element>]) -> AnyArgument {
        let parts = arguments.map(Frozen.init)
        return ComposedArgument<[Element]>(
            parts: arguments,
            body: { ctx in try parts.map { try $0.get(ctx) } },
            asyncBody: { ctx in
                var values: [Element] = []
                values.reserveCapacity(parts.count)
                for part in parts { values.append(try await part.getAsync(ctx)) }
                return values
            })
    }
}

extension Set: PlainList {
    static var defaultInjectionSource: InjectionSource { .all(TypeRef(Element.self)) }

    static func bindShaped(_ source: InjectionSource, in compilation: Compilation, site: SiteInfo, optional: Bool) -> AnyArgument?? {
        guard let found = elementArguments(source, Element.self, in: compilation, site: site) else { return nil }
        guard let parts = found else { return .some(nil) }
        return listArgument(parts)
    }

    static func listArgument(_ parts: [Argument<Element>]) -> AnyArgument { SetArgument(parts) }
}

/// A set of components or values.
final class SetArgument<Element: Hashable>: Argument<Set<Element>> {
    let parts: [Argument<Element>]
    init(_ parts: [Argument<Element>]) {
        self.parts = parts
        super.init()
    }
    override func forEachDirectNode(_ body: (AnyNode) -> Void) {
        for part in parts { part.forEachDirectNode(body) }
    }
    override func get(_ ctx: ResolutionContext) throws -> Set<Element> {
        var values = Set<Element>()
        for part in parts { values.insert(try part.get(ctx)) }
        return values
    }
    override func getAsync(_ ctx: ResolutionContext) async throws -> Set<Element> {
        var values = Set<Element>()
        for part in parts { values.insert(try await part.getAsync(ctx)) }
        return values
    }
}

/// The keyed arguments of a dictionary or locator point: every component of a type or tag by
/// name (or by a tag attribute), or the given entries. `nil` when the shape does not take
/// `source`; `.some(nil)` after recording a problem.
func keyedArguments<Value>(_ source: InjectionSource, _ type: Value.Type, in compilation: Compilation,
                           site: SiteInfo) -> [(String, Argument<Value>)]?? {
    var parts: [(String, Argument<Value>)] = []
    switch source {
    case .all(let type):
        for node in compilation.nodes(ofType: type) {
            if let argument = compilation.nodeArgument(node, as: Value.self, site: site) { parts.append((node.key.mapKey, argument)) }
        }
    case .tagged(let tag):
        for node in compilation.nodes(tagged: tag) {
            if let argument = compilation.nodeArgument(node, as: Value.self, site: site) { parts.append((node.key.mapKey, argument)) }
        }
    case let .taggedIndexed(tag, indexBy):
        for node in compilation.nodes(tagged: tag) {
            // A component given the tag several times is in the map once per entry; an entry
            // without the attribute is keyed by the component's name (Symfony's fallback).
            var keys: [String] = []
            for attributes in node.definition?.attributeSets(ofTag: tag) ?? [[:]] {
                keys.append(attributes[indexBy]?.scalarText ?? node.key.mapKey)
            }
            if let argument = compilation.nodeArgument(node, as: Value.self, site: site) { parts += keys.map { ($0, argument) } }
        }
    case .map(let entries):
        for (key, item) in entries.sorted(by: { $0.key < $1.key }) {
            guard let argument = compilation.argument(for: item, as: Value.self, site: site, optional: false) else { return .some(nil) }
            parts.append((key, argument))
        }
    default:
        return nil
    }
    return parts
}

extension Dictionary: InjectionShape, PlainShape where Key == String {
    static var defaultInjectionSource: InjectionSource { .all(TypeRef(Value.self)) }

    static func bindShaped(_ source: InjectionSource, in compilation: Compilation, site: SiteInfo, optional: Bool) -> AnyArgument?? {
        guard let found = keyedArguments(source, Value.self, in: compilation, site: site) else { return nil }
        guard let bound = found else { return .some(nil) }
        return argument(bound)
    }

    static var plainType: ObjectIdentifier? { unshapedType(Value.self) }
    static var plainForm: PlainForm { .keyed }
    static func takesSubtype(_ type: Any.Type) -> Bool { plainType != nil && type is Value.Type }
    static func takesItemValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool { false }
    static func plainArgument(for target: PlainTarget, _ converters: ValueConverters, site: SiteInfo) -> AnyArgument? {
        plainKeyedMembers(target, Value.self, site: site).map(argument)
    }

    private static func argument(_ arguments: [(String, Argument<Value>)]) -> AnyArgument {
        let bound = arguments.map { ($0.0, Frozen($0.1)) }
        return ComposedArgument<[String: Value]>(
            parts: arguments.map(\.1),
            body: { ctx in
                var values: [String: Value] = [:]
                for (key, part) in bound { values[key] = try part.get(ctx) }
                return values
            },
            asyncBody: { ctx in
                var values: [String: Value] = [:]
                for (key, part) in bound { values[key] = try await part.getAsync(ctx) }
                return values
            })
    }
}
