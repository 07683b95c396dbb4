import IoCConfig
import IoCCore

extension ConfigError.Kind {
    /// An element of a name its parent does not take, or a root element no dialect has.
    public static let unknownElement = Self("unknownElement")
    /// An attribute of a name its element does not take.
    public static let unknownAttribute = Self("unknownAttribute")
    /// An attribute its element needs, missing.
    public static let missingAttribute = Self("missingAttribute")
}

// The problems the XML front end reports, each a ``ConfigError`` in `.xml` with its whole
// message (tested word for word).
extension ConfigError {
    /// libxml2 could not parse the document.
    static func malformed(message: String, location: ConfigLocation) -> ConfigError {
        ConfigError(.syntax, format: .xml, message: "Malformed XML at \(location): \(message).", location: location)
    }

    /// A `<!DOCTYPE>` that declares markup.
    static func dtdRefused(location: ConfigLocation) -> ConfigError {
        ConfigError(.refused, format: .xml,
                    message: "The document at \(location) declares markup in its <!DOCTYPE> (an entity, element, attribute or notation); config files may not (declarations can load external files and expand entities). Remove the declarations: a <!DOCTYPE> with only a public or system id is accepted, and never loaded.",
                    location: location)
    }

    static func unknownRoot(name: String, location: ConfigLocation) -> ConfigError {
        ConfigError(.unknownElement, format: .xml,
                    message: "Unknown root element <\(name)> at \(location). Use <beans> (Spring), <assembly> (spring-objective-c) or <container> (OxIC).",
                    location: location)
    }

    static func unknownElement(name: String, parent: String, known: [String], suggestion: String?, location: ConfigLocation) -> ConfigError {
        var text = "Unknown element <\(name)> in <\(parent)> at \(location)."
        if let suggestion { text += " Did you mean <\(suggestion)>?" }
        return ConfigError(.unknownElement, format: .xml,
                           message: text + " Allowed: " + known.map { "<\($0)>" }.joined(separator: ", ") + ".", location: location)
    }

    static func unknownAttribute(name: String, element: String, known: [String], suggestion: String?, location: ConfigLocation) -> ConfigError {
        var text = "Unknown attribute '\(name)' on <\(element)> at \(location)."
        if let suggestion { text += " Did you mean '\(suggestion)'?" }
        text += known.isEmpty ? " It takes no attributes." : " Allowed: " + known.joined(separator: ", ") + "."
        return ConfigError(.unknownAttribute, format: .xml, message: text, location: location)
    }

    static func missingAttribute(name: String, element: String, location: ConfigLocation) -> ConfigError {
        ConfigError(.missingAttribute, format: .xml, message: "<\(element)> at \(location) needs the attribute '\(name)'.", location: location)
    }

    /// An element that takes exactly one value has none or several; `found` names what it has.
    static func valueCount(element: String, found: [String], allowed: [String], location: ConfigLocation) -> ConfigError {
        let has = found.isEmpty ? "has no value" : "has " + list(found, "and")
        return ConfigError(.wrongKind, format: .xml,
                           message: "<\(element)> at \(location) \(has); give it exactly one: \(list(allowed, "or")).", location: location)
    }

    /// Something a bean may give once, given again.
    static func repeated(what: String, location: ConfigLocation, first: ConfigLocation) -> ConfigError {
        .duplicate(what, location: location, first: first, format: .xml)
    }

    static func unmappableSelector(selector: String, location: ConfigLocation) -> ConfigError {
        ConfigError(.badValue, format: .xml,
                    message: "Selector '\(selector)' at \(location) does not map to a Swift signature. Write the Swift signature (init(quest:)) or an Objective-C selector (initWithQuest:).",
                    location: location)
    }

    /// Deeper than libxml2 parses at all (256 levels), before ``XMLLimits/maxDepth`` could look.
    static func nestingTooDeep(maxDepth: Int, location: ConfigLocation) -> ConfigError {
        ConfigError(.limitExceeded, format: .xml,
                    message: "XML limit exceeded at \(location): the nesting depth (maxDepth \(maxDepth)) is more than 256, where libxml2 stops. Config files need a few levels; flatten the document.",
                    location: location)
    }

    static func badValue(value: String, reason: String, location: ConfigLocation) -> ConfigError {
        .badValue(value: value, reason: reason, location: location, format: .xml)
    }

    /// A limit from ``XMLLimits`` was reached.
    static func limitExceeded(limit: String, value: Int, location: ConfigLocation) -> ConfigError {
        .limitExceeded(limit: limit, value: value, location: location, format: .xml)
    }

    /// An element or attribute that only means something to a Java runtime (AOP, transactions,
    /// component scanning, a third-party schema), or to Spring's bytecode generation.
    static func refused(construct: String, reason: String, location: ConfigLocation) -> ConfigError {
        .refused(construct: construct, reason: reason, location: location, format: .xml)
    }

    static func unreadable(path: String, reason: String, location: ConfigLocation?) -> ConfigError {
        .unreadable(path: path, reason: reason, location: location, format: .xml)
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String], _ conjunction: String) -> String {
        guard let last = items.last, items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
