// Pass 2, bind, and the lookups that binding an injection point uses (in this pass for the
// components bound at build, and on first use for the others): what a source names, as the
// argument that builds it, or a problem naming what is missing or ambiguous.

extension Compilation {
    /// Pass 2, bind: each prepared definition bound to its type's code through the catalog (a
    /// code registration is bound already), then overrides by type applied.
    func bind(_ prepared: [Definition]) -> [Definition] {
        state.preparedCount = prepared.count
        let builder = self.builder
        let binding = CatalogBinding(catalog: catalog, definitions: prepared, code: CodeTable(extending: [state.code]),
                                     resolver: builder.placeholderResolver)
        var bound = state.steps.contains(.binding) ? binding.bindAll(prepared) : prepared
        state.code = binding.code.frozen()
        state.problems += binding.problems
        if binding.boundInnerDefinitions { state.steps.insert(.innerDefinitions) }
        if bound.count < prepared.count { leaveOut(prepared, keeping: bound) }
        if !builder.removedAfterBinding.isEmpty {
            bound.removeAll { definition in builder.removedAfterBinding.contains { $0(definition) } }
        }
        return applyOverrides(bound, keys: .types).kept
    }

    func candidates(ofType type: TypeRef) -> ComponentList {
        let id = ObjectIdentifier(type.metatype)
        if let own = state.byType[id] { return ComponentList(containerRef, own) }
        return builder.parent?.candidates(of: id) ?? ComponentList(containerRef)
    }

    /// The nodes of every component of `type` (made now where they were not).
    func nodes(ofType type: TypeRef) -> [AnyNode] { candidates(ofType: type).map { $0.node.object } }

    /// The components tagged `tag`, here or in the parent (a child's own hide its parent's), by priority.
    func members(tagged tag: String) -> ComponentList {
        if let own = state.byTag[tag] { return ComponentList(containerRef, own) }
        return builder.parent?.tagged(tag) ?? ComponentList(containerRef)
    }

    /// The nodes of every component tagged `tag` (made now where they were not).
    func nodes(tagged tag: String) -> [AnyNode] { members(tagged: tag).map { $0.node.object } }

    /// The component named `name`, here or in the parent; `nil` records nothing (unlike a
    /// reference's binding).
    func component(named name: String) -> NodeRef? {
        state.byName[name].map { component(Int($0)) } ?? builder.parent?.component(named: name)
    }

    /// The node of the component named `name` (made now if it was not).
    func node(named name: String) -> AnyNode? {
        component(named: name)?.node.object
    }

    /// The candidate a by-type lookup picks: the only one, else the one primary, else the one
    /// without a name (the default next to named variants); `nil` when that leaves several.
    static func choose(_ candidates: ComponentList) -> NodeRef? {
        choice(among: candidates.count) { (candidates[$0].isPrimary, candidates[$0].key.name != nil) }.map { candidates[$0] }
    }

    /// The position of the candidate ``choose(_:)`` picks among `count`, whose definitions
    /// `read` tells whether it is primary and whether it has a name (an exposure's are its
    /// base's); `nil` when that leaves several.
    static func choice(among count: Int, _ read: (Int) -> (isPrimary: Bool, isNamed: Bool)) -> Int? {
        if count == 1 { return 0 }
        // One pass, one read of each definition.
        var primary: Int?, primaries = 0
        var unnamed: Int?, unnamedCount = 0
        for position in 0..<count {
            let candidate = read(position)
            if candidate.isPrimary { primary = position; primaries += 1 }
            if !candidate.isNamed { unnamed = position; unnamedCount += 1 }
        }
        if primaries > 0 { return primaries == 1 ? primary : nil }
        return unnamedCount == 1 ? unnamed : nil
    }

    /// The error for candidates `choose` could not decide between: the primaries when there are several.
    static func ambiguity(_ type: TypeRef, _ candidates: ComponentList, site: InjectionSite?) -> IoCError {
        let primaries = candidates.filter(\.isPrimary)
        let tied = primaries.count > 1 ? primaries : Array(candidates)
        return IoCError(.ambiguousComponent(type: type, candidates: tied.map(\.candidateDescription), primaries: primaries.count > 1,
                                            site: site, path: []))
    }

    /// Names close to `name`, quoted, never the component that asks (it cannot depend on itself).
    /// Up to ``Suggestions/searchesPerBuild`` searches a build, with type names.
    func nameSuggestions(for name: String, site: SiteInfo) -> [String] {
        let own = site.component.key.name
        return suggestionSearches.closest(to: name, in: container.allNames.filter { $0 != own }).map { "\"\($0)\"" }
    }

    /// Type names close to `name`, never the type of the component that asks.
    func typeSuggestions(for name: String, site: SiteInfo) -> [String] {
        let own = site.component.key.type?.name
        return suggestionSearches.closest(to: name, in: container.allTypeNames.filter { $0 != own })
    }

    /// The argument that produces `X` from `source`; `nil` after recording why it cannot.
    /// With `optional`, a source that names no component returns `nil` without a problem.
    func argument<X>(for source: InjectionSource, as type: X.Type, site: SiteInfo, optional: Bool) -> Argument<X>? {
        // NB: a shape binds points of its own type, so what it made is an `Argument<X>`.
        anyArgument(for: source, as: type, shape: X.self as? any InjectionShape.Type, site: site, optional: optional)
            .map { $0.typed(X.self) }
    }

    /// ``argument(for:as:site:optional:)`` for a type whose shape (`X.self as? any InjectionShape.Type`)
    /// is known, as the slots keep it: a slot looks the shape up once, not for every point it
    /// binds, and keeps the argument as it is (a cast back to `Argument<X>` asks the runtime
    /// for the metadata of `Argument<X>`).
    ///
    /// NB: no local here is an optional of a type made from `X`: unspecialized generic code
    /// asks the runtime for the metadata of every such local on entry, whichever path runs.
    func anyArgument<X>(for source: InjectionSource, as type: X.Type, shape: (any InjectionShape.Type)?, site: SiteInfo,
                        optional: Bool) -> AnyArgument? {
        if let shape, let handled = shape.bindShaped(source, in: self, site: site, optional: optional) {
            return handled
        }
        if let found = referencedNode(source, site: site, optional: optional) {
            guard let node = found else { return nil }
            return nodeArgument(node, as: X.self, site: site)
        }
        return valueArgument(for: source, as: X.self, site: site)
    }

    /// The argument for a source that names no component: a value, or a source that does not
    /// fit the point (recorded as a problem).
    @inline(never)
    func valueArgument<X>(for source: InjectionSource, as type: X.Type, site: SiteInfo) -> Argument<X>? {
        switch source {
        case .type, .named, .inner:
            return nil  // `referencedNode` took these.
        case .value(let value):
            if let typed = value.value as? X { return ConstantArgument(typed) }
            state.problems.append(IoCError(.valueTypeMismatch(value: value.description, expected: TypeRef(X.self), site: site.site)))
            return nil
        case .config(let value):
            do {
                return ConstantArgument(try converters.convert(value, to: X.self))
            } catch {
                state.problems.append(IoCError(.badValue(value: error.value.description, valueLocation: error.value.location,
                                                   target: TypeRef(X.self), reason: error.reason, site: site.site)))
                return nil
            }
        case .typeNamed(let name):
            // Binding turns type names into types; one left here names no type.
            state.problems.append(IoCError(.missingComponent(key: ComponentKey(name: name), site: site.site, suggestions: [], path: [])))
            return nil
        case .all, .tagged, .taggedIndexed, .list, .map:
            state.problems.append(IoCError(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
                                                     hint: "A collection injects into an array [T] or a dictionary [String: T].")))
        case .lazy, .provider:
            state.problems.append(IoCError(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
                                                     hint: "A handle injects into Lazy<T> or Provider<T>.")))
        case .abstractArgument(let message):
            state.problems.append(IoCError(.invalidDefinition(component: site.component.label,
                                                        reason: "\(site.site.point) is abstract (\(message), at \(site.location)): a child definition, or the app, must give it.",
                                                        location: site.component.location)))
        case .defaultArgument:
            state.problems.append(IoCError(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
                                                     hint: "This parameter has no default value in its catalog entry; give it a value or a reference.")))
        case .optional, .nilValue:
            state.problems.append(IoCError(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
                                                     hint: "Only an optional type T? can take nil.")))
        }
        return nil
    }

    /// The component a reference (`.type`, `.named` or `.inner`) names: `.some(node)`, or
    /// `.some(nil)` after recording why there is none (with `optional`, a source that names no
    /// component gives `.some(nil)` without a problem); `nil` for any other source.
    func referencedNode(_ source: InjectionSource, site: SiteInfo, optional: Bool) -> AnyNode?? {
        switch source {
        case .type(let wanted):
            let found = candidates(ofType: wanted)
            if found.isEmpty {
                if !optional {
                    state.problems.append(IoCError(.missingComponent(key: ComponentKey(type: wanted), site: site.site,
                                                               suggestions: typeSuggestions(for: wanted.name, site: site), path: [])))
                }
                return .some(nil)
            }
            guard let chosen = Self.choose(found) else {
                state.problems.append(Self.ambiguity(wanted, found, site: site.site))
                return .some(nil)
            }
            return chosen.node.object
        case .named(let name):
            guard let found = node(named: name) else {
                if !optional { reportMissing(named: name, site: site) }
                return .some(nil)
            }
            return found
        case .inner(let definition):
            return .some(innerNode(definition, of: site.component.index))
        default:
            return nil
        }
    }

    /// The argument that makes the component `name` before another (Spring `depends-on`).
    func prerequisite(named name: String, site: SiteInfo) -> AnyArgument? {
        guard let found = node(named: name) else {
            reportMissing(named: name, site: site)
            return nil
        }
        return PrerequisiteArgument(found)
    }

    /// An argument producing `X` from `node`: directly, through an exposure, or by casting a subclass.
    func nodeArgument<X>(_ node: AnyNode, as type: X.Type, site: SiteInfo) -> Argument<X>? {
        if let typed = node.exactly(X.self) { return NodeArgument(typed) }
        if let exposed = node.exposure(as: X.self) { return NodeArgument(exposed) }
        if node.typeRef.metatype is X.Type { return CastArgument<X>(node, site: site) }
        state.problems.append(IoCError(.typeMismatch(component: node.label, expected: TypeRef(X.self), actual: node.typeRef, site: site.site, path: [])))
        return nil
    }
}
