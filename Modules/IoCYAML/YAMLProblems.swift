import IoCConfig
import IoCCore

extension ConfigError.Kind {
    /// A YAML tag (`!tagged_iterator`, `!!str`…) the YAML front end does not read.
    public static let unknownTag = Self("unknownTag")
}

// The problems the YAML front end reports, each a ``ConfigError`` in `.yaml` with its whole
// message (tested word for word).
extension ConfigError {
    /// libyaml could not parse the file.
    static func syntax(problem: String, context: String?, location: ConfigLocation) -> ConfigError {
        ConfigError(.syntax, format: .yaml,
                    message: "YAML syntax error at \(location): \(problem)" + (context.map { " \($0)" } ?? "") + ".", location: location)
    }

    /// A key this format does not have, with the closest one it has.
    static func unknownKey(key: String, section: String, known: [String], suggestion: String?, location: ConfigLocation) -> ConfigError {
        var text = "Unknown key '\(key)' in \(section) at \(location)."
        if let suggestion { text += " Did you mean '\(suggestion)'?" }
        return ConfigError(.unknownKey, format: .yaml, message: text + " Known keys: " + known.joined(separator: ", ") + ".", location: location)
    }

    /// A node of the wrong kind (a list where a map belongs…).
    static func wrongKind(expected: String, found: String, what: String, location: ConfigLocation) -> ConfigError {
        ConfigError(.wrongKind, format: .yaml, message: "\(what) at \(location) must be \(expected), not \(found).", location: location)
    }

    /// Two keys of one map that set the same thing (`scope` and Symfony's `shared`).
    static func conflictingKeys(first: String, second: String, meaning: String, location: ConfigLocation) -> ConfigError {
        ConfigError(.conflict, format: .yaml, message: "'\(second)' at \(location) and '\(first)' both set \(meaning); keep one.", location: location)
    }

    /// A key given twice in one map.
    static func duplicateKey(key: String, location: ConfigLocation, first: ConfigLocation) -> ConfigError {
        .duplicate("key '\(key)'", location: location, first: first, format: .yaml)
    }

    /// A tag this reader does not accept.
    static func unknownTag(tag: String, location: ConfigLocation) -> ConfigError {
        ConfigError(.unknownTag, format: .yaml,
                    message: "Unknown tag '\(tag)' at \(location). Allowed: Symfony's !tagged_iterator, !tagged_locator, !service_locator, !iterator, !abstract, !service and the standard YAML tags (!!str, !!int, !!float, !!bool, !!null, !!map, !!seq).",
                    location: location)
    }

    static func badValue(value: String, reason: String, location: ConfigLocation) -> ConfigError {
        .badValue(value: value, reason: reason, location: location, format: .yaml)
    }

    /// A limit from ``YAMLLimits`` was reached.
    static func limitExceeded(limit: String, value: Int, location: ConfigLocation) -> ConfigError {
        .limitExceeded(limit: limit, value: value, location: location, format: .yaml)
    }

    /// A construct that only means something to a PHP runtime, refused with why and the Swift way.
    static func refused(construct: String, reason: String, location: ConfigLocation) -> ConfigError {
        .refused(construct: construct, reason: reason, location: location, format: .yaml)
    }
}
