import Foundation

/// A value written in a config file (or in code), as a tree that remembers where each node
/// was written: the front ends' common currency for values.
///
/// Scalars keep the form the front end read; conversion to a Swift type happens at build,
/// against the type the injection point needs (``ValueConverters``). Equality ignores
/// locations (and ``isSecret``), so that the same value read from YAML and XML compares equal.
public struct ConfigValue: Sendable, Equatable, CustomStringConvertible {
    /// What a value is: a scalar as the front end read it, a list, or a map.
    public enum Kind: Sendable, Equatable {
        /// An explicit null (YAML `~`, XML `<null/>`).
        case null
        /// A boolean scalar.
        case bool(Bool)
        /// An integer scalar.
        case int(Int)
        /// A floating-point scalar.
        case double(Double)
        /// A string; front ends that read every scalar as text (XML) give strings, converted at build.
        case string(String)
        /// Values in the order written.
        case list([ConfigValue])
        /// Entries in the order written; keys are unique.
        case map([(key: String, value: ConfigValue)])

        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): return true
            case let (.bool(a), .bool(b)): return a == b
            case let (.int(a), .int(b)): return a == b
            case let (.double(a), .double(b)): return a == b
            case let (.string(a), .string(b)): return a == b
            case let (.list(a), .list(b)): return a == b
            case let (.map(a), .map(b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }
    }

    /// What the value is.
    public var kind: Kind
    /// Whether the value is a secret (a password, a key): messages — errors, `ioc explain`,
    /// the container's events and logs — show `<redacted>` in its place, and placeholders in
    /// its text are not resolved (a password may hold `${`). A property source sets it (for
    /// example IoCConfiguration's, from swift-configuration's secret values); a value that a
    /// secret was put into is secret too.
    // NB: between `kind` and `location`, in `kind`'s tail padding: a value stays 48 bytes.
    public var isSecret: Bool
    /// Where it was written; ``ConfigLocation/unknown`` for values made in code.
    public var location: ConfigLocation

    /// A value of `kind`, written at `location`; `isSecret` marks a secret.
    ///
    /// ```swift
    /// let retries = ConfigValue(.int(3), at: ConfigLocation(file: "services.yaml", line: 4, column: 14))
    /// let password = ConfigValue(.string("s3cret"), isSecret: true)   // shown as <redacted>
    /// ```
    public init(_ kind: Kind, isSecret: Bool = false, at location: ConfigLocation = .unknown) {
        self.kind = kind
        self.isSecret = isSecret
        self.location = location
    }

    /// The value, and every value in it, marked secret (``isSecret``).
    ///
    /// ```swift
    /// let token = ConfigValue.string("abc123").markedSecret()   // description: <redacted>
    /// ```
    public func markedSecret() -> ConfigValue {
        var marked = self
        marked.isSecret = true
        switch kind {
        case .list(let items): marked.kind = .list(items.map { $0.markedSecret() })
        case .map(let entries): marked.kind = .map(entries.map { (key: $0.key, value: $0.value.markedSecret()) })
        default: break
        }
        return marked
    }

    /// A string value: `.string("https://api.example.com")`.
    public static func string(_ value: String, at location: ConfigLocation = .unknown) -> ConfigValue { ConfigValue(.string(value), at: location) }
    /// An integer value: `.int(3)`.
    public static func int(_ value: Int, at location: ConfigLocation = .unknown) -> ConfigValue { ConfigValue(.int(value), at: location) }
    /// A floating-point value: `.double(0.5)`.
    public static func double(_ value: Double, at location: ConfigLocation = .unknown) -> ConfigValue { ConfigValue(.double(value), at: location) }
    /// A boolean value: `.bool(true)`.
    public static func bool(_ value: Bool, at location: ConfigLocation = .unknown) -> ConfigValue { ConfigValue(.bool(value), at: location) }
    /// A null value: `.null()`.
    public static func null(at location: ConfigLocation = .unknown) -> ConfigValue { ConfigValue(.null, at: location) }
    /// A list: `.list([.string("en"), .string("fr")])`.
    public static func list(_ items: [ConfigValue], at location: ConfigLocation = .unknown) -> ConfigValue { ConfigValue(.list(items), at: location) }
    /// A map, its entries in order: `.map([(key: "url", value: .string("https://…"))])`.
    public static func map(_ entries: [(key: String, value: ConfigValue)], at location: ConfigLocation = .unknown) -> ConfigValue {
        ConfigValue(.map(entries), at: location)
    }

    public static func == (lhs: ConfigValue, rhs: ConfigValue) -> Bool { lhs.kind == rhs.kind }

    /// What messages show of a secret value (``isSecret``).
    public static let redacted = "<redacted>"

    /// The value as written: strings quoted, lists in brackets, maps in braces; a secret as
    /// `<redacted>`.
    public var description: String {
        if isSecret { return Self.redacted }
        switch kind {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .map(let entries): return "{" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    /// A short name of the node's kind, for messages.
    package var kindName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int: return "an integer"
        case .double: return "a number"
        case .string: return "a string"
        case .list: return "a list"
        case .map: return "a map"
        }
    }

    /// The value for `key` in a map.
    public subscript(key: String) -> ConfigValue? {
        guard case .map(let entries) = kind else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The plain Foundation form (for JSON encoding): `NSNull`, `Bool`, `Int`, `Double`,
    /// `String`, arrays and dictionaries.
    var foundationObject: Any {
        switch kind {
        case .null: return NSNull()
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .list(let items): return items.map(\.foundationObject)
        case .map(let entries):
            var dictionary: [String: Any] = [:]
            for (key, value) in entries { dictionary[key] = value.foundationObject }
            return dictionary
        }
    }
}

extension ConfigValue {
    /// A value decoded by `JSONSerialization`.
    package init(json object: Any, at location: ConfigLocation) {
        switch object {
        case let dictionary as [String: Any]:
            self.init(.map(dictionary.keys.sorted().map { ($0, ConfigValue(json: dictionary[$0] ?? NSNull(), at: location)) }), at: location)
        case let array as [Any]:
            self.init(.list(array.map { ConfigValue(json: $0, at: location) }), at: location)
        case let number as NSNumber:
            // NB: JSONSerialization gives booleans, integers and doubles all as NSNumber; the
            // Objective-C type code tells them apart ("c" for BOOL, "d"/"f" for floating point).
            switch String(cString: number.objCType) {
            case "c", "B": self.init(.bool(number.boolValue), at: location)
            case "d", "f": self.init(.double(number.doubleValue), at: location)
            default: self.init(.int(number.intValue), at: location)
            }
        case let text as String:
            self.init(.string(text), at: location)
        default:
            self.init(.null, at: location)
        }
    }
}
