// The container's components by number: their nodes, made on first use, and what the
// numbered tables (``NumberedComponents``) tell of each without making one.

extension Container {
    /// The node of component `index` (see ``NodeRef``): made on first use.
    @inlinable
    func node(at index: Int) -> Unretained<AnyNode> {
        if let made = lookups.with({ index < $0.nodes.count ? $0.nodes.node(at: index) : nil }) { return made }
        return materialize(index)
    }

    /// Makes the node of component `index`, marked, and publishes it, unless another thread
    /// did first. Runs no user code.
    @usableFromInline @inline(never)
    func materialize(_ index: Int) -> Unretained<AnyNode> {
        let node = makeNode(index)
        node.index = index
        node.mark(flags[index])
        return lookups.with { $0.nodes.publish(node, at: index) }
    }

    /// A new node for component `index`: a definition's, an inner definition's, or an
    /// exposure's (of its base's node).
    private func makeNode(_ index: Int) -> AnyNode {
        let definitions = components.definitions
        // A row's node is made from the row: the node keeps no definition.
        guard index >= definitions.count else { return definitions.read(index, row: { makeNode($0) }, definition: makeNode) }
        switch components.extraOrigins[index - definitions.count] {
        case .inner(let definition):
            let node = makeNode(definition)
            node.isInner = true
            return node
        case .exposure(let base, let type):
            // The build numbers an exposure only for a base its adapter takes (``AdapterBox/baseType``).
            guard let exposure = definition(at: base).exposedAs.first(where: { $0.type == type }), let adapter = code.adapter(exposure.code),
                  let node = adapter.makeNode(base: self.node(at: base).object, container: self, target: type)
            else { preconditionFailure("component \(index) has no node of its own to make") }
            return node
        }
    }

    /// The node of a component that `definition` defines. The build reported a scope's
    /// problem; the node takes the stand-in storage.
    private func makeNode(_ definition: Definition) -> AnyNode {
        // The build numbers only definitions that bound, which have a type.
        guard let type = definition.type else { preconditionFailure("\(definition.label) was numbered without a type") }
        return type.makeNode(container: self, storage: Storage.of(definition, customScopes: customScopes).storage,
                             isPublic: definition.isPublic, isMainActor: definition.isMainActor)
    }

    /// The node of a component that `row` holds.
    private func makeNode(_ row: borrowing Definition.Row) -> AnyNode {
        row.type.makeNode(container: self, storage: Storage.of(row.scope, type: row.type, customScopes: customScopes),
                          isPublic: row.isPublic, isMainActor: row.isMainActor)
    }

    /// The component of the inner definition `definition` inside component `owner`'s injections.
    func inner(_ definition: Definition, of owner: Int) -> NodeRef? {
        components.inner(definition, of: owner).map { NodeRef(self, $0) }
    }

    /// The component that stands for component `base` as `type` (its exposure), if it has one.
    func exposure(of base: Int, as type: ObjectIdentifier) -> NodeRef? {
        components.exposure(of: base, as: type).map { NodeRef(self, $0) }
    }

    /// Every node made so far, at build or since, in component order.
    var madeNodes: [AnyNode] { lookups.with { $0.nodes.made } }

    /// The definition of component `index`: its own, an inner definition, or for an exposure its base's.
    func definition(at index: Int) -> Definition { components.definition(at: index) }

    /// What binding component `index` reads of its definition, without making one of a row.
    func bindingParts(at index: Int) -> BindingParts {
        components.setting(at: index, row: { BindingParts($0) }, definition: { BindingParts($0) })
    }

    /// How component `index` is asked for; an exposure has its base's name under the exposed type.
    func key(at index: Int) -> ComponentKey { components.key(at: index) }

    /// What post-processors, interceptors and errors are told about component `index`.
    func info(at index: Int) -> ComponentInfo {
        var info = ComponentInfo(definition: definition(at: index))
        info.key = key(at: index)
        return info
    }

    /// Where component `index` was defined (an exposure: where its base was).
    func location(at index: Int) -> ConfigLocation {
        components.setting(at: index, row: { $0.location }, definition: { $0.location })
    }

    /// Whether component `index` wins among candidates of its type (an exposure: its base).
    func isPrimary(at index: Int) -> Bool { components.isPrimary(at: index) }

    /// Whether a top-level resolve reaches component `index` (an exposure: its base).
    func isPublic(at index: Int) -> Bool { components.isPublic(at: index) }

    /// Whether component `index` is the exposure of another as a further type.
    func isExposure(at index: Int) -> Bool { components.exposure(at: index) != nil }

    /// The component `index` stands for: itself, or for an exposure the component it exposes.
    func owner(of index: Int) -> Int { components.exposure(at: index)?.base ?? index }

    /// The type a node of component `index` produces, read from its definition (an exposure's:
    /// the type it exposes its base as), without making the node.
    func producedType(at index: Int) -> ObjectIdentifier? { components.producedType(at: index) }
}
