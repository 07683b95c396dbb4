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
    let location: (Node) -> ConfigLocation?
    /// The error for a cycle, given its members in order (the node that closes it not
    /// repeated); `nil` reports ``IoCError/cycle(path:location:)``.
    var describe: (([Node]) -> IoCError)? = nil

    func cycles(from roots: [Node]) -> [IoCError] { search(from: roots).cycles }

    /// The cycles, and every node reached in depth-first post-order: each after the nodes it
    /// builds (on a cycle, the node that closes it comes before the successor it closes on).
    func search(from roots: [Node]) -> (cycles: [IoCError], order: [Node]) {
        var order: [Node] = []
        var marks: [Key: SearchMark] = [:]
        marks.reserveCapacity(roots.count)
        // The current path, each node with its successors and the next one to enter. NB: a loop
        // over this stack, not recursion: a chain of any length costs no call stack.
        var path: [(node: Node, successors: [Node], next: Int)] = []
        var reported: Set<[String]> = []
        var found: [IoCError] = []

        func enter(_ node: Node) {
            let id = key(node)
            switch marks[id] {
            case .done?:
                return
            case .visiting?:
                guard let start = path.firstIndex(where: { key($0.node) == id }) else { return }
                let members = path[start...].map(\.node).filter(isShown)
                guard let first = members.first else { return }
                let labels = members.map(label)
                let rotation = labels.indices.min { labels[$0] < labels[$1] } ?? 0
                if reported.insert(Array(labels[rotation...] + labels[..<rotation])).inserted {
                    found.append(describe?(path[start...].map(\.node))
                                 ?? .cycle(path: labels + [label(first)], location: location(first)))
                }
            case nil:
                marks[id] = .visiting
                path.append((node, next(node), 0))
            }
        }
        for root in roots {
            enter(root)
            while let top = path.indices.last {
                if path[top].next < path[top].successors.count {
                    let successor = path[top].successors[path[top].next]
                    path[top].next += 1
                    enter(successor)
                } else {
                    let node = path.removeLast().node
                    marks[key(node)] = .done
                    order.append(node)
                }
            }
        }
        return (found, order)
    }
}

/// Where the depth-first search is with a node: on the current path, or finished.
private enum SearchMark { case visiting, done }
