import CLibXML2
import IoCCore

/// An element of a parsed document: name, attributes in order, child elements, text, line.
/// The libxml2 document is read into these and freed at once.
struct XMLElementNode {
    let name: String
    let attributes: [(name: String, value: String)]
    let children: [XMLElementNode]
    let text: String
    let location: SourceLocation

    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
}

/// Parses XML bytes with libxml2 under safe options: no DTD, no entities, no network, bounded.
///
/// The elements are built straight from libxml2's SAX2 events: no libxml2 document is made and
/// freed, and the limits apply while the parser reads (it stops at the first one exceeded). A
/// `<!DOCTYPE` stops the parser before anything in it is read.
enum XMLDocumentReader {
    static func read(_ bytes: [UInt8], file: String, limits: XMLLimits) throws(XMLError) -> XMLElementNode {
        guard bytes.count <= limits.maxDocumentBytes else {
            throw .limitExceeded(limit: "the document size (maxDocumentBytes \(limits.maxDocumentBytes))", value: bytes.count,
                                 location: SourceLocation(file: file, line: 1))
        }
        cxml_install_refusing_loader()
        let handler = cxml_silence_generic_errors()
        defer { cxml_restore_generic_errors(handler) }
        let built: ElementBuilder? = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let context = xmlCreateMemoryParserCtxt(chars.baseAddress, Int32(clamping: chars.count)) else { return nil }
                defer { xmlFreeParserCtxt(context) }
                let builder = ElementBuilder(file: file, limits: limits, context: context)
                _ = xmlCtxtUseOptions(context, cxml_safe_options())
                context.pointee.sax.pointee = ElementBuilder.events()
                context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
                withExtendedLifetime(builder) { _ = xmlParseDocument(context) }
                if builder.failure == nil, context.pointee.wellFormed == 0 { builder.failure = malformed(context, file: file, limits: limits) }
                return builder
            }
        }
        guard let built else { throw .malformed(message: "libxml2 could not start", location: SourceLocation(file: file, line: 1)) }
        if let failure = built.failure { throw failure }
        guard let root = built.root else {
            throw .malformed(message: "the document has no root element", location: SourceLocation(file: file, line: 1))
        }
        return root
    }

    /// The error libxml2 stopped at.
    private static func malformed(_ context: xmlParserCtxtPtr, file: String, limits: XMLLimits) -> XMLError {
        let error = xmlCtxtGetLastError(context)
        let message = error?.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed"
        let line = Int(error?.pointee.line ?? 0)
        let column = Int(error?.pointee.int2 ?? 0)
        let location = SourceLocation(file: file, line: max(line, 1), column: column)
        // libxml2 2.9 reports its own depth limit as an internal error with this text.
        if error?.pointee.code == Int32(XML_ERR_INTERNAL_ERROR.rawValue), message.hasPrefix("Excessive depth in document") {
            return .nestingTooDeep(maxDepth: limits.maxDepth, location: location)
        }
        return .malformed(message: message, location: location)
    }

    static let schemaInstance = "http://www.w3.org/2001/XMLSchema-instance"
    /// Spring's p-namespace (properties as attributes) and c-namespace (constructor arguments).
    static let springShortcuts = ["http://www.springframework.org/schema/p": "p",
                                  "http://www.springframework.org/schema/c": "c"]
}

/// Builds elements from SAX2 events; the first problem stops the parser and is kept.
private final class ElementBuilder {
    /// An element whose end tag has not come yet.
    struct Open {
        let name: String
        let attributes: [(name: String, value: String)]
        var children: [XMLElementNode] = []
        var text = ""
        let location: SourceLocation
    }

    let file: String
    let limits: XMLLimits
    let context: xmlParserCtxtPtr
    var open: [Open] = []
    var root: XMLElementNode?
    var failure: XMLError?
    /// Names as Swift strings, by the address of libxml2's interned copy: a document repeats a
    /// few element and attribute names many times.
    private var names: [UnsafeRawPointer: String] = [:]

    init(file: String, limits: XMLLimits, context: xmlParserCtxtPtr) {
        self.file = file
        self.limits = limits
        self.context = context
    }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> ElementBuilder? {
        pointer.map { Unmanaged<ElementBuilder>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The handler: elements, text and CDATA; a document type declaration is refused as it starts.
    static func events() -> xmlSAXHandler {
        var events = xmlSAXHandler()
        events.initialized = XML_SAX2_MAGIC
        events.startElementNs = { user, name, prefix, uri, _, _, count, _, attributes in
            ElementBuilder.from(user)?.start(name, Int(count), attributes)
        }
        events.endElementNs = { user, _, _, _ in ElementBuilder.from(user)?.end() }
        events.characters = { user, text, length in ElementBuilder.from(user)?.text(text, Int(length)) }
        events.ignorableWhitespace = events.characters
        events.internalSubset = { user, _, _, _ in
            guard let builder = ElementBuilder.from(user) else { return }
            builder.stop(.dtdRefused(location: SourceLocation(file: builder.file, line: 1)))
        }
        return events
    }

    private var line: Int { Int(context.pointee.input?.pointee.line ?? 1) }

    private func stop(_ error: XMLError) {
        guard failure == nil else { return }
        failure = error
        xmlStopParser(context)
    }

    private func name(_ pointer: UnsafePointer<xmlChar>) -> String {
        let key = UnsafeRawPointer(pointer)
        if let known = names[key] { return known }
        let made = String(cString: pointer)
        names[key] = made
        return made
    }

    private func start(_ element: UnsafePointer<xmlChar>?, _ count: Int, _ values: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard failure == nil, let element else { return }
        let location = SourceLocation(file: file, line: line)
        guard open.count < limits.maxDepth else {
            return stop(.limitExceeded(limit: "the nesting depth (maxDepth \(limits.maxDepth))", value: open.count + 1, location: location))
        }
        var attributes: [(name: String, value: String)] = []
        if count > 0, let values {
            attributes.reserveCapacity(count)
            // Five pointers per attribute: local name, prefix, namespace, value start, value end.
            for index in 0..<count {
                guard let localName = values[index * 5], let start = values[index * 5 + 3], let end = values[index * 5 + 4] else { continue }
                let length = end - start
                guard length <= limits.maxValueBytes else {
                    return stop(.limitExceeded(limit: "an attribute's length (maxValueBytes \(limits.maxValueBytes))", value: length, location: location))
                }
                let namespace = values[index * 5 + 2].map { name($0) }
                // xsi: attributes (schemaLocation) are for editors, not for the container; any other
                // namespaced attribute (Spring's p: and c: shortcuts) keeps its prefix, so that the
                // vocabulary check names it instead of dropping what it sets.
                if namespace == XMLDocumentReader.schemaInstance { continue }
                // Spring's shortcut namespaces get their usual prefixes, whatever the document calls them.
                let prefix = namespace.flatMap { XMLDocumentReader.springShortcuts[$0] } ?? values[index * 5 + 1].map { name($0) }
                let local = name(localName)
                attributes.append((prefix.map { "\($0):\(local)" } ?? local, Self.value(start, length)))
            }
        }
        open.append(Open(name: name(element), attributes: attributes, location: location))
    }

    private static func isXMLSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// An attribute's value. libxml2 decodes character and entity references in it, except an
    /// ampersand, which it hands on as `&#38;` when it does not substitute entities.
    private static func value(_ start: UnsafePointer<xmlChar>, _ length: Int) -> String {
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
        guard failure == nil, let element = open.popLast() else { return }
        let node = XMLElementNode(name: element.name, attributes: element.attributes, children: element.children,
                                  text: XMLDocumentReader.trimmingXMLWhitespace(element.text), location: element.location)
        if open.isEmpty {
            root = node
        } else {
            // Room for four children at once, not one, two, four: a bean has a few.
            if open[open.count - 1].children.capacity == 0 { open[open.count - 1].children.reserveCapacity(4) }
            open[open.count - 1].children.append(node)
        }
    }

    private func text(_ characters: UnsafePointer<xmlChar>?, _ length: Int) {
        guard failure == nil, let characters, !open.isEmpty else { return }
        let added = UnsafeBufferPointer(start: characters, count: length)
        // White space before any text is trimmed at the end anyway: most of it is indentation
        // between elements, not kept at all.
        if open[open.count - 1].text.isEmpty, added.allSatisfy(Self.isXMLSpace) { return }
        open[open.count - 1].text += String(decoding: added, as: UTF8.self)
        let total = open[open.count - 1].text.utf8.count
        guard total <= limits.maxValueBytes else {
            return stop(.limitExceeded(limit: "a text's length (maxValueBytes \(limits.maxValueBytes))", value: total,
                                       location: open[open.count - 1].location))
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
