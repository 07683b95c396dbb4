/// Finds every cycle of direct dependencies by a depth-first search, and reports each once —
/// whichever member it is entered from — with its whole path, as ``IoCError/cycle(path:location:)``.
/// `build()` runs it over nodes; the `ioc` tool over config definitions before any type is known.
struct CycleSearch<Node, Key: Hashable> {
    /// Identifies a node (its object identity, its index).
    let key: (Node) -> Key
    /// The nodes built together with a node (not those behind a `Lazy` or `Provider`).
    let next: (Node) -> [Node]
    /// Whether a node is named in the path (an adapter to a protocol is not: its component is).
    let isShown: (Node) -> Bool
    let label: (Node) -> String
    let location: (Node) -> SourceLocation?

    func cycles(from roots: [Node]) -> [IoCError] {
        var marks: [Key: SearchMark] = [:]
        marks.reserveCapacity(roots.count)
        var stack: [Node] = []
        var reported: Set<[String]> = []
        var found: [IoCError] = []

        func visit(_ node: Node) {
            let id = key(node)
            if marks[id] == .done { return }
            if marks[id] == .visiting {
                guard let start = stack.firstIndex(where: { key($0) == id }) else { return }
                let members = stack[start...].filter(isShown)
                guard let first = members.first else { return }
                let labels = members.map(label)
                let rotation = labels.indices.min { labels[$0] < labels[$1] } ?? 0
                if reported.insert(Array(labels[rotation...] + labels[..<rotation])).inserted {
                    found.append(.cycle(path: labels + [label(first)], location: location(first)))
                }
                return
            }
            marks[id] = .visiting
            stack.append(node)
            for successor in next(node) { visit(successor) }
            stack.removeLast()
            marks[id] = .done
        }
        for node in roots { visit(node) }
        return found
    }
}

/// Where the depth-first search is with a node: on the current path, or finished.
private enum SearchMark { case visiting, done }
