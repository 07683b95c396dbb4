import IoCCore
import IoCDeclarations

/// What a feature module's config needs from the app by type, checked at the app's build: a
/// parameter of a feature's component that config leaves out, autowired by its type, needs a
/// component of that type among the app's config, the features' configs, or what the app lists
/// in `provided` (registered in code). The feature's own build cannot say: the app provides it.
///
/// Only what these sources decide is reported: a parameter of a type they declare, of a
/// definition whose initializer they declare; an optional, a collection, a handle, a parameter
/// with a default or a declared source, one `bind` may give, or a definition of a type these
/// sources do not know stays with the launch.
struct FeatureNeeds {
    let index: SourceIndex
    let module: String
    /// What the app registers in code, by name or type (`ioc-plugin.json`'s `provided`).
    let provided: Set<String>

    func problems(of features: [Definition], with app: [Definition]) -> [ConfigDiagnostic] {
        let all = features + app
        // A definition whose type these sources do not know may be anything: no need is reported then.
        guard all.allSatisfy({ definition in definition.typeName.map { index.type(named: $0, module: module) != nil } ?? true }) else { return [] }
        let made = Set(all.flatMap(providedTypes))
        var diagnostics: [ConfigDiagnostic] = []
        for definition in features {
            guard !definition.isAbstract, definition.parent == nil, definition.autowires, definition.bindings.isEmpty,
                  case .initializer(let requested) = definition.construction.kind,
                  let typeName = definition.typeName, let type = index.type(named: typeName, module: module), let shape = type.shape else { continue }
            guard case .success(let (callable, targets)) = DeclaredMember.chosen(shape.callableInitializers, requested: requested,
                                                                                 arguments: definition.construction.arguments,
                                                                                 kind: "initializer", type: typeName, definition) else { continue }
            for (position, parameter) in callable.parameters.enumerated() where !targets.contains(position) {
                guard parameter.defaultValue == nil, parameter.source == nil else { continue }
                let written = parameter.type.trimmedDescription
                let bare = SourceIndex.named(written)
                guard !bare.contains(where: { "<[?!(&".contains($0) }), let needed = index.type(named: bare, module: module),
                      !made.contains(needed.name), !provided.contains(bare), !provided.contains(needed.name) else { continue }
                diagnostics.append(ConfigDiagnostic(.error, "\(definition.label) takes parameter \(position) '\(parameter.label ?? "_")' (\(written)) by its type, "
                    + "and neither target \(module)'s config nor its features' define a \(bare). Define one in \(module)'s config, or list \"\(bare)\" in "
                    + "its ioc-plugin.json (\"provided\") when \(module) registers one in code.", at: definition.location))
            }
        }
        return diagnostics
    }

    /// The types a definition's component can be injected as: its own, those `as:` lists, else
    /// what its declaration inherits.
    private func providedTypes(_ definition: Definition) -> [String] {
        guard let typeName = definition.typeName, let type = index.type(named: typeName, module: module) else { return [] }
        let exposed = definition.exposedAs.compactMap(\.typeName).compactMap { index.type(named: $0, module: module)?.name }
        let inherited = type.shape?.inheritedTypes.compactMap { index.type(named: $0, module: module)?.name } ?? []
        return [type.name] + exposed + inherited
    }
}
