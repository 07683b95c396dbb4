import Foundation
import IoCCore

// Property sources read from files — a Java-style `.properties` file (a bean file's
// `context:property-placeholder`) and a JSON file — for `${key}` placeholders
// (IoCCore's `PropertySource`).

/// A Java-style `.properties` file: `key=value` or `key: value` lines, `#` and `!` comments,
/// a trailing `\` continues a line, `\n`, `\t`, `\uXXXX` escapes.
public struct PropertiesFileSource: PropertySource {
    /// The file's path, as messages name it.
    public let name: String
    /// The entries, by key (the config compiler writes a bean file's property files into the
    /// code it generates).
    package let values: [String: ConfigValue]

    /// Reads a `.properties` file.
    ///
    /// - Parameter url: The file.
    /// - Throws: A ``PropertySourceError`` naming the file when it cannot be read, or the line of
    ///   an entry that cannot be parsed.
    ///
    /// ```swift
    /// builder.propertySources.append(try PropertiesFileSource(contentsOf: URL(fileURLWithPath: "app.properties")))
    /// ```
    public init(contentsOf url: URL) throws(PropertySourceError) {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw PropertySourceError(source: url.path, line: 0, reason: "cannot be read: \(error.localizedDescription)")
        }
        try self.init(text: text, name: url.path)
    }

    /// Entries written in the config itself rather than read from a file (Spring's
    /// `<util:properties>` with `<prop>` children, named by `properties-ref`).
    ///
    /// ```swift
    /// let source = PropertiesFileSource(values: ["mail.host": .string("smtp.example.com")], name: "mailProperties")
    /// ```
    public init(values: [String: ConfigValue], name: String) {
        self.name = name
        self.values = values
    }

    /// Parses `.properties` text.
    ///
    /// - Parameters:
    ///   - text: The entries, one per line.
    ///   - name: How messages name the source.
    /// - Throws: A ``PropertySourceError`` naming the line of an entry that cannot be parsed.
    ///
    /// ```swift
    /// let source = try PropertiesFileSource(text: "weather.url=https://api.example.com\nreport.days=5", name: "inline")
    /// ```
    public init(text: String, name: String) throws(PropertySourceError) {
        self.name = name
        var values: [String: ConfigValue] = [:]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        var index = 0
        while index < lines.count {
            let firstLine = index + 1
            var logical = lines[index].drop { $0 == " " || $0 == "\t" }
            index += 1
            if logical.isEmpty || logical.hasPrefix("#") || logical.hasPrefix("!") { continue }
            while Self.endsWithContinuation(logical), index < lines.count {
                logical = logical.dropLast() + lines[index].drop { $0 == " " || $0 == "\t" }
                index += 1
            }
            let (key, value) = try Self.split(String(logical), line: firstLine, source: name)
            values[key] = ConfigValue(.string(value), at: ConfigLocation(file: name, line: firstLine))
        }
        self.values = values
    }

    /// The entry `key`, as a string at its line.
    ///
    /// ```swift
    /// let retries = try PropertiesFileSource(text: "retries=3", name: "inline").value(for: "retries")   // .string("3"), line 1
    /// ```
    public func value(for key: String) -> ConfigValue? { values[key] }

    private static func endsWithContinuation(_ line: Substring) -> Bool {
        var backslashes = 0
        for character in line.reversed() {
            guard character == "\\" else { break }
            backslashes += 1
        }
        return backslashes % 2 == 1
    }

    private static func split(_ line: String, line number: Int, source: String) throws(PropertySourceError) -> (String, String) {
        let characters = Array(line)
        var key = ""
        var index = 0
        var separated = false
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                key.append(characters[index + 1])
                index += 2
                continue
            }
            if character == "=" || character == ":" || character == " " || character == "\t" {
                separated = true
                break
            }
            key.append(character)
            index += 1
        }
        guard !key.isEmpty else { throw PropertySourceError(source: source, line: number, reason: "a line has no key") }
        // The separator: blanks, then at most one '=' or ':', then blanks.
        if separated {
            while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
            if index < characters.count, characters[index] == "=" || characters[index] == ":" { index += 1 }
            while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        }
        return (key, try unescape(String(characters[index...]), line: number, source: source))
    }

    private static func unescape(_ text: String, line: Int, source: String) throws(PropertySourceError) -> String {
        var result = ""
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            guard character == "\\" else { result.append(character); continue }
            guard let escaped = characters.popFirst() else { break }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "u":
                let hex = String(characters.prefix(4))
                guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                    throw PropertySourceError(source: source, line: line, reason: "bad \\u escape '\\u\(hex)'")
                }
                result.unicodeScalars.append(scalar)
                characters = characters.dropFirst(4)
            default: result.append(escaped)
            }
        }
        return result
    }
}

/// A JSON file; nested objects are reached with dotted keys (`{"weather": {"url": …}}` gives `weather.url`).
public struct JSONFilePropertySource: PropertySource {
    /// The file's path, or the name given, as messages name it.
    public let name: String
    private let values: [String: ConfigValue]

    /// Reads a JSON file whose top level is an object.
    ///
    /// - Parameter url: The file.
    /// - Throws: A ``PropertySourceError`` naming the file when it cannot be read, is not JSON, or
    ///   does not hold an object at the top.
    ///
    /// ```swift
    /// builder.propertySources.append(try JSONFilePropertySource(contentsOf: URL(fileURLWithPath: "config.json")))
    /// ```
    public init(contentsOf url: URL) throws(PropertySourceError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PropertySourceError(source: url.path, line: 0, reason: "cannot be read: \(error.localizedDescription)")
        }
        try self.init(data: data, name: url.path)
    }

    /// Parses JSON whose top level is an object.
    ///
    /// - Parameters:
    ///   - data: The JSON text.
    ///   - name: How messages name the source.
    /// - Throws: A ``PropertySourceError`` when `data` is not JSON or does not hold an object at the top.
    ///
    /// ```swift
    /// let source = try JSONFilePropertySource(data: Data(#"{"weather": {"url": "http://localhost"}}"#.utf8), name: "inline")
    /// ```
    public init(data: Data, name: String) throws(PropertySourceError) {
        self.name = name
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            throw PropertySourceError(source: name, line: 0, reason: "is not valid JSON (\(error.localizedDescription))")
        }
        guard object is [String: Any] else {
            throw PropertySourceError(source: name, line: 0, reason: "must hold a JSON object at the top")
        }
        var values: [String: ConfigValue] = [:]
        Self.flatten(ConfigValue(json: object, at: ConfigLocation(file: name, line: 0)), prefix: "", into: &values)
        self.values = values
    }

    /// The value at the dotted `key` (`weather.url`).
    ///
    /// ```swift
    /// let url = try JSONFilePropertySource(data: Data(#"{"weather": {"url": "http://localhost"}}"#.utf8), name: "inline")
    ///     .value(for: "weather.url")   // .string("http://localhost")
    /// ```
    public func value(for key: String) -> ConfigValue? { values[key] }

    private static func flatten(_ value: ConfigValue, prefix: String, into values: inout [String: ConfigValue]) {
        if !prefix.isEmpty { values[prefix] = value }
        if case .map(let entries) = value.kind {
            for (key, child) in entries { flatten(child, prefix: prefix.isEmpty ? key : "\(prefix).\(key)", into: &values) }
        }
    }
}

/// A property source file that could not be read.
public struct PropertySourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or source, as named.
    public var source: String
    /// The 1-based line of the entry at fault; 0 for the whole source.
    public var line: Int
    /// What is wrong, as a phrase that follows the source's name.
    public var reason: String

    /// An error about `source` (at `line`, or 0 for the whole source).
    ///
    /// ```swift
    /// throw PropertySourceError(source: "app.properties", line: 12, reason: "has no value after '='")
    /// ```
    public init(source: String, line: Int, reason: String) {
        self.source = source
        self.line = line
        self.reason = reason
    }

    public var description: String {
        line > 0 ? "Property source \(source):\(line): \(reason)." : "Property source \(source) \(reason)."
    }
}
