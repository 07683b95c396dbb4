/// Components of one container, by 32-bit number, in order: a view of a type's candidates
/// or a tag's members, which the container keeps as ``ComponentNumbers``.
///
/// A type's or a tag's list always comes from one container — a child's own entries hide its
/// parent's whole list — so the container is named once, not with every component: four bytes a
/// component instead of a ``NodeRef``'s sixteen (measured in `bytes_per_definition`), and the
/// tables themselves name no container, not even their own (what a container made after its
/// build's checks needs: docs/PerformanceLedger.md, "Start-up: how the build works").
struct ComponentList: RandomAccessCollection {
    /// NB: unretained, as in ``NodeRef``: a container outlives every list of its components (a
    /// child keeps its parent alive).
    private let containerRef: Unretained<Container>
    private let numbers: ComponentNumbers

    /// The components `numbers` of `container`, in that order.
    init(_ container: Container, _ numbers: ComponentNumbers = []) {
        self.init(Unretained(container), numbers)
    }

    /// The components `numbers` of the container `containerRef` refers to.
    init(_ containerRef: Unretained<Container>, _ numbers: ComponentNumbers = []) {
        self.containerRef = containerRef
        self.numbers = numbers
    }

    var startIndex: Int { numbers.startIndex }
    var endIndex: Int { numbers.endIndex }
    subscript(position: Int) -> NodeRef {
        NodeRef(containerRef.object, Int(numbers[position]))
    }
}

/// Components of one container by number, as its tables keep them (a type's candidates, a
/// tag's members); ``ComponentList`` reads them with the container they belong to.
// NB: a container cannot hold 2^31 components (see ``NameTable``).
typealias ComponentNumbers = [Int32]

extension Array where Element == Int32 {
    /// Appends component `index`.
    mutating func append(component index: Int) { append(Int32(truncatingIfNeeded: index)) }
}
