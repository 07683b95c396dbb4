import IoCCore

/// What can be wrong with a config file, in any front end's format: a ``kind``, the ``format``
/// that read it, where (file:line:column) and the whole message (``description``, tested word
/// for word). `YAMLLoader` and `XMLLoader` throw it; several problems of one map or element
/// come as one error whose ``problems`` lists each.
///
/// Kinds are an open set of named values, not an enum: a front end adds its own (IoCXML adds
/// ``Kind/unknownElement``, for instance) and a new kind breaks no `switch`.
///
/// ```swift
/// do {
///     try builder.loadYAML(contentsOf: url)
/// } catch where error.kind == .limitExceeded {   // `loadYAML` throws a ConfigError
///     print(error)   // "YAML limit exceeded at services.yaml:3:1: … Raise YAMLLimits if …"
/// }
/// ```
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as in `ConfigError.Kind.badValue`.
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// The file is not well-formed: a YAML syntax error, malformed XML.
        public static let syntax = Kind("syntax")
        /// A key, element or attribute of a name the format does not have.
        public static let unknownKey = Kind("unknownKey")
        /// A node of the wrong kind (a list where a map belongs…), or a value of the wrong count.
        public static let wrongKind = Kind("wrongKind")
        /// A malformed reference or value.
        public static let badValue = Kind("badValue")
        /// Two settings that set the same thing (`scope` and `shared`), or one given twice.
        public static let conflict = Kind("conflict")
        /// A limit of the front end's limits (`YAMLLimits`, `XMLLimits`) was reached.
        public static let limitExceeded = Kind("limitExceeded")
        /// An import that leaves the config root: absolute, a URL, or `..` past it.
        public static let importOutsideRoot = Kind("importOutsideRoot")
        /// An import inside the root as written, that a symbolic link leads out of.
        public static let importLinkedOutsideRoot = Kind("importLinkedOutsideRoot")
        /// Imports that import each other.
        public static let importCycle = Kind("importCycle")
        /// A file that cannot be read.
        public static let unreadable = Kind("unreadable")
        /// A construct that only means something to another runtime (PHP, Java), refused with
        /// why and the Swift way.
        public static let refused = Kind("refused")
        /// Several problems, reported together: see ``ConfigError/problems``.
        public static let several = Kind("several")
    }

    /// The format of the file: `YAML`, `XML`, or a front end's own.
    public struct Format: Hashable, Sendable, CustomStringConvertible {
        /// The name messages use ("YAML limit exceeded"); its limits type is `<name>Limits`.
        public let name: String
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        public static let yaml = Format("YAML")
        public static let xml = Format("XML")
    }

    public let kind: Kind
    public let format: Format
    /// Where the problem is: file, line and (when the parser gives one) column; `nil` only for
    /// a file named on the command line that cannot be read.
    public let location: ConfigLocation?
    /// The whole message: what, where and how to fix it.
    public let description: String
    /// The problems of a ``Kind/several`` error; empty otherwise.
    private let parts: [ConfigError]

    /// An error of `kind` in `format`, with its whole message. A front end of its own makes
    /// its errors with it.
    public init(_ kind: Kind, format: Format, message: String, location: ConfigLocation?) {
        self.kind = kind
        self.format = format
        self.description = message
        self.location = location
        self.parts = []
    }

    private init(several problems: [ConfigError], format: Format) {
        let all = problems.flatMap(\.problems)
        self.kind = .several
        self.format = format
        self.location = all.first?.location
        self.description = "\(all.count) problems:" + all.enumerated().map { "\n\($0.offset + 1). \($0.element)" }.joined()
        self.parts = all
    }

    /// Each problem this error stands for: itself, or each of several.
    public var problems: [ConfigError] { kind == .several ? parts : [self] }

    /// These problems as one error: the problem itself when there is one, `nil` for none.
    public static func combining(_ problems: [ConfigError]) -> ConfigError? {
        guard let first = problems.first else { return nil }
        return problems.count > 1 ? ConfigError(several: problems, format: first.format) : first
    }
}

// What every front end reports in the same words.
extension ConfigError {
    /// A malformed reference or value.
    public static func badValue(value: String, reason: String, location: ConfigLocation, format: Format) -> ConfigError {
        ConfigError(.badValue, format: format, message: "Bad value '\(value)' at \(location): \(reason).", location: location)
    }

    /// A limit of `<format>Limits` reached: `limit` names it, `value` is what the file has.
    public static func limitExceeded(limit: String, value: Int, location: ConfigLocation, format: Format) -> ConfigError {
        ConfigError(.limitExceeded, format: format,
                    message: "\(format.name) limit exceeded at \(location): \(limit) is \(value). Raise \(format.name)Limits if the file is meant to be this large.",
                    location: location)
    }

    /// A construct that has no meaning in Swift, with why and what to write instead.
    public static func refused(construct: String, reason: String, location: ConfigLocation, format: Format) -> ConfigError {
        ConfigError(.refused, format: format, message: "\(construct) at \(location) has no Swift meaning: \(reason).", location: location)
    }

    /// A setting given twice where it may be given once.
    public static func duplicate(_ what: String, location: ConfigLocation, first: ConfigLocation, format: Format) -> ConfigError {
        ConfigError(.conflict, format: format,
                    message: "The \(what) at \(location) is given twice; it was first given at \(first). Keep one.", location: location)
    }

    /// An import that leaves the config root as written.
    public static func importOutsideRoot(path: String, root: String, location: ConfigLocation, format: Format) -> ConfigError {
        ConfigError(.importOutsideRoot, format: format,
                    message: "Import '\(path)' at \(location) is outside the config root \(root). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.",
                    location: location)
    }

    /// An import that leaves the config root through a symbolic link (to `target`).
    public static func importLinkedOutsideRoot(path: String, target: String, root: String, location: ConfigLocation, format: Format) -> ConfigError {
        ConfigError(.importLinkedOutsideRoot, format: format,
                    message: "Import '\(path)' at \(location) leads outside the config root \(root) through a symbolic link (to \(target)). Links inside the root must point inside it; copy the file into the root, or choose a root that contains it.",
                    location: location)
    }

    /// Imports that form a circle: `chain` from the first file back to itself.
    public static func importCycle(chain: [String], location: ConfigLocation, format: Format) -> ConfigError {
        ConfigError(.importCycle, format: format, message: "Imports form a circle at \(location): " + chain.joined(separator: " -> ") + ".", location: location)
    }

    /// A file that cannot be read, imported at `location` (`nil`: named by the caller).
    public static func unreadable(path: String, reason: String, location: ConfigLocation?, format: Format) -> ConfigError {
        ConfigError(.unreadable, format: format,
                    message: "Cannot read '\(path)'" + (location.map { " (imported at \($0))" } ?? "") + ": \(reason).", location: location)
    }
}
