/// The definitions of a container's components, by number. The build reads them as the
/// definitions it bound; the container it hands out keeps most of them as rows
/// (``Definition/Row``: 72 bytes where a definition's fields take a 160-byte object), and
/// makes a ``Definition`` from a row only when one is asked for: when its component is first
/// resolved, or for tooling and tests. So a built container's memory follows the size of its
/// graph by rows, and what it resolves by objects (`bytes_per_definition`, docs/PerformanceLedger.md).
enum DefinitionTable {
    /// The definitions as they are: the build's, and the provisional container's.
    case definitions([Definition])
    /// Some or all as rows.
    case compact(CompactDefinitions)

    /// The table with every definition a row can hold as a row; the same table when none can.
    func compacted() -> DefinitionTable {
        guard case .definitions(let definitions) = self else { return self }
        var rows: [Definition.Row] = []
        var others: [Definition] = []
        var places: [Int32] = []
        rows.reserveCapacity(definitions.count)
        for (index, definition) in definitions.enumerated() {
            if let row = definition.row {
                if !others.isEmpty { places.append(Int32(rows.count)) }
                rows.append(row)
            } else {
                if others.isEmpty { places = (0..<Int32(index)).map { $0 } }
                places.append(~Int32(others.count))
                others.append(definition)
            }
        }
        guard !rows.isEmpty else { return self }
        // Room for one row a definition was reserved: where many are not rows, a copy with room
        // for the rows alone (a table is made once, after the checks, and never grows).
        if rows.capacity > rows.count + rows.count / 8 { rows = rows.withUnsafeBufferPointer { Array($0) } }
        return .compact(CompactDefinitions(rows: rows, others: others, places: places))
    }

    var count: Int {
        switch self {
        case .definitions(let definitions): return definitions.count
        case .compact(let table): return table.count
        }
    }

    /// The definition of component `index`; made from its row when it has one.
    subscript(index: Int) -> Definition {
        switch self {
        case .definitions(let definitions): return definitions[index]
        case .compact(let table): return table.read(index, row: { Definition($0) }, other: { $0 })
        }
    }

    /// Every definition, in order (made from the rows).
    var all: [Definition] {
        switch self {
        case .definitions(let definitions): return definitions
        case .compact(let table): return (0..<table.count).map { self[$0] }
        }
    }

    /// The definitions as they are, when they were not compacted: the builder's array, when
    /// the build kept it as it was.
    var unchanged: [Definition]? {
        if case .definitions(let definitions) = self { return definitions }
        return nil
    }

    /// One setting of definition `index`: `row` of its row, or `definition` of it as it is.
    /// What resolving and the checks of a built container read, without making a definition of
    /// a row.
    @inline(__always)
    func read<V>(_ index: Int, row: (borrowing Definition.Row) -> V, definition: (Definition) -> V) -> V {  // docs/PerformanceLedger.md U20
        switch self {
        case .definitions(let definitions): return definition(definitions[index])
        case .compact(let table): return table.read(index, row: row, other: definition)
        }
    }
}

/// A built container's definitions, most of them as rows.
final class CompactDefinitions: Sendable {
    /// The definitions a row holds.
    let rows: [Definition.Row]
    /// The others, as they are.
    let others: [Definition]
    /// Where component `index` is, when some are rows and some not: the number of its row, or
    /// `~n` for `others[n]`. Empty when every definition is a row.
    let places: [Int32]

    init(rows: [Definition.Row], others: [Definition], places: [Int32]) {
        self.rows = rows
        self.others = others
        self.places = places
    }

    var count: Int { places.isEmpty ? rows.count : places.count }

    /// `row` of component `index`'s row, or `other` of its definition.
    @inline(__always)
    func read<V>(_ index: Int, row: (borrowing Definition.Row) -> V, other: (Definition) -> V) -> V {
        let place = places.isEmpty ? index : Int(places[index])
        // NB: the row read in place: a copy of it retains and releases its six references.
        if place >= 0 { return rows.withUnsafeBufferPointer { row($0[place]) } }
        return other(others[~place])
    }
}

extension Array {
    /// Whether this array and `other` are one array, not only equal: the same storage.
    func sharesStorage(with other: [Element]) -> Bool {
        count == other.count && withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress }
        }
    }
}
