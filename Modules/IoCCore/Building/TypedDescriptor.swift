/// Binds what a definition of `T` names by text: properties, method calls, hooks, exposures.
final class TypedDescriptor<T>: DescriptorBox {
    func bind(_ definition: Definition, construction: Construction, descriptor: TypeDescriptor,
                       binding: CatalogBinding) -> Definition? {
        var bound = definition
        bound.type = TypeRef(T.self)
        bound.construction = construction
        if descriptor.isMainActor { bound.isMainActor = true }
        var failed = false
        func missing(_ kind: String, _ name: String, _ known: [String], at location: ConfigLocation?) {
            binding.problems.append(IoCError(.unknownMember(kind: kind, name: name, type: descriptor.type.name, component: definition.label,
                                                            location: location ?? definition.location, known: known,
                                                            suggestions: Suggestions.closest(to: name, in: known))))
            failed = true
        }

        // NB: by index, reading the fields it needs: iterating copies each property (and each
        // catalogued one searched) whole, which cost more than the rest of binding it.
        let given = definition.properties
        if given.indices.contains(where: { given[$0].code.isNone }) {
            var properties: [PropertyInjection] = []
            properties.reserveCapacity(given.count)
            let entries = descriptor.properties
            for index in given.indices {
                if !given[index].code.isNone {
                    properties.append(given[index])
                    continue
                }
                let name = given[index].name
                guard let found = entries.indices.first(where: { entries[$0].name == name }) else {
                    missing("property", name, entries.map(\.name), at: given[index].point.location)
                    continue
                }
                var point = entries[found].point
                point.source = given[index].point.source
                point.location = given[index].point.location
                var property = PropertyInjection(name: name, point: point, code: binding.code.add(entries[found].setter))
                property.isAutowired = given[index].isAutowired
                properties.append(property)
            }
            bound.properties = properties
        }

        bound.methodCalls = definition.methodCalls.compactMap { call in
            if !call.code.isNone { return call }
            guard let member = binding.select(descriptor.methods, requested: call.method, arguments: call.arguments, kind: "method",
                                              type: descriptor.type.name, definition),
                  case .method(var filled, let invoker) = member.template,
                  let targets = binding.targets(of: call.arguments, in: member, definition)
            else { failed = true; return nil }
            CatalogBinding.fill(&filled, with: call.arguments, at: targets)
            return MethodInjection(method: member.signature.description, arguments: filled, code: binding.code.add(invoker))
        }

        bound.hooks = definition.hooks.compactMap { hook in
            if !hook.code.isNone { return hook }
            let zeroArgument = descriptor.methods.filter { $0.parameterTypes.isEmpty }
            guard let signature = Signature(hook.name),
                  let member = zeroArgument.first(where: { signature.matches($0.signature) }),
                  case .method(_, let box) = member.template, let invoker = box as? MethodInvoker<T>
            else {
                if !hook.isOptional { missing("method", hook.name, zeroArgument.map(\.signature.description), at: nil) }
                return nil
            }
            return LifecycleHook(kind: hook.kind, name: hook.name, code: binding.code.add(Hook<T>(.method(invoker))))
        }

        if definition.exposedAs.isEmpty {
            bound.exposedAs = definition.exposesConformances ? descriptor.conformances.map(binding.exposure) : []
        } else {
            bound.exposedAs = definition.exposedAs.compactMap { exposure in
                if !exposure.code.isNone { return exposure }
                guard let name = exposure.typeName,
                      let declared = descriptor.conformances.first(where: { $0.type.name == name || $0.type.qualifiedName == name })
                else {
                    missing("protocol", exposure.typeName ?? "?", descriptor.conformances.map(\.type.name), at: nil)
                    return nil
                }
                return binding.exposure(declared)
            }
        }
        if definition.isLazy, let catalog = binding.catalog {
            let explicit = Set(definition.exposedAs.compactMap(\.typeName))
            bound.exposedAs = bound.exposedAs.compactMap { exposure in
                guard let type = exposure.type else { return exposure }
                if let proxy = catalog.proxy(for: type), let lazy = binding.code.adapter(exposure.code)?.proxied(through: proxy, as: type) {
                    return Exposure(type: type, code: binding.code.add(lazy))
                }
                // Seen as a protocol only because its catalog entry declares it: built when injected.
                guard explicit.contains(type.name) || explicit.contains(type.qualifiedName) else { return exposure }
                binding.problems.append(IoCError(.invalidDefinition(
                    component: definition.label,
                    reason: "it is lazy and injected as \(type.name), for which the catalog has no proxy, so it would be built when injected. Put @LazyProxy on \(type.name) and add its proxy to the catalog (catalog.add(proxy: \(type.name)Proxy.self), or catalog.addProxy(for:_:)), or inject it as Lazy<T> where it is needed.",
                    location: definition.location)))
                failed = true
                return nil
            }
        }
        return failed ? nil : bound
    }
}

/// What the catalog decided for one shape of definition: the type, the member with its
/// typed points, where each given argument goes and the typed property points. A config file
/// writes many definitions of the same shape (type, signature, argument labels, property
/// names); the first is bound through the catalog, the others take its plan with their own
/// sources, skipping the member search and the label and property matching.
///
/// Only definitions whose binding depends on nothing but their shape have one: an initializer
/// or static factory named by text, no method calls or exposures to bind, and only properties
/// and hooks the catalog has to find. Part of the shape too: whether the definition is lazy (a
/// lazy one is seen through the catalog's proxies of its protocols), whether it autowires and
/// whether it is exposed as its protocols, its hooks (Spring's `init-method` and
/// `destroy-method`, by kind and name) and the modules' settings that fill the parameters the
/// arguments leave out (IoCConfig's bindings; equal ones give equal sources, each definition's
/// own located where it was written). A definition that fails to bind
/// makes no plan, so every one of its kind is bound (and reported) on its own. A class: the
/// lookup hands it out without copying its fields.
final class BindPlan {
    private let typeName: String?
    private let kind: Construction.Kind
    private let isLazy: Bool
    private let autowires: Bool
    private let exposesConformances: Bool
    private let labels: [String?]
    private let propertyNames: [String]
    /// The hooks as written (unbound, by name), and as bound.
    private let givenHooks: [LifecycleHook]
    private let hooks: [LifecycleHook]
    /// Modules' settings that gave parameters sources (``ParameterSourceSetting``), and the
    /// parameters they gave, by position: each definition of the shape gets its own settings'.
    private let parameterSources: ModuleSettings
    private let supplied: [(position: Int, parameter: LeftOutParameter)]
    /// Whether the settings above are all at their defaults: what a definition without extras has.
    private let hasOnlyDefaults: Bool

    private let type: TypeRef?
    /// The member's construction, bound; the given arguments' sources go to `targets`.
    private let construction: Construction
    private let targets: [Int]
    /// The typed property points, in the order given.
    private let properties: [PropertyInjection]
    private let exposedAs: [Exposure]

    /// The hash of a definition's shape; `nil` when its binding depends on more than its shape.
    static func key(of definition: Definition) -> Int? {
        // NB: the rare settings read only when the definition has any (most config definitions
        // have none), since reading each goes through their box (docs/PerformanceLedger.md L16).
        let hasExtras = definition.hasExtras
        guard !definition.isBound, let typeName = definition.typeName else { return nil }
        if hasExtras {
            guard definition.methodCalls.isEmpty, definition.exposedAs.isEmpty else { return nil }
        }
        var hasher = Hasher()
        hasher.combine(typeName)
        hasher.combine(definition.isLazy)
        switch definition.construction.storedKind {
        case .initializer(let signature):
            hasher.combine(0)
            hasher.combine(signature)
        case .staticFactory(let signature):
            hasher.combine(1)
            hasher.combine(signature)
        default:
            return nil
        }
        // NB: by index, reading the fields it needs: iterating copies each point whole.
        let arguments = definition.construction.arguments
        hasher.combine(arguments.count)
        for index in arguments.indices { hasher.combine(arguments[index].label) }
        let properties = definition.properties
        hasher.combine(properties.count)
        for index in properties.indices {
            guard properties[index].code.isNone else { return nil }
            hasher.combine(properties[index].name)
        }
        // The rest tells shapes apart in fewer cases: what it leaves out, `matches` compares.
        guard hasExtras else { return hasher.finalize() }
        let hooks = definition.hooks
        for index in hooks.indices {
            guard hooks[index].code.isNone else { return nil }
            hasher.combine(hooks[index].name)
        }
        hasher.combine(definition.suppliesParameters)
        return hasher.finalize()
    }

    /// The plan `bound` shows for the definitions shaped like `definition`, which has a
    /// ``key(of:)`` (so no method calls) and bound without a problem (so every
    /// property and argument found its place).
    init(definition: Definition, bound: Definition, targets: [Int], supplied: [(position: Int, parameter: LeftOutParameter)]) {
        typeName = definition.typeName
        kind = definition.construction.kind
        isLazy = definition.isLazy
        autowires = definition.autowires
        exposesConformances = definition.exposesConformances
        labels = definition.construction.arguments.map(\.label)
        propertyNames = definition.properties.map(\.name)
        givenHooks = definition.hooks
        hooks = bound.hooks
        parameterSources = definition.hasExtras ? definition.moduleSettings.parameterSources : ModuleSettings()
        self.supplied = supplied
        hasOnlyDefaults = autowires && exposesConformances && givenHooks.isEmpty && parameterSources.isEmpty
        type = bound.type
        construction = bound.construction
        self.targets = targets
        properties = bound.properties
        exposedAs = bound.exposedAs
    }

    /// Whether `definition` (whose key matched) has this plan's shape.
    func matches(_ definition: Definition) -> Bool {
        guard definition.typeName == typeName, definition.construction.kind == kind, definition.isLazy == isLazy else { return false }
        let arguments = definition.construction.arguments
        guard arguments.count == labels.count else { return false }
        for index in arguments.indices where arguments[index].label != labels[index] { return false }
        let given = definition.properties
        guard given.count == propertyNames.count else { return false }
        for index in given.indices where given[index].name != propertyNames[index] { return false }
        guard definition.hasExtras else { return hasOnlyDefaults }
        guard definition.autowires == autowires, definition.exposesConformances == exposesConformances,
              definition.hooks == givenHooks else { return false }
        return definition.moduleSettings.parameterSources == parameterSources
    }

    /// `definition` bound by this plan: its own sources and locations in the plan's typed points.
    func apply(to definition: Definition) -> Definition {
        var bound = definition
        bound.type = type
        var construction = self.construction
        CatalogBinding.fill(&construction.arguments, with: definition.construction.arguments, at: targets)
        // Equal settings give equal sources; each from where this definition's own was written.
        for (position, parameter) in supplied {
            construction.arguments[position].location = definition.moduleSettings.source(for: parameter)?.location
        }
        bound.construction = construction
        if !properties.isEmpty {
            var filled = properties
            let givenProperties = definition.properties
            for index in givenProperties.indices {
                filled[index].point.source = givenProperties[index].point.source
                filled[index].point.location = givenProperties[index].point.location
                filled[index].isAutowired = givenProperties[index].isAutowired
            }
            bound.properties = filled
        }
        bound.exposedAs = exposedAs
        // An optional hook the type lacks is left out of the bound ones.
        if !givenHooks.isEmpty { bound.hooks = hooks }
        return bound
    }
}
