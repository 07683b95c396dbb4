// Pass 5, publish: the container made from the build's tables — every field `let` — and the
// nodes it needs at once. Also the provisional container the checks bind on.

/// What a build hands the container it makes: every table by the container's own component
/// numbers (a parent's components are in the parent's tables), none naming the container.
struct BuildTables {  // docs/PerformanceLedger.md S5
    var components: NumberedComponents
    /// The builder's definitions, for the test recipe: the same table as the components' when
    /// the build kept the builder's array as it was.
    var recipeDefinitions: DefinitionTable
    /// Each type's candidates and each tag's members (by priority).
    var candidates: [ObjectIdentifier: ComponentNumbers]
    var tags: [String: ComponentNumbers]
    /// What each type resolves to at the top level (see ``TypeTable``): empty for the
    /// provisional container, which resolves nothing at the top level.
    var types: [ObjectIdentifier: Int32]
    /// Every name and alias, private ones too.
    var names: NameTable
    /// Each component's marks: those the checks set, or the plan's for the provisional container.
    var flags: [NodeFlags]
    /// What each component builds directly: empty for the provisional container.
    var dependencies: DependencyTable
    var runtimeFactories: [RuntimeFactoryKey: PublishedRuntimeFactory]
    var runtimeDefinitions: [Definition]
    var hasObjectGraphNodes: Bool
    var hasMainActorNodes: Bool
    /// The Swift code the components' definitions name.
    var code: FrozenCode
}

extension Compilation {
    /// Starts the checks: the provisional container they bind on, made from the plan's tables,
    /// and each exposure's dependency on its base — none for a proxy, which builds its base on
    /// its first call: a cycle through a lazy component with a proxy closes there.
    func startChecks() {
        replaceContainer(with: Container(builder: builder, tables: tables(checked: false)))
        for index in state.facts.indices {
            if let base = state.facts[index].exposedBase, !state.facts[index].reachesBaseOnCall { state.facts[index].dependencies = [component(base)] }
        }
    }

    /// The tables of the container the build makes (`checked`), or of the provisional one.
    func tables(checked: Bool) -> BuildTables {
        var factories: [RuntimeFactoryKey: PublishedRuntimeFactory] = [:]
        if checked {
            factories = builder.parent?.runtimeFactories ?? [:]
            for definition in runtimeFactories {
                if let factory = PublishedRuntimeFactory(definition, state.code) { factories[factory.key] = factory }
            }
        }
        // Every name, private ones too: injection and child containers see them, and the
        // top-level resolve by name refuses a private one (``NodeRef/hides(name:)``). A name
        // this container does not have is looked up in its parent's table.
        // The container the build hands out keeps most definitions as rows; its test recipe
        // keeps the same rows when the build kept the builder's array as it was.
        var components = state.numbered
        var recipeDefinitions = DefinitionTable.definitions(builder.definitions)
        if checked {
            components.definitions = components.definitions.compacted()
            if let kept = state.numbered.definitions.unchanged, kept.sharesStorage(with: builder.definitions) {
                recipeDefinitions = components.definitions
            }
        }
        return BuildTables(
            components: components, recipeDefinitions: recipeDefinitions, candidates: state.byType, tags: state.byTag, types: checked ? topLevelTypes() : [:], names: NameTable(own: state.byName),
            flags: state.facts.map(\.flags),
            dependencies: checked ? DependencyTable(state.facts.map(\.dependencies), of: container) : DependencyTable(),
            runtimeFactories: factories, runtimeDefinitions: checked ? runtimeFactories : [],
            hasObjectGraphNodes: checked && state.hasGraphNodes, hasMainActorNodes: checked && state.hasMainActorNodes, code: state.code)
    }

    /// What each of this container's types resolves to at the top level: the component
    /// `choose` picks among its candidates, unless that one is private; a type whose
    /// candidates tie, or whose chosen one is private, is left to the full lookup. A type it
    /// has no candidate of is its parent's (a child's own candidates hide its parent's).
    func topLevelTypes() -> [ObjectIdentifier: Int32] {
        var types: [ObjectIdentifier: Int32] = [:]
        types.reserveCapacity(state.byType.count)
        let components = state.numbered   // one copy, not one for each read (see ``checkPlainReferences(of:)``)
        for (id, numbers) in state.byType {
            let chosen = Self.choice(among: numbers.count) {
                let definition = components.definition(at: Int(numbers[$0]))
                return (definition.isPrimary, definition.name != nil)
            }
            types[id] = chosen.flatMap { components.isPublic(at: Int(numbers[$0])) ? numbers[$0] : nil } ?? TypeTable.unanswered
        }
        return types
    }

    /// Pass 5, publish: the container made from the tables, the checks' marks and
    /// dependencies; then the nodes it needs at once — what the checks bound in full and the
    /// eager singletons, bound in full on it; `async` components (their node carries the path
    /// to the async factory); the members of cycles that properties close, joined.
    func publish() {
        let built = Container(builder: builder, tables: tables(checked: true))
        self.built = built
        replaceContainer(with: built)
        for index in state.facts.indices where state.facts[index].bindsInFull || state.facts[index].isEager {
            built.node(at: index).object.bind(self)
        }
        for index in state.facts.indices where state.facts[index].flags.contains(.isAsync) {
            built.node(at: index).object.asyncPath = state.facts[index].asyncPath
        }
        for group in state.cycleGroups {
            let cell = CellKey(scope: 2, node: Serial.next())
            for member in group {
                let node = built.node(at: member.node).object
                node.join(CycleMembership(group: cell, node: node.serial,
                                          first: member.first.map { built.node(at: $0).object }))
            }
        }
        state.eagerNodes = state.facts.indices.filter { state.facts[$0].isEager }.map { built.node(at: $0).object }
    }
}
