/// A bound injection point: produces the value for one argument or property.
/// Made once at build; resolution only calls `get`.
@usableFromInline
class AnyArgument {
    @usableFromInline init() {}
    /// Calls `body` with each component this argument builds directly (not through a `Lazy`
    /// or `Provider` handle), for the checks at build. A visit, not an array: the checks see
    /// every argument of every component.
    func forEachDirectNode(_ body: (AnyNode) -> Void) {}
}

@usableFromInline
class Argument<X>: AnyArgument {
    @usableFromInline func get(_ ctx: ResolutionContext) throws -> X { preconditionFailure("abstract") }
    @usableFromInline func getAsync(_ ctx: ResolutionContext) async throws -> X { try get(ctx) }
    @usableFromInline override init() { super.init() }
}

/// The component's own node produces exactly `X`.
///
/// NB: arguments point at nodes unretained. The container owns every node; were arguments to
/// own them too, a long chain of components would be freed recursively, one stack frame per
/// link, and exposures would keep their base alive in a cycle.
@usableFromInline
final class NodeArgument<X>: Argument<X> {  // docs/PerformanceLedger.md U11
    @usableFromInline let nodeRef: Unretained<Node<X>>
    init(_ node: Node<X>) {
        self.nodeRef = Unretained(node)
        super.init()
    }
    var node: Node<X> { nodeRef.object }
    override func forEachDirectNode(_ body: (AnyNode) -> Void) { body(node) }
    @inlinable override func get(_ ctx: ResolutionContext) throws -> X {
        try nodeRef.with { try $0.instance(ctx) }
    }
    override func getAsync(_ ctx: ResolutionContext) async throws -> X { try await node.instanceAsync(ctx) }
}

/// The component produces a subtype of `X` (a subclass, or a type whose conformance the
/// container cannot see at build): cast on each use.
final class CastArgument<X>: Argument<X> {
    unowned(unsafe) let node: AnyNode
    let site: SiteInfo
    init(_ node: AnyNode, site: SiteInfo) {
        self.node = node
        self.site = site
        super.init()
    }
    override func forEachDirectNode(_ body: (AnyNode) -> Void) { body(node) }
    override func get(_ ctx: ResolutionContext) throws -> X { try cast(node.anyInstance(ctx)) }
    override func getAsync(_ ctx: ResolutionContext) async throws -> X { try cast(await node.anyInstanceAsync(ctx)) }
    private func cast(_ value: Any) throws -> X {
        if let value = value as? X { return value }
        throw IoCError(.typeMismatch(component: node.label, expected: TypeRef(X.self),
                                     actual: TypeRef(type(of: value)), site: site.site, path: []))
    }
}

final class ConstantArgument<X>: Argument<X> {
    let value: X
    init(_ value: X) {
        self.value = value
        super.init()
    }
    override func get(_ ctx: ResolutionContext) throws -> X { value }
}

/// Builds `X` from other arguments: optionals, collections, handles.
final class ComposedArgument<X>: Argument<X> {
    let parts: [AnyArgument]
    let deferred: Bool
    let body: @Sendable (ResolutionContext) throws -> X
    let asyncBody: @Sendable (ResolutionContext) async throws -> X
    init(parts: [AnyArgument], deferred: Bool = false,
         body: @escaping @Sendable (ResolutionContext) throws -> X,
         asyncBody: (@Sendable (ResolutionContext) async throws -> X)? = nil) {
        self.parts = parts
        self.deferred = deferred
        self.body = body
        self.asyncBody = asyncBody ?? body
        super.init()
    }
    override func forEachDirectNode(_ body: (AnyNode) -> Void) {
        guard !deferred else { return }
        for part in parts { part.forEachDirectNode(body) }
    }
    override func get(_ ctx: ResolutionContext) throws -> X { try body(ctx) }
    override func getAsync(_ ctx: ResolutionContext) async throws -> X { try await asyncBody(ctx) }
}

/// Hands out bound arguments in order, typed, while a parameter pack is expanded at build.
@usableFromInline
struct ArgumentReader {
    @usableFromInline let arguments: [AnyArgument]
    @usableFromInline var index = 0

    @inlinable
    init(_ arguments: [AnyArgument]) { self.arguments = arguments }

    @inlinable
    mutating func take<X>(_: X.Type = X.self) -> Argument<X> {
        // NB: argument `index` was bound by the slot made for this same parameter type at
        // registration, so it is an `Argument<X>`.
        let argument = arguments[index].typed(X.self)
        index += 1
        return argument
    }

    /// The next argument, for a closure that holds it (``Frozen``).
    @inlinable
    mutating func frozen<X>(_: X.Type = X.self) -> Frozen<Argument<X>> { Frozen(take(X.self)) }
}

/// Where an injection point is: cheap to carry through binding; its text is made only when
/// an error needs it.
struct SiteInfo {
    enum Point {
        case argument(Int, String?)
        case factoryComponent
        case factory
        case property(String)
        case call(String, Int)
        case exposure
        case dependsOn(String)

        /// Whether the component keeps what is injected here, for the captive-dependency check.
        /// A factory component or factory bean is only asked for the product, and a `depends-on`
        /// component only made first: the product holds none of them.
        var isHeld: Bool {
            switch self {
            case .factoryComponent, .factory, .dependsOn: return false
            case .argument, .property, .call, .exposure: return true
            }
        }
    }

    /// The component whose injection this is.
    let component: NodeRef
    let point: Point
    let location: ConfigLocation

    var site: InjectionSite {
        let text: String
        switch point {
        case let .argument(index, label): text = "argument \(index)" + (label.map { " '\($0)'" } ?? "")
        case .factoryComponent: text = "factory component"
        case .factory: text = "factory"
        case .property(let name): text = "property '\(name)'"
        case let .call(method, index): text = "\(method) argument \(index)"
        case .exposure: text = "exposure"
        case .dependsOn(let name): text = "depends-on '\(name)'"
        }
        return InjectionSite(component: component.label, point: text, location: location)
    }
}

/// Makes a component only for its side effects (Spring `depends-on`).
final class PrerequisiteArgument: Argument<Void> {
    unowned(unsafe) let node: AnyNode
    init(_ node: AnyNode) {
        self.node = node
        super.init()
    }
    override func forEachDirectNode(_ body: (AnyNode) -> Void) { body(node) }
    override func get(_ ctx: ResolutionContext) throws { _ = try node.anyInstance(ctx) }
    override func getAsync(_ ctx: ResolutionContext) async throws { _ = try await node.anyInstanceAsync(ctx) }
}
