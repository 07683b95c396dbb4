/// Everything that builds one instance of a node, bound at build: construction, property
/// injection and hooks in order, decorators, post-processors; and the dispose hooks.
@usableFromInline
final class Producer<T>: @unchecked Sendable {
    @usableFromInline typealias Construct = @Sendable (ResolutionContext) throws -> T
    typealias ConstructAsync = @Sendable (ResolutionContext) async throws -> T

    @usableFromInline let construct: Construct
    let constructAsync: ConstructAsync
    let steps: [Step<T>]
    let postProcessors: [any InstancePostProcessor]
    let strategy: (any ConstructionStrategy)?
    let info: ComponentInfo
    let disposers: [@Sendable (T) throws -> Void]
    /// Nothing but construction: no steps, post-processors or strategy.
    @usableFromInline let isPlain: Bool
    /// The construction's bound arguments, which its closures reach unretained.
    private let arguments: [AnyArgument]

    init(construct: @escaping Construct, constructAsync: @escaping ConstructAsync, steps: [Step<T>] = [],
         postProcessors: [any InstancePostProcessor] = [], strategy: (any ConstructionStrategy)? = nil,
         info: ComponentInfo, disposers: [@Sendable (T) throws -> Void] = [], arguments: [AnyArgument] = []) {
        self.arguments = arguments
        self.construct = construct
        self.constructAsync = constructAsync
        self.steps = steps
        self.postProcessors = postProcessors
        self.strategy = strategy
        self.info = info
        self.disposers = disposers
        self.isPlain = steps.isEmpty && postProcessors.isEmpty && strategy == nil
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
        if !steps.isEmpty {
            for step in steps { try step.apply(&value, ctx) }
        }
        if !postProcessors.isEmpty {
            for processor in postProcessors { value = try processor.postProcess(value, component: info) }
        }
        return value
    }

    func produceAsync(_ ctx: ResolutionContext) async throws -> T {
        var value = try await constructAsync(ctx)
        for step in steps { value = try await step.applyAsync(value, ctx) }
        for processor in postProcessors { value = try processor.postProcess(value, component: info) }
        return value
    }

    /// An adapter's conversion: the producer's construction, with no steps around it.
    func adapt(_ ctx: ResolutionContext) throws -> T { try construct(ctx) }
    func adaptAsync(_ ctx: ResolutionContext) async throws -> T { try await constructAsync(ctx) }
}

/// One thing done to an instance after construction, in definition order.
enum Step<T>: Sendable {
    /// A property set from its bound argument.
    case property(PropertySetter<T>, AnyArgument)
    case hook(@Sendable (T) throws -> Void)
    /// A method called with resolved arguments (method injection, catalogued hooks).
    case call(@Sendable (T, ResolutionContext) throws -> Void)
    case decorate(@Sendable (T) throws -> T)

    func apply(_ value: inout T, _ ctx: ResolutionContext) throws {
        switch self {
        case .property(let setter, let argument): try setter.apply(&value, argument, ctx)
        case .hook(let run): try run(value)
        case .call(let run): try run(value, ctx)
        case .decorate(let wrap): value = try wrap(value)
        }
    }

    func applyAsync(_ value: T, _ ctx: ResolutionContext) async throws -> T {
        switch self {
        case .property(let setter, let argument): return try await setter.applyAsync(value, argument, ctx)
        case .hook(let run): try run(value); return value
        case .call(let run): try run(value, ctx); return value
        case .decorate(let wrap): return try wrap(value)
        }
    }
}
