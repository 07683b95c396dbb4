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
enum XMLDocumentReader {
    static func read(_ bytes: [UInt8], file: String, limits: XMLLimits) throws(XMLError) -> XMLElementNode {
        guard bytes.count <= limits.maxDocumentBytes else {
            throw .limitExceeded(limit: "the document size (maxDocumentBytes \(limits.maxDocumentBytes))", value: bytes.count,
                                 location: SourceLocation(file: file, line: 1))
        }
        cxml_install_refusing_loader()
        guard let context = xmlNewParserCtxt() else {
            throw .malformed(message: "libxml2 could not start", location: SourceLocation(file: file, line: 1))
        }
        defer { xmlFreeParserCtxt(context) }
        let handler = cxml_silence_generic_errors()
        defer { cxml_restore_generic_errors(handler) }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlCtxtReadMemory(context, chars.baseAddress, Int32(clamping: chars.count), file, nil, cxml_safe_options())
            }
        }
        guard let document else {
            let error = xmlCtxtGetLastError(context)
            let message = error?.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed"
            let line = Int(error?.pointee.line ?? 0)
            let column = Int(error?.pointee.int2 ?? 0)
            let location = SourceLocation(file: file, line: max(line, 1), column: column)
            // libxml2 2.9 reports its own depth limit as an internal error with this text.
            if error?.pointee.code == Int32(XML_ERR_INTERNAL_ERROR.rawValue), message.hasPrefix("Excessive depth in document") {
                throw .nestingTooDeep(maxDepth: limits.maxDepth, location: location)
            }
            throw .malformed(message: message, location: location)
        }
        defer { xmlFreeDoc(document) }
        if cxml_has_dtd(document) != 0 { throw .dtdRefused(location: SourceLocation(file: file, line: 1)) }
        guard let root = xmlDocGetRootElement(document) else {
            throw .malformed(message: "the document has no root element", location: SourceLocation(file: file, line: 1))
        }
        return try element(root, document: document, file: file, depth: 1, limits: limits)
    }

    static let schemaInstance = "http://www.w3.org/2001/XMLSchema-instance"
    /// Spring's p-namespace (properties as attributes) and c-namespace (constructor arguments).
    static let springShortcuts = ["http://www.springframework.org/schema/p": "p",
                                  "http://www.springframework.org/schema/c": "c"]

    private static func element(_ node: xmlNodePtr, document: xmlDocPtr, file: String, depth: Int, limits: XMLLimits) throws(XMLError) -> XMLElementNode {
        let location = SourceLocation(file: file, line: Int(xmlGetLineNo(node)))
        guard depth <= limits.maxDepth else {
            throw .limitExceeded(limit: "the nesting depth (maxDepth \(limits.maxDepth))", value: depth, location: location)
        }
        var attributes: [(String, String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = String(cString: current.pointee.name)
            let namespace = current.pointee.ns?.pointee.href.map { String(cString: $0) }
            let prefix = current.pointee.ns?.pointee.prefix.map { String(cString: $0) }
            if let raw = cxml_attribute_value(document, current) {
                defer { cxml_free(raw) }
                let value = String(cString: raw)
                guard value.utf8.count <= limits.maxValueBytes else {
                    throw .limitExceeded(limit: "an attribute's length (maxValueBytes \(limits.maxValueBytes))", value: value.utf8.count, location: location)
                }
                // xsi: attributes (schemaLocation) are for editors, not for the container; any other
                // namespaced attribute (Spring's p: and c: shortcuts) keeps its prefix, so that the
                // vocabulary check names it instead of dropping what it sets.
                if namespace != Self.schemaInstance {
                    // Spring's shortcut namespaces get their usual prefixes, whatever the document calls them.
                    let shownPrefix = namespace.flatMap { Self.springShortcuts[$0] } ?? prefix
                    attributes.append((shownPrefix.map { "\($0):\(name)" } ?? name, value))
                }
            }
            attribute = current.pointee.next
        }
        var children: [XMLElementNode] = []
        var text = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(try element(current, document: document, file: file, depth: depth + 1, limits: limits))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
                guard text.utf8.count <= limits.maxValueBytes else {
                    throw .limitExceeded(limit: "a text's length (maxValueBytes \(limits.maxValueBytes))", value: text.utf8.count, location: location)
                }
            case XML_ENTITY_REF_NODE:
                throw .dtdRefused(location: location)
            default:
                break
            }
            child = current.pointee.next
        }
        return XMLElementNode(name: String(cString: node.pointee.name), attributes: attributes, children: children,
                              text: trimmingXMLWhitespace(text), location: location)
    }

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
