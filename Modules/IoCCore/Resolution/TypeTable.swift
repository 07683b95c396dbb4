/// The lookups a resolve starts with, built once at `build()` and never changed.
///
/// NB: nodes are held unretained here (the container owns them) and the table is read through
/// an unretained reference, so that a resolve touches no reference count shared with other
/// threads except the instance it returns.
@usableFromInline
final class LookupTables: @unchecked Sendable {
    @usableFromInline let types: TypeTable
    /// Every name and alias, private ones too (see ``AnyNode/hides(name:)``).
    @usableFromInline let names: [String: Unmanaged<AnyNode>]

    init(types: [ObjectIdentifier: AnyNode?], names: [String: Unmanaged<AnyNode>]) {
        self.types = TypeTable(types)
        self.names = names
    }

    deinit { types.deallocate() }
}

/// Finds the node for a type without hashing strings or calling `Hasher`: open addressing
/// over the type's metadata address, multiplied by the golden ratio.
@usableFromInline
struct TypeTable {
    @usableFromInline let keys: UnsafeMutablePointer<UInt>
    @usableFromInline let values: UnsafeMutablePointer<Unmanaged<AnyNode>?>
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
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: nil, count: capacity)
        mask = capacity - 1
        shift = UInt(UInt.bitWidth) - bits
        for (id, node) in entries {
            let key = UInt(bitPattern: id)
            var index = Self.slot(key, shift)
            while keys[index] != 0 { index = (index + 1) & mask }
            keys[index] = key
            values[index] = node.map { Unmanaged.passUnretained($0) }
        }
    }

    func deallocate() {
        keys.deallocate()
        values.deallocate()
    }

    @inlinable
    static func slot(_ key: UInt, _ shift: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The node registered for `id`; `nil` when none is, or several are and none is chosen.
    @inlinable
    func node(for id: ObjectIdentifier) -> Unmanaged<AnyNode>? {
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
