import Foundation

/// A Swift type as a value: compared by identity, printed by name.
///
/// Code registrations make one from a metatype (`TypeRef(ReportService.self)`);
/// config front ends reach types through the type catalog and end with the same value.
public struct TypeRef: Hashable, Sendable, CustomStringConvertible {
    /// The runtime type.
    public let metatype: Any.Type
    /// The type's identity, computed rather than stored: a `TypeRef` is one word, and
    /// definitions and injection points hold many.
    @inlinable var id: ObjectIdentifier { ObjectIdentifier(metatype) }

    /// The reference to `type`: `TypeRef((any WeatherClient).self)`.
    @inlinable
    public init(_ type: Any.Type) {
        self.metatype = type
    }

    /// The short name people read in messages: `ReportService`, `WeatherClient`.
    public var name: String { TypeNames.shared.names(of: self).short }

    /// The module-qualified name used in canonical printed forms: `WeatherReport.ReportService`.
    public var qualifiedName: String { TypeNames.shared.names(of: self).qualified }

    public var description: String { name }

    public static func == (lhs: TypeRef, rhs: TypeRef) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Type names, computed once per type: the runtime builds them by demangling, which is slow.
/// A type as messages and signatures name it: what `String(describing:)` gives for its metatype.
///
/// NB: `_typeName` is what `String(describing:)` comes to for a metatype; in generic code that is
/// not specialized, `String(describing:)` reflects on the metatype first, about 6,700
/// instructions a call (`profile register-deps`).
@usableFromInline
func shortTypeName(_ type: Any.Type) -> String { _typeName(type, qualified: false) }

final class TypeNames: Sendable {
    static let shared = TypeNames()
    private let cache = Locked<[ObjectIdentifier: (short: String, qualified: String)]>([:])

    func names(of type: TypeRef) -> (short: String, qualified: String) {
        if let known = cache.withLock({ $0[type.id] }) { return known }
        let names = (shortTypeName(type.metatype), String(reflecting: type.metatype))
        cache.withLock { $0[type.id] = names }
        return names
    }
}

// The typed code a bound type stands for. A bound definition's type says what it makes, so the
// definition keeps no maker of its own (it kept one, 16 bytes of each, in `bytes_per_definition`):
// the metatype is opened into the generic code that needs it.
extension TypeRef {
    /// A node of a component of this type, made from a bound definition.
    func makeNode(container: Container, storage: Storage, isPublic: Bool, isMainActor: Bool) -> AnyNode {
        func make<T>(_: T.Type) -> AnyNode {
            Node<T>(container: container, storage: storage, isPublic: isPublic, isMainActor: isMainActor, parts: TypedDefinitionParts<T>())
        }
        return make(metatype)
    }

    /// A descriptor box for a product the catalog does not describe.
    func emptyDescriptorBox() -> DescriptorBox {
        func box<T>(_: T.Type) -> DescriptorBox { TypedDescriptor<T>() }
        return box(metatype)
    }
}
