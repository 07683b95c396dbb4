/// The lookups a resolve starts with, built once at `build()` and never changed.
///
/// NB: the table is read through an unretained reference, and holds components by number
/// (the container's own: a parent's are in the parent's tables), so that a resolve touches no
/// reference count shared with other threads except the instance it returns.
@usableFromInline
final class LookupTables: @unchecked Sendable {
    @usableFromInline let types: TypeTable
    /// The container's own names and aliases, private ones too (see ``NodeRef/hides(name:)``).
    @usableFromInline let names: NameTable
    /// The container's own components' nodes, by number.
    @usableFromInline let nodes: NodeSlots

    init(types: [ObjectIdentifier: Int32], names: NameTable, nodes: NodeSlots) {
        self.types = TypeTable(types)
        self.names = names
        self.nodes = nodes
    }

    deinit {
        types.deallocate()
        nodes.free()
    }
}

/// The names and aliases of a container's own components, private ones too, by number; a
/// name it does not have is looked up in its parent.
///
/// NB: 32-bit numbers rather than ``NodeRef``s, and a parent's names not copied into each
/// child: a name costs its key and four bytes (`bytes_per_definition` in docs/PerformanceLedger.md).
/// A container cannot hold 2^31 components (each costs hundreds of bytes).
@usableFromInline
struct NameTable {
    @usableFromInline let own: [String: Int32]

    init(own: [String: Int32]) { self.own = own }

    /// The component `name` reaches in `container` (which owns this table), or in its parent.
    @inlinable
    func component(named name: String, in container: Container) -> NodeRef? {
        if let index = own[name] { return NodeRef(container, Int(index)) }
        return container.parent?.component(named: name)
    }

    /// Every name here and in the parents of `container`.
    func allNames(in container: Container) -> Set<String> {
        Set(own.keys).union(container.parent?.allNames ?? [])
    }
}

/// Finds the component a top-level resolve of a type reaches, among a container's own
/// components, without hashing strings or calling `Hasher`: open addressing over the type's
/// metadata address, multiplied by the golden ratio.
///
/// A value is the number of the container's own component for the type, or ``unanswered``
/// for a type it has several candidates of that none is chosen among, or a private one (the
/// full lookup answers, or says why not); a type it has no candidate of is ``absent``, and
/// its parent's table answers (a child's own candidates hide its parent's).
@usableFromInline
struct TypeTable {  // docs/PerformanceLedger.md U8
    /// A type this container has candidates of, none of which a top-level resolve reaches by the table.
    @usableFromInline static let unanswered: Int32 = -1
    /// A type this container has no candidate of.
    @usableFromInline static let absent: Int32 = -2

    @usableFromInline let keys: UnsafeMutablePointer<UInt>
    @usableFromInline let values: UnsafeMutablePointer<Int32>
    @usableFromInline let mask: Int
    @usableFromInline let shift: UInt

    init(_ entries: [ObjectIdentifier: Int32]) {
        var capacity = 8
        var bits: UInt = 3
        while capacity < entries.count * 2 {
            capacity <<= 1
            bits += 1
        }
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: Self.absent, count: capacity)
        mask = capacity - 1
        shift = UInt(UInt.bitWidth) - bits
        for (id, component) in entries {
            let key = UInt(bitPattern: id)
            var index = Self.slot(key, shift)
            while keys[index] != 0 { index = (index + 1) & mask }
            keys[index] = key
            values[index] = component
        }
    }

    func deallocate() {
        keys.deallocate()
        values.deallocate()
    }

    @inlinable
    static func slot(_ key: UInt, _ shift: UInt) -> Int {
        // NB: `multipliedReportingOverflow`, not `&*`: Swift 6 made `&*` a requirement of
        // `FixedWidthInteger` available from iOS 18 (Tools/Availability/AboveFloor.txt); the
        // same multiplication, compiled alike.
        Int(truncatingIfNeeded: key.multipliedReportingOverflow(by: 0x9E37_79B9_7F4A_7C15).partialValue >> shift)
    }

    /// The number of the component registered for `id`, or ``unanswered`` or ``absent``.
    @inlinable
    func number(for id: ObjectIdentifier) -> Int32 {
        let key = UInt(bitPattern: id)
        var index = Self.slot(key, shift)
        while true {
            let candidate = keys[index]
            if candidate == key { return values[index] }
            if candidate == 0 { return Self.absent }
            index = (index + 1) & mask
        }
    }
}
