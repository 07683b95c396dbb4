import IoCCore

/// A parsed YAML document: every node in one table, and every collection's members in one
/// list of node numbers, so that reading makes no object per node or per collection.
///
/// NB: a tree of nodes, each collection with its own array, cost one or two objects per map
/// and list and a copy of three counted references per node handed around; a service of a
/// few lines has a dozen nodes.
final class YAMLDocument {
    struct Record {
        enum Shape: UInt8 { case scalar, sequence, mapping }
        let shape: Shape
        let plain: Bool
        let line: Int32
        let column: Int32
        /// Collections: where their members start in ``YAMLDocument/members``, and how many
        /// (a map's keys and values alternate).
        let first: Int32
        let count: Int32
        /// How many nodes the node stands for once aliases are expanded.
        let weight: Int
        let text: String
        let tag: String?
    }

    /// The tables while they are read: a value the reader owns, so that adding to them and
    /// looking into them counts no references (an object's arrays are retained around each use).
    struct Tables {
        private(set) var records: [Record] = []
        private(set) var members: [Int32] = []

        init(expectedBytes: Int) {
            // About one node per 14 bytes in a typical services file: room up front, not regrowth.
            records.reserveCapacity(max(16, expectedBytes / 14))
            members.reserveCapacity(max(16, expectedBytes / 14))
        }

        mutating func scalar(_ text: String, plain: Bool, tag: String?, line: Int, column: Int) -> Int32 {
            records.append(Record(shape: .scalar, plain: plain, line: Int32(clamping: line), column: Int32(clamping: column),
                                  first: 0, count: 0, weight: 1, text: text, tag: tag))
            return Int32(records.count - 1)
        }

        /// A collection of the given members (node numbers, a map's keys and values alternating).
        mutating func collection(isMapping: Bool, members list: ArraySlice<Int32>, tag: String?, line: Int, column: Int) -> Int32 {
            var weight = 1
            for member in list { weight += records[Int(member)].weight }
            let first = Int32(members.count)
            members.append(contentsOf: list)
            records.append(Record(shape: isMapping ? .mapping : .sequence, plain: false,
                                  line: Int32(clamping: line), column: Int32(clamping: column),
                                  first: first, count: Int32(list.count), weight: weight, text: "", tag: tag))
            return Int32(records.count - 1)
        }
    }

    let file: String
    let records: [Record]
    let members: [Int32]
    /// The document's top node.
    let root: Int32

    init(file: String, tables: consuming Tables, root: Int32) {
        self.file = file
        self.records = tables.records
        self.members = tables.members
        self.root = root
    }

    func node(_ index: Int32) -> YAMLNode { YAMLNode(document: self, index: index) }
}

/// A node of a parsed YAML document: a view of one entry of its ``YAMLDocument``. An alias is
/// the same node as its anchor, so it costs no copy of what the anchor holds; each node knows
/// how many nodes it stands for once aliases are expanded (its weight), which the reader bounds.
struct YAMLNode {
    enum Kind {
        case scalar(String, plain: Bool)
        case sequence(YAMLItems)
        case mapping(YAMLEntries)
    }

    let document: YAMLDocument
    let index: Int32

    // NB: the fields are read one by one: copying a whole record counts two references.
    private var shape: YAMLDocument.Record.Shape { document.records[Int(index)].shape }

    var kind: Kind {
        let at = Int(index)
        switch shape {
        case .scalar: return .scalar(document.records[at].text, plain: document.records[at].plain)
        case .sequence: return .sequence(YAMLItems(document: document, first: Int(document.records[at].first), count: Int(document.records[at].count)))
        case .mapping: return .mapping(YAMLEntries(document: document, first: Int(document.records[at].first), count: Int(document.records[at].count) / 2))
        }
    }

    var tag: String? { document.records[Int(index)].tag }
    var weight: Int { document.records[Int(index)].weight }

    var location: ConfigLocation {
        ConfigLocation(file: document.file, line: Int(document.records[Int(index)].line), column: Int(document.records[Int(index)].column))
    }

    var scalar: String? { shape == .scalar ? document.records[Int(index)].text : nil }

    /// What the node is, for messages.
    var kindName: String {
        switch shape {
        case .scalar: return "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a map"
        }
    }

    /// The entries of a mapping node.
    // NB: read from the record, not through `kind`, whose enum of the node's text or members
    // a translator asking several times a service copied and destroyed each time.
    var entries: YAMLEntries? {
        guard shape == .mapping else { return nil }
        let at = Int(index)
        return YAMLEntries(document: document, first: Int(document.records[at].first), count: Int(document.records[at].count) / 2)
    }

    /// Whether the node is a list.
    var isSequence: Bool { shape == .sequence }
}

/// The items of a list node, in order.
struct YAMLItems: RandomAccessCollection {
    let document: YAMLDocument
    let first: Int
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> YAMLNode {
        precondition(position >= 0 && position < count, "index out of range")
        return YAMLNode(document: document, index: document.members[first + position])
    }
}

/// The entries of a map node, in the order written.
struct YAMLEntries: RandomAccessCollection {
    let document: YAMLDocument
    let first: Int
    let count: Int

    /// No entries: an empty or null node read as a map.
    static func empty(in document: YAMLDocument) -> YAMLEntries { YAMLEntries(document: document, first: 0, count: 0) }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) {
        precondition(position >= 0 && position < count, "index out of range")
        let at = first + 2 * position
        return (YAMLNode(document: document, index: document.members[at]), YAMLNode(document: document, index: document.members[at + 1]))
    }
}
