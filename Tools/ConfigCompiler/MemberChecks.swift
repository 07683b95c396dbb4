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

    /// The signatures a catalog entry written from `shape` lists.
    private func initializers(_ shape: TypeShape) -> [String] {
        var callables = shape.initializers.map(\.callable)
        if !shape.declaresInitializers { callables += shape.implicitInitializers }
        return callables.map(\.signature)
    }

    private func initializerProblems(_ definition: Definition, _ shape: TypeShape, _ typeName: String) -> [IoCError] {
        guard case .initializer(let requested) = definition.construction.kind else { return [] }
        let known = initializers(shape)
        let signatures = known.compactMap(Signature.init)
        if let requested {
            guard let wanted = Signature(requested), !signatures.contains(where: wanted.matches) else { return [] }
            return [unknown("initializer", requested, typeName, definition, known, definition.location, suggest: true)]
        }
        let arguments = definition.construction.arguments
        guard !arguments.isEmpty, arguments.allSatisfy({ $0.label != nil }) else { return [] }
        let labels = arguments.compactMap(\.label)
        guard !signatures.contains(where: { signature in labels.allSatisfy { (signature.labels ?? []).contains($0) } }) else { return [] }
        let wanted = "taking (" + labels.map { $0 + ":" }.joined() + ")"
        return [unknown("initializer", wanted, typeName, definition, known, definition.location, suggest: false)]
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
