/// Which dependency cycles a container builds, and how: the rule of Spring, Typhoon and
/// Swinject. A shared component (any scope but prototype) is constructed, handed to the
/// components of its cycle that ask for it, and only then given its properties and method
/// calls; so a cycle that a shared component closes through a property or a method call ends.
/// Every other cycle is an error: one of initializers alone can never start, and one that only
/// a prototype's property closes never ends (each prototype's property makes a new one).
///
/// Run only when the search for cycles found some, so that a graph without cycles pays nothing.
/// `build()` runs it over nodes; the `ioc` tool over config definitions before any type is known
/// (each numbers them `0..<count`, as for ``CycleSearch``).
struct PropertyCycles {
    /// One dependency: its target, and whether it is injected after construction (a property
    /// or a method call's argument) rather than built into it.
    struct Edge {
        let target: Int
        let isLate: Bool
    }

    /// A shared component on cycles that can be built, and the components of its cycles to
    /// create before it (see ``check(order:)``).
    struct Member {
        let node: Int
        let first: [Int]
    }

    /// How many nodes there are: `0..<count`.
    let count: Int
    let edges: (Int) -> [Edge]
    /// Any scope but prototype: one instance per container, graph, context or scope, which the
    /// cycle can be handed before its properties are set.
    let isShared: (Int) -> Bool
    let isShown: (Int) -> Bool
    let label: (Int) -> String
    let location: (Int) -> ConfigLocation?

    /// The cycles that cannot be built, and the shared members of each group of cycles that
    /// can (a strongly connected part of the graph), each group on its own.
    ///
    /// `order` is every node in depth-first post-order (``CycleSearch/search(from:)``). A member
    /// gets the list of components to create before it: the shared components that close its
    /// cycles through a property, reached from it through dependencies built into their
    /// holders. Creating those first hands the member their instances (finished, or created
    /// and waiting for their properties) when it is constructed, whichever component of the
    /// cycle a resolve starts from; without it, a resolve that started from a component
    /// constructed with its cycle's next one would come back to it before it exists.
    func check(order: [Int]) -> (problems: [IoCError], groups: [[Member]]) {
        let parts = stronglyConnected(order)
        let closes: (Int, Edge) -> Bool = { holder, edge in edge.isLate && isShared(holder) }
        var problems: [IoCError] = []
        var groups: [[Member]] = []
        for part in parts {
            // The part's nodes numbered 0..<part.count for its own search.
            var position: [Int: Int] = [:]
            for (local, node) in part.enumerated() { position[node] = local }
            let inPart = Set(part)
            // The cycles that no shared component's property closes.
            let successors = part.indices.map { local in
                edges(part[local]).filter { !closes(part[local], $0) }.compactMap { position[$0.target] }
            }
            let unclosed = CycleSearch(
                count: part.count,
                successorCount: { successors[$0].count }, successor: { successors[$0][$1] },
                isShown: { isShown(part[$0]) }, label: { label(part[$0]) }, location: { location(part[$0]) },
                describe: { members in describe(members.map { part[$0] }) })
            let found = unclosed.cycles(from: part.indices)
            problems += found
            guard found.isEmpty else { continue }
            let closers = Set(part.filter { node in edges(node).contains { closes(node, $0) && inPart.contains($0.target) } })
            let members = part.filter(isShared).map { node in
                Member(node: node, first: reached(from: node, within: inPart, stoppingAt: closers, closes: closes))
            }
            groups.append(members)
        }
        return (problems, groups)
    }

    /// The error for a cycle that cannot be built: one that a prototype's property closes never
    /// ends; any other is a cycle of initializers.
    private func describe(_ members: [Int]) -> IoCError {
        let shown = members.filter(isShown)
        let path = shown.map(label) + (shown.first.map { [label($0)] } ?? [])
        for (index, holder) in members.enumerated() {
            let next = members[(index + 1) % members.count]
            let towardNext = edges(holder).filter { $0.target == next }
            if !towardNext.isEmpty, towardNext.allSatisfy(\.isLate) {
                return IoCError(.endlessCycle(path: path, prototype: label(holder), location: location(holder)))
            }
        }
        return IoCError(.cycle(path: path, location: shown.first.flatMap(location)))
    }

    /// The members of `inPart` that close a cycle through a property (`closers`) and that
    /// `start` reaches through dependencies no property closes, the first on each path.
    private func reached(from start: Int, within inPart: Set<Int>, stoppingAt closers: Set<Int>,
                         closes: (Int, Edge) -> Bool) -> [Int] {
        var seen: Set<Int> = [start]
        var stack = [start]
        var found: [Int] = []
        while let node = stack.popLast() {
            for edge in edges(node) where !closes(node, edge) && inPart.contains(edge.target) {
                guard seen.insert(edge.target).inserted else { continue }
                if closers.contains(edge.target) { found.append(edge.target) } else { stack.append(edge.target) }
            }
        }
        return found
    }

    /// The parts of the graph in which every node reaches every other, that hold a cycle (two
    /// nodes or more, or one that depends on itself); Kosaraju's method over `order`.
    private func stronglyConnected(_ order: [Int]) -> [[Int]] {
        var into = [[Int]](repeating: [], count: count)
        for node in order {
            for edge in edges(node) { into[edge.target].append(node) }
        }
        var assigned = [Bool](repeating: false, count: count)
        var parts: [[Int]] = []
        for root in order.reversed() where !assigned[root] {
            assigned[root] = true
            var part: [Int] = []
            var stack = [root]
            while let node = stack.popLast() {
                part.append(node)
                for source in into[node] where !assigned[source] {
                    assigned[source] = true
                    stack.append(source)
                }
            }
            let loops = part.count > 1 || edges(root).contains { $0.target == root }
            if loops { parts.append(part) }
        }
        return parts
    }
}
