// Pass 1, prepare: what the definitions say once modules' first passes have run (IoCConfig's
// resources and conditional settings), the active profiles are chosen, placeholders resolved,
// modules' later passes have run (IoCConfig's decorators and alias definitions), overrides by name
// applied, modules' last passes have run (IoCConfig's parents, then property autowiring) and
// abstract definitions dropped (``Preparation``). No type is needed yet: the `ioc` tool stops here.

extension Compilation {
    /// Pass 1, prepare: the steps before binding — modules' first passes, the active profiles'
    /// definitions, placeholders resolved, modules' later passes, overrides by name applied (other
    /// repeated names reported), modules' last passes, abstract definitions dropped. Tools that read config without
    /// the app's types stop here (``ContainerBuilder/preparedWithoutTypes()``).
    func prepare() -> [Definition] {
        var preparation = Preparation(builder: builder, catalog: catalog)
        var components = builder.definitions
        state.steps = BuildSteps(of: components)
        // Runtime-argument factories are keyed apart and made by no node; only profiles apply to them.
        if state.steps.contains(.runtimeFactories) {
            runtimeFactories = keepRuntimeFactories(components.filter { $0.takesRuntimeArguments && preparation.isActive($0) })
            components.removeAll(where: \.takesRuntimeArguments)
        }
        if state.steps.contains(.settingPasses) {
            components = preparation.runSettingPasses(components, stage: .beforeProfiles)
            // The passes write definitions: the steps after them look at what they wrote.
            if preparation.stagesWithPasses > 0 { state.steps = BuildSteps(of: components) }
        }
        if state.steps.contains(.profilesAndPlaceholders) { components = preparation.activeResolved(components) }
        if state.steps.contains(.settingPasses) { components = preparation.runSettingPasses(components, stage: .afterPlaceholders) }
        let overridden = applyOverrides(components, keys: .names)
        var merged = overridden.kept
        // The last passes (IoCConfig's parents first) may move or rename definitions: the plan
        // numbers the names again after one, as it does when abstract ones are dropped.
        var namesStand = true
        if state.steps.contains(.settingPasses) {
            let stagesBefore = preparation.stagesWithPasses
            merged = preparation.runSettingPasses(merged, stage: .afterOverrides)
            if preparation.stagesWithPasses > stagesBefore { namesStand = false }
        }
        if state.steps.contains(.abstract) {
            merged.removeAll(where: \.isAbstract)
            if merged.count != overridden.kept.count { namesStand = false }
        }
        state.preparedNames = namesStand ? overridden.positions : nil
        // A setting shared by many definitions (a `_defaults` bind with a missing placeholder)
        // fails the same way for each: reported once.
        var seen = Set<String>()
        state.problems += preparation.problems.filter { seen.insert($0.description).inserted }
        state.leftOut = preparation.leftOut
        if !preparation.problems.isEmpty {
            leaveOut(builder.definitions.filter { preparation.isActive($0) && !$0.isAbstract }, keeping: merged)
        }
        return merged
    }
}

/// The steps of preparation and binding that have work to do in one build, found in one pass
/// over its definitions (before, each step scanned them all to find out). A code registration
/// that states nothing config brings — no profiles, parents, modules'
/// settings with passes, texts to resolve or to bind through the catalog — needs none of them;
/// an app registered in code skips them all (`profile register` in docs/PerformanceLedger.md).
struct BuildSteps: OptionSet {
    let rawValue: UInt16

    /// Runtime-argument factories, keyed apart.
    static let runtimeFactories = BuildSteps(rawValue: 1 << 0)
    /// Passes modules' settings ask for (``DefinitionSetting/preparation``).
    static let settingPasses = BuildSteps(rawValue: 1 << 1)
    /// Profiles to choose by, placeholders to resolve, properties set twice to report.
    static let profilesAndPlaceholders = BuildSteps(rawValue: 1 << 2)
    /// Abstract definitions (templates of IoCConfig's children) to drop.
    static let abstract = BuildSteps(rawValue: 1 << 3)
    /// Definitions to bind through the catalog, or whose sources name a type or hold a definition by text.
    static let binding = BuildSteps(rawValue: 1 << 4)
    /// Inner definitions to number (set by binding, which meets every one).
    static let innerDefinitions = BuildSteps(rawValue: 1 << 5)

    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The steps some definition of `definitions` needs.
    init(of definitions: [Definition]) {
        var steps: BuildSteps = []
        for index in definitions.indices { steps.formUnion(Self.needed(by: definitions[index])) }
        self = steps
    }

    /// The steps `definition` needs.
    static func needed(by definition: Definition) -> BuildSteps {
        var steps: BuildSteps = []
        if definition.takesRuntimeArguments { steps.insert(.runtimeFactories) }
        if definition.isAbstract { steps.insert(.abstract) }
        // The settings below live among the rare ones (``Definition/Extras``): a definition
        // without those has none of them.
        if definition.hasExtras {
            if definition.asksForPreparation { steps.insert(.settingPasses) }
            if !definition.profiles.isEmpty { steps.insert(.profilesAndPlaceholders) }
        }
        if !definition.isBound {
            // Config's: its texts are resolved and checked, then bound.
            steps.formUnion([.profilesAndPlaceholders, .binding])
        } else if definition.mayHoldText {
            if Preparation.mayHavePlaceholders(definition) { steps.insert(.profilesAndPlaceholders) }
            if CatalogBinding.hasUnboundSources(definition) { steps.insert(.binding) }
        }
        return steps
    }
}

extension Definition {
    /// Whether it has anything that could hold a text to resolve or to bind: a type name, an
    /// injection point, a factory, or one of the rare settings (method calls, bindings). A
    /// code registration of a type whose initializer takes nothing has none.
    fileprivate var mayHoldText: Bool {
        typeName != nil || hasExtras || !construction.arguments.isEmpty || !properties.isEmpty
            || construction.factory != nil
    }
}
