import Foundation

// Spring's `autowire="byName"`/`"byType"` for a property of a code registration: what the
// config compiler writes for a bean that autowires its properties, as IoCConfig's build pass
// adds them to a loaded one. One rule for both: which property types are plain values.

extension Registration {
    /// Autowires the settable property `name` of type `V`, as Spring's `autowire="byName"` (the
    /// component of the property's name) or `"byType"` (the one component of its type): set
    /// when such a component is there, left as the initializer left it when none is. A plain
    /// value (``TypeRef/isPlainValue``) is left alone, and so is a property whose type takes
    /// no single component (a collection, a handle).
    @_spi(GeneratedConfig) @discardableResult
    public func autowiredProperty<V>(_ name: String, byName: Bool, set: @escaping @Sendable (inout T, V) throws -> Void) -> Self {
        // The component type as the catalog's entry gives it (``TypeDescriptor/Property/componentType``).
        var wanted = Slots.slot(for: V.self).defaultSource
        if case .optional(let inner) = wanted { wanted = inner }
        guard case .type(let type) = wanted, !type.isPlainValue else { return self }
        let point = InjectionPoint(label: name, type: TypeRef(V.self), source: byName ? .named(name) : .type(type))
        var property = PropertyInjection(name: name, point: point, code: builder.code.add(ValuePropertySetter<T, V>(set)))
        property.isAutowired = true
        return update { $0.properties.append(property) }
    }
}

extension TypeRef {
    /// Text, numbers, truth values, URLs, dates, data and collections: what Spring's property
    /// autowiring leaves alone (its "simple properties"), as values rather than components.
    package var isPlainValue: Bool {
        metatype is any LosslessStringConvertible.Type || metatype is any Collection.Type
            || metatype == URL.self || metatype == Date.self || metatype == Data.self
    }
}
