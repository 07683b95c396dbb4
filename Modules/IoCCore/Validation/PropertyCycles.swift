/// Which dependency cycles a container builds, and how: the rule of Spring, Typhoon and
/// Swinject. A shared component (any scope but prototype) is constructed, handed to the
/// components of its cycle that ask for it, and only then given its properties and method
/// calls; so a cycle that a shared component closes through a property or a method call ends.
/// Every other cycle is an error: one of initializers alone can never start, and one that only
/// a prototype's property closes never ends (each prototype's property makes a new one).
///
/// Run only when the search for cycles found some, so that a graph without cycles pays nothing.
/// `build()` runs it over nodes; the `ioc` tool over config definitions before any type is known.
struct PropertyCycles<Node, Key: Hashable> {
    /// One dependency: its target, and whether it is injected after construction (a property
    /// or a method call's argument) rather than built into it.
    struct Edge {
        let target: Node
        let isLate: Bool
    }

    /// A shared component on cycles that can be built, and the components of its cycles to
    /// create before it (see ``check(order:)``).
    struct Member {
        let node: Node
        let first: [Node]
    }

    let key: (Node) -> Key
    let edges: (Node) -> [Edge]
    /// Any scope but prototype: one instance per container, graph, context or scope, which the
    /// cycle can be handed before its properties are set.
    let isShared: (Node) -> Bool
    let isShown: (Node) -> Bool
    let label: (Node) -> String
    let location: (Node) -> ConfigLocation?

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
    func check(order: [Node]) -> (problems: [IoCError], groups: [[Member]]) {
        let parts = stronglyConnected(order)
        let closes: (Node, Edge) -> Bool = { holder, edge in edge.isLate && isShared(holder) }
        var problems: [IoCError] = []
        var groups: [[Member]] = []
        for part in parts {
            let inPart = Set(part.map(key))
            // The cycles that no shared component's property closes.
            let unclosed = CycleSearch<Node, Key>(
                key: key,
                next: { node in edges(node).filter { !closes(node, $0) && inPart.contains(key($0.target)) }.map(\.target) },
                isShown: isShown, label: label, location: location,
                describe: { members in describe(members) })
            let found = unclosed.cycles(from: part)
            problems += found
            guard found.isEmpty else { continue }
            let closers = Set(part.filter { node in edges(node).contains { closes(node, $0) && inPart.contains(key($0.target)) } }.map(key))
            let members = part.filter(isShared).map { node in
                Member(node: node, first: reached(from: node, within: inPart, stoppingAt: closers, closes: closes))
            }
            groups.append(members)
        }
        return (problems, groups)
    }

    /// The error for a cycle that cannot be built: one that a prototype's property closes never
    /// ends; any other is a cycle of initializers.
    private func describe(_ members: [Node]) -> IoCError {
        let shown = members.filter(isShown)
        let path = shown.map(label) + (shown.first.map { [label($0)] } ?? [])
        for (index, holder) in members.enumerated() {
            let next = key(members[(index + 1) % members.count])
            let towardNext = edges(holder).filter { key($0.target) == next }
            if !towardNext.isEmpty, towardNext.allSatisfy(\.isLate) {
                return .endlessCycle(path: path, prototype: label(holder), location: location(holder))
            }
        }
        return .cycle(path: path, location: shown.first.flatMap(location))
    }

    /// The members of `inPart` that close a cycle through a property (`closers`) and that
    /// `start` reaches through dependencies no property closes, the first on each path.
    private func reached(from start: Node, within inPart: Set<Key>, stoppingAt closers: Set<Key>,
                         closes: (Node, Edge) -> Bool) -> [Node] {
        var seen: Set<Key> = [key(start)]
        var stack = [start]
        var found: [Node] = []
        while let node = stack.popLast() {
            for edge in edges(node) where !closes(node, edge) && inPart.contains(key(edge.target)) {
                let id = key(edge.target)
                guard seen.insert(id).inserted else { continue }
                if closers.contains(id) { found.append(edge.target) } else { stack.append(edge.target) }
            }
        }
        return found
    }

    /// The parts of the graph in which every node reaches every other, that hold a cycle (two
    /// nodes or more, or one that depends on itself); Kosaraju's method over `order`.
    private func stronglyConnected(_ order: [Node]) -> [[Node]] {
        var into: [Key: [Node]] = [:]
        for node in order {
            for edge in edges(node) { into[key(edge.target), default: []].append(node) }
        }
        var assigned: Set<Key> = []
        var parts: [[Node]] = []
        for root in order.reversed() where !assigned.contains(key(root)) {
            assigned.insert(key(root))
            var part: [Node] = []
            var stack = [root]
            while let node = stack.popLast() {
                part.append(node)
                for source in into[key(node)] ?? [] where assigned.insert(key(source)).inserted { stack.append(source) }
            }
            let loops = part.count > 1 || edges(root).contains { key($0.target) == key(root) }
            if loops { parts.append(part) }
        }
        return parts
    }
}
