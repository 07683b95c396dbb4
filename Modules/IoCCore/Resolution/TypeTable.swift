/// Finds the node for a type without hashing strings or calling `Hasher`: open addressing
/// over the type's metadata address, multiplied by the golden ratio. Built once, read-only.
@usableFromInline
struct TypeTable: Sendable {
    @usableFromInline let keys: [UInt]
    @usableFromInline let values: [AnyNode?]
    @usableFromInline let mask: Int
    @usableFromInline let shift: UInt

    /// `nil` values are types that are registered but ambiguous.
    init(_ entries: [ObjectIdentifier: AnyNode?]) {
        var capacity = 8
        var bits: UInt = 3
        while capacity < entries.count * 2 {
            capacity <<= 1
            bits += 1
        }
        var keys = [UInt](repeating: 0, count: capacity)
        var values = [AnyNode?](repeating: nil, count: capacity)
        let shift = UInt(UInt.bitWidth) - bits
        for (id, node) in entries {
            let key = UInt(bitPattern: id)
            var index = Self.slot(key, shift)
            while keys[index] != 0 { index = (index + 1) & (capacity - 1) }
            keys[index] = key
            values[index] = node
        }
        self.keys = keys
        self.values = values
        self.mask = capacity - 1
        self.shift = shift
    }

    @inlinable
    static func slot(_ key: UInt, _ shift: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The node registered for `id`; `nil` when none is, or several are and none is primary.
    @inlinable
    func node(for id: ObjectIdentifier) -> AnyNode? {
        let key = UInt(bitPattern: id)
        var index = Self.slot(key, shift)
        while true {
            let candidate = keys[index]
            if candidate == key { return values[index] }
            if candidate == 0 { return nil }
            index = (index + 1) & mask
        }
    }
}
