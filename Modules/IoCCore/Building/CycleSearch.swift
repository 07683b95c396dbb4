/// Finds every cycle of direct dependencies by a depth-first search, and reports each once —
/// whichever member it is entered from — with its whole path, as ``IoCError/Kind/cycle``.
/// `build()` runs it over its nodes, the `ioc` tool over config definitions before any type is
/// known; both number what they search `0..<count`, so that the search keeps its marks in an
/// array, not in a table keyed by objects.
struct CycleSearch {
    /// How many nodes there are: the search's nodes are `0..<count`.
    let count: Int
    /// How many successors a node has: the nodes built together with it (not those behind a
    /// `Lazy` or `Provider`), and any the search passes over (``successor``).
    let successorCount: (Int) -> Int
    /// Successor `position` of a node, `0..<successorCount(node)`; `nil` for one the search
    /// passes over (a component of a parent container).
    ///
    /// NB: read one at a time, not as a list per node, which the search would make for every
    /// node it enters (docs/PerformanceLedger.md L12).
    let successor: (_ node: Int, _ position: Int) -> Int?
    /// Whether a node is named in the path (an adapter to a protocol is not: its component is).
    let isShown: (Int) -> Bool
    let label: (Int) -> String
    let location: (Int) -> ConfigLocation?
    /// The error for a cycle, given its members in order (the node that closes it not
    /// repeated); `nil` reports ``IoCError/Kind/cycle``.
    var describe: (([Int]) -> IoCError)? = nil

    func cycles(from roots: some Sequence<Int>) -> [IoCError] { search(from: roots).cycles }

    /// The cycles, and every node reached in depth-first post-order: each after the nodes it
    /// builds (on a cycle, the node that closes it comes before the successor it closes on).
    func search(from roots: some Sequence<Int>) -> (cycles: [IoCError], order: [Int]) {
        var order: [Int] = []
        order.reserveCapacity(count)
        var marks = [SearchMark](repeating: .unseen, count: count)
        // The current path, each node with its number of successors and the next one to enter.
        // NB: a loop over this stack, not recursion: a chain of any length costs no call stack.
        var path: [(node: Int, successors: Int, next: Int)] = []
        var reported: Set<[String]> = []
        var found: [IoCError] = []

        func enter(_ node: Int) {
            switch marks[node] {
            case .done:
                return
            case .visiting:
                guard let start = path.firstIndex(where: { $0.node == node }) else { return }
                let members = path[start...].map(\.node).filter(isShown)
                guard let first = members.first else { return }
                let labels = members.map(label)
                let rotation = labels.indices.min { labels[$0] < labels[$1] } ?? 0
                if reported.insert(Array(labels[rotation...] + labels[..<rotation])).inserted {
                    found.append(describe?(path[start...].map(\.node))
                                 ?? IoCError(.cycle(path: labels + [label(first)], location: location(first))))
                }
            case .unseen:
                marks[node] = .visiting
                path.append((node, successorCount(node), 0))
            }
        }
        for root in roots {
            enter(root)
            while let top = path.indices.last {
                if path[top].next < path[top].successors {
                    let position = path[top].next
                    path[top].next += 1
                    if let next = successor(path[top].node, position) { enter(next) }
                } else {
                    let node = path.removeLast().node
                    marks[node] = .done
                    order.append(node)
                }
            }
        }
        return (found, order)
    }
}

/// Where the depth-first search is with a node: not reached yet, on the current path, or finished.
private enum SearchMark { case unseen, visiting, done }
