// Pass 1, prepare: what the definitions say once the active profiles are chosen, placeholders
// resolved, decorators applied, overrides by name applied and children merged with their
// parents (``Preparation``). No type is needed yet: the `ioc` tool stops here.

extension Compilation {
    /// Pass 1, prepare: the steps before binding — the active profiles' definitions,
    /// placeholders resolved, decorators applied, overrides by name applied (other repeated
    /// names reported) and children merged with their parents. Tools that read config without
    /// the app's types stop here (``ContainerBuilder/preparedWithoutTypes()``).
    func prepare() -> [Definition] {
        var preparation = Preparation(builder: builder)
        // Runtime-argument factories are keyed apart and made by no node; only profiles apply to them.
        // NB: a copy only when there is one: filtering copies (retains) every definition.
        var components = builder.definitions
        if components.contains(where: \.takesRuntimeArguments) {
            runtimeFactories = keepRuntimeFactories(components.filter { $0.takesRuntimeArguments && preparation.isActive($0) })
            components.removeAll(where: \.takesRuntimeArguments)
        }
        let active = preparation.activeResolved(preparation.applyConditionalSettings(preparation.expandResources(components)))
        let overridden = applyOverrides(preparation.applyAliases(preparation.applyDecorators(active)), keys: .names)
        let merged = preparation.mergeParents(overridden.kept)
        // Merging only ever drops definitions (abstract parents): as many out as in, and the
        // names still stand where the override pass found them.
        preparedNames = merged.count == overridden.kept.count ? overridden.positions : nil
        // A setting shared by many definitions (a `_defaults` bind with a missing placeholder)
        // fails the same way for each: reported once.
        var seen = Set<String>()
        problems += preparation.problems.filter { seen.insert($0.description).inserted }
        leftOut = builder.absentNames
        if !preparation.problems.isEmpty {
            leaveOut(builder.definitions.filter { preparation.isActive($0) && !$0.isAbstract }, keeping: merged)
        }
        return merged
    }
}
