import IoCConfig
import IoCCore

/// What can be wrong with a YAML config file. Every case says where (file:line:column) and
/// what to do; ``description`` is the full message, tested word for word.
public enum YAMLError: ConfigFileError, Sendable, Equatable, CustomStringConvertible {
    /// libyaml could not parse the file.
    case syntax(problem: String, context: String?, location: ConfigLocation)
    /// A key this format does not have, with the closest one it has.
    case unknownKey(key: String, section: String, known: [String], suggestion: String?, location: ConfigLocation)
    /// A node of the wrong kind (a list where a map belongs...).
    case wrongKind(expected: String, found: String, what: String, location: ConfigLocation)
    /// A malformed reference or value.
    case badValue(value: String, reason: String, location: ConfigLocation)
    /// Two keys of one map that set the same thing (`scope` and Symfony's `shared`).
    case conflictingKeys(first: String, second: String, meaning: String, location: ConfigLocation)
    /// A key given twice in one map.
    case duplicateKey(key: String, location: ConfigLocation, first: ConfigLocation)
    /// A tag this reader does not accept.
    case unknownTag(tag: String, location: ConfigLocation)
    /// A limit from ``YAMLLimits`` was reached.
    case limitExceeded(limit: String, value: Int, location: ConfigLocation)
    /// An import that leaves the config root, is absolute, or is a URL.
    case importOutsideRoot(path: String, root: String, location: ConfigLocation)
    /// An import inside the config root as written, that a symbolic link leads out of (to `target`).
    case importLinkedOutsideRoot(path: String, target: String, root: String, location: ConfigLocation)
    /// Imports that import each other.
    case importCycle(chain: [String], location: ConfigLocation)
    /// A file that cannot be read.
    case unreadable(path: String, reason: String, location: ConfigLocation?)
    /// A construct that only means something to a PHP runtime, refused with why and the Swift way.
    case refused(construct: String, reason: String, location: ConfigLocation)
    /// Several problems of one map (unknown keys, refused constructs), reported together.
    case several([YAMLError])

    /// These problems as one error: the problem itself when there is one.
    static func combining(_ problems: [YAMLError]) -> YAMLError? {
        problems.count > 1 ? .several(problems) : problems.first
    }

    /// Each problem this error stands for.
    public var problems: [YAMLError] {
        if case .several(let list) = self { return list.flatMap(\.problems) }
        return [self]
    }

    public var description: String {
        switch self {
        case let .syntax(problem, context, location):
            return "YAML syntax error at \(location): \(problem)" + (context.map { " \($0)" } ?? "") + "."
        case let .unknownKey(key, section, known, suggestion, location):
            var text = "Unknown key '\(key)' in \(section) at \(location)."
            if let suggestion { text += " Did you mean '\(suggestion)'?" }
            return text + " Known keys: " + known.joined(separator: ", ") + "."
        case let .wrongKind(expected, found, what, location):
            return "\(what) at \(location) must be \(expected), not \(found)."
        case let .conflictingKeys(first, second, meaning, location):
            return "'\(second)' at \(location) and '\(first)' both set \(meaning); keep one."
        case let .badValue(value, reason, location):
            return "Bad value '\(value)' at \(location): \(reason)."
        case let .duplicateKey(key, location, first):
            return "Duplicate key '\(key)' at \(location); it was first given at \(first). Keep one."
        case let .unknownTag(tag, location):
            return "Unknown tag '\(tag)' at \(location). Allowed: Symfony's !tagged_iterator, !tagged_locator, !service_locator, !iterator, !abstract, !service and the standard YAML tags (!!str, !!int, !!float, !!bool, !!null, !!map, !!seq)."
        case let .limitExceeded(limit, value, location):
            return "YAML limit exceeded at \(location): \(limit) is \(value). Raise YAMLLimits if the file is meant to be this large."
        case let .importOutsideRoot(path, root, location):
            return ConfigImports.outsideRootMessage(path: path, root: root, location: location)
        case let .importLinkedOutsideRoot(path, target, root, location):
            return ConfigImports.linkedOutsideRootMessage(path: path, target: target, root: root, location: location)
        case let .importCycle(chain, location):
            return ConfigImports.circleMessage(chain: chain, location: location)
        case let .unreadable(path, reason, location):
            return ConfigImports.unreadableMessage(path: path, reason: reason, importedAt: location)
        case let .refused(construct, reason, location):
            return "\(construct) at \(location) has no Swift meaning here: \(reason)."
        case let .several(list):
            let all = list.flatMap(\.problems)
            return "\(all.count) problems:" + all.enumerated().map { "\n\($0.offset + 1). \($0.element)" }.joined()
        }
    }
}

extension YAMLError {
    /// Where the problem is: file, line and (when the parser gives one) column; `nil` only for
    /// a file named on the command line that cannot be read.
    public var location: ConfigLocation? {
        switch self {
        case let .syntax(_, _, location): return location
        case let .unknownKey(_, _, _, _, location): return location
        case let .wrongKind(_, _, _, location): return location
        case let .badValue(_, _, location): return location
        case let .conflictingKeys(_, _, _, location): return location
        case let .duplicateKey(_, location, _): return location
        case let .unknownTag(_, location): return location
        case let .limitExceeded(_, _, location): return location
        case let .importOutsideRoot(_, _, location): return location
        case let .importLinkedOutsideRoot(_, _, _, location): return location
        case let .importCycle(_, location): return location
        case let .unreadable(_, _, location): return location
        case let .several(list): return list.first?.location
        case let .refused(_, _, location): return location
        }
    }
}
