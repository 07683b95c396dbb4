import Foundation

/// A reading in a form both sides can be written in: what Symfony or Spring holds (from the
/// oracle's JSON) and what swift-ioc holds (from its ``IoCCore/Definition``s), compared by value.
/// Maps keep the order they were written in only where the engine does; where one side cannot
/// (a Swift dictionary), both sides are sorted (``Canon/sortedMap(_:)``).
indirect enum Canon: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([Canon])
    /// Named parts, in order.
    case record([Entry])

    struct Entry: Equatable {
        let key: String
        let value: Canon
        init(_ key: String, _ value: Canon) {
            self.key = key
            self.value = value
        }
    }

    /// A record from pairs.
    static func record(_ pairs: KeyValuePairs<String, Canon>) -> Canon {
        .record(pairs.map { Entry($0.key, $0.value) })
    }

    /// A map whose order means nothing: its entries sorted by key.
    static func sortedMap(_ entries: [Entry]) -> Canon {
        .record(entries.sorted { $0.key < $1.key })
    }

    /// The part named `key` of a record.
    subscript(key: String) -> Canon? {
        guard case .record(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var items: [Canon]? {
        if case .list(let items) = self { return items }
        return nil
    }

    var entries: [Entry]? {
        if case .record(let entries) = self { return entries }
        return nil
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let text): return Self.quoted(text)
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .record(let entries): return "{" + entries.map { "\(Self.quoted($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes]),
              let quoted = String(data: data, encoding: .utf8) else { return "\"\(text)\"" }
        return quoted
    }

    /// A JSON value as the oracle wrote it: objects keep their keys' order only through
    /// ``JSONDocument``, so this reads the document's own tree.
    init(json: JSONDocument.Value) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let text):
            if let int = Int(text) { self = .int(int) } else { self = .double(Double(text) ?? .nan) }
        case .string(let text): self = .string(text)
        case .array(let items): self = .list(items.map(Canon.init(json:)))
        case .object(let pairs): self = .record(pairs.map { Entry($0.key, Canon(json: $0.value)) })
        }
    }
}

/// A small JSON reader that keeps an object's keys in their written order (Foundation's
/// `JSONSerialization` gives dictionaries, which lose it): Symfony's arguments, properties and
/// maps are ordered, and the oracle writes them in order.
enum JSONDocument {
    indirect enum Value: Equatable {
        case null
        case bool(Bool)
        /// The number's text, as written.
        case number(String)
        case string(String)
        case array([Value])
        case object([(key: String, value: Value)])

        static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): return true
            case let (.bool(a), .bool(b)): return a == b
            case let (.number(a), .number(b)): return a == b
            case let (.string(a), .string(b)): return a == b
            case let (.array(a), .array(b)): return a == b
            case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }

        subscript(key: String) -> Value? {
            guard case .object(let pairs) = self else { return nil }
            return pairs.first { $0.key == key }?.value
        }

        var string: String? {
            if case .string(let text) = self { return text }
            return nil
        }

        var bool: Bool? {
            if case .bool(let value) = self { return value }
            return nil
        }

        var array: [Value]? {
            if case .array(let items) = self { return items }
            return nil
        }

        var pairs: [(key: String, value: Value)]? {
            if case .object(let pairs) = self { return pairs }
            return nil
        }
    }

    struct Malformed: Error, CustomStringConvertible {
        let offset: Int
        var description: String { "malformed JSON at byte \(offset)" }
    }

    static func parse(_ data: Data) throws -> Value {
        var reader = Reader(bytes: Array(data))
        let value = try reader.value()
        reader.skipSpace()
        guard reader.at == reader.bytes.count else { throw Malformed(offset: reader.at) }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
        }

        mutating func expect(_ literal: String) throws {
            for byte in literal.utf8 {
                guard at < bytes.count, bytes[at] == byte else { throw Malformed(offset: at) }
                at += 1
            }
        }

        mutating func value() throws -> Value {
            skipSpace()
            guard at < bytes.count else { throw Malformed(offset: at) }
            switch bytes[at] {
            case UInt8(ascii: "n"): try expect("null"); return .null
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                at += 1
                var items: [Value] = []
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                while true {
                    items.append(try value())
                    skipSpace()
                    guard at < bytes.count else { throw Malformed(offset: at) }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    try expect("]")
                    return .array(items)
                }
            case UInt8(ascii: "{"):
                at += 1
                var pairs: [(key: String, value: Value)] = []
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(pairs) }
                while true {
                    skipSpace()
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    pairs.append((key, try value()))
                    skipSpace()
                    guard at < bytes.count else { throw Malformed(offset: at) }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    try expect("}")
                    return .object(pairs)
                }
            default:
                let start = at
                while at < bytes.count, "+-0123456789.eE".utf8.contains(bytes[at]) { at += 1 }
                guard at > start else { throw Malformed(offset: at) }
                return .number(String(decoding: bytes[start..<at], as: UTF8.self))
            }
        }

        mutating func string() throws -> String {
            try expect("\"")
            var scalars = String.UnicodeScalarView()
            var utf8: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll()
            }
            while at < bytes.count {
                let byte = bytes[at]
                at += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    guard at < bytes.count else { throw Malformed(offset: at) }
                    let escape = bytes[at]
                    at += 1
                    flush()
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            try expect("\\u")
                            let low = try hex4()
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw Malformed(offset: at) }
                        scalars.append(scalar)
                    default: scalars.append(Unicode.Scalar(escape))
                    }
                default: utf8.append(byte)
                }
            }
            throw Malformed(offset: at)
        }

        mutating func hex4() throws -> UInt32 {
            guard at + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16) else {
                throw Malformed(offset: at)
            }
            at += 4
            return code
        }
    }
}
