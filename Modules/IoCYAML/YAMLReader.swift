import CLibYAML
import IoCConfig
import IoCCore

/// Reads one YAML document into nodes with libyaml's event API, enforcing ``YAMLLimits``:
/// document size, scalar length, nesting depth, alias expansion, duplicate keys, known tags.
struct YAMLReader {
    let limits: YAMLLimits
    let file: String

    /// The tags a document may use: YAML's standard ones, then Symfony's, which the translator
    /// gives each its meaning or refuses with a reason. A node keeps its tag's place in this list.
    static let knownTags: [String] = [
        "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
        "tag:yaml.org,2002:null", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "!",
        "!tagged_iterator", "!tagged", "!tagged_locator", "!service_locator", "!iterator", "!abstract",
        "!returns_clone", "!closure", "!service_closure", "!service",
    ]

    /// A collection being read: its members wait on the reader's shared stack of node numbers
    /// until it ends. A value on the reader's own stack of frames: no object per collection.
    private struct Frame {
        var isMapping: Bool
        var tag: UInt8
        var anchor: String?
        var line: Int
        var column: Int
        /// Where its members start on the shared stack.
        var start: Int
        /// A large map's keys so far, by text (small maps are searched instead).
        var seen: [String: Int32] = [:]
    }

    /// The document, or `nil` for an empty one. Its size is checked already (the config
    /// loader's `ConfigImports.checkSize`): at most 2 GiB, which the tables' 32-bit numbers need.
    func read(_ bytes: [UInt8]) throws(ConfigError) -> YAMLDocument? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .syntax(problem: "libyaml could not start", context: nil, location: ConfigLocation(file: file, line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        var tables = YAMLDocument.Tables(expectedBytes: bytes.count)
        let root = try bytes.withUnsafeBufferPointer { buffer throws(ConfigError) -> Int32? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return try parse(&parser, into: &tables)
        }
        guard let root else { return nil }
        return YAMLDocument(file: file, tables: tables, root: root)
    }

    private func parse(_ parser: inout yaml_parser_t, into document: inout YAMLDocument.Tables) throws(ConfigError) -> Int32? {
        var stack: [Frame] = []
        stack.reserveCapacity(16)
        // The members of every open collection, innermost last.
        var pending: [Int32] = []
        pending.reserveCapacity(64)
        var anchors: [String: Int32] = [:]
        var expanded = 0
        var expandedBytes = 0
        var root: Int32?
        var documents = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError(parser) }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            // NB (docs/PerformanceLedger.md L1): made only where a check needs it: reading `self.file` for every event copied the
            // reader (its file name, a counted reference) once an event (`profile yaml-only`).
            var location: ConfigLocation { Self.location(file, line, column) }
            var finished: Int32?
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
                let tag = scalar.tag == nil ? 0 : try checkedTag(scalar.tag, location)
                let node = document.scalar(UnsafeBufferPointer(start: UnsafePointer(scalar.value), count: scalar.value == nil ? 0 : Int(scalar.length)),
                                           plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, tag: tag, line: line, column: column)
                if let anchor = string(scalar.anchor) { anchors[anchor] = node }
                finished = node
            case YAML_ALIAS_EVENT:
                let name = string(event.data.alias.anchor) ?? ""
                guard let target = anchors[name] else {
                    throw .badValue(value: "*\(name)", reason: "no anchor &\(name) comes before it", location: location)
                }
                expanded += document.records[Int(target)].weight
                guard expanded <= limits.maxAliasExpansion else {
                    throw .limitExceeded(limit: "the nodes aliases expand to (maxAliasExpansion \(limits.maxAliasExpansion))", value: expanded, location: location)
                }
                // And the text they repeat: each alias of a long scalar becomes a string of its own
                // (a 1 MiB scalar aliased 100,000 times, in a file of 1.4 MB, asked for 100 GB).
                // The walk visits the target's weight in nodes, which the check above bounds.
                expandedBytes += document.scalarBytes(target)
                guard expandedBytes <= limits.maxDocumentBytes else {
                    throw .limitExceeded(limit: "the text aliases repeat (maxDocumentBytes \(limits.maxDocumentBytes))", value: expandedBytes, location: location)
                }
                finished = target
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                if stack.count + 1 > limits.maxDepth { try checkDepth(stack.count + 1, location) }
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let tag = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
                let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                stack.append(Frame(isMapping: isMapping, tag: tag == nil ? 0 : try checkedTag(tag, location), anchor: string(anchor),
                                   line: line, column: column, start: pending.count))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { break }
                let node = document.collection(isMapping: frame.isMapping, members: pending[frame.start...], tag: frame.tag,
                                               line: frame.line, column: frame.column)
                pending.removeSubrange(frame.start...)
                if let anchor = frame.anchor { anchors[anchor] = node }
                finished = node
            default:
                break
            }
            guard let node = finished else { continue }
            if !stack.isEmpty {
                let parent = stack.count - 1
                if stack[parent].isMapping, (pending.count - stack[parent].start) % 2 == 1 {
                    try checkUnique(key: pending[pending.count - 1], in: &stack[parent], pending: pending, document)
                }
                pending.append(node)
            } else {
                root = node
            }
        }
    }

    /// Refuses a map key written twice, when its value has been read.
    private func checkUnique(key: Int32, in frame: inout Frame, pending: [Int32], _ document: YAMLDocument.Tables) throws(ConfigError) {
        guard document.records[Int(key)].shape == .scalar else { return }
        // The keys before this one: every other member, from the frame's start.
        let keys = stride(from: frame.start, to: pending.count - 1, by: 2)
        let earlierKeys = (pending.count - 1 - frame.start) / 2
        func fail(_ first: Int32) -> ConfigError {
            func location(_ node: Int32) -> ConfigLocation {
                ConfigLocation(file: file, line: Int(document.records[Int(node)].line), column: Int(document.records[Int(node)].column))
            }
            return .duplicateKey(key: document.string(key), location: location(key), first: location(first))
        }
        func isScalar(_ node: Int32) -> Bool { document.records[Int(node)].shape == .scalar }
        // A small map is searched; a large one (the services) gets an index of its keys.
        if earlierKeys < 16 {
            for position in keys where isScalar(pending[position]) && document.sameText(pending[position], key) {
                throw fail(pending[position])
            }
            return
        }
        if frame.seen.isEmpty {
            // The keys so far are unique: each was checked when its value was read.
            for position in keys where isScalar(pending[position]) {
                frame.seen[document.string(pending[position])] = pending[position]
            }
        }
        if let first = frame.seen.updateValue(key, forKey: document.string(key)) { throw fail(first) }
    }

    private static func location(_ file: String, _ line: Int, _ column: Int) -> ConfigLocation {
        ConfigLocation(file: file, line: line, column: column)
    }

    private func checkDepth(_ depth: Int, _ location: ConfigLocation) throws(ConfigError) {
        if depth > limits.maxDepth {
            throw .limitExceeded(limit: "the nesting depth (maxDepth \(limits.maxDepth))", value: depth, location: location)
        }
    }

    /// The tag's place in ``knownTags`` plus one, or the reason it is refused.
    private func checkedTag(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ location: ConfigLocation) throws(ConfigError) -> UInt8 {
        guard let tag = string(pointer) else { return 0 }
        if tag.hasPrefix("!php/") {
            throw .refused(construct: tag, reason: "it makes a PHP constant, object or enum case; give the value itself, or register it in code", location: location)
        }
        if tag == "tag:yaml.org,2002:binary" {
            throw .refused(construct: "!!binary", reason: "config values here are text, numbers, booleans, lists and maps, not raw bytes; give the text itself, or a base64 string that the component decodes", location: location)
        }
        guard let place = Self.knownTags.firstIndex(of: tag) else { throw .unknownTag(tag: tag, location: location) }
        return UInt8(place + 1)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    private func syntaxError(_ parser: yaml_parser_t) -> ConfigError {
        let mark = parser.problem_mark
        let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
        let location = ConfigLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        // Where the construct the parser was in began: the `{` or `[` left open, the quote.
        let start = ConfigLocation(file: file, line: Int(parser.context_mark.line) + 1, column: Int(parser.context_mark.column) + 1)
        let context = parser.context.map { String(cString: $0) + (start == location ? "" : " started at \(start)") }
        return .syntax(problem: problem, context: context, location: location)
    }
}
