import IoCCore
import IoCDeclarations

/// The checks of a definition against its type's declaration that need no types: the
/// properties it sets, the initializer it names or the labels it gives. Each problem is the
/// one `build()` would report, word for word; where the declaration cannot tell (a class whose
/// superclass is another module's, positional arguments), nothing is reported here and
/// `build()` checks at launch.
struct MemberChecks {
    let index: SourceIndex
    let module: String

    func problems(of definitions: [Definition]) -> [IoCError] {
        var problems: [IoCError] = []
        for definition in definitions where definition.parent == nil {
            guard let typeName = definition.typeName, let type = index.type(named: typeName, module: module),
                  let shape = type.shape, isKnownWhole(shape) else { continue }
            let shortName = String(type.name.split(separator: ".").last ?? "")
            problems += initializerProblems(definition, shape, shortName)
            problems += propertyProblems(definition, shape, shortName)
        }
        return problems
    }

    /// Whether the declaration lists every member: not a class that may inherit some from a
    /// superclass of another module.
    private func isKnownWhole(_ shape: TypeShape) -> Bool {
        guard shape.kind == .class, let first = shape.inheritedTypes.first else { return true }
        if TypeShape.isStandard(first) { return true }
        guard let declared = index.type(named: first, module: module) else { return false }
        return declared.isProtocol || isKnownWhole(declared.shape ?? shape)
    }

    /// The initializers a catalog entry written from `shape` lists.
    private func initializers(_ shape: TypeShape) -> [DeclaredMember] {
        var callables = shape.initializers.map(\.callable)
        if !shape.declaresInitializers { callables += shape.implicitInitializers }
        return callables.compactMap(DeclaredMember.init)
    }

    /// The member the definition's construction means, chosen as `build()` chooses, and its
    /// arguments placed on its parameters; the problem, if either fails.
    private func initializerProblems(_ definition: Definition, _ shape: TypeShape, _ typeName: String) -> [IoCError] {
        // Arguments a Symfony child appends by index are placed when the build merges them.
        guard !definition.stated.contains(.appendsArguments) else { return [] }
        let members: [DeclaredMember]
        let requested: String?
        let kind: String
        switch definition.construction.kind {
        case .initializer(let signature):
            (members, requested, kind) = (initializers(shape), signature, "initializer")
        case .staticFactory(let signature):
            let factories = shape.methods.filter { $0.isStatic && ($0.result == shape.typeName || $0.result == "Self") }
            (members, requested, kind) = (factories.compactMap { DeclaredMember($0.callable) }, signature, "static factory")
        default:
            return []
        }
        let arguments = definition.construction.arguments
        switch MemberChoice.choose(members, requested: requested, arguments: arguments, kind: kind, type: typeName, definition) {
        case .failure(let problem): return [problem]
        case .success(let index):
            if case .failure(let problem) = MemberChoice.targets(of: arguments, in: members[index].signature, definition) { return [problem] }
            return []
        }
    }

    private func propertyProblems(_ definition: Definition, _ shape: TypeShape, _ typeName: String) -> [IoCError] {
        definition.properties.compactMap { property in
            shape.settableProperties.contains(property.name) ? nil
                : unknown("property", property.name, typeName, definition, shape.settableProperties, property.point.location ?? definition.location, suggest: true)
        }
    }

    private func unknown(_ kind: String, _ name: String, _ type: String, _ definition: Definition, _ known: [String],
                         _ location: ConfigLocation, suggest: Bool) -> IoCError {
        IoCError(.unknownMember(kind: kind, name: name, type: type, component: definition.label, location: location, known: known,
                                suggestions: suggest ? Suggestions.closest(to: name, in: known) : []))
    }
}

/// A declared initializer or method, as member choice sees it.
struct DeclaredMember: ChoosableMember {
    let signature: Signature
    let parameterCount: Int
    /// The first parameter from which every one has a default value.
    let firstDefaulted: Int

    init?(_ callable: Callable) {
        guard let signature = Signature(callable.signature) else { return nil }
        self.signature = signature
        parameterCount = callable.parameters.count
        firstDefaulted = (callable.parameters.lastIndex { $0.defaultValue == nil } ?? -1) + 1
    }

    func hasDefaults(from position: Int) -> Bool { position >= firstDefaulted }
}
