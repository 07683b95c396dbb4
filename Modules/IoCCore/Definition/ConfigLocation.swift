/// Where a definition or injection point was written: a Swift file and line for
/// code and macros, a config file with line and column for XML and YAML.
public struct ConfigLocation: Hashable, Sendable, CustomStringConvertible {
    /// `#fileID` for code, or the path of a config file.
    public var file: String
    /// 1-based line; 0 when unknown.
    public var line: Int
    /// 1-based column; 0 when unknown (code registrations have none).
    public var column: Int

    /// A place in `file`; lines and columns count from 1, and 0 means unknown.
    ///
    /// ```swift
    /// let location = ConfigLocation(file: "config/services.yaml", line: 12, column: 5)   // config/services.yaml:12:5
    /// ```
    public init(file: String, line: Int, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A location that says nothing; used for components made by the container itself.
    public static let unknown = ConfigLocation(file: "<unknown>", line: 0)

    /// `file:line` or `file:line:column`.
    public var description: String {
        if line == 0 { return file }
        return column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)"
    }
}

/// The former name of ``ConfigLocation``.
///
/// NB: unavailable rather than deprecated: a deprecated alias is still found by name lookup,
/// so `SourceLocation` would stay ambiguous with `Testing.SourceLocation` in every file that
/// imports both; an unavailable one is skipped there, and elsewhere offers the rename as a fix-it.
@available(*, unavailable, renamed: "ConfigLocation")
public typealias SourceLocation = ConfigLocation
