// Pass 3, plan: components by number, and what the build knows of each.

extension Compilation {
    /// Pass 3, plan: the bound definitions become components numbered `0..<count`; their
    /// names, types and tags are indexed by number, and what the checks need of each is kept in
    /// ``facts``.
    func plan(_ bound: [Definition]) {
        state.definitions = bound
        settleStart()
        // Binding reported every definition it could not bind; only those that bound are components.
        if state.definitions.contains(where: { !$0.isBound }) { state.definitions.removeAll { !$0.isBound } }
        state.numbered.definitions = .definitions(state.definitions)
        state.facts.reserveCapacity(state.definitions.count)
        // The name-override pass numbered the names already, where no definition was dropped since
        // (a build with problems indexes them again, so that what it reports does not depend on this).
        let namesNumbered = state.preparedNames != nil && state.definitions.count == state.preparedCount && state.problems.isEmpty
        if namesNumbered, let preparedNames = state.preparedNames { state.byName = preparedNames } else { state.byName.reserveCapacity(state.definitions.count) }
        state.preparedNames = nil
        for definition in state.definitions { state.facts.append(ComponentFacts(definition, storage: storage(for: definition))) }
        for index in state.definitions.indices { self.index(index, names: !namesNumbered) }
        orderTaggedByPriority()
        if state.steps.contains(.innerDefinitions) { numberInnerDefinitions() }
    }

    /// Numbers every inner definition (a factory registered with its product, a config file's
    /// inline bean) that bound, with its exposures, as a component of its own after the
    /// definitions, keyed by its holder (``NumberedComponents/inner(_:of:)``); and theirs in turn. The
    /// check then adds no component: it checks the inner definitions as it checks the others.
    ///
    /// The same inner definition twice in one holder (a copy of one `Definition` in two of its
    /// points) is one component. A definition that did not bind was reported by binding.
    func numberInnerDefinitions() {
        var owner = 0
        // The list grows as inner definitions are numbered: theirs are visited too.
        while owner < state.facts.count {
            if !state.facts[owner].isExposure { numberInners(of: owner) }
            owner += 1
        }
    }

    /// Numbers the inner definitions in component `owner`'s injections, in their order.
    private func numberInners(of owner: Int) {
        _ = state.numbered.definition(at: owner).containsSource { source in
            source.forEachInner { inner in
                let key = InnerKey(owner: owner, definition: inner.identity)
                guard inner.isBound, state.numbered.inners[key] == nil else { return }
                state.numbered.inners[key] = numberInner(inner, storage: storage(for: inner))
            }
            return false
        }
    }

    /// Appends component `index` to the list of `key` in `table`.
    func append<Key: Hashable>(_ index: Int, to key: Key, in table: inout [Key: ComponentNumbers]) {
        table[key, default: []].append(component: index)
    }

    func storage(for definition: Definition) -> Storage {
        let (storage, problem) = Storage.of(definition, customScopes: customScopes)
        if let problem { state.problems.append(problem) }
        return storage
    }

    func component(_ index: Int) -> NodeRef { NodeRef(containerRef, index) }

    /// Numbers a component that is not one of the definitions (an exposure, an inner
    /// definition), after them; its node is made when something needs it.
    func addExtra(_ origin: ExtraOrigin, facts entry: ComponentFacts) -> Int {
        let index = state.facts.count
        state.numbered.extraOrigins.append(origin)
        state.facts.append(entry)
        return index
    }

    /// Numbers the exposures of the component `index` as further types, in the definition's
    /// order: the exposed types and their components' numbers. Their nodes are made on first
    /// use; each depends on its base (recorded when the checks start: ``startChecks()``).
    func numberExposures(of index: Int, _ definition: Definition) -> [(ObjectIdentifier, Int)] {  // docs/PerformanceLedger.md S3
        var found: [(ObjectIdentifier, Int)] = []
        let produced = definition.type?.id
        for exposure in definition.exposedAs {
            guard let type = exposure.type, let adapter = state.code.adapter(exposure.code), adapter.baseType == produced else { continue }
            let entry = ComponentFacts(exposureOf: index, isScopedProxy: adapter.isScopedProxy(over: state.facts[index].storage),
                                       reachesBaseOnCall: adapter.reachesBaseOnCall)
            let exposed = addExtra(.exposure(base: index, type: type), facts: entry)
            state.numbered.exposures[ExposureKey(base: index, type: ObjectIdentifier(type.metatype))] = exposed
            found.append((ObjectIdentifier(type.metatype), exposed))
        }
        return found
    }

    /// Indexes component `index` by type and tag, and by its names and aliases unless `names`
    /// is `false` (the names table has them).
    func index(_ index: Int, names: Bool) {
        let definition = state.definitions[index]
        let exposures = definition.exposedAs.isEmpty ? [] : numberExposures(of: index, definition)
        if definition.isAutowireCandidate {
            append(index, to: ObjectIdentifier(definition.boundType.metatype), in: &state.byType)
            for (id, exposure) in exposures { append(exposure, to: id, in: &state.byType) }
        }
        // NB: a container cannot hold 2^31 components (see ``NameTable``).
        let number = Int32(truncatingIfNeeded: index)
        if names {
            if let name = definition.name { state.byName[name] = number }
            if definition.hasExtras { for alias in definition.aliasNames { state.byName[alias.name] = number } }
        }
        // Each tag once: a tag's entries stand together.
        if definition.hasExtras {
            var previous: String?
            for entry in definition.tagEntries where entry.name != previous {
                append(index, to: entry.name, in: &state.byTag)
                previous = entry.name
            }
        }
        // A construction moved from another definition (`definition.construction = ...`) keeps
        // the code of that one, which makes another type: reported here, not at first resolve.
        if let recipe = state.code.recipe(definition.construction.code), let product = recipe.productType, let type = definition.type,
           product != type.id {
            state.problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "its construction makes \(recipe.productName), not \(type.name): a construction taken from another definition keeps the code of that one. Register \(type.name) with its own initializer or factory.", location: definition.location)))
        }
        // A definition added to this builder without its component keeps its code where it was
        // registered: reported here, not at first resolve.
        if definition.isBound && !state.code.reachesAll(of: definition) {
            state.problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "its Swift code was registered with another ContainerBuilder, which keeps it. Add the registration's component to this builder (builder.add(registration.component)), not its definition.", location: definition.location)))
        }
        if definition.isEager && definition.isLazy {
            state.problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "it is marked both eager and lazy; keep one.", location: definition.location)))
        }
        if definition.isEager && !definition.isLazy {
            if definition.scope == .singleton {
                state.facts[index].isEager = true
            } else {
                state.problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "only singletons can be eager; its scope is \(definition.scope).", location: definition.location)))
            }
        }
    }

    /// With `builder.eagerSingletons`, every singleton that is not lazy becomes eager, now that
    /// parents are merged and each scope is known: the built definitions (and the canonical
    /// form) say what is made at build.
    func settleStart() {
        guard builder.eagerSingletons else { return }
        for index in state.definitions.indices where state.definitions[index].scope == .singleton
            && !state.definitions[index].isEager && !state.definitions[index].isLazy {
            state.definitions[index].isEager = true
        }
    }

    /// Tagged collections list the components with the highest tag `priority` first, and
    /// those of equal priority in registration order (Symfony's order).
    func orderTaggedByPriority() {
        for (tag, found) in state.byTag {
            let priorities = found.map { state.numbered.definition(at: Int($0)).priority(of: tag) }
            guard priorities.contains(where: { $0 != 0 }) else { continue }
            state.byTag[tag] = found.indices.sorted { lhs, rhs in
                priorities[lhs] != priorities[rhs] ? priorities[lhs] > priorities[rhs] : lhs < rhs
            }.map { found[$0] }
        }
    }

    /// Numbers an inner (anonymous) definition as a component of its own, with its exposures.
    func numberInner(_ definition: Definition, storage: Storage) -> Int {
        var entry = ComponentFacts(definition, storage: storage)
        entry.isInner = true
        let index = addExtra(.inner(definition), facts: entry)
        _ = numberExposures(of: index, definition)
        return index
    }

    /// The node of the inner definition `definition` in component `owner`'s injections (for a
    /// holder bound in full): made now; the check binds it as it binds every component.
    func innerNode(_ definition: Definition, of owner: Int) -> AnyNode? {
        container.inner(definition, of: owner)?.node.object
    }

    /// Checks, without binding or making a node, the component `index` when its every
    /// injection is plain (``InjectionPoint/plainTarget(slot:in:owner:optional:)``, in
    /// PlainInjections.swift, says which are). Records its dependencies and captive dependencies
    /// as binding would, and returns `true`; its node is then made, and bound on first use by
    /// resolving the same sources on the container's tables (``TypedDefinitionParts/bindOnFirstUse(_:node:postProcessors:)``).
    /// Returns `false`, recording nothing, when any injection needs the full binding (which
    /// reports what is wrong).
    func checkPlainReferences(of index: Int) -> Bool {
        // NB: a definition read from the array, not through `numbered.definition(at:)`: calling a
        // method of the stored struct copies it, retaining its four tables (docs/PerformanceLedger.md L13).
        let definition = index < state.definitions.count ? state.definitions[index] : state.numbered.definition(at: index)
        let found = component(index)
        guard let produced = definition.type?.id else { return false }
        func plain(_ point: InjectionPoint, _ site: SiteInfo, optional: Bool = false, hasDefault: Bool = false) -> Bool {
            // A Swift default injects no component; values are converted to see that they fit
            // (again on first use).
            if hasDefault { return true }
            guard let slot = point.slot,
                  let target = point.plainTarget(slot: slot, in: self, owner: index, optional: optional),
                  point.fits(target, slot: slot, converters) else { return false }
            let holder = captiveHolder(index, at: site)
            // NB: the usual point, one component, without the closure: its context copied the
            // site for every point the build checks (docs/PerformanceLedger.md L14).
            if case .component(let found) = target {
                record(index, dependsOn: found, holder: holder, at: site)
            } else {
                target.forEachDependency { record(index, dependsOn: $0, holder: holder, at: site) }
            }
            return true
        }
        var isPlain = true
        let construction = definition.construction
        reserveDependencies(of: index, definition)
        for (position, point) in construction.arguments.enumerated() where isPlain {
            let at = TypedDefinitionParts<Void>.constructionPoint(construction.storedKind, position, point.label)
            isPlain = plain(point, SiteInfo(component: found, point: at, location: point.location ?? definition.location),
                            hasDefault: construction.defaultValue(at: position, of: point, in: state.code) != nil)
        }
        for name in definition.dependsOn where isPlain {
            guard let target = component(named: name) else { isPlain = false; break }
            let site = SiteInfo(component: found, point: .dependsOn(name), location: definition.location)
            record(index, dependsOn: target, holder: captiveHolder(index, at: site), at: site)
        }
        let constructionEnd = state.facts[index].dependencies.count
        let properties = definition.properties
        for position in properties.indices where isPlain {
            isPlain = state.code.setter(properties[position].code)?.instanceType == produced
                && plain(properties[position].point, SiteInfo(component: found, point: .property(properties[position].name),
                                                              location: properties[position].point.location ?? definition.location),
                         optional: properties[position].isAutowired)
        }
        for call in definition.methodCalls where isPlain {
            for (position, point) in call.arguments.enumerated() where isPlain {
                isPlain = plain(point, SiteInfo(component: found, point: .call(call.method, position), location: point.location ?? definition.location))
            }
        }
        guard isPlain else {
            // A component is checked once, so all of what it recorded is this check's.
            state.facts[index].dependencies.removeAll()
            state.captives[index] = nil
            return false
        }
        state.facts[index].lateDependencyStart = constructionEnd
        return true
    }

    /// Makes room for the dependencies of component `index`, one per injection point (most
    /// inject one component), before the check or the full binding records them.
    ///
    /// NB: appending to an empty list allocates, then grows it again for the second
    /// (docs/PerformanceLedger.md L15).
    func reserveDependencies(of index: Int, _ definition: Definition) {
        let points = definition.construction.arguments.count + definition.properties.count
        if points > 1 { state.facts[index].dependencies.reserveCapacity(points) }
    }

    /// Records where the construction of `node`'s instance ends among its dependencies: those
    /// recorded after are injected into the made instance (properties, method calls).
    func constructionDone(_ node: AnyNode) {
        state.facts[node.index].lateDependencyStart = state.facts[node.index].dependencies.count
    }
}

/// What the build knows of one component while it checks the graph; the node, when there is
/// one, gets the marks at the end (see ``NodeFlags``).
struct ComponentFacts {  // docs/PerformanceLedger.md S1
    let storage: Storage
    /// For an exposure: the component it exposes.
    let exposedBase: Int?
    /// For an exposure: a proxy that reaches a context-scoped component per call, which holds
    /// no instance (never a captive dependency).
    let isScopedProxy: Bool
    /// For an exposure: a proxy that builds its base on its first call, not when it is made.
    let reachesBaseOnCall: Bool
    let isMainActor: Bool
    /// Its factory is `async`.
    let constructsAsync: Bool
    /// Its instances come from code the container cannot see into (a closure or a construction
    /// strategy), which may resolve object-graph components.
    let constructsOpaquely: Bool
    /// Made from an inner (anonymous) definition, inside another's.
    var isInner = false
    /// An eager singleton: made at build.
    var isEager = false
    /// The checks could not check it on the tables and bound it in full; so does the container
    /// the build makes.
    var bindsInFull = false
    /// What it builds directly, in the order binding visits its injections.
    var dependencies: [NodeRef] = []
    /// Where in ``dependencies`` the ones injected after construction (properties, method
    /// calls) begin; those before are built into the instance.
    var lateDependencyStart = Int.max
    /// For an `async` component: it, then the components down to the async factory.
    var asyncPath: [String] = []
    var flags: NodeFlags = []

    var isExposure: Bool { exposedBase != nil }

    init(_ definition: Definition, storage: Storage) {
        self.storage = storage
        exposedBase = nil
        isScopedProxy = false
        reachesBaseOnCall = false
        isMainActor = definition.isMainActor
        constructsAsync = definition.construction.storedKind == .asyncClosure
        constructsOpaquely = definition.constructsOpaquely
    }

    init(exposureOf base: Int, isScopedProxy: Bool, reachesBaseOnCall: Bool) {
        storage = .adapter
        exposedBase = base
        self.isScopedProxy = isScopedProxy
        self.reachesBaseOnCall = reachesBaseOnCall
        isMainActor = false
        constructsAsync = false
        constructsOpaquely = false
    }
}

extension Storage {
    /// How long an instance lives (an exposure's: see its base's).
    var lifetime: ScopeLifetime {
        switch self {
        case .prototype, .adapter: return .perRequest
        case .objectGraph: return .perGraph
        case .threadLocal, .taskLocal: return .perContext
        case .custom(let scope): return scope.lifetime
        case .weakSingleton: return .whileReferenced
        case .singleton: return .container
        }
    }
}

extension AnyNode {
    /// How long its instances live; an exposure's, its base's.
    var lifetime: ScopeLifetime {
        if case .adapter = storage { return base?.lifetime ?? .perRequest }
        return storage.lifetime
    }
}

extension Definition {
    /// Its instances come from code the container cannot see into: a closure or a construction strategy.
    var constructsOpaquely: Bool {
        let kind = construction.storedKind
        return kind == .closure || kind == .asyncClosure || strategy != nil
    }
}
