import CYaml
import IoCCore

/// Reads one YAML document into nodes with libyaml's event API, enforcing ``YAMLLimits``:
/// document size, scalar length, nesting depth, alias expansion, duplicate keys, known tags.
struct YAMLReader {
    let limits: YAMLLimits
    let file: String

    private static let standardTags: Set<String> = [
        "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
        "tag:yaml.org,2002:null", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "!", "!tagged_iterator",
    ]

    /// A collection being read. A class, so that adding to it mutates in place (an enum payload
    /// would be copied on every add, which is quadratic for a large map); frames are reused
    /// once their collection is finished.
    private final class Frame {
        // NB: one reader uses its frames, on one thread: no dynamic exclusivity checks.
        @exclusivity(unchecked) var isMapping = false
        @exclusivity(unchecked) var tag: String?
        @exclusivity(unchecked) var anchor: String?
        @exclusivity(unchecked) var location = SourceLocation(file: "", line: 0)
        @exclusivity(unchecked) var items: [YAMLNode] = []
        @exclusivity(unchecked) var entries: [(key: YAMLNode, value: YAMLNode)] = []
        @exclusivity(unchecked) var pendingKey: YAMLNode?
        @exclusivity(unchecked) var seen: [String: SourceLocation] = [:]

        func start(isMapping: Bool, tag: String?, anchor: String?, location: SourceLocation) {
            self.isMapping = isMapping
            self.tag = tag
            self.anchor = anchor
            self.location = location
        }

        /// The finished collection; leaves the frame empty for reuse.
        func finish() -> YAMLNode {
            let kind: YAMLNode.Kind = isMapping ? .mapping(entries) : .sequence(items)
            let node = YAMLNode(kind, tag: tag, location: location)
            items = []
            entries = []
            pendingKey = nil
            if !seen.isEmpty { seen = [:] }
            return node
        }
    }

    /// The document's root node, or `nil` for an empty document.
    func read(_ bytes: [UInt8]) throws(YAMLError) -> YAMLNode? {
        guard bytes.count <= limits.maxDocumentBytes else {
            throw .limitExceeded(limit: "the document size (maxDocumentBytes \(limits.maxDocumentBytes))", value: bytes.count,
                                 location: SourceLocation(file: file, line: 1, column: 1))
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .syntax(problem: "libyaml could not start", context: nil, location: SourceLocation(file: file, line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { buffer throws(YAMLError) -> YAMLNode? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return try parse(&parser)
        }
    }

    private func parse(_ parser: inout yaml_parser_t) throws(YAMLError) -> YAMLNode? {
        var stack: [Frame] = []
        var spare: [Frame] = []
        func open(isMapping: Bool, tag: String?, anchor: String?, location: SourceLocation) {
            let frame = spare.popLast() ?? Frame()
            frame.start(isMapping: isMapping, tag: tag, anchor: anchor, location: location)
            stack.append(frame)
        }
        var anchors: [String: YAMLNode] = [:]
        var expanded = 0
        var root: YAMLNode?
        var documents = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError(parser) }
            defer { yaml_event_delete(&event) }
            let location = SourceLocation(file: file, line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            var finished: YAMLNode?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw .badValue(value: "---", reason: "a config file holds one YAML document; split the others into files and import them",
                                    location: location)
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                guard scalar.length <= limits.maxScalarBytes else {
                    throw .limitExceeded(limit: "a scalar's length (maxScalarBytes \(limits.maxScalarBytes))", value: Int(scalar.length), location: location)
                }
                let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(scalar.length)), as: UTF8.self) } ?? ""
                let tag = try checkedTag(scalar.tag, location)
                let node = YAMLNode(.scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), tag: tag, location: location)
                if let anchor = string(scalar.anchor) { anchors[anchor] = node }
                finished = node
            case YAML_ALIAS_EVENT:
                let name = string(event.data.alias.anchor) ?? ""
                guard let target = anchors[name] else {
                    throw .badValue(value: "*\(name)", reason: "no anchor &\(name) comes before it", location: location)
                }
                expanded += target.weight
                guard expanded <= limits.maxAliasExpansion else {
                    throw .limitExceeded(limit: "the nodes aliases expand to (maxAliasExpansion \(limits.maxAliasExpansion))", value: expanded, location: location)
                }
                finished = target
            case YAML_SEQUENCE_START_EVENT:
                try checkDepth(stack.count + 1, location)
                let start = event.data.sequence_start
                open(isMapping: false, tag: try checkedTag(start.tag, location), anchor: string(start.anchor), location: location)
            case YAML_MAPPING_START_EVENT:
                try checkDepth(stack.count + 1, location)
                let start = event.data.mapping_start
                open(isMapping: true, tag: try checkedTag(start.tag, location), anchor: string(start.anchor), location: location)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { break }
                let anchor = frame.anchor
                let node = frame.finish()
                spare.append(frame)
                if let anchor { anchors[anchor] = node }
                finished = node
            default:
                break
            }
            guard let node = finished else { continue }
            if let parent = stack.last {
                try add(node, to: parent)
            } else {
                root = node
            }
        }
    }

    private func add(_ node: YAMLNode, to frame: Frame) throws(YAMLError) {
        // Most collections hold a few entries: room for four at once, not one, two, four.
        guard frame.isMapping else {
            if frame.items.capacity == 0 { frame.items.reserveCapacity(4) }
            frame.items.append(node)
            return
        }
        guard let key = frame.pendingKey else {
            frame.pendingKey = node
            return
        }
        if let text = key.scalar {
            // A small map is searched; a large one (the services) gets an index of its keys.
            if frame.entries.count < 16 {
                if let first = frame.entries.first(where: { $0.key.scalar == text }) {
                    throw .duplicateKey(key: text, location: key.location, first: first.key.location)
                }
            } else {
                if frame.seen.isEmpty {
                    for entry in frame.entries { if let known = entry.key.scalar { frame.seen[known] = entry.key.location } }
                }
                if let first = frame.seen[text] { throw .duplicateKey(key: text, location: key.location, first: first) }
                frame.seen[text] = key.location
            }
        }
        if frame.entries.capacity == 0 { frame.entries.reserveCapacity(4) }
        frame.entries.append((key, node))
        frame.pendingKey = nil
    }

    private func checkDepth(_ depth: Int, _ location: SourceLocation) throws(YAMLError) {
        if depth > limits.maxDepth {
            throw .limitExceeded(limit: "the nesting depth (maxDepth \(limits.maxDepth))", value: depth, location: location)
        }
    }

    private func checkedTag(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ location: SourceLocation) throws(YAMLError) -> String? {
        guard let tag = string(pointer) else { return nil }
        guard Self.standardTags.contains(tag) else { throw .unknownTag(tag: tag, location: location) }
        return tag
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    private func syntaxError(_ parser: yaml_parser_t) -> YAMLError {
        let mark = parser.problem_mark
        let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
        let context = parser.context.map { String(cString: $0) }
        return .syntax(problem: problem, context: context,
                       location: SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }
}
