extension Construction {
    /// The Swift default of argument `index`, `point`, when its source asks for the default and
    /// the construction's code (in `table`) has one for it (``RecipeBox/defaults``).
    func defaultValue(at index: Int, of point: InjectionPoint, in table: FrozenCode) -> (@Sendable () -> Any)? {
        guard case .defaultArgument = point.source else { return nil }
        return table.recipe(code)?.defaults?[index]
    }
}

/// What binding reads of a component's definition: its construction and location, and the
/// definition itself when it may have more (properties, method calls, hooks, depends-on
/// names, a strategy). A row of a built container has none of those
/// (``Definition/Row``), so a component's first resolve binds it without making a definition
/// of its row.
struct BindingParts {
    let construction: Construction
    let location: ConfigLocation
    /// The definition, when it is not a row's.
    private let definition: Definition?

    init(_ definition: Definition) {
        construction = definition.construction
        location = definition.location
        self.definition = definition
    }

    init(_ row: borrowing Definition.Row) {
        // A row's code makes its type (a code registration's, ``Definition/row``).
        construction = Construction(kind: row.kind.kind, arguments: row.arguments, code: row.code, product: row.type)
        location = row.location
        definition = nil
    }

    var dependsOn: [String] { definition?.dependsOn ?? [] }
    var properties: [PropertyInjection] { definition?.properties ?? [] }
    var methodCalls: [MethodInjection] { definition?.methodCalls ?? [] }
    var hooks: [LifecycleHook] { definition?.hooks ?? [] }
    /// The construction strategy's code, if any.
    var strategy: CodeRef? { definition?.strategy?.code }
}

/// What binding one injection point gave.
enum PointBinding {
    case bound(AnyArgument)
    /// An autowired property that nothing matches: left as the initializer set it (Spring).
    case absent
    /// A problem was recorded.
    case failed
}

/// Binds a typed definition into its node's producer: at build (``bind(definition:node:compilation:)``),
/// or on first use for a component whose every injection the build checked as a plain reference
/// (``Compilation/checkPlainReferences(of:)``, ``bindOnFirstUse(_:node:postProcessors:)``).
struct TypedDefinitionParts<T> {
    /// Binds every point through its slot, recording problems and the node's dependencies.
    func bind(definition: Definition, node: Node<T>, compilation: Compilation) -> Producer<T> {
        compilation.reserveDependencies(of: node.index, definition)
        return assemble(
            BindingParts(definition), node, postProcessors: compilation.postProcessors,
            point: { point, site, optional, given in
                let problems = compilation.state.problems.count
                guard let slot = point.slot,
                      let argument = given.map({ slot.defaultArgument($0, site: site) })
                        ?? slot.bind(point.source, in: compilation, site: site, optional: optional) else {
                    return optional && compilation.state.problems.count == problems ? .absent : .failed
                }
                compilation.depend(node, on: argument, at: site)
                return .bound(argument)
            },
            prerequisite: { name, site in
                guard let argument = compilation.prerequisite(named: name, site: site) else { return .failed }
                compilation.depend(node, on: argument, at: site)
                return .bound(argument)
            },
            constructionDone: { compilation.constructionDone(node) })
    }

    /// Binds a node that ``Compilation/checkPlainReferences(of:)`` accepted, resolving each
    /// point's source again on its container's tables, which give what the build's gave;
    /// `nil` if one no longer fits, which the check rules out. Makes the nodes of the
    /// components it injects.
    func bindOnFirstUse(_ parts: BindingParts, node: Node<T>, postProcessors: [any InstancePostProcessor]) -> Producer<T>? {
        let container = node.container
        var fits = true
        let producer = assemble(
            parts, node, postProcessors: postProcessors,
            point: { point, site, optional, given in
                guard let slot = point.slot else { fits = false; return .failed }
                if let given { return .bound(slot.defaultArgument(given, site: site)) }
                guard let target = point.plainTarget(slot: slot, in: container, owner: node.index, optional: optional)
                else { fits = false; return .failed }
                // An autowired property that nothing matches stays as the initializer left it.
                if case .unset = target { return .absent }
                guard let argument = slot.plainArgument(for: target, container.converters, site: site) else { fits = false; return .failed }
                return .bound(argument)
            },
            prerequisite: { name, _ in
                guard let found = container.component(named: name) else { fits = false; return .failed }
                return .bound(PrerequisiteArgument(found.node.object))
            },
            constructionDone: {})
        return fits ? producer : nil
    }

    static func constructionPoint(_ kind: Construction.Kind, _ index: Int, _ label: String?) -> SiteInfo.Point {
        switch kind {
        case .factoryComponent: return .factoryComponent
        case .factoryMethod where index == 0: return .factory
        case .factoryMethod: return .argument(index - 1, label)
        default: return .argument(index, label)
        }
    }

    /// The producer of the definition `parts` reads, its points bound by `point` (given the Swift
    /// default of a construction argument that asks for it: ``Construction/defaultValue(at:of:)``)
    /// and its depends-on names by
    /// `prerequisite`, in this order: construction arguments, depends-on names, then (after
    /// `constructionDone`) properties and method-call arguments.
    private func assemble(_ parts: BindingParts, _ node: Node<T>, postProcessors: [any InstancePostProcessor],
                          point bindPoint: (InjectionPoint, SiteInfo, _ optional: Bool, _ default: (@Sendable () -> Any)?) -> PointBinding,
                          prerequisite bindPrerequisite: (String, SiteInfo) -> PointBinding,
                          constructionDone: () -> Void) -> Producer<T> {
        var failed = false
        let code = node.container.code

        // Construction arguments.
        // NB: room up front for each list; appending to an empty one allocates, then grows.
        var arguments: [AnyArgument] = []
        arguments.reserveCapacity(parts.construction.arguments.count)
        for (index, point) in parts.construction.arguments.enumerated() {
            let site = SiteInfo(component: node.component, point: Self.constructionPoint(parts.construction.storedKind, index, point.label),
                                location: point.location ?? parts.location)
            if case .bound(let argument) = bindPoint(point, site, false, parts.construction.defaultValue(at: index, of: point, in: code)) {
                arguments.append(argument)
            } else {
                failed = true
            }
        }

        // Components it depends on without injecting them are made first.
        var prerequisites: [Argument<Void>] = []
        for name in parts.dependsOn {
            let site = SiteInfo(component: node.component, point: .dependsOn(name), location: parts.location)
            if case .bound(let argument) = bindPrerequisite(name, site), let made = argument as? Argument<Void> {
                prerequisites.append(made)
            } else {
                failed = true
            }
        }
        constructionDone()

        // Properties, hooks and decorators, in the order they run.
        var steps: [Step] = []
        steps.reserveCapacity(parts.properties.count + parts.methodCalls.count + parts.hooks.count)
        let hookContext = ResolutionContext(container: node.container, graph: nil)
        for hook in parts.hooks where hook.kind == .beforeInjection {
            guard let typed = code.hook(hook.code) as? Hook<T> else { continue }
            switch typed.body {
            case .run: steps.append(.hook(typed))
            case .method(let invoker): steps.append(.call(invoker.bind([])))
            case .decorate: break
            }
        }
        // Method calls run after the properties, as Spring and Symfony run them.
        // NB: by index, reading the fields it needs: a property injection is a large value, and
        // iterating copies each one whole. The setter's type is compared, not cast: a cast to
        // a generic class asks the runtime for its metadata.
        let properties = parts.properties
        for index in properties.indices {
            let site = SiteInfo(component: node.component, point: .property(properties[index].name),
                                location: properties[index].point.location ?? parts.location)
            let autowired = properties[index].isAutowired
            guard let setter = code.setter(properties[index].code), setter.instanceType == ObjectIdentifier(T.self) else {
                // An autowired property that nothing matches stays as the initializer left it (Spring).
                if !autowired { failed = true }
                continue
            }
            switch bindPoint(properties[index].point, site, autowired, nil) {
            case .bound(let argument): steps.append(.property(setter, Frozen(argument)))
            case .absent: continue
            case .failed: failed = true
            }
        }
        for call in parts.methodCalls {
            guard let invoker = code.invoker(call.code) as? MethodInvoker<T> else { failed = true; continue }
            var bound: [AnyArgument] = []
            for (index, point) in call.arguments.enumerated() {
                let site = SiteInfo(component: node.component, point: .call(call.method, index), location: point.location ?? parts.location)
                if case .bound(let argument) = bindPoint(point, site, false, nil) { bound.append(argument) } else { failed = true }
            }
            if bound.count == call.arguments.count { steps.append(.call(invoker.bind(bound))) }
        }
        var disposers: [Producer<T>.Disposer] = []
        for hook in parts.hooks {
            guard let typed = code.hook(hook.code) as? Hook<T> else { continue }
            switch (hook.kind, typed.body) {
            case (.afterInjection, .run), (.decorator, .decorate): steps.append(.hook(typed))
            case (.afterInjection, .method(let invoker)): steps.append(.call(invoker.bind([])))
            // NB: a disposer is given the address of one of its own node's instances (Node.dispose; docs/PerformanceLedger.md U24).
            case (.dispose, .run(let run)): disposers.append { try run($0.assumingMemoryBound(to: T.self).pointee) }
            case (.dispose, .method(let invoker)):
                let call = invoker.bind([])
                disposers.append { try call.run($0.assumingMemoryBound(to: T.self).pointee, hookContext) }
            default: break
            }
        }

        var construct: Producer<T>.Construct
        var constructAsync: Producer<T>.ConstructAsync
        switch Recipe<T>.of(code.recipe(parts.construction.code))?.body {
        case .arguments(let bind)? where !failed:
            let bound = bind(arguments)
            construct = bound.sync
            constructAsync = bound.async
        case .defaulted(let defaulted)? where !failed:
            let bound = defaulted.bind(arguments)
            construct = bound.sync
            constructAsync = bound.async
        case .resolver(let body)?:
            construct = { ctx in try body(Resolver(ctx)) }
            constructAsync = { ctx in try body(Resolver(ctx)) }
        case .asyncResolver(let body)?:
            let label = node.info.key.description
            construct = { ctx in throw IoCError(.asyncResolutionRequired(component: label, path: [])) }
            constructAsync = { ctx in try await body(Resolver(ctx)) }
        case .instance(let box)?:
            construct = { _ in box.value }
            constructAsync = { _ in box.value }
        case .arguments?, .defaulted?, nil:
            // The build reports why; this producer is never used.
            let info = node.info
            construct = { _ in throw IoCError(.invalidDefinition(component: info.key.description, reason: "it was not bound", location: info.location)) }
            constructAsync = construct
        }
        if !prerequisites.isEmpty {
            let prerequisites = prerequisites.map(Frozen.init)
            let made = construct
            let madeAsync = constructAsync
            construct = { ctx in
                for prerequisite in prerequisites { try prerequisite.get(ctx) }
                return try made(ctx)
            }
            constructAsync = { ctx in
                for prerequisite in prerequisites { try await prerequisite.getAsync(ctx) }
                return try await madeAsync(ctx)
            }
        }
        return Producer(construct: construct, constructAsync: constructAsync, steps: steps,
                        postProcessors: parts.construction.storedKind == .instance ? [] : postProcessors,
                        strategy: parts.strategy.flatMap(code.strategy), info: node.info, disposers: disposers,
                        arguments: arguments)
    }
}

/// An instance registered with `register(instance:)`.
@usableFromInline
final class RegisteredInstance<T>: Sendable {
    // NB: the instance is the user's to make thread-safe, as with any singleton; the container
    // only hands it out (``UncheckedBox``).
    private let box: UncheckedBox<T>
    var value: T { box.value }
    init(_ value: T) { box = UncheckedBox(value) }
}
