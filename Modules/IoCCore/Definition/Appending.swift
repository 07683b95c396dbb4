extension Array {
    /// The elements whose key no element of `others` has, in order (the settings of an
    /// `_instanceof` rule a definition does not state itself).
    ///
    /// NB: pairs are compared while the lists are short, as they nearly always are; a file may
    /// give thousands, whose pairs grow as their product, so long ones are hashed.
    package func removing<Key: Hashable>(keysOf others: [Element], by key: (Element) -> Key) -> [Element] {
        guard count * others.count > 256 else { return filter { mine in !others.contains { key($0) == key(mine) } } }
        let taken = Set(others.map(key))
        return filter { !taken.contains(key($0)) }
    }
}

extension Array where Element: Hashable {
    /// This array, then the elements of `other` it does not hold, in `other`'s order (a
    /// definition's tags after its defaults', a child's after its parent's).
    package func adding(_ other: [Element]) -> [Element] {
        self + other.removing(keysOf: self) { $0 }
    }
}

/// Where each key first stands in a list that grows (a bean's constructor arguments by index
/// and by label, a definition's properties by name): the list is searched while it is short, as
/// nearly every list a definition holds is, and its keys are hashed once it is long, so a file
/// that gives thousands costs what it holds, not its square.
package struct FirstPlaces<Key: Hashable> {
    @usableFromInline var table: [Key: Int]?

    @inlinable package init() {}

    /// The place in `list` of the first element whose key is `key`.
    @inlinable
    package mutating func place<Element>(of key: Key, in list: [Element], keyOf: (Element) -> Key?) -> Int? {
        if table == nil, list.count > 16 {
            var found: [Key: Int] = [:]
            for (place, element) in list.enumerated() {
                if let given = keyOf(element), found[given] == nil { found[given] = place }
            }
            table = found
        }
        if table != nil { return table?[key] }
        return list.firstIndex { keyOf($0) == key }
    }

    /// Notes an element keyed `key` appended to the list at `place`.
    @inlinable
    package mutating func appended(_ key: Key?, at place: Int) {
        guard let key, table != nil, table?[key] == nil else { return }
        table?[key] = place
    }
}
