import IoCCore

// Spring's `autowire="byName"` / `"byType"` as a setting of a definition (IoCCore's
// `DefinitionSetting`), and the pass of the build that applies it: the settable properties of
// the type's catalog entry that refer to a component become property injections, set only when
// that component is there.

/// How ``IoCCore/Definition/propertyAutowiring`` matches a property to a component.
public enum PropertyAutowiring: String, Sendable, Equatable {
    /// The component whose name is the property's.
    case byName
    /// The one component of the property's type; several are an error, as in Spring.
    case byType
}

/// A definition's property autowiring, as a module's setting.
enum PropertyAutowiringSetting: DefinitionSetting {
    static let defaultValue: PropertyAutowiring? = nil
    static var preparation: PreparationPass? { pass }

    /// Last: a child's type (its own or its parent's) and its properties (with its parent's)
    /// are known once children are merged. Spring takes the mode from the child alone, which is
    /// what a setting that says nothing of inheritance does.
    static let pass = PreparationPass(name: "property autowiring", stage: .afterOverrides) { context, definitions in
        var result = definitions
        for index in result.indices {
            guard let mode = result[index][setting: PropertyAutowiringSetting.self],
                  let typeName = result[index].typeName ?? result[index].type?.name,
                  let descriptor = context.descriptor(named: typeName) else { continue }
            let given = Set(result[index].properties.map(\.name))
            for entry in descriptor.properties where !given.contains(entry.name) {
                guard let type = entry.componentType, !type.isPlainValue else { continue }
                var property = PropertyInjection(name: entry.name, source: mode == .byName ? .named(entry.name) : .type(type))
                property.isAutowired = true
                result[index].properties.append(property)
            }
        }
        return result
    }
}

extension Definition {
    /// Spring's `autowire="byName"` / `"byType"`: every settable property of the type's catalog
    /// entry that the definition does not set, and whose type is not a plain value (text,
    /// numbers, URLs, dates, collections), gets the component of its name (or the one component
    /// of its type) when there is one, and is left alone when there is none. Applied at build,
    /// once children are merged with their parents; a child's own (a parent's is not inherited).
    public var propertyAutowiring: PropertyAutowiring? {
        get { self[setting: PropertyAutowiringSetting.self] }
        set { self[setting: PropertyAutowiringSetting.self] = newValue }
    }
}
