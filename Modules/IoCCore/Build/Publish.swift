// Pass 5, publish: what the container reads from now on — its lookup tables, each
// component's marks, the eager singletons to make and the runtime-argument factories.

extension Compilation {
    /// Whether component `index` gets its node at build: an eager singleton (made at build), an
    /// `async` component (its node carries the path to its async factory), a member of a cycle
    /// that properties close (joined at build). Others that need one have it already.
    func needsNodeAtBuild(_ index: Int) -> Bool {
        facts[index].flags.contains(.isAsync) || facts[index].isEager
    }

    /// Pass 5, publish: the nodes the build needs made and marked, the lookups by type (the
    /// one candidate each type resolves to) and by name installed, the runtime-argument
    /// factories keyed.
    func publish() {
        let parent = builder.parent
        for index in facts.indices where needsNodeAtBuild(index) { _ = container.node(at: index) }
        eagerNodes = facts.indices.filter { facts[$0].isEager }.map { container.node(at: $0).takeUnretainedValue() }
        for node in container.madeNodes {
            node.mark(facts[node.index].flags)
            node.asyncPath = facts[node.index].asyncPath
        }
        container.flags = facts.map(\.flags)
        // A type of this container resolves at the top level to the component `choose` picks
        // among its candidates, unless that one is private; a type whose candidates tie, or
        // whose chosen one is private, is left to the full lookup. A type it has no candidate
        // of is its parent's (a child's own candidates hide its parent's).
        var types: [ObjectIdentifier: Int32] = [:]
        types.reserveCapacity(byType.count)
        for (id, numbers) in byType {
            let chosen = Self.choose(ComponentList(container, numbers))
            types[id] = chosen.flatMap { $0.isPrivate ? nil : Int32(truncatingIfNeeded: $0.index) } ?? TypeTable.unanswered
        }
        // Every name, private ones too: injection and child containers see them, and the
        // top-level resolve by name refuses a private one (``NodeRef/hides(name:)``). A name
        // this container does not have is looked up in its parent's table.
        container.setLookups(candidates: byType, tags: byTag, types: types, names: NameTable(own: byName),
                             dependencies: DependencyTable(facts.map(\.dependencies), of: container))
        var factories = parent?.runtimeFactories ?? [:]
        for definition in runtimeFactories {
            if let factory = PublishedRuntimeFactory(definition) { factories[factory.key] = factory }
        }
        container.runtimeFactories = factories
        container.runtimeDefinitions = runtimeFactories
    }
}
