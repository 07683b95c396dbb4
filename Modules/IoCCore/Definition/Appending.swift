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
