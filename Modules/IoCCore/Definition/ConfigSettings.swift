/// One tag of a component with its attributes; a component may be given one tag several times
/// (``Definition/tagEntries``).
public struct TagEntry: Sendable, Equatable {
    /// The tag.
    public var name: String
    /// Its attributes (`priority` orders tagged collections; others key them, `index_by`).
    public var attributes: [String: ConfigValue]

    /// The tag `name` with `attributes`.
    public init(_ name: String, _ attributes: [String: ConfigValue] = [:]) {
        self.name = name
        self.attributes = attributes
    }
}
