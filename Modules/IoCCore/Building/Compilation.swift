/// One build: turns a builder's definitions into a container's plan, in five passes, one file
/// each —
///
/// 1. **prepare** (Prepare.swift, Preparation.swift): profiles, placeholders, decorators,
///    overrides by name, parents; no type needed yet.
/// 2. **bind** (Bind.swift, CatalogBinding.swift): each definition bound to its type's code
///    through the catalog; overrides by type.
/// 3. **plan** (Plan.swift): the components numbered (exposures and inner definitions after
///    the definitions; the checks add none); names, types and tags indexed by number.
/// 4. **check** (Check.swift, CycleSearch.swift, PropertyCycles.swift, CaptiveCheck.swift):
///    every injection point checked — a plain reference recorded as a dependency, any other
///    bound in full on the provisional container — then the graph: cycles, captive
///    dependencies, object-graph and main-actor reach.
/// 5. **publish** (Publish.swift): the container made from the tables, marks and dependencies
///    (every field `let`), then the nodes it needs at once: eager singletons, components bound
///    in full, `async` components and cycles that properties close.
///
/// The checks bind in full, where they must, on a provisional container made from the plan's
/// tables (``container`` until the build's own is made), which the build then drops. Every
/// problem is collected; the builder throws them together. A component whose node the build
/// did not need gets it on first resolve.
final class Compilation {
    /// What the passes find and make, in one value.
    ///
    /// NB: its exclusivity is unchecked (one build uses it, on one thread), so that the dozen
    /// accesses a component makes to it cost no call each (docs/PerformanceLedger.md U4).
    @exclusivity(unchecked) var state: BuildState  // docs/PerformanceLedger.md U4

    struct BuildState {
        /// ``current``, unretained: what the build's numbers are made into ``NodeRef``s and lists
        /// with, read for every injection point it checks.
        var currentRef: Unretained<Container>?
        var problems: [IoCError] = []
        var eagerNodes: [AnyNode] = []
        var definitions: [Definition] = []
        /// The components by number, as the plan pass numbers them (the containers' table).
        var numbered = NumberedComponents()
        /// The members of the cycles that properties close, each with the members to make first.
        var cycleGroups: [[PropertyCycles.Member]] = []
        /// Some component, here or in a parent, is object-graph scoped (set by the checks).
        var hasGraphNodes = false
        /// Some component, here or in a parent, is main-actor (set by the checks).
        var hasMainActorNodes = false
        /// What the build knows of each component, by number (see ``NodeRef``).
        var facts: [ComponentFacts] = []
        /// This container's names and aliases, by component number (the table it publishes).
        var byName: [String: Int32] = [:]
        /// This container's components of each type and of each tag, by number (the tables it publishes).
        var byType: [ObjectIdentifier: ComponentNumbers] = [:]
        var byTag: [String: ComponentNumbers] = [:]
        /// Names whose components were dropped for a problem already reported (a placeholder
        /// without a value, an unknown parent, a type the catalog does not have), or that the
        /// builder was told are absent (``ContainerBuilder/absentNames``): a reference to one is not
        /// reported again as a missing component.
        var leftOut: Set<String> = []
        /// This container's components, each after the components it builds; set by the checks at build.
        var dependencyOrder: [Int] = []
        /// How many definitions preparation kept: the components the definitions make.
        var preparedCount = 0
        /// The names and aliases of the prepared definitions, by position, from the name-override
        /// pass; `nil` when a later step of preparation dropped a definition. The plan pass takes
        /// it as its names table when binding dropped none either (one hash of each name, not two).
        var preparedNames: [String: Int32]?
        /// The steps of preparation and binding this build's definitions need.
        var steps: BuildSteps = []
        /// The Swift code the build's definitions name: the builder's, as it was when the build
        /// started; once binding is done, with what binding added (a catalog entry's initializer,
        /// setters, methods and conversions). What the checks and the container read.
        var code: FrozenCode
        /// Captive dependencies found while binding, by holder; reported after the graph checks,
        /// in the order of the components (``reportCaptiveDependencies()``, in CaptiveCheck.swift).
        var captives: [Int: [IoCError]] = [:]
    }

    let builder: ContainerBuilder
    /// The container the build's components belong to: the provisional one the checks bind on,
    /// then the one the build makes (``built``).
    private var current: Container?
    /// The container the build made, once the checks found no problem.
    var built: Container?
    /// The "did you mean" searches among the components' names left to this build.
    var suggestionSearches = SuggestionSearches()

    /// This build's runtime-argument factories that stand, in registration order.
    var runtimeFactories: [Definition] = []


    var postProcessors: [any InstancePostProcessor] { builder.postProcessors }
    /// The custom scopes the container knows (its parent's, with the builder's over them).
    let customScopes: [String: any CustomScope]
    /// The builder's value converters, read once (the containers the build makes keep them too).
    ///
    /// NB: read per value the checks convert; through the container, each read copied them.
    let converters: ValueConverters
    /// The builder's ``ContainerBuilder/allowsCaptiveDependencies``, read once.
    ///
    /// NB: read per injection point by the checks; a builder's setting is a class's `var`, each
    /// read checked for exclusive access at run time (docs/PerformanceLedger.md L10).
    let allowsCaptiveDependencies: Bool

    /// The builder's catalog as the build started: binding reads it without the catalog's lock.
    let catalog: CatalogContents?

    init(builder: ContainerBuilder) {
        self.builder = builder
        self.catalog = builder.catalog?.contents
        self.customScopes = Container.customScopes(of: builder)
        self.converters = builder.converters
        self.allowsCaptiveDependencies = builder.allowsCaptiveDependencies
        state = BuildState(code: builder.code.frozen())
    }

    /// Makes `container` the one the build's components belong to from now on.
    func replaceContainer(with container: Container) {
        current = container
        state.currentRef = Unretained(container)
    }

    /// The container the build's components belong to while it checks and after (see
    /// ``current``), unretained.
    ///
    /// NB: unretained, as in ``NodeRef``: a reference the build returned would be retained and
    /// released for every injection point it checks (docs/PerformanceLedger.md L11).
    var containerRef: Unretained<Container> {
        // The passes before the checks read the plan's tables (``numbered``), never this.
        guard let currentRef = state.currentRef else { preconditionFailure("the build reads its container before the plan pass made one") }
        return currentRef
    }

    /// The container the build's components belong to while it checks and after.
    var container: Container { containerRef.object }

    /// Whether `component` is one of this build's (not a parent's).
    func isOwn(_ component: NodeRef) -> Bool { component.containerRef.address == containerRef.address }

    /// The build, pass by pass. Each pass records what it finds wrong in ``problems`` and goes
    /// on, so that one build reports every problem; the builder throws them together.
    func run(publishing: Bool = true) {
        let prepared = prepare()     // Prepare.swift: profiles, placeholders, decorators, overrides by name, parents
        let bound = bind(prepared)   // Bind.swift: each definition bound to its type's code; overrides by type
        plan(bound)                  // Plan.swift: the components numbered; names, types and tags indexed
        startChecks()                // Publish.swift: the provisional container the checks bind on
        check()                      // Check.swift: every injection checked or bound, then the graph
        guard publishing, state.problems.isEmpty else { return }
        publish()                    // Publish.swift: the container made, and the nodes it needs at once
    }

    func leaveOut(_ before: [Definition], keeping after: [Definition]) {
        func names(_ definitions: [Definition]) -> [String] { definitions.flatMap { ($0.name.map { [$0] } ?? []) + $0.aliases } }
        state.leftOut.formUnion(Set(names(before)).subtracting(names(after)))
    }

    /// Reports a reference to a name no component has, unless that follows from a problem
    /// reported already.
    func reportMissing(named name: String, site: SiteInfo) {
        guard !state.leftOut.contains(name) else { return }
        if let declared = builder.syntheticNames[name] {
            state.problems.append(IoCError(.missingSynthetic(key: ComponentKey(name: name), site: site.site, declared: declared, path: [])))
            return
        }
        state.problems.append(IoCError(.missingComponent(key: ComponentKey(name: name), site: site.site,
                                                   suggestions: nameSuggestions(for: name, site: site), path: [])))
    }
}
