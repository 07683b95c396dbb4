import CLibXML2
import IoCConfig
import IoCCore

/// A parsed document's elements in one table, in document order, with every attribute in one
/// list: reading makes no object per element (an array of attributes and one of children per
/// element did, four or five per bean).
final class XMLElementTable {
    struct Record {
        let name: String
        let firstAttribute: Int32
        let attributeCount: Int32
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        var text = ""
        let line: Int32
    }

    let file: String
    // NB: a document is read and translated on one thread: no dynamic exclusivity checks.
    @exclusivity(unchecked) var records: [Record] = []
    @exclusivity(unchecked) var attributes: [(name: String, value: String)] = []
    /// The root element's namespace URI, which the names of its elements leave out.
    var rootNamespace: String?

    init(file: String, expectedBytes: Int) {
        self.file = file
        // About one element per 70 bytes and one attribute per 45 in a typical beans file.
        records.reserveCapacity(max(16, expectedBytes / 70))
        attributes.reserveCapacity(max(16, expectedBytes / 45))
    }

    /// Adds an element whose attributes are the last `attributeCount` added, as the last child of `parent`.
    func add(name: String, attributeCount: Int, line: Int, parent: Int32?) -> Int32 {
        let index = Int32(records.count)
        records.append(Record(name: name, firstAttribute: Int32(attributes.count - attributeCount),
                              attributeCount: Int32(attributeCount), line: Int32(clamping: line)))
        if let parent {
            let last = records[Int(parent)].lastChild
            if last < 0 { records[Int(parent)].firstChild = index } else { records[Int(last)].nextSibling = index }
            records[Int(parent)].lastChild = index
        }
        return index
    }
}

/// An element of a parsed document: name, attributes in order, child elements, text, line;
/// a view of its entry in the document's ``XMLElementTable``.
struct XMLElementNode {
    let table: XMLElementTable
    let index: Int32

    var name: String { table.records[Int(index)].name }
    /// The namespace URI of the document's root element.
    var rootNamespace: String? { table.rootNamespace }
    /// The element's text without the white space around it.
    var text: String { XMLDocumentReader.trimmingXMLWhitespace(table.records[Int(index)].text) }
    /// A `<value>` element's text as written, white space and newlines included, as Spring
    /// keeps it (an INI block, a script); other elements keep no leading white space.
    var writtenText: String { table.records[Int(index)].text }
    var location: ConfigLocation { ConfigLocation(file: table.file, line: Int(table.records[Int(index)].line)) }
    var attributes: XMLAttributes {
        XMLAttributes(table: table, first: Int(table.records[Int(index)].firstAttribute), count: Int(table.records[Int(index)].attributeCount))
    }
    var children: XMLChildren { XMLChildren(table: table, first: table.records[Int(index)].firstChild) }

    func attribute(_ name: String) -> String? {
        let first = Int(table.records[Int(index)].firstAttribute)
        for at in first..<first + Int(table.records[Int(index)].attributeCount) where table.attributes[at].name == name {
            return table.attributes[at].value
        }
        return nil
    }
}

/// An element's attributes, in the order written.
struct XMLAttributes: RandomAccessCollection {
    let table: XMLElementTable
    let first: Int
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> (name: String, value: String) {
        precondition(position >= 0 && position < count, "index out of range")
        return table.attributes[first + position]
    }
}

/// An element's child elements, in document order.
struct XMLChildren: Sequence, IteratorProtocol {
    let table: XMLElementTable
    var following: Int32

    init(table: XMLElementTable, first: Int32) {
        self.table = table
        self.following = first
    }

    mutating func next() -> XMLElementNode? {
        guard following >= 0 else { return nil }
        let node = XMLElementNode(table: table, index: following)
        following = table.records[Int(following)].nextSibling
        return node
    }
}

/// Parses XML bytes with libxml2 under safe options: no DTD, no entities, no network, bounded.
///
/// The elements are built straight from libxml2's SAX2 events: no libxml2 document is made and
/// freed, and the limits apply while the parser reads (it stops at the first one exceeded). A
/// `<!DOCTYPE` stops the parser before anything in it is read.
enum XMLDocumentReader {
    static func read(_ bytes: [UInt8], file: String, limits: XMLLimits) throws(ConfigError) -> XMLElementNode {
        // NB: its size is checked already (the config loader's `ConfigImports.checkSize`): at
        // most 2 GiB, since libxml2 takes the length as a 32-bit int.
        cxml_install_refusing_loader()
        let handler = cxml_silence_generic_errors()
        defer { cxml_restore_generic_errors(handler) }
        let table = XMLElementTable(file: file, expectedBytes: bytes.count)
        let built: ElementBuilder? = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let context = xmlCreateMemoryParserCtxt(chars.baseAddress, Int32(clamping: chars.count)) else { return nil }
                defer { xmlFreeParserCtxt(context) }
                let builder = ElementBuilder(table: table, limits: limits, context: context)
                _ = xmlCtxtUseOptions(context, cxml_safe_options())
                context.pointee.sax.pointee = ElementBuilder.events()
                context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
                withExtendedLifetime(builder) { _ = xmlParseDocument(context) }
                if !builder.failed, context.pointee.wellFormed == 0 { builder.record(malformed(builder.firstError, context, file: file, limits: limits)) }
                return builder
            }
        }
        guard let built else { throw .malformed(message: "libxml2 could not start", location: ConfigLocation(file: file, line: 1)) }
        if let failure = built.failure { throw failure }
        guard !table.records.isEmpty else {
            throw .malformed(message: "the document has no root element", location: ConfigLocation(file: file, line: 1))
        }
        return XMLElementNode(table: table, index: 0)
    }

    /// The first error libxml2 met (`first`), else the one it stopped at.
    private static func malformed(_ first: ElementBuilder.ParseError?, _ context: xmlParserCtxtPtr, file: String, limits: XMLLimits) -> ConfigError {
        let last = xmlCtxtGetLastError(context)
        let message = first?.message ?? last?.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed"
        let line = first?.line ?? Int(last?.pointee.line ?? 0)
        let column = first?.column ?? Int(last?.pointee.int2 ?? 0)
        let code = first?.code ?? last?.pointee.code
        let location = ConfigLocation(file: file, line: max(line, 1), column: column)
        // libxml2 2.9 reports its own depth limit as an internal error with this text.
        if code == Int32(XML_ERR_INTERNAL_ERROR.rawValue), message.hasPrefix("Excessive depth in document") {
            return .nestingTooDeep(maxDepth: limits.maxDepth, location: location)
        }
        return .malformed(message: message, location: location)
    }

    /// Where Spring's schemas are: the namespaces whose attributes mean something to it.
    static let springSchemas = "http://www.springframework.org/schema/"
    /// A namespace URI as this reader compares it: Spring's and the W3C's written with
    /// `https://` are the same namespaces as with `http://` (documents of either kind exist).
    static func canonicalNamespace(_ uri: String) -> String {
        for host in ["https://www.springframework.org/", "https://www.w3.org/"] where uri.hasPrefix(host) {
            return "http://" + uri.dropFirst("https://".count)
        }
        return uri
    }

    static let schemaInstance = "http://www.w3.org/2001/XMLSchema-instance"
    /// `xml:lang`, `xml:space`, `xml:base`: about the document's text, not the components.
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    static let beansNamespace = "http://www.springframework.org/schema/beans"
    /// Spring's namespaces, by URI, with the prefix this reader gives their elements.
    static let springNamespaces: [String: String] = Dictionary(uniqueKeysWithValues: [
        "util", "context", "aop", "tx", "jdbc", "jee", "mvc", "lang", "task", "cache", "jms", "oxm", "websocket", "security",
        "integration", "batch", "rabbit", "data", "jpa", "webflow-config", "tool",
    ].map { ("http://www.springframework.org/schema/\($0)", $0) })
    /// Spring's p-namespace (properties as attributes) and c-namespace (constructor arguments).
    static let springShortcuts = ["http://www.springframework.org/schema/p": "p",
                                  "http://www.springframework.org/schema/c": "c"]
}

/// Builds elements from SAX2 events; the first problem stops the parser and is kept.
private final class ElementBuilder {  // docs/PerformanceLedger.md U6
    let table: XMLElementTable
    let limits: XMLLimits
    let context: xmlParserCtxtPtr
    // NB: one parser calls its builder, on one thread: no dynamic exclusivity checks (they
    // cost more than the work of most events).
    /// The elements whose end tag has not come yet, innermost last.
    @exclusivity(unchecked) var open: [Int32] = []
    /// What stopped the parse, if anything; set through ``stop(_:)``.
    private(set) var failure: ConfigError?
    /// Whether the parse was stopped: what each event checks first.
    // NB: a flag beside the error, since comparing the optional error with `nil` copied and
    // destroyed it in every event (docs/PerformanceLedger.md L1).
    @exclusivity(unchecked) private(set) var failed = false
    /// Names as Swift strings, by the address of libxml2's interned copy: a document repeats a
    /// few element and attribute names many times. The first few are searched by address
    /// (cheaper than hashing it), any others are kept by it.
    @exclusivity(unchecked) private var recentNames: [(pointer: UnsafeRawPointer, name: String)] = []
    @exclusivity(unchecked) private var names: [UnsafeRawPointer: String] = [:]
    /// libxml2's first error: the one the document went wrong at. The parser may go on past it
    /// (a mismatched end tag), and its last error ("Premature end of data") says less.
    private(set) var firstError: ParseError?

    /// What libxml2 said of an error, copied out of its buffer.
    struct ParseError {
        let message: String
        let line: Int
        let column: Int
        let code: Int32
    }

    var file: String { table.file }

    init(table: XMLElementTable, limits: XMLLimits, context: xmlParserCtxtPtr) {
        self.table = table
        self.limits = limits
        self.context = context
    }

    /// Calls `body` with the builder `pointer` stands for, borrowed: the parse that calls back
    /// keeps it alive, so no reference is counted per event.
    // NB: its own `Unmanaged`, not IoCCore's `CallbackContext`, which the YAML writer uses: called
    // for every event, the shared one cost a bean more (docs/PerformanceLedger.md L20).
    static func with(_ pointer: UnsafeMutableRawPointer?, _ body: (ElementBuilder) -> Void) {
        guard let pointer else { return }
        Unmanaged<ElementBuilder>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// The handler: elements, text and CDATA; a document type declaration is refused as it starts.
    static func events() -> xmlSAXHandler {
        var events = xmlSAXHandler()
        events.initialized = XML_SAX2_MAGIC
        events.startElementNs = { user, name, _, uri, _, _, count, _, attributes in
            ElementBuilder.with(user) { $0.start(name, uri, Int(count), attributes) }
        }
        events.endElementNs = { user, _, _, _ in ElementBuilder.with(user) { $0.end() } }
        events.characters = { user, text, length in ElementBuilder.with(user) { $0.text(text, Int(length)) } }
        events.ignorableWhitespace = events.characters
        events.serror = { user, error in
            guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            ElementBuilder.with(user) { $0.note(error.pointee) }
        }
        // A `<!DOCTYPE beans PUBLIC "-//SPRING//DTD BEAN//EN" "...">` is accepted and never
        // loaded (no DTD option is set, and the entity loader refuses everything); any
        // declaration inside one stops the parser before it takes effect.
        events.internalSubset = { _, _, _, _ in }
        events.entityDecl = { user, _, _, _, _, _ in ElementBuilder.with(user) { $0.refuseDeclaration() } }
        events.elementDecl = { user, _, _, _ in ElementBuilder.with(user) { $0.refuseDeclaration() } }
        events.attributeDecl = { user, _, _, _, _, _, tree in
            xmlFreeEnumeration(tree)
            ElementBuilder.with(user) { $0.refuseDeclaration() }
        }
        events.notationDecl = { user, _, _, _ in ElementBuilder.with(user) { $0.refuseDeclaration() } }
        events.unparsedEntityDecl = { user, _, _, _, _ in ElementBuilder.with(user) { $0.refuseDeclaration() } }
        // An entity no DTD declares (no DTD is ever read) would otherwise vanish from the text.
        events.reference = { user, name in
            ElementBuilder.with(user) { builder in
                let entity = name.map { String(cString: $0) } ?? ""
                builder.stop(.malformed(message: "the entity reference &\(entity); cannot be resolved: no DTD is read, so only XML's five predefined entities and character references (&#38;) are understood",
                                        location: ConfigLocation(file: builder.file, line: builder.line)))
            }
        }
        return events
    }

    var line: Int { Int(context.pointee.input?.pointee.line ?? 1) }

    /// Keeps libxml2's first error.
    func note(_ error: xmlError) {
        guard firstError == nil else { return }
        let message = error.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed"
        firstError = ParseError(message: message, line: Int(error.line), column: Int(error.int2), code: error.code)
    }

    /// A declaration inside a `<!DOCTYPE>`: refused before it takes effect.
    func refuseDeclaration() {
        stop(.dtdRefused(location: ConfigLocation(file: file, line: line)))
    }

    func stop(_ error: ConfigError) {
        guard record(error) else { return }
        xmlStopParser(context)
    }

    /// Keeps `error` as the failure, unless there is one already; whether it kept it.
    @discardableResult
    func record(_ error: ConfigError) -> Bool {
        guard !failed else { return false }
        failure = error
        failed = true
        return true
    }

    private func name(_ pointer: UnsafePointer<xmlChar>) -> String {
        let key = UnsafeRawPointer(pointer)
        for index in recentNames.indices where recentNames[index].pointer == key { return recentNames[index].name }
        if let known = names[key] { return known }
        let made = String(cString: pointer)
        if recentNames.count < 24 { recentNames.append((key, made)) } else { names[key] = made }
        return made
    }

    /// The namespace of the root element: its vocabulary's (Spring's beans, spring-objective-c's assembly).
    private var home: String?

    /// An element's name as the translator reads it: the local name in the document's own
    /// vocabulary, `util:list` for Spring's other namespaces (whatever prefix the document
    /// gives them), `{uri}name` for any other namespace.
    private func qualifiedName(_ local: String, _ uri: UnsafePointer<xmlChar>?) -> String {
        guard let uri else { return local }
        let namespace = XMLDocumentReader.canonicalNamespace(name(uri))
        if open.isEmpty { home = namespace; table.rootNamespace = namespace }
        if namespace == home || namespace == XMLDocumentReader.beansNamespace { return local }
        if let prefix = XMLDocumentReader.springNamespaces[namespace] { return "\(prefix):\(local)" }
        return "{\(namespace)}\(local)"
    }

    private func start(_ element: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ count: Int,
                       _ values: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard !failed, let element else { return }
        let location = ConfigLocation(file: file, line: line)
        guard open.count < limits.maxDepth else {
            return stop(.limitExceeded(limit: "the nesting depth (maxDepth \(limits.maxDepth))", value: open.count + 1, location: location))
        }
        var added = 0
        if count > 0, let values {
            // Five pointers per attribute: local name, prefix, namespace, value start, value end.
            for index in 0..<count {
                guard let localName = values[index * 5], let start = values[index * 5 + 3], let end = values[index * 5 + 4] else { continue }
                let length = end - start
                guard length <= limits.maxValueBytes else {
                    return stop(.limitExceeded(limit: "an attribute's length (maxValueBytes \(limits.maxValueBytes))", value: length, location: location))
                }
                let namespace = values[index * 5 + 2].map { XMLDocumentReader.canonicalNamespace(name($0)) }
                // Attributes of namespaces other than Spring's (xsi:schemaLocation, xml:lang, a
                // tool's own) are for editors and tools, not for the container: Spring passes them
                // over, as the schema's `anyAttribute ##other` allows. Spring's own (the p: and c:
                // shortcuts, another namespace's decoration) keep their prefix, so that the
                // vocabulary check names them instead of dropping what they set.
                if let namespace, namespace != home, !namespace.hasPrefix(XMLDocumentReader.springSchemas) { continue }
                // Spring's shortcut namespaces get their usual prefixes, whatever the document calls them.
                let prefix = namespace.flatMap { XMLDocumentReader.springShortcuts[$0] } ?? values[index * 5 + 1].map { name($0) }
                let local = name(localName)
                table.attributes.append((prefix.map { "\($0):\(local)" } ?? local, Self.value(start, length)))
                added += 1
            }
        }
        open.append(table.add(name: qualifiedName(name(element), uri), attributeCount: added, line: location.line, parent: open.last))
    }

    private static func isXMLSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// An attribute's value. libxml2 decodes character and entity references in it, except an
    /// ampersand, which it hands on as `&#38;` when it does not substitute entities.
    static func value(_ start: UnsafePointer<xmlChar>, _ length: Int) -> String {
        let bytes = UnsafeBufferPointer(start: start, count: length)
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        let escape = Array("&#38;".utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(length)
        var index = 0
        while index < length {
            if bytes[index] == UInt8(ascii: "&"), index + escape.count <= length, bytes[index..<index + escape.count].elementsEqual(escape) {
                decoded.append(UInt8(ascii: "&"))
                index += escape.count
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private func end() {
        guard !failed else { return }
        _ = open.popLast()
    }

    private func text(_ characters: UnsafePointer<xmlChar>?, _ length: Int) {
        guard !failed, let characters, let element = open.last.map(Int.init) else { return }
        let added = UnsafeBufferPointer(start: characters, count: length)
        // White space before any text is left out (most of it is indentation between elements),
        // but a `<value>`'s text is kept as written.
        if table.records[element].text.isEmpty, added.allSatisfy(Self.isXMLSpace), table.records[element].name != "value" { return }
        table.records[element].text += String(decoding: added, as: UTF8.self)
        let total = table.records[element].text.utf8.count
        guard total <= limits.maxValueBytes else {
            return stop(.limitExceeded(limit: "a text's length (maxValueBytes \(limits.maxValueBytes))", value: total,
                                       location: XMLElementNode(table: table, index: Int32(element)).location))
        }
    }
}

extension XMLDocumentReader {
    /// The text without leading and trailing XML white space (space, tab, CR, LF), the only white
    /// space XML defines; most element texts are indentation only, so the check is on bytes.
    static func trimmingXMLWhitespace(_ text: String) -> String {
        let bytes = text.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        let end = bytes.index(after: last)  // the end, or a space: on a character boundary
        if first == bytes.startIndex && end == bytes.endIndex { return text }
        return String(text[first..<end])
    }
}

import Foundation
