/// Components of one container, by 32-bit number, in order: the candidates of a type and the
/// members of a tag in the lookup tables.
///
/// A type's or a tag's list always comes from one container — a child's own entries hide its
/// parent's whole list — so the container is kept once, not with every component: four bytes a
/// component instead of a ``NodeRef``'s sixteen (measured in `bytes_per_definition`).
struct ComponentList: RandomAccessCollection {
    /// NB: unretained, as in ``NodeRef``: a container outlives every list of its components (a
    /// child keeps its parent alive).
    private let containerRef: Unmanaged<Container>
    // NB: a container cannot hold 2^31 components (see ``NameTable``).
    private var numbers: [Int32]

    /// No components yet, of `container`.
    init(_ container: Container) {
        containerRef = Unmanaged.passUnretained(container)
        numbers = []
    }

    /// `components`, which are all `container`'s, in their order.
    init(_ container: Container, _ components: some Sequence<NodeRef>) {
        containerRef = Unmanaged.passUnretained(container)
        numbers = components.map { Int32(truncatingIfNeeded: $0.index) }
    }

    mutating func append(_ index: Int) { numbers.append(Int32(truncatingIfNeeded: index)) }

    var startIndex: Int { numbers.startIndex }
    var endIndex: Int { numbers.endIndex }
    subscript(position: Int) -> NodeRef {
        NodeRef(containerRef.takeUnretainedValue(), Int(numbers[position]))
    }
}
