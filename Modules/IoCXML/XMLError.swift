import IoCConfig
import IoCCore

/// What can be wrong with an XML config file. Every case says where (file:line, and column
/// when libxml2 gives one) and what to do; ``description`` is tested word for word.
public enum XMLError: ConfigFileError, Sendable, Equatable, CustomStringConvertible {
    case malformed(message: String, location: ConfigLocation)
    case dtdRefused(location: ConfigLocation)
    case unknownRoot(name: String, location: ConfigLocation)
    case unknownElement(name: String, parent: String, known: [String], suggestion: String?, location: ConfigLocation)
    case unknownAttribute(name: String, element: String, known: [String], suggestion: String?, location: ConfigLocation)
    case missingAttribute(name: String, element: String, location: ConfigLocation)
    /// An element that takes exactly one value has none or several; `found` names what it has.
    case valueCount(element: String, found: [String], allowed: [String], location: ConfigLocation)
    case badValue(value: String, reason: String, location: ConfigLocation)
    /// Something a bean may give once, given again.
    case repeated(what: String, location: ConfigLocation, first: ConfigLocation)
    case unmappableSelector(selector: String, location: ConfigLocation)
    case limitExceeded(limit: String, value: Int, location: ConfigLocation)
    /// Deeper than libxml2 parses at all (256 levels), before ``XMLLimits/maxDepth`` could look.
    case nestingTooDeep(maxDepth: Int, location: ConfigLocation)
    case importOutsideRoot(path: String, root: String, location: ConfigLocation)
    /// An import inside the config root as written, that a symbolic link leads out of (to `target`).
    case importLinkedOutsideRoot(path: String, target: String, root: String, location: ConfigLocation)
    case importCycle(chain: [String], location: ConfigLocation)
    case unreadable(path: String, reason: String, location: ConfigLocation?)
    /// An element or attribute that only means something to a Java runtime (AOP, transactions,
    /// component scanning, a third-party schema), or to Spring's bytecode generation.
    case refused(construct: String, reason: String, location: ConfigLocation)
    /// Several problems of one element (refused constructs, unknown children), reported together.
    case several([XMLError])

    /// These problems as one error: the problem itself when there is one.
    static func combining(_ problems: [XMLError]) -> XMLError? {
        problems.count > 1 ? .several(problems) : problems.first
    }

    /// Each problem this error stands for.
    public var problems: [XMLError] {
        if case .several(let list) = self { return list.flatMap(\.problems) }
        return [self]
    }

    public var description: String {
        switch self {
        case let .several(list):
            let all = list.flatMap(\.problems)
            return "\(all.count) problems:" + all.enumerated().map { "\n\($0.offset + 1). \($0.element)" }.joined()
        case let .malformed(message, location):
            return "Malformed XML at \(location): \(message)."
        case let .refused(construct, reason, location):
            return "\(construct) at \(location) has no Swift meaning: \(reason)."
        case let .dtdRefused(location):
            return "The document at \(location) declares markup in its <!DOCTYPE> (an entity, element, attribute or notation); config files may not (declarations can load external files and expand entities). Remove the declarations: a <!DOCTYPE> with only a public or system id is accepted, and never loaded."
        case let .unknownRoot(name, location):
            return "Unknown root element <\(name)> at \(location). Use <beans> (Spring), <assembly> (spring-objective-c) or <container> (OxIC)."
        case let .unknownElement(name, parent, known, suggestion, location):
            var text = "Unknown element <\(name)> in <\(parent)> at \(location)."
            if let suggestion { text += " Did you mean <\(suggestion)>?" }
            return text + " Allowed: " + known.map { "<\($0)>" }.joined(separator: ", ") + "."
        case let .unknownAttribute(name, element, known, suggestion, location):
            var text = "Unknown attribute '\(name)' on <\(element)> at \(location)."
            if let suggestion { text += " Did you mean '\(suggestion)'?" }
            return text + (known.isEmpty ? " It takes no attributes." : " Allowed: " + known.joined(separator: ", ") + ".")
        case let .missingAttribute(name, element, location):
            return "<\(element)> at \(location) needs the attribute '\(name)'."
        case let .valueCount(element, found, allowed, location):
            let has = found.isEmpty ? "has no value" : "has " + Self.list(found, "and")
            return "<\(element)> at \(location) \(has); give it exactly one: \(Self.list(allowed, "or"))."
        case let .repeated(what, location, first):
            return "The \(what) at \(location) is given twice; it was first given at \(first). Keep one."
        case let .badValue(value, reason, location):
            return "Bad value '\(value)' at \(location): \(reason)."
        case let .unmappableSelector(selector, location):
            return "Selector '\(selector)' at \(location) does not map to a Swift signature. Write the Swift signature (init(quest:)) or an Objective-C selector (initWithQuest:)."
        case let .limitExceeded(limit, value, location):
            return "XML limit exceeded at \(location): \(limit) is \(value). Raise XMLLimits if the file is meant to be this large."
        case let .nestingTooDeep(maxDepth, location):
            return "XML limit exceeded at \(location): the nesting depth (maxDepth \(maxDepth)) is more than 256, where libxml2 stops. Config files need a few levels; flatten the document."
        case let .importOutsideRoot(path, root, location):
            return ConfigImports.outsideRootMessage(path: path, root: root, location: location)
        case let .importLinkedOutsideRoot(path, target, root, location):
            return ConfigImports.linkedOutsideRootMessage(path: path, target: target, root: root, location: location)
        case let .importCycle(chain, location):
            return ConfigImports.circleMessage(chain: chain, location: location)
        case let .unreadable(path, reason, location):
            return ConfigImports.unreadableMessage(path: path, reason: reason, importedAt: location)
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String], _ conjunction: String) -> String {
        guard let last = items.last, items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}

extension XMLError {
    /// Where the problem is: file, line and (when the parser gives one) column; `nil` only for
    /// a file named on the command line that cannot be read.
    public var location: ConfigLocation? {
        switch self {
        case let .malformed(_, location): return location
        case let .refused(_, _, location): return location
        case let .dtdRefused(location): return location
        case let .unknownRoot(_, location): return location
        case let .unknownElement(_, _, _, _, location): return location
        case let .unknownAttribute(_, _, _, _, location): return location
        case let .missingAttribute(_, _, location): return location
        case let .valueCount(_, _, _, location): return location
        case let .badValue(_, _, location): return location
        case let .repeated(_, location, _): return location
        case let .unmappableSelector(_, location): return location
        case let .limitExceeded(_, _, location): return location
        case let .nestingTooDeep(_, location): return location
        case let .importOutsideRoot(_, _, location): return location
        case let .importLinkedOutsideRoot(_, _, _, location): return location
        case let .importCycle(_, location): return location
        case let .unreadable(_, _, location): return location
        case let .several(list): return list.first?.location
        }
    }
}
