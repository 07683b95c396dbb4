/// Where a definition or injection point was written: a Swift file and line for
/// code and macros, a config file with line and column for XML and YAML.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// `#fileID` for code, or the path of a config file.
    public var file: String
    /// 1-based line; 0 when unknown.
    public var line: Int
    /// 1-based column; 0 when unknown (code registrations have none).
    public var column: Int

    public init(file: String, line: Int, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A location that says nothing; used for components made by the container itself.
    public static let unknown = SourceLocation(file: "<unknown>", line: 0)

    /// `file:line` or `file:line:column`.
    public var description: String {
        if line == 0 { return file }
        return column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)"
    }
}
