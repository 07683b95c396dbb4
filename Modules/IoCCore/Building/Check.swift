// Pass 4, check: the graph on tables indexed by number (see CycleSearch.swift,
// PropertyCycles.swift and CaptiveCheck.swift for the searches it runs).

extension Compilation {
    /// Pass 4, check: every component's injections checked (plain references and values,
    /// recording its dependencies) or bound in full (its node made now: eager singletons, and
    /// components with other injections), then the graph: cycles, captive
    /// dependencies, object-graph and main-actor reach, eager singletons.
    func check() {
        // The definitions, then the inner definitions numbered after them (an exposure has no
        // injection of its own; the check adds no component). What the tables cannot check is
        // bound in full on the provisional container, and again by the container the build
        // makes; an eager singleton is checked like the others, and bound in full by that one.
        for index in state.facts.indices where !state.facts[index].isExposure && !checkPlainReferences(of: index) {
            state.facts[index].bindsInFull = true
            container.node(at: index).object.bind(self)
        }
        analyse()
    }

    /// The marks of `target`: this build's, or (for a parent's component) its container's.
    func flags(of target: NodeRef) -> NodeFlags {
        isOwn(target) ? state.facts[target.index].flags : target.container.flags[target.index]
    }

    /// The path down to the async factory of an `async` component (a parent's has its node,
    /// which its build made).
    func asyncPath(of target: NodeRef) -> [String] {
        isOwn(target) ? state.facts[target.index].asyncPath : target.node.object.asyncPath
    }

    /// What `target` builds directly.
    func dependencies(of target: NodeRef) -> [NodeRef] {
        isOwn(target) ? state.facts[target.index].dependencies : target.container.dependencies(of: target.index)
    }

    func analyse() {
        state.hasGraphNodes = state.facts.contains { if case .objectGraph = $0.storage { return true } else { return false } }
            || (builder.parent?.hasObjectGraphNodes ?? false)
        // A parent's main-actor components were marked by its own build; they are reached as dependencies.
        state.hasMainActorNodes = state.facts.contains(where: \.isMainActor) || (builder.parent?.hasMainActorNodes ?? false)
        let search = cycleSearch().search(from: state.facts.indices)
        state.dependencyOrder = search.order
        var cycleMembers: [Int] = []
        var cycles: [IoCError] = []
        if !search.cycles.isEmpty {
            let checked = propertyCycles().check(order: search.order)
            cycles = checked.problems.map(explainingLazyMembers)
            // The members of such a cycle get their nodes from the build (``publish()``): each knows the others.
            state.cycleGroups = checked.groups
            cycleMembers = checked.groups.flatMap { $0.map(\.node) }
        }
        // Each component after those it builds, so that one pass sets every mark; on a cycle
        // that properties close, one can come before one it builds: passes until nothing changes.
        var changed = true
        while changed {
            changed = false
            for index in state.dependencyOrder { changed = mark(index, hasGraphNodes: state.hasGraphNodes, hasMainActorNodes: state.hasMainActorNodes) || changed }
            if cycleMembers.isEmpty { break }
        }
        for index in cycleMembers where state.facts[index].flags.contains(.isAsync) {
            state.problems.append(IoCError(.invalidDefinition(component: label(index), reason: "it is async and on a dependency cycle that properties close; the components of such a cycle are created synchronously. Make its factory synchronous, or inject one side of the cycle as Lazy<T> or Provider<T>.", location: state.numbered.definition(at: index).location)))
        }
        for index in state.facts.indices where state.facts[index].flags.contains(.isAsync) && !state.facts[index].isExposure {
            let definition = state.numbered.definition(at: index)
            switch state.facts[index].storage {
            case .singleton, .prototype, .objectGraph: break
            default:
                state.problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "an async component can be prototype, singleton or object-graph, not \(definition.scope).", location: definition.location)))
            }
            if state.facts[index].isEager {
                state.problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "an async component cannot be created eagerly by the synchronous build(); resolve it with 'try await container.resolve(...)' at start-up instead.", location: definition.location)))
            }
        }
        checkMainActorComponents()
        state.problems += cycles
        reportCaptiveDependencies()
    }

    func label(_ index: Int) -> String { state.numbered.key(at: index).description }

    /// The rules for main-actor components (``Definition/isMainActor``), which only the main
    /// actor makes: a component that another thread shares does not hold one (it would be made
    /// wherever that component first is), a main-actor component needs nothing async (it is
    /// made synchronously on the main actor), and an eager one needs `build()` on the main actor.
    func checkMainActorComponents() {
        for index in state.facts.indices where state.facts[index].flags.contains(.reachesMainActor) && !state.facts[index].isExposure {
            let definition = state.numbered.definition(at: index)
            if state.facts[index].isMainActor {
                if state.facts[index].flags.contains(.isAsync) {
                    state.problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "it is isolated to the main actor and needs async components (\(state.facts[index].asyncPath.joined(separator: " -> "))); a main-actor component is made synchronously on the main actor. Inject the async one as Lazy<T> or Provider<T> and get it with 'try await', or resolve it before.", location: definition.location)))
                }
                if state.facts[index].isEager, !MainActorGate.isOpen {
                    state.problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "it is isolated to the main actor and eager, and build() ran off the main actor. Call build() from the main actor, or have it made on first use (not eager: lazy-init=\"true\" in XML) and resolve it there.", location: definition.location)))
                }
                continue
            }
            switch state.facts[index].storage {
            case .prototype, .objectGraph, .adapter: continue
            case .singleton, .weakSingleton, .threadLocal, .taskLocal, .custom: break
            }
            let path = mainActorPath(from: component(index))
            state.problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "it is \(definition.scope) and not isolated to the main actor, yet it holds a main-actor component (\(path.joined(separator: " -> "))), which only the main actor can make. Inject it as Lazy<T> or Provider<T> and get it on the main actor, or register \(definition.label) with a mainActor form.", location: definition.location)))
        }
    }

    /// The components from `start` down to the first main-actor one it builds.
    func mainActorPath(from start: NodeRef) -> [String] {
        var path: [String] = []
        var current: NodeRef? = start
        while let step = current {
            let isExposure = step.container.isExposure(at: step.index)
            if !isExposure { path.append(step.label) }
            if !isExposure && step.definition.isMainActor { break }
            current = dependencies(of: step).first { flags(of: $0).contains(.reachesMainActor) }
        }
        return path
    }

    /// Sets the `async`, main-actor and object-graph marks of component `index` from those of
    /// the components it builds; whether they changed.
    func mark(_ index: Int, hasGraphNodes: Bool, hasMainActorNodes: Bool) -> Bool {
        let was = state.facts[index].flags
        var flags = was
        let dependencies = state.facts[index].dependencies
        if hasMainActorNodes, state.facts[index].isMainActor || dependencies.contains(where: { self.flags(of: $0).contains(.reachesMainActor) }) {
            flags.insert(.reachesMainActor)
        }
        if state.facts[index].constructsAsync {
            state.facts[index].asyncPath = [label(index)]
        } else if state.facts[index].asyncPath.isEmpty, let next = dependencies.first(where: { self.flags(of: $0).contains(.isAsync) }) {
            // Exposures are not components of their own: skip them in the path.
            state.facts[index].asyncPath = state.facts[index].isExposure ? asyncPath(of: next) : [label(index)] + asyncPath(of: next)
        }
        if !state.facts[index].asyncPath.isEmpty { flags.insert(.isAsync) }
        if hasGraphNodes {
            var needs = state.facts[index].constructsOpaquely
            if case .objectGraph = state.facts[index].storage { needs = true }
            if needs || dependencies.contains(where: { self.flags(of: $0).contains(.needsGraph) }) { flags.insert(.needsGraph) }
        }
        state.facts[index].flags = flags
        return flags != was
    }

    /// Whether the component is shared (not made per request), for the cycle rule.
    func isShared(_ index: Int) -> Bool {
        switch state.facts[index].storage {
        case .prototype, .adapter: return false
        default: return true
        }
    }

    /// The rule for the cycles the search found: those a shared component closes through a
    /// property or method call are built (see ``PropertyCycles``).
    func propertyCycles() -> PropertyCycles {
        let own = containerRef.address, facts = self.state.facts, numbered = self.state.numbered
        return PropertyCycles(
            count: facts.count,
            edges: { index in
                facts[index].dependencies.enumerated().compactMap { position, target in
                    target.containerRef.address == own ? .init(target: target.index, isLate: position >= facts[index].lateDependencyStart) : nil
                }
            },
            isShared: isShared,
            isShown: { !facts[$0].isExposure },
            label: label,
            location: { numbered.definition(at: $0).location }
        )
    }

    /// A cycle through a lazy component, which a proxy would have closed, says so.
    func explainingLazyMembers(_ error: IoCError) -> IoCError {
        guard case let .cycle(path, location) = error.problem else { return error }
        let lazy = state.facts.indices.first { index in
            !state.facts[index].isExposure && state.numbered.definition(at: index).isLazy && path.contains(label(index))
        }
        guard let lazy else { return error }
        return IoCError(.cycleThroughLazy(path: path, lazy: label(lazy), location: location))
    }

    /// The search for cycles of direct dependencies among this container's components (each
    /// cycle reported once with its full path), which also orders them for the marks. A
    /// parent's components were checked and marked by its own build.
    func cycleSearch() -> CycleSearch {
        let own = containerRef.address, facts = self.state.facts, numbered = self.state.numbered
        return CycleSearch(
            count: facts.count,
            successorCount: { facts[$0].dependencies.count },
            successor: { index, position in
                let target = facts[index].dependencies[position]
                return target.containerRef.address == own ? target.index : nil
            },
            isShown: { !facts[$0].isExposure },
            label: label,
            location: { numbered.definition(at: $0).location }
        )
    }
}
