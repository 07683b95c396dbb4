/// Turns a builder's definitions into a container's plan: applies overrides, makes a node per
/// definition, binds every injection point to the node(s) it needs (or, for a component whose
/// injections are all plain references, checks them and records its dependencies, and the node
/// binds on first use), then checks the graph. Every problem is collected; the builder throws
/// them together.
///
/// NB: its state skips the dynamic exclusivity checks (`@exclusivity(unchecked)`): one build
/// uses it, on one thread, and the checks cost a call on each of the dozen accesses a component
/// makes.
final class Compilation {
    let builder: ContainerBuilder
    let container: Container
    @exclusivity(unchecked) var problems: [IoCError] = []
    @exclusivity(unchecked) private(set) var eagerNodes: [AnyNode] = []

    @exclusivity(unchecked) private var definitions: [Definition] = []
    @exclusivity(unchecked) private(set) var ownNodes: [AnyNode] = []
    @exclusivity(unchecked) private var allNodes: [AnyNode] = []
    /// Every name and alias, unretained: `allNodes` owns the nodes, then the container does.
    @exclusivity(unchecked) private var byName: [String: Unmanaged<AnyNode>] = [:]
    @exclusivity(unchecked) private var byType: [ObjectIdentifier: [AnyNode]] = [:]
    @exclusivity(unchecked) private var byTag: [String: [AnyNode]] = [:]
    private let customScopes: [String: any CustomScope]

    var postProcessors: [any InstancePostProcessor] { builder.postProcessors }

    init(builder: ContainerBuilder, container: Container) {
        self.builder = builder
        self.container = container
        self.customScopes = (builder.parent?.customScopes ?? [:]).merging(builder.customScopes) { $1 }
    }

    func run() {
        let merged = prepare()
        preparedCount = merged.count
        let binding = CatalogBinding(catalog: builder.catalog, definitions: merged)
        var bound = binding.bindAll(merged)
        problems += binding.problems
        if bound.count < merged.count { leaveOut(merged, keeping: bound) }
        if !builder.removedAfterBinding.isEmpty {
            bound.removeAll { definition in builder.removedAfterBinding.contains { $0(definition) } }
        }
        definitions = applyOverrides(bound, keys: .types)
        settleStart()
        // Room for every component at once: the tables would otherwise grow (and rehash) a
        // dozen times on the way to ten thousand.
        ownNodes.reserveCapacity(definitions.count)
        allNodes.reserveCapacity(definitions.count)
        byName.reserveCapacity(definitions.count)
        for definition in definitions {
            guard let node = makeNode(definition) else { continue }
            ownNodes.append(node)
            index(node, definition)
        }
        orderTaggedByPriority()
        for node in ownNodes { node.bind(self) }
        analyse()
        publish()
    }

    /// The steps before binding: the active profiles' definitions, placeholders resolved,
    /// decorators applied, overrides by name applied (other repeated names reported) and
    /// children merged with their parents. Tools that read config without the app's types
    /// stop here (``ContainerBuilder/configGraph()``).
    func prepare() -> [Definition] {
        var preparation = Preparation(builder: builder)
        let active = preparation.activeResolved(preparation.applyConditionalSettings(preparation.expandResources(builder.definitions)))
        let merged = preparation.mergeParents(applyOverrides(preparation.applyAliases(preparation.applyDecorators(active)), keys: .names))
        // A setting shared by many definitions (a `_defaults` bind with a missing placeholder)
        // fails the same way for each: reported once.
        var seen = Set<String>()
        problems += preparation.problems.filter { seen.insert($0.description).inserted }
        leftOut = builder.absentNames
        if !preparation.problems.isEmpty {
            leaveOut(builder.definitions.filter { preparation.isActive($0) && !$0.isAbstract }, keeping: merged)
        }
        return merged
    }

    /// Names whose components were dropped for a problem already reported (a placeholder
    /// without a value, an unknown parent, a type the catalog does not have), or that the
    /// builder was told are absent (``ContainerBuilder/absentNames``): a reference to one is not
    /// reported again as a missing component.
    @exclusivity(unchecked) private(set) var leftOut: Set<String> = []
    /// This container's nodes, each after the nodes it builds; set by the checks at build.
    @exclusivity(unchecked) private(set) var dependencyOrder: [AnyNode] = []
    /// How many definitions preparation kept: the components the definitions make.
    @exclusivity(unchecked) private(set) var preparedCount = 0

    private func leaveOut(_ before: [Definition], keeping after: [Definition]) {
        func names(_ definitions: [Definition]) -> [String] { definitions.flatMap { ($0.name.map { [$0] } ?? []) + $0.aliases } }
        leftOut.formUnion(Set(names(before)).subtracting(names(after)))
    }

    /// Reports a reference to a name no component has, unless that follows from a problem
    /// reported already.
    private func reportMissing(named name: String, site: SiteInfo) {
        guard !leftOut.contains(name) else { return }
        problems.append(.missingComponent(key: ComponentKey(name: name), site: site.site,
                                          suggestions: nameSuggestions(for: name, site: site), path: []))
    }

    // MARK: Keys and overrides

    private enum KeyID: Hashable {
        case name(String)
        case type(ObjectIdentifier)
    }

    /// Which keys an override pass looks at: names and aliases (before binding, when types may
    /// not be known yet), or the types of unnamed definitions (after binding).
    private enum KeyKind { case names, types }

    private func primaryKey(of definition: Definition, _ kind: KeyKind) -> KeyID? {
        switch kind {
        case .names: return definition.name.map { .name($0) }
        case .types: return definition.name == nil ? .type(ObjectIdentifier(definition.boundType.metatype)) : nil
        }
    }

    private func keys(of definition: Definition, _ kind: KeyKind) -> [KeyID] {
        let aliases = kind == .names ? definition.aliases.map { KeyID.name($0) } : []
        return (primaryKey(of: definition, kind).map { [$0] } ?? []) + aliases
    }

    /// Whether a definition has a key of its own besides its primary one.
    private func hasMoreKeys(_ definition: Definition, _ kind: KeyKind) -> Bool {
        kind == .names && !definition.aliases.isEmpty
    }

    /// Later definitions marked as overrides replace earlier ones with the same key, in place;
    /// any other repeated key is a duplicate.
    private func applyOverrides(_ input: [Definition], keys kind: KeyKind) -> [Definition] {
        var kept: [Int] = []             // indices into `input`, in the order they stay
        kept.reserveCapacity(input.count)
        var seen: [KeyID: Int] = [:]     // key -> position in `kept`
        seen.reserveCapacity(input.count)
        // NB: by index: a loop over the definitions would copy (retain and release) each one.
        for index in input.indices {
            // Most definitions have one key, or none: no array for them, and one lookup.
            if !hasMoreKeys(input[index], kind) {
                guard let key = primaryKey(of: input[index], kind) else {
                    kept.append(index)
                    continue
                }
                if seen[key] == nil {
                    seen[key] = kept.count
                    kept.append(index)
                    continue
                }
            }
            let definition = input[index]
            let definitionKeys = keys(of: definition, kind)
            guard let clash = definitionKeys.first(where: { seen[$0] != nil }), let position = seen[clash] else {
                for key in definitionKeys { seen[key] = kept.count }
                kept.append(index)
                continue
            }
            let previous = input[kept[position]]
            if definition.isOverride {
                for key in keys(of: previous, kind) { seen[key] = nil }
                kept[position] = index
                for key in definitionKeys { seen[key] = position }
            } else {
                // Name the key that clashes: an alias, when that is what repeats the other's name.
                let key = if case .name(let name) = clash { ComponentKey(type: definition.type, name: name) } else { definition.key }
                problems.append(.duplicateKey(key: key, first: previous.location, second: definition.location))
            }
        }
        // A replaced or repeated definition is never appended, so keeping as many as came in
        // means every one was kept, in order: the input as it is.
        let result = kept.count == input.count ? input : kept.map { input[$0] }
        guard kind == .types else { return result }
        var runtimeSeen: [RuntimeFactoryKey: ConfigLocation] = [:]
        for factory in builder.runtimeFactories {
            if let first = runtimeSeen[factory.key] {
                problems.append(.duplicateKey(key: ComponentKey(type: factory.type, name: factory.key.name), first: first, second: factory.location))
            }
            runtimeSeen[factory.key] = factory.location
        }
        return result
    }

    // MARK: Nodes

    private func storage(for definition: Definition) -> Storage {
        let label = { definition.label }
        switch definition.scope.kind {
        case .prototype: return .prototype
        case .singleton: return .singleton
        case .objectGraph: return .objectGraph
        case .threadLocal: return .threadLocal
        case .taskLocal: return .taskLocal
        case .weakSingleton:
            if definition.maker?.producesClass != true {
                problems.append(.invalidDefinition(component: label(), reason: "weak-singleton scope needs a class; \(definition.boundType.name) is a value type. Use singleton.", location: definition.location))
                return .singleton
            }
            return .weakSingleton
        case .custom(let name):
            if let scope = customScopes[name] { return .custom(scope) }
            let known = Scope.allBuiltIn.map(\.name) + customScopes.keys.sorted()
            problems.append(.unknownScope(name: name, component: label(), location: definition.location, known: known))
            return .prototype
        }
    }

    /// The node for a bound definition (binding reported any definition it could not bind).
    private func makeNode(_ definition: Definition) -> AnyNode? {
        guard let maker = definition.maker else { return nil }
        let node = maker.makeNode(container: container, storage: storage(for: definition), definition: definition)
        add(node)
        for exposure in definition.exposedAs {
            guard let type = exposure.type,
                  let adapter = exposure.adapter?.makeNode(base: node, container: container, target: type) else { continue }
            node.adapters[ObjectIdentifier(type.metatype)] = adapter
            add(adapter)
        }
        return node
    }

    /// Numbers `node` for the graph checks (``AnyNode/index``) and keeps it.
    private func add(_ node: AnyNode) {
        node.index = allNodes.count
        allNodes.append(node)
    }

    private func index(_ node: AnyNode, _ definition: Definition) {
        if definition.isAutowireCandidate {
            byType[ObjectIdentifier(definition.boundType.metatype), default: []].append(node)
            for (id, adapter) in node.adapters { byType[id, default: []].append(adapter) }
        }
        if let name = definition.name { byName[name] = Unmanaged.passUnretained(node) }
        for alias in definition.aliases { byName[alias] = Unmanaged.passUnretained(node) }
        for tag in definition.tags { byTag[tag, default: []].append(node) }
        if definition.isEager && definition.isLazy {
            problems.append(.invalidDefinition(component: node.label, reason: "it is marked both eager and lazy; keep one.", location: definition.location))
        }
        if definition.isEager && !definition.isLazy {
            if definition.scope == .singleton {
                eagerNodes.append(node)
            } else {
                problems.append(.invalidDefinition(component: node.label, reason: "only singletons can be eager; its scope is \(definition.scope).", location: definition.location))
            }
        }
    }

    /// With `builder.eagerSingletons`, every singleton that is not lazy becomes eager, now that
    /// parents are merged and each scope is known: the built definitions (and the canonical
    /// form) say what is made at build.
    private func settleStart() {
        guard builder.eagerSingletons else { return }
        for index in definitions.indices where definitions[index].scope == .singleton
            && !definitions[index].isEager && !definitions[index].isLazy {
            definitions[index].isEager = true
        }
    }

    /// Tagged collections list the components with the highest tag `priority` first, and
    /// those of equal priority in registration order (Symfony's order).
    private func orderTaggedByPriority() {
        for (tag, nodes) in byTag where nodes.contains(where: { $0.definition?.priority(of: tag) ?? 0 != 0 }) {
            byTag[tag] = nodes.enumerated().sorted { lhs, rhs in
                let left = lhs.element.definition?.priority(of: tag) ?? 0, right = rhs.element.definition?.priority(of: tag) ?? 0
                return left != right ? left > right : lhs.offset < rhs.offset
            }.map(\.element)
        }
    }

    /// Makes and binds a node for an inner (anonymous) definition.
    private func innerNode(_ definition: Definition) -> AnyNode? {
        guard let node = makeNode(definition) else { return nil }
        node.isInner = true
        ownNodes.append(node)
        node.bind(self)
        return node
    }

    // MARK: Lookups used while binding

    func candidates(ofType type: TypeRef) -> [AnyNode] {
        let id = ObjectIdentifier(type.metatype)
        return byType[id] ?? builder.parent?.candidatesByType[id] ?? []
    }

    func nodes(ofType type: TypeRef) -> [AnyNode] { candidates(ofType: type) }

    func nodes(tagged tag: String) -> [AnyNode] {
        byTag[tag] ?? builder.parent?.tagTable[tag] ?? []
    }

    /// The component named `name`, here or in the parent; `nil` records nothing (unlike a
    /// reference's binding).
    func node(named name: String) -> AnyNode? {
        byName[name]?.takeUnretainedValue() ?? builder.parent?.node(named: name)
    }

    /// The candidate a by-type lookup picks: the only one, else the one primary, else the one
    /// without a name (the default next to named variants); `nil` when that leaves several.
    /// The error for candidates `choose` could not decide between: the primaries when there are several.
    static func ambiguity(_ type: TypeRef, _ candidates: [AnyNode], site: InjectionSite?) -> IoCError {
        let primaries = candidates.filter(\.isPrimary)
        let tied = primaries.count > 1 ? primaries : candidates
        return .ambiguousComponent(type: type, candidates: tied.map(\.candidateDescription), primaries: primaries.count > 1,
                                   site: site, path: [])
    }

    static func choose(_ candidates: [AnyNode]) -> AnyNode? {
        if candidates.count == 1 { return candidates[0] }
        let primaries = candidates.filter(\.isPrimary)
        if !primaries.isEmpty { return primaries.count == 1 ? primaries[0] : nil }
        let unnamed = candidates.filter { $0.key.name == nil }
        return unnamed.count == 1 ? unnamed[0] : nil
    }

    private var allNames: [String] {
        Array(byName.keys) + (builder.parent?.allNames ?? [])
    }

    /// Names close to `name`, quoted, never the component that asks (it cannot depend on itself).
    private func nameSuggestions(for name: String, site: SiteInfo) -> [String] {
        let own = site.node.key.name
        return Suggestions.closest(to: name, in: allNames.filter { $0 != own }).map { "\"\($0)\"" }
    }

    /// Type names close to `name`, never the type of the component that asks.
    private func typeSuggestions(for name: String, site: SiteInfo) -> [String] {
        let own = site.node.typeRef.name
        return Suggestions.closest(to: name, in: allTypeNames.filter { $0 != own })
    }

    private var allTypeNames: [String] {
        var names = byType.values.compactMap { $0.first?.typeRef.name }
        if let parent = builder.parent { names += parent.candidatesByType.values.compactMap { $0.first?.typeRef.name } }
        return names
    }

    /// The argument that produces `X` from `source`; `nil` after recording why it cannot.
    /// With `optional`, a source that names no component returns `nil` without a problem.
    func argument<X>(for source: InjectionSource, as type: X.Type, site: SiteInfo, optional: Bool) -> Argument<X>? {
        // NB: a shape binds points of its own type, so what it made is an `Argument<X>`.
        anyArgument(for: source, as: type, shape: X.self as? any InjectionShape.Type, site: site, optional: optional)
            .map { unsafeDowncast($0, to: Argument<X>.self) }
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
    private func valueArgument<X>(for source: InjectionSource, as type: X.Type, site: SiteInfo) -> Argument<X>? {
        switch source {
        case .type, .named, .inner:
            return nil  // `referencedNode` took these.
        case .value(let value):
            if let typed = value.value as? X { return ConstantArgument(typed) }
            problems.append(.valueTypeMismatch(value: value.description, expected: TypeRef(X.self), site: site.site))
            return nil
        case .config(let value):
            do {
                return ConstantArgument(try builder.converters.convert(value, to: X.self))
            } catch {
                problems.append(.badValue(value: error.value.description, valueLocation: error.value.location,
                                          target: TypeRef(X.self), reason: error.reason, site: site.site))
                return nil
            }
        case .typeNamed(let name):
            // Binding turns type names into types; one left here names no type.
            problems.append(.missingComponent(key: ComponentKey(name: name), site: site.site, suggestions: [], path: []))
            return nil
        case .all, .tagged, .taggedIndexed, .list, .map:
            problems.append(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
                                            hint: "A collection injects into an array [T] or a dictionary [String: T]."))
        case .lazy, .provider:
            problems.append(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
                                            hint: "A handle injects into Lazy<T> or Provider<T>."))
        case .abstractArgument(let message):
            problems.append(.invalidDefinition(component: site.node.label,
                                               reason: "\(site.site.point) is abstract (\(message), at \(site.location)): a child definition, or the app, must give it.",
                                               location: site.node.info.location))
        case .defaultArgument:
            problems.append(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
                                            hint: "This parameter has no default value in its catalog entry; give it a value or a reference."))
        case .optional, .nilValue:
            problems.append(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
                                            hint: "Only an optional type T? can take nil."))
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
                    problems.append(.missingComponent(key: ComponentKey(type: wanted), site: site.site,
                                                      suggestions: typeSuggestions(for: wanted.name, site: site), path: []))
                }
                return .some(nil)
            }
            guard let chosen = Self.choose(found) else {
                problems.append(Self.ambiguity(wanted, found, site: site.site))
                return .some(nil)
            }
            return chosen
        case .named(let name):
            guard let found = node(named: name) else {
                if !optional { reportMissing(named: name, site: site) }
                return .some(nil)
            }
            return found
        case .inner(let definition):
            return .some(innerNode(definition))
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
        if let exposed = node.adapters[ObjectIdentifier(X.self)] as? Node<X> { return NodeArgument(exposed) }
        if node.typeRef.metatype is X.Type { return CastArgument<X>(node, site: site) }
        problems.append(.typeMismatch(component: node.label, expected: TypeRef(X.self), actual: node.typeRef, site: site.site, path: []))
        return nil
    }

    // MARK: Checking the graph

    private func analyse() {
        let hasGraphNodes = allNodes.contains { if case .objectGraph = $0.storage { return true } else { return false } }
            || (builder.parent?.hasObjectGraphNodes ?? false)
        container.hasObjectGraphNodes = hasGraphNodes

        // A parent's main-actor nodes were marked by its own build; its nodes are reached as dependencies.
        let hasMainActorNodes = allNodes.contains(where: \.isMainActor) || (builder.parent?.hasMainActorNodes ?? false)
        container.hasMainActorNodes = hasMainActorNodes
        let search = cycleSearch().search(from: allNodes.indices)
        let allNodes = self.allNodes
        dependencyOrder = search.order.map { allNodes[$0] }
        var cycleMembers: [AnyNode] = []
        var cycles: [IoCError] = []
        if !search.cycles.isEmpty {
            let checked = propertyCycles().check(order: search.order)
            cycles = checked.problems
            for group in checked.groups {
                let cell = CellKey(scope: 2, node: Serial.next())
                for member in group {
                    let node = allNodes[member.node]
                    node.join(CycleMembership(group: cell, node: node.serial, first: member.first.map { allNodes[$0] }))
                    cycleMembers.append(node)
                }
            }
        }
        // Each node after those it builds, so that one pass sets both marks; on a cycle that
        // properties close, a node can come before one it builds: passes until nothing changes.
        var changed = true
        while changed {
            changed = false
            for node in dependencyOrder { changed = mark(node, hasGraphNodes: hasGraphNodes, hasMainActorNodes: hasMainActorNodes) || changed }
            if cycleMembers.isEmpty { break }
        }
        for node in cycleMembers where node.isAsync {
            problems.append(.invalidDefinition(component: node.label, reason: "it is async and on a dependency cycle that properties close; the components of such a cycle are created synchronously. Make its factory synchronous, or inject one side of the cycle as Lazy<T> or Provider<T>.", location: node.info.location))
        }
        for node in ownNodes where node.isAsync {
            guard let definition = node.definition else { continue }
            switch node.storage {
            case .singleton, .prototype, .objectGraph: break
            default:
                problems.append(.invalidDefinition(component: node.label, reason: "an async component can be prototype, singleton or object-graph, not \(definition.scope).", location: definition.location))
            }
            if eagerNodes.contains(where: { $0 === node }) {
                problems.append(.invalidDefinition(component: node.label, reason: "an async component cannot be created eagerly by the synchronous build(); resolve it with 'try await container.resolve(...)' at start-up instead.", location: definition.location))
            }
        }
        checkMainActorComponents()
        problems += cycles
        reportCaptiveDependencies()
    }

    /// The rules for main-actor components (``Definition/isMainActor``), which only the main
    /// actor makes: a component that another thread shares does not hold one (it would be made
    /// wherever that component first is), a main-actor component needs nothing async (it is
    /// made synchronously on the main actor), and an eager one needs `build()` on the main actor.
    private func checkMainActorComponents() {
        for node in allNodes {
            node.checksBeforeMaking = node.isAsync || node.isMainActor
            guard node.reachesMainActor, let definition = node.definition else { continue }
            if node.isMainActor {
                if node.isAsync {
                    problems.append(.invalidDefinition(component: node.label, reason: "it is isolated to the main actor and needs async components (\(node.asyncPath.joined(separator: " -> "))); a main-actor component is made synchronously on the main actor. Inject the async one as Lazy<T> or Provider<T> and get it with 'try await', or resolve it before.", location: definition.location))
                }
                if eagerNodes.contains(where: { $0 === node }), !MainActorGate.isOpen {
                    problems.append(.invalidDefinition(component: node.label, reason: "it is isolated to the main actor and eager, and build() ran off the main actor. Call build() from the main actor, or have it made on first use (not eager; lazy-init=\"true\" in Spring XML) and resolve it there.", location: definition.location))
                }
                continue
            }
            switch node.storage {
            case .prototype, .objectGraph, .adapter: continue
            case .singleton, .weakSingleton, .threadLocal, .taskLocal, .custom: break
            }
            let path = mainActorPath(from: node)
            problems.append(.invalidDefinition(component: node.label, reason: "it is \(definition.scope) and not isolated to the main actor, yet it holds a main-actor component (\(path.joined(separator: " -> "))), which only the main actor can make. Inject it as Lazy<T> or Provider<T> and get it on the main actor, or register \(node.label) with a mainActor form.", location: definition.location))
        }
    }

    /// The components from `node` down to the first main-actor one it builds.
    private func mainActorPath(from node: AnyNode) -> [String] {
        var path: [String] = []
        var current: AnyNode? = node
        while let step = current {
            if step.base == nil { path.append(step.label) }
            if step.isMainActor { break }
            current = step.directDependencies.first(where: \.reachesMainActor)
        }
        return path
    }

    /// Sets a node's `async` and object-graph marks from those of the nodes it builds; whether
    /// they changed.
    private func mark(_ node: AnyNode, hasGraphNodes: Bool, hasMainActorNodes: Bool) -> Bool {
        let wasAsync = node.isAsync, neededGraph = node.needsGraph, reachedMainActor = node.reachesMainActor
        if hasMainActorNodes {
            node.reachesMainActor = node.isMainActor || node.directDependencies.contains(where: \.reachesMainActor)
        }
        if node.constructsAsync {
            node.asyncPath = [node.label]
        } else if node.asyncPath.isEmpty, let next = node.directDependencies.first(where: \.isAsync) {
            // Exposure nodes are not components of their own: skip them in the path.
            node.asyncPath = node.base == nil ? [node.label] + next.asyncPath : next.asyncPath
        }
        node.isAsync = !node.asyncPath.isEmpty
        if hasGraphNodes {
            var needs = node.constructsOpaquely
            if case .objectGraph = node.storage { needs = true }
            node.needsGraph = needs || node.directDependencies.contains(where: \.needsGraph)
        }
        return node.isAsync != wasAsync || node.needsGraph != neededGraph || node.reachesMainActor != reachedMainActor
    }

    /// The rule for the cycles the search found: those a shared component closes through a
    /// property or method call are built (see ``PropertyCycles``).
    private func propertyCycles() -> PropertyCycles {
        let container = self.container, allNodes = self.allNodes
        return PropertyCycles(
            count: allNodes.count,
            edges: { index in
                let node = allNodes[index]
                return node.directDependencies.enumerated().compactMap { position, target in
                    target.container === container ? .init(target: target.index, isLate: position >= node.lateDependencyStart) : nil
                }
            },
            isShared: { index in
                switch allNodes[index].storage {
                case .prototype, .adapter: return false
                default: return true
                }
            },
            isShown: { allNodes[$0].base == nil },
            label: { allNodes[$0].label },
            location: { allNodes[$0].info.location }
        )
    }

    /// The search for cycles of direct dependencies among this container's nodes (each cycle
    /// reported once with its full path), which also orders them for the marks. A parent's
    /// nodes were checked and marked by its own build.
    private func cycleSearch() -> CycleSearch {
        let container = self.container, allNodes = self.allNodes
        return CycleSearch(
            count: allNodes.count,
            next: { index in
                allNodes[index].directDependencies.compactMap { $0.container === container ? $0.index : nil }
            },
            isShown: { allNodes[$0].base == nil },
            label: { allNodes[$0].label },
            location: { allNodes[$0].info.location }
        )
    }

    private func lifetime(of node: AnyNode) -> ScopeLifetime {
        switch node.storage {
        case .prototype: return .perRequest
        case .objectGraph: return .perGraph
        case .threadLocal, .taskLocal: return .perContext
        case .custom(let scope): return scope.lifetime
        case .weakSingleton: return .whileReferenced
        case .singleton: return .container
        case .adapter: return node.base.map(lifetime(of:)) ?? .perRequest
        }
    }

    /// Records that `node` builds what `argument` builds, injected at `site`: its direct
    /// dependencies for the graph checks, and a captive dependency (a shorter-lived component
    /// held by a longer-lived one) as a problem. Called as each argument is bound, so that no
    /// list of arguments with their sites is kept per component.
    func depend(_ node: AnyNode, on argument: AnyArgument, at site: SiteInfo) {
        let holder = captiveHolder(node, at: site)
        argument.forEachDirectNode { target in record(node, dependsOn: target, holder: holder, at: site) }
    }

    /// ``depend(_:on:at:)`` for a plain reference to `target`, which binding makes on first use.
    func depend(_ node: AnyNode, onNode target: AnyNode, at site: SiteInfo) {
        record(node, dependsOn: target, holder: captiveHolder(node, at: site), at: site)
    }

    /// The lifetime a dependency of `node` injected at `site` must not be shorter than; `nil`
    /// when none can be captive there.
    private func captiveHolder(_ node: AnyNode, at site: SiteInfo) -> ScopeLifetime? {
        guard !builder.allowsCaptiveDependencies, site.point.isHeld else { return nil }
        let holder = lifetime(of: node)
        return holder > .perRequest ? holder : nil
    }

    private func record(_ node: AnyNode, dependsOn target: AnyNode, holder: ScopeLifetime?, at site: SiteInfo) {
        node.directDependencies.append(target)
        guard let holder, !target.isScopedProxy else { return }
        let held = target.base ?? target
        // An inner (anonymous) prototype is made for its holder alone: nothing else can share it.
        guard lifetime(of: held) < holder, !(held.isInner && lifetime(of: held) == .perRequest) else { return }
        captives[ObjectIdentifier(node), default: []].append(
            .captiveDependency(holder: node.label, holderScope: node.info.scope, dependency: held.label,
                               dependencyScope: held.info.scope, site: site.site))
    }

    /// Forgets what binding `node` recorded (its dependencies and captive dependencies), for a
    /// check that gives way to the full binding. A node is bound once, so all of it is that
    /// binding's.
    func forgetDependencies(of node: AnyNode) {
        node.directDependencies.removeAll()
        captives[ObjectIdentifier(node)] = nil
    }

    /// The component a plain reference names: a type or a name that picks exactly one component
    /// making the point's own type, which the point's slot injects as it is. `nil` for any
    /// other point (an optional, a handle, a collection, a value, a subtype, a component
    /// missing or ambiguous), which the full binding handles and reports; records nothing.
    func plainTarget(_ point: InjectionPoint) -> AnyNode? {
        guard let exact = point.slot?.exactType else { return nil }
        let found: AnyNode?
        switch point.source {
        case .type(let wanted) where ObjectIdentifier(wanted.metatype) == exact:
            found = Self.choose(candidates(ofType: wanted))
        case .named(let name):
            found = node(named: name)
        default:
            return nil
        }
        return found?.producedType == exact ? found : nil
    }

    /// Captive dependencies found while binding, by holder; reported after the graph checks,
    /// in the order of the components.
    @exclusivity(unchecked) private var captives: [ObjectIdentifier: [IoCError]] = [:]

    private func reportCaptiveDependencies() {
        guard !captives.isEmpty else { return }
        for node in ownNodes { problems += captives[ObjectIdentifier(node)] ?? [] }
    }

    // MARK: Publishing the plan

    private func publish() {
        let parent = builder.parent
        container.nodes = allNodes
        container.definitions = definitions
        container.customScopes = customScopes
        container.converters = builder.converters
        container.postProcessors = builder.postProcessors
        // A child's own entries hide its parent's.
        container.candidatesByType = parent.map { $0.candidatesByType.merging(byType) { $1 } } ?? byType
        container.tagTable = parent.map { $0.tagTable.merging(byTag) { $1 } } ?? byTag
        // A type resolves at the top level to the component `choose` picks among its
        // candidates, unless that one is private; `nil` for a type whose candidates tie.
        var types: [ObjectIdentifier: AnyNode?] = [:]
        types.reserveCapacity(container.candidatesByType.count)
        for (id, candidates) in container.candidatesByType {
            let chosen = Self.choose(candidates)
            if chosen?.isPrivate != true { types[id] = chosen }
        }
        // Every name, private ones too: injection and child containers see them, and the
        // top-level resolve by name refuses a private one (``AnyNode/hides(name:)``).
        let names = parent.map { $0.lookups.takeUnretainedValue().names.merging(byName) { $1 } } ?? byName
        container.setLookups(types: types, names: names)
        var factories = parent?.runtimeFactories ?? [:]
        for factory in builder.runtimeFactories { factories[factory.key] = factory }
        container.runtimeFactories = factories
    }
}
