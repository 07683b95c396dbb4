/// Where a definition or injection point was written: a Swift file and line for
/// code and macros, a config file with line and column for XML and YAML.
public struct ConfigLocation: Hashable, Sendable, CustomStringConvertible {
    /// `#fileID` for code, or the path of a config file.
    public var file: String
    // NB: 32-bit numbers, so that a location is 24 bytes: every definition and most injection
    // points keep one (measured in `bytes_per_definition`). A file the loaders accept is far
    // shorter than 2^31 lines.
    private var storedLine: Int32
    private var storedColumn: Int32

    /// 1-based line; 0 when unknown.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    /// 1-based column; 0 when unknown (code registrations have none).
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// A place in `file`; lines and columns count from 1, and 0 means unknown.
    ///
    /// ```swift
    /// let location = ConfigLocation(file: "config/services.yaml", line: 12, column: 5)   // config/services.yaml:12:5
    /// ```
    public init(file: String, line: Int, column: Int = 0) {
        self.file = file
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
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
