/// A Swift type as a value: compared by identity, printed by name.
///
/// Code registrations make one from a metatype (`TypeRef(ReportService.self)`);
/// config front ends reach types through the type catalog and end with the same value.
public struct TypeRef: Hashable, Sendable, CustomStringConvertible {
    /// The runtime type.
    public let metatype: Any.Type
    @usableFromInline let id: ObjectIdentifier

    @inlinable
    public init(_ type: Any.Type) {
        self.metatype = type
        self.id = ObjectIdentifier(type)
    }

    /// The short name people read in messages: `ReportService`, `any WeatherClient`.
    public var name: String { String(describing: metatype) }

    /// The module-qualified name used in canonical printed forms: `WeatherReport.ReportService`.
    public var qualifiedName: String { String(reflecting: metatype) }

    public var description: String { name }

    public static func == (lhs: TypeRef, rhs: TypeRef) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
