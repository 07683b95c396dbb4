/// The components of one build by number: its definitions are `0..<definitions.count`, its
/// exposures and inner definitions (``ExtraOrigin``) come after, in the order the plan pass
/// numbered them. The plan pass fills it; the containers the build makes read it.
struct NumberedComponents {
    /// The definitions the build bound, after overrides were applied; the container the build
    /// hands out keeps most as rows (``DefinitionTable/compacted()``).
    var definitions: DefinitionTable = .definitions([])
    /// The exposures and inner definitions, numbered after ``definitions``.
    var extraOrigins: [ExtraOrigin] = []
    /// The number of the component that stands for a component as a further type (`.as(P.self)`).
    var exposures: [ExposureKey: Int] = [:]
    /// The number of each inner definition's component, by the component whose injection holds it.
    var inners: [InnerKey: Int] = [:]

    /// How many components there are.
    var count: Int { definitions.count + extraOrigins.count }

    /// The definition of component `index`: its own, an inner definition, or for an exposure its base's.
    func definition(at index: Int) -> Definition {
        if index < definitions.count { return definitions[index] }
        switch extraOrigins[index - definitions.count] {
        case .inner(let definition): return definition
        case .exposure(let base, _): return definition(at: base)
        }
    }

    /// For an exposure: the component it exposes and the type it exposes it as; `nil` otherwise.
    func exposure(at index: Int) -> (base: Int, type: TypeRef)? {
        guard index >= definitions.count, case .exposure(let base, let type) = extraOrigins[index - definitions.count] else { return nil }
        return (base, type)
    }

    /// How component `index` is asked for; an exposure has its base's name under the exposed type.
    func key(at index: Int) -> ComponentKey {
        if let exposure = exposure(at: index) { return ComponentKey(type: exposure.type, name: key(at: exposure.base).name) }
        return setting(at: index, row: { $0.key }, definition: { $0.key })
    }

    /// Whether component `index` wins among candidates of its type (an exposure: its base).
    func isPrimary(at index: Int) -> Bool {
        setting(at: index, row: { $0.isPrimary }, definition: { $0.isPrimary })
    }

    /// Whether a top-level resolve reaches component `index` (an exposure: its base).
    func isPublic(at index: Int) -> Bool {
        setting(at: index, row: { $0.isPublic }, definition: { $0.isPublic })
    }

    /// One setting of component `index`'s definition (an exposure's: its base's): `row` of its
    /// row, without making a definition of it, or `definition` of it as it is.
    @inline(__always)
    func setting<V>(at index: Int, row: (borrowing Definition.Row) -> V, definition: (Definition) -> V) -> V {
        if index < definitions.count { return definitions.read(index, row: row, definition: definition) }
        switch extraOrigins[index - definitions.count] {
        case .inner(let inner): return definition(inner)
        case .exposure(let base, _): return setting(at: base, row: row, definition: definition)
        }
    }

    /// The type a node of component `index` produces, read from its definition (an exposure's:
    /// the type it exposes its base as).
    func producedType(at index: Int) -> ObjectIdentifier? {
        if index < definitions.count { return definitions.read(index, row: { $0.type.id }, definition: { $0.type?.id }) }
        switch extraOrigins[index - definitions.count] {
        case .inner(let definition): return definition.type?.id
        case .exposure(_, let type): return ObjectIdentifier(type.metatype)
        }
    }

    /// The component of the inner definition `definition` inside component `owner`'s injections.
    func inner(_ definition: Definition, of owner: Int) -> Int? {
        inners[InnerKey(owner: owner, definition: definition.identity)]
    }

    /// The component that stands for component `base` as the type `type` identifies, if it has one.
    func exposure(of base: Int, as type: ObjectIdentifier) -> Int? {
        exposures[ExposureKey(base: base, type: type)]
    }
}
