import IoCCore

/// What config names of Swift: types (a component's class, the protocols it is injected as,
/// types referenced by type) with where each is first named, and the base names of methods
/// (hooks, calls, factory methods), which the catalog entries of the named types list.
struct ConfigNames {
    /// Type names in the order config first names them, with that place and the component.
    private(set) var types: [(name: String, location: ConfigLocation, component: String)] = []
    private var seenTypes: Set<String> = []
    private(set) var methods: Set<String> = []

    init(_ definitions: [Definition]) {
        for definition in definitions { add(definition) }
    }

    private mutating func add(_ definition: Definition) {
        let component = definition.label
        if let typeName = definition.typeName { addType(typeName, definition.typeNameLocation ?? definition.location, component) }
        for exposure in definition.exposedAs {
            if let typeName = exposure.typeName { addType(typeName, definition.location, component) }
        }
        switch definition.construction.kind {
        case .staticFactory(let signature), .factoryMethod(let signature): addMethod(signature)
        default: break
        }
        for hook in definition.hooks { addMethod(hook.name) }
        for call in definition.methodCalls {
            addMethod(call.method)
            for argument in call.arguments { add(argument.source, definition.location, component) }
        }
        for argument in definition.construction.arguments { add(argument.source, argument.location ?? definition.location, component) }
        if let factory = definition.construction.factory { add(factory, definition.location, component) }
        for property in definition.properties { add(property.source, definition.location, component) }
    }

    private mutating func add(_ source: InjectionSource, _ location: ConfigLocation, _ component: String) {
        switch source {
        case .typeNamed(let name): addType(name, location, component)
        case .inner(let definition): add(definition)
        case .list(let items): for item in items { add(item, location, component) }
        case .map(let entries): for key in entries.keys.sorted() { if let item = entries[key] { add(item, location, component) } }
        case .optional(let inner), .lazy(let inner), .provider(let inner): add(inner, location, component)
        default: break
        }
    }

    private mutating func addType(_ name: String, _ location: ConfigLocation, _ component: String) {
        guard seenTypes.insert(name).inserted else { return }
        types.append((name, location, component))
    }

    /// `open` of `open()`, `sword` of `sword(specification:)`.
    private mutating func addMethod(_ signature: String) {
        methods.insert(String(signature.prefix { $0 != "(" }))
    }
}
