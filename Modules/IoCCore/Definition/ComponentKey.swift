/// How a component is asked for: by type, by name, or by both.
public struct ComponentKey: Hashable, Sendable, CustomStringConvertible {
    /// The type asked for; `nil` when only the name counts.
    public var type: TypeRef?
    /// The name asked for; `nil` for the component registered as the type.
    public var name: String?

    /// A key by type, by name, or both.
    ///
    /// ```swift
    /// let key = ComponentKey(type: TypeRef((any WeatherClient).self), name: "free")
    /// ```
    public init(type: TypeRef? = nil, name: String? = nil) {
        self.type = type
        self.name = name
    }

    /// A key for `type`, optionally with a name: `ComponentKey(ReportService.self)`.
    public init(_ type: Any.Type, name: String? = nil) {
        self.init(type: TypeRef(type), name: name)
    }

    /// The key of the component in a name-keyed collection (`[String: T]`): its name, or its type's name.
    var mapKey: String { name ?? type?.name ?? "Any" }

    /// `"name" (Type)`, `"name"` or `Type`, as messages print a component.
    public var description: String {
        switch (name, type) {
        case let (name?, type?): return "\"\(name)\" (\(type.name))"
        case let (name?, nil): return "\"\(name)\""
        case let (nil, type?): return type.name
        case (nil, nil): return "<anonymous>"
        }
    }
}
