import IoCCore

/// A parsed YAML document: every node in one table of plain records, every collection's
/// members in one list of node numbers, and every scalar's bytes in one buffer, so that reading
/// makes no object per node, per collection or per scalar.
///
/// NB: a tree of nodes, each collection with its own array, cost one or two objects per map
/// and list and a copy of three counted references per node handed around; a service of a
/// few lines has a dozen nodes. Records that kept each scalar's text and tag as strings cost
/// two counted references a node to write, copy and free (with the strings made per scalar,
/// about 140 calls into the reference-counting runtime a service of the `yaml-10k` file,
/// `profile yaml-only`), and 64 bytes where these take 32.
final class YAMLDocument {  // docs/PerformanceLedger.md L2
    struct Record {
        enum Shape: UInt8 { case scalar, sequence, mapping }
        let shape: Shape
        let plain: Bool
        /// The node's tag: 0 for none, else its place in ``YAMLReader/knownTags`` plus one.
        let tag: UInt8
        let line: Int32
        let column: Int32
        /// Collections: where their members start in ``YAMLDocument/members``, and how many
        /// (a map's keys and values alternate). Scalars: where their bytes start in
        /// ``YAMLDocument/text``, and how many.
        let first: Int32
        let count: Int32
        /// How many nodes the node stands for once aliases are expanded.
        let weight: Int
    }

    /// The tables while they are read: a value the reader owns, so that adding to them and
    /// looking into them counts no references (an object's arrays are retained around each use).
    struct Tables {
        private(set) var records: [Record] = []
        private(set) var members: [Int32] = []
        private(set) var text: [UInt8] = []

        init(expectedBytes: Int) {
            // About one node per 11 bytes in a typical services file, and its scalars' bytes
            // about half the file: room up front, not regrowth.
            records.reserveCapacity(max(16, expectedBytes / 10))
            members.reserveCapacity(max(16, expectedBytes / 10))
            text.reserveCapacity(max(64, expectedBytes / 2))
        }

        mutating func scalar(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool, tag: UInt8, line: Int, column: Int) -> Int32 {
            let first = Int32(text.count)
            text.append(contentsOf: bytes)
            records.append(Record(shape: .scalar, plain: plain, tag: tag, line: Int32(clamping: line), column: Int32(clamping: column),
                                  first: first, count: Int32(bytes.count), weight: 1))
            return Int32(records.count - 1)
        }

        /// A collection of the given members (node numbers, a map's keys and values alternating).
        mutating func collection(isMapping: Bool, members list: ArraySlice<Int32>, tag: UInt8, line: Int, column: Int) -> Int32 {
            var weight = 1
            for member in list { weight += records[Int(member)].weight }
            let first = Int32(members.count)
            members.append(contentsOf: list)
            records.append(Record(shape: isMapping ? .mapping : .sequence, plain: false, tag: tag,
                                  line: Int32(clamping: line), column: Int32(clamping: column),
                                  first: first, count: Int32(list.count), weight: weight))
            return Int32(records.count - 1)
        }

        /// Whether two scalar nodes hold the same text, as Swift compares strings: bytes that
        /// differ spell the same text only where some are not ASCII (`é` and `e` with U+0301).
        func sameText(_ one: Int32, _ other: Int32) -> Bool {
            let a = records[Int(one)], b = records[Int(other)]
            let x = text[Int(a.first)..<Int(a.first + a.count)], y = text[Int(b.first)..<Int(b.first + b.count)]
            // Texts that start with different ASCII characters differ (a first ASCII
            // character stays first and unchanged in the text's canonical form).
            if let p = x.first, let q = y.first, p != q, p < 0x80, q < 0x80 { return false }
            if x.count == y.count && x.elementsEqual(y) { return true }
            // Texts of ASCII alone are equal only byte for byte.
            if x.allSatisfy({ $0 < 0x80 }) && y.allSatisfy({ $0 < 0x80 }) { return false }
            return string(one) == string(other)
        }

        /// The bytes of the scalars `node` holds, each counted as often as the node repeats it
        /// (an alias among its members). Walks as many nodes as the node's weight.
        func scalarBytes(_ node: Int32) -> Int {
            let record = records[Int(node)]
            guard record.shape != .scalar else { return Int(record.count) }
            var bytes = 0
            for member in members[Int(record.first)..<Int(record.first + record.count)] { bytes += scalarBytes(member) }
            return bytes
        }

        /// A scalar node's text.
        func string(_ node: Int32) -> String { YAMLDocument.string(records[Int(node)], in: text) }
    }

    let file: String
    let records: [Record]
    let members: [Int32]
    let text: [UInt8]
    /// The document's top node.
    let root: Int32

    init(file: String, tables: consuming Tables, root: Int32) {
        self.file = file
        self.records = tables.records
        self.members = tables.members
        self.text = tables.text
        self.root = root
    }

    func node(_ index: Int32) -> YAMLNode { YAMLNode(document: self, index: index) }

    /// A scalar's text, made from its bytes.
    fileprivate static func string(_ record: Record, in text: [UInt8]) -> String {
        String(decoding: text[Int(record.first)..<Int(record.first + record.count)], as: UTF8.self)
    }
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

    private var shape: YAMLDocument.Record.Shape { document.records[Int(index)].shape }

    var kind: Kind {
        let at = Int(index)
        switch shape {
        case .scalar: return .scalar(YAMLDocument.string(document.records[at], in: document.text), plain: document.records[at].plain)
        case .sequence: return .sequence(YAMLItems(document: document, first: Int(document.records[at].first), count: Int(document.records[at].count)))
        case .mapping: return .mapping(YAMLEntries(document: document, first: Int(document.records[at].first), count: Int(document.records[at].count) / 2))
        }
    }

    var tag: String? {
        let code = Int(document.records[Int(index)].tag)
        return code == 0 ? nil : YAMLReader.knownTags[code - 1]
    }
    var weight: Int { document.records[Int(index)].weight }

    var location: ConfigLocation {
        ConfigLocation(file: document.file, line: Int(document.records[Int(index)].line), column: Int(document.records[Int(index)].column))
    }

    var scalar: String? { shape == .scalar ? YAMLDocument.string(document.records[Int(index)], in: document.text) : nil }

    /// Whether the node is a scalar of exactly this text, compared byte by byte.
    // NB: a translator looking for one key among a map's (`_defaults` among 10,000 services)
    // made every key's text to compare it. The names asked for are ASCII letters and `_`, which
    // no other bytes spell as Swift compares text.
    func isText(_ expected: String) -> Bool {
        let record = document.records[Int(index)]
        guard record.shape == .scalar, Int(record.count) == expected.utf8.count else { return false }
        return expected.utf8.elementsEqual(document.text[Int(record.first)..<Int(record.first + record.count)])
    }

    /// Whether the node is a plain scalar without a tag, of at most `length` bytes: a cheap test
    /// before its text is made.
    func isPlainUntaggedScalar(ofAtMost length: Int) -> Bool {
        let record = document.records[Int(index)]
        return record.shape == .scalar && record.plain && record.tag == 0 && record.count <= length
    }

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
