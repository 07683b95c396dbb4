/// Everything that builds one instance of a node, bound at build: construction, property
/// injection and hooks in order, decorators, post-processors; and the dispose hooks.
@usableFromInline
final class Producer<T>: @unchecked Sendable {
    @usableFromInline typealias Construct = @Sendable (ResolutionContext) throws -> T
    typealias ConstructAsync = @Sendable (ResolutionContext) async throws -> T

    @usableFromInline let construct: Construct
    let constructAsync: ConstructAsync
    let steps: [Step]
    let postProcessors: [any InstancePostProcessor]
    let strategy: (any ConstructionStrategy)?
    /// What the strategy, the post-processors and the error of a replaced instance are told of
    /// the component; `nil` for a producer without any of them (construction, properties,
    /// calls and hooks that act on the instance), which tells nobody.
    // NB: made only for a producer that reads it, and boxed: written on every component's
    // first resolve, or kept inline, it cost every component (docs/PerformanceLedger.md L4).
    private let componentInfo: InfoBox?  // docs/PerformanceLedger.md L4
    var info: ComponentInfo {
        componentInfo?.info ?? ComponentInfo(key: ComponentKey(type: TypeRef(T.self)), scope: .prototype, tags: [], isPrimary: false,
                                             location: .unknown, tagAttributes: [:], moduleSettings: ModuleSettings())
    }
    private final class InfoBox: Sendable {
        let info: ComponentInfo
        init(_ info: ComponentInfo) { self.info = info }
    }
    /// The dispose hooks, each given the address of an instance of `T`. NB: not an array of
    /// `(T) throws -> Void`, whose metadata walking it looks up for each `T`, nor of `(Any)`,
    /// whose hooks would cast (an `Optional<T>` metadata lookup each): either cost a task scope
    /// more than running its hooks (docs/PerformanceLedger.md U24).
    let disposers: [Disposer]
    typealias Disposer = @Sendable (UnsafeRawPointer) throws -> Void
    /// Nothing but construction: no steps, post-processors or strategy.
    @usableFromInline let isPlain: Bool
    /// The construction's bound arguments, which its closures reach unretained.
    private let arguments: [AnyArgument]
    /// For a component on a cycle that properties close: its creation's cell, where the
    /// instance is put between construction and injection (set at build, see ``CycleMembership``).
    @exclusivity(unchecked) var earlyCell: CellKey?

    init(construct: @escaping Construct, constructAsync: @escaping ConstructAsync, steps: [Step] = [],
         postProcessors: [any InstancePostProcessor] = [], strategy: (any ConstructionStrategy)? = nil,
         info: @autoclosure () -> ComponentInfo, disposers: [Disposer] = [], arguments: [AnyArgument] = []) {
        self.arguments = arguments
        self.construct = construct
        self.constructAsync = constructAsync
        self.steps = steps
        self.postProcessors = postProcessors
        self.strategy = strategy
        self.disposers = disposers
        self.isPlain = steps.isEmpty && postProcessors.isEmpty && strategy == nil
        let readsInfo = strategy != nil || !postProcessors.isEmpty || steps.contains(where: \.replacesInstance)
        self.componentInfo = readsInfo ? InfoBox(info()) : nil
    }

    /// Builds one instance.
    @inlinable
    final func run(_ ctx: ResolutionContext) throws -> T {
        isPlain ? try construct(ctx) : try produce(ctx)
    }

    @usableFromInline
    func produce(_ ctx: ResolutionContext) throws -> T {
        var value: T
        if let strategy {
            value = try strategy.construct(info, resolver: Resolver(ctx)) { try construct(ctx) }
        } else {
            value = try construct(ctx)
        }
        let early = earlyCell.flatMap(ctx.creation(of:))
        early?.early = value
        if !steps.isEmpty {
            for step in steps { try step.apply(&value, ctx) }
        }
        if !postProcessors.isEmpty {
            for processor in postProcessors { value = try processor.postProcess(value, component: info) }
        }
        if let early, early.handedOut, let first = early.early, (value as AnyObject) !== (first as AnyObject) { throw replacedEarly() }
        return value
    }

    /// Why a component on a cycle that properties close cannot be replaced after construction.
    private func replacedEarly() -> IoCError {
        IoCError(.invalidDefinition(component: info.key.description,
                                    reason: "a decorator or post-processor replaced it after its dependency cycle was handed the instance it constructed, so the cycle holds another object. Decorate it with a component of its own (decorates:), or inject one side of the cycle as Lazy<T> or Provider<T>.",
                                    location: info.location))
    }

    func produceAsync(_ ctx: ResolutionContext) async throws -> T {
        var value = try await constructAsync(ctx)
        for step in steps { value = try await step.applyAsync(value, ctx) }
        for processor in postProcessors { value = try processor.postProcess(value, component: info) }
        return value
    }

    /// The steps without construction, decorators or post-processors, for an instance made
    /// elsewhere (``Container/inject(into:name:)``).
    func inject(into value: inout T, _ ctx: ResolutionContext) throws {
        for step in steps where !step.replacesInstance { try step.apply(&value, ctx) }
    }

    /// An adapter's conversion: the producer's construction, with no steps around it.
    func adapt(_ ctx: ResolutionContext) throws -> T { try construct(ctx) }
    func adaptAsync(_ ctx: ResolutionContext) async throws -> T { try await constructAsync(ctx) }
}

/// One thing done to an instance after construction, in definition order.
///
/// NB: not generic. Each case holds an object made for the node's `T`, which does the typed
/// work; a `Step<T>` and its array cost two generic metadata lookups per step at build.
enum Step: Sendable {
    /// A property set from its bound argument.
    case property(any PropertySetting, Frozen<AnyArgument>)
    /// A hook that runs or decorates (``Hook``, `.run` or `.decorate`).
    case hook(any HookBody)
    /// A method called with resolved arguments (method injection, catalogued hooks).
    case call(any MethodCalling)

    /// A decorator: it replaces the instance rather than acting on it.
    var replacesInstance: Bool {
        if case .hook(let hook) = self { return hook.replacesInstance }
        return false
    }

    /// Runs the step on `value`, of the `T` its objects were made for.
    func apply<T>(_ value: inout T, _ ctx: ResolutionContext) throws {
        switch self {
        case .property(let setter, let argument): try setter.apply(&value, argument.object, ctx)
        case .hook(let hook): try hook.apply(&value)
        case .call(let call): try call.apply(&value, ctx)
        }
    }

    func applyAsync<T>(_ value: T, _ ctx: ResolutionContext) async throws -> T {
        switch self {
        case .property(let setter, let argument): return try await setter.applyAsync(value, argument.object, ctx)
        case .hook(let hook):
            var copy = value
            try hook.apply(&copy)
            return copy
        case .call(let call):
            var copy = value
            try call.apply(&copy, ctx)
            return copy
        }
    }
}
