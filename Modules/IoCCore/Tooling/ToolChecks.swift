extension ContainerBuilder {
    /// The definitions after the steps that need no types (profiles, placeholders, decorators,
    /// overrides by name, modules' passes — IoCConfig's parents), the names left out for a problem already reported, and every
    /// problem so far: what tools that read config without the app's types draw and check
    /// (IoCConfig's `ConfigGraph`).
    package func preparedWithoutTypes() -> (definitions: [Definition], leftOut: Set<String>, problems: [IoCError]) {
        let compilation = Compilation(builder: self)
        let definitions = compilation.prepare()
        return (definitions, compilation.state.leftOut, reportedProblems + compilation.state.problems)
    }

    /// Checks everything ``build()`` checks and creates nothing: how many components the
    /// definitions make (in the active profiles), and every problem.
    package func validate() -> (components: Int, problems: [IoCError]) {
        let compilation = Compilation(builder: self)
        compilation.run(publishing: false)
        return (compilation.state.preparedCount, reportedProblems + compilation.state.problems)
    }

    /// Every cycle of a graph that the build would refuse (see ``PropertyCycles``), with the
    /// build's search, rule and words: for tools that check config without the app's types.
    /// `edges[node]` are a node's dependencies, `isLate` for those injected after construction
    /// (properties, method calls).
    package static func unbuildableCycles(_ edges: [[(target: Int, isLate: Bool)]], isShared: @escaping (Int) -> Bool,
                                          label: @escaping (Int) -> String, location: @escaping (Int) -> ConfigLocation?) -> [IoCError] {
        let next = edges.map { $0.map { PropertyCycles.Edge(target: $0.target, isLate: $0.isLate) } }
        let search = CycleSearch(count: next.count, successorCount: { next[$0].count }, successor: { next[$0][$1].target }, isShown: { _ in true },
                                 label: label, location: location).search(from: next.indices)
        guard !search.cycles.isEmpty else { return [] }
        let rule = PropertyCycles(count: next.count, edges: { next[$0] }, isShared: isShared, isShown: { _ in true }, label: label, location: location)
        return rule.check(order: search.order).problems
    }
}
