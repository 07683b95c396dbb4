/// What post-processors and construction strategies are told about the component at hand.
public struct ComponentInfo: Sendable, Equatable, CustomStringConvertible {
    /// Its key (name and/or type).
    public internal(set) var key: ComponentKey
    /// Its scope.
    public let scope: Scope
    /// Its tags.
    public let tags: [String]
    /// Whether it is the primary component of its type.
    public let isPrimary: Bool
    /// Where it was defined.
    public let location: ConfigLocation

    public var description: String { key.description }
}

extension ComponentInfo {
    /// What post-processors are told about the component `definition` describes.
    package init(definition: Definition) {
        self.init(key: definition.key, scope: definition.scope, tags: definition.tags,
                  isPrimary: definition.isPrimary, location: definition.location)
    }
}
