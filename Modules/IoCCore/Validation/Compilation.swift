/// Turns a builder's definitions into a container's plan: applies overrides, numbers the
/// components, binds every injection point to the component(s) it needs (or, for a component
/// whose injections are all plain references, checks them and records its dependencies: its
/// node is made and bound on first use), then checks the graph on tables indexed by number.
/// Every problem is collected; the builder throws them together.
///
/// The build makes nodes only where it must: for components that bind in full (their
/// arguments point at nodes), the components those arguments reach, exposures, inner
/// definitions, eager singletons, `async` components and members of cycles that properties close.
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
    /// What the build knows of each component, by number (see ``NodeRef``).
    @exclusivity(unchecked) var facts: [ComponentFacts] = []
    @exclusivity(unchecked) private var byName: [String: NodeRef] = [:]
    @exclusivity(unchecked) private var byType: [ObjectIdentifier: [NodeRef]] = [:]
    @exclusivity(unchecked) private var byTag: [String: [NodeRef]] = [:]
    private let customScopes: [String: any CustomScope]

    var postProcessors: [any InstancePostProcessor] { builder.postProcessors }

    init(builder: ContainerBuilder, container: Container) {
        self.builder = builder
        self.container = container
        self.customScopes = (builder.parent?.customScopes ?? [:]).merging(builder.customScopes) { $1 }
        container.customScopes = customScopes
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
        // Binding reported every definition it could not bind; only those that bound are components.
        if definitions.contains(where: { $0.maker == nil }) { definitions.removeAll { $0.maker == nil } }
        container.definitions = definitions
        facts.reserveCapacity(definitions.count)
        byName.reserveCapacity(definitions.count)
        for definition in definitions { facts.append(ComponentFacts(definition, storage: storage(for: definition))) }
        for index in definitions.indices { self.index(index) }
        orderTaggedByPriority()
        for index in definitions.indices where !checkPlainReferences(of: index) {
            container.node(at: index).takeUnretainedValue().bind(self)
        }
        analyse()
        publish()
    }

    /// The steps before binding: the active profiles' definitions, placeholders resolved,
    /// decorators applied, overrides by name applied (other repeated names reported) and
    /// children merged with their parents. Tools that read config without the app's types
    /// stop here (``ContainerBuilder/preparedWithoutTypes()``).
    func prepare() -> [Definition] {
        var preparation = Preparation(builder: builder)
        // Runtime-argument factories are keyed apart and made by no node; only profiles apply to them.
        // NB: a copy only when there is one: filtering copies (retains) every definition.
        var components = builder.definitions
        if components.contains(where: \.takesRuntimeArguments) {
            runtimeFactories = keepRuntimeFactories(components.filter { $0.takesRuntimeArguments && preparation.isActive($0) })
            components.removeAll(where: \.takesRuntimeArguments)
        }
        let active = preparation.activeResolved(preparation.applyConditionalSettings(preparation.expandResources(components)))
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
    /// This container's components, each after the components it builds; set by the checks at build.
    @exclusivity(unchecked) private(set) var dependencyOrder: [Int] = []
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
        problems.append(IoCError(.missingComponent(key: ComponentKey(name: name), site: site.site,
                                                   suggestions: nameSuggestions(for: name, site: site), path: [])))
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
                problems.append(IoCError(.duplicateKey(key: key, first: previous.location, second: definition.location)))
            }
        }
        // A replaced or repeated definition is never appended, so keeping as many as came in
        // means every one was kept, in order: the input as it is.
        return kept.count == input.count ? input : kept.map { input[$0] }
    }

    /// This build's runtime-argument factories that stand, in registration order.
    private(set) var runtimeFactories: [Definition] = []

    /// The runtime-argument factories that stand: a later one with the key of an earlier one
    /// replaces it when marked as an override, and is a duplicate otherwise; a setting that
    /// means nothing for such a factory is reported.
    private func keepRuntimeFactories(_ input: [Definition]) -> [Definition] {
        var kept: [Definition] = []
        var seen: [RuntimeFactoryKey: Int] = [:]
        for definition in input {
            if let setting = Self.settingWithoutMeaning(forRuntimeFactory: definition) {
                problems.append(IoCError(.invalidDefinition(
                    component: definition.label,
                    reason: "it takes runtime arguments, so each resolve makes a new instance from the arguments given; it cannot have \(setting). Register a component without runtime arguments for that",
                    location: definition.location)))
                continue
            }
            guard let key = RuntimeFactoryKey(definition) else { continue }
            if let position = seen[key] {
                if definition.isOverride { kept[position] = definition; continue }
                problems.append(IoCError(.duplicateKey(key: definition.key, first: kept[position].location, second: definition.location)))
                continue
            }
            seen[key] = kept.count
            kept.append(definition)
        }
        return kept
    }

    /// The first setting a runtime-argument factory has that means nothing for it.
    private static func settingWithoutMeaning(forRuntimeFactory definition: Definition) -> String? {
        if definition.scope != .prototype { return "a scope (\(definition.scope))" }
        if definition.isLazy { return "lazy" }
        if definition.isEager { return "eager" }
        if definition.isPrimary { return "primary" }
        if !definition.aliases.isEmpty { return "aliases" }
        if !definition.tags.isEmpty { return "tags" }
        if !definition.exposedAs.isEmpty { return "exposures (as:)" }
        if !definition.properties.isEmpty { return "properties" }
        if !definition.methodCalls.isEmpty { return "method calls" }
        if !definition.hooks.isEmpty { return "hooks" }
        if definition.strategy != nil { return "a construction strategy" }
        if !definition.dependsOn.isEmpty { return "dependsOn" }
        return nil
    }

    // MARK: Components

    private func storage(for definition: Definition) -> Storage {
        let (storage, problem) = Storage.of(definition, customScopes: customScopes)
        if let problem { problems.append(problem) }
        return storage
    }

    func component(_ index: Int) -> NodeRef { NodeRef(container, index) }

    /// Numbers a component made at build that is not one of the definitions (an exposure, an
    /// inner definition), after them, and keeps its node.
    private func addExtra(_ origin: ExtraOrigin, node: AnyNode, facts entry: ComponentFacts) -> Int {
        let index = facts.count
        container.extraOrigins.append(origin)
        facts.append(entry)
        container.adopt(node, at: index)
        return index
    }

    /// Makes the exposures of the component `index` (whose node is `node`) and numbers them;
    /// the exposed types and their components, in the definition's order.
    private func makeExposures(of node: AnyNode, at index: Int, _ definition: Definition) -> [(ObjectIdentifier, NodeRef)] {
        var made: [(ObjectIdentifier, NodeRef)] = []
        for exposure in definition.exposedAs {
            guard let type = exposure.type,
                  let adapter = exposure.adapter?.makeNode(base: node, container: container, target: type) else { continue }
            var entry = ComponentFacts(exposureOf: index, isScopedProxy: adapter.isScopedProxy)
            entry.dependencies = [component(index)]
            let exposed = addExtra(.exposure(base: index, type: type), node: adapter, facts: entry)
            node.adapters[ObjectIdentifier(type.metatype)] = adapter
            made.append((ObjectIdentifier(type.metatype), component(exposed)))
        }
        return made
    }

    private func index(_ index: Int) {
        let definition = definitions[index]
        let found = component(index)
        // A component with exposures has its node now: its exposures point at it.
        let exposures = definition.exposedAs.isEmpty ? []
            : makeExposures(of: container.node(at: index).takeUnretainedValue(), at: index, definition)
        if definition.isAutowireCandidate {
            byType[ObjectIdentifier(definition.boundType.metatype), default: []].append(found)
            for (id, exposure) in exposures { byType[id, default: []].append(exposure) }
        }
        if let name = definition.name { byName[name] = found }
        for alias in definition.aliases { byName[alias] = found }
        for tag in definition.tags { byTag[tag, default: []].append(found) }
        if definition.isEager && definition.isLazy {
            problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "it is marked both eager and lazy; keep one.", location: definition.location)))
        }
        if definition.isEager && !definition.isLazy {
            if definition.scope == .singleton {
                facts[index].isEager = true
            } else {
                problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "only singletons can be eager; its scope is \(definition.scope).", location: definition.location)))
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
        for (tag, found) in byTag where found.contains(where: { $0.definition.priority(of: tag) != 0 }) {
            byTag[tag] = found.enumerated().sorted { lhs, rhs in
                let left = lhs.element.definition.priority(of: tag), right = rhs.element.definition.priority(of: tag)
                return left != right ? left > right : lhs.offset < rhs.offset
            }.map(\.element)
        }
    }

    /// Makes, numbers and binds a node for an inner (anonymous) definition.
    private func innerNode(_ definition: Definition) -> AnyNode? {
        guard let maker = definition.maker else { return nil }
        let storage = storage(for: definition)
        let node = maker.makeNode(container: container, storage: storage, definition: definition)
        node.isInner = true
        var entry = ComponentFacts(definition, storage: storage)
        entry.isInner = true
        let index = addExtra(.inner(definition), node: node, facts: entry)
        _ = makeExposures(of: node, at: index, definition)
        node.bind(self)
        return node
    }

    /// Checks, without binding or making a node, the component `index` when its every
    /// injection is a plain reference: a type or name that picks one component making exactly
    /// the point's type (no optional, handle, collection, value or conversion). Records its
    /// dependencies and captive dependencies as binding would, and returns `true`; its node is
    /// then made and bound on first use from those dependencies (``TypedDefinitionParts/bindOnFirstUse(definition:node:postProcessors:)``).
    /// Returns `false`, recording nothing, when any injection needs the full binding (which
    /// reports what is wrong).
    func checkPlainReferences(of index: Int) -> Bool {
        let definition = definitions[index]
        let found = component(index)
        guard let produced = definition.maker?.producedType else { return false }
        func plain(_ point: InjectionPoint, _ site: SiteInfo) -> Bool {
            guard let target = plainTarget(point) else { return false }
            record(index, dependsOn: target, holder: captiveHolder(index, at: site), at: site)
            return true
        }
        var isPlain = true
        let construction = definition.construction
        for (position, point) in construction.arguments.enumerated() where isPlain {
            let at = TypedDefinitionParts<Void>.constructionPoint(construction.kind, position, point.label)
            isPlain = plain(point, SiteInfo(component: found, point: at, location: point.location ?? definition.location))
        }
        for name in definition.dependsOn where isPlain {
            guard let target = component(named: name) else { isPlain = false; break }
            let site = SiteInfo(component: found, point: .dependsOn(name), location: definition.location)
            record(index, dependsOn: target, holder: captiveHolder(index, at: site), at: site)
        }
        let constructionEnd = facts[index].dependencies.count
        let properties = definition.properties
        for position in properties.indices where isPlain {
            isPlain = properties[position].setter?.instanceType == produced
                && plain(properties[position].point, SiteInfo(component: found, point: .property(properties[position].name),
                                                              location: properties[position].point.location ?? definition.location))
        }
        for call in definition.methodCalls where isPlain {
            for (position, point) in call.arguments.enumerated() where isPlain {
                isPlain = plain(point, SiteInfo(component: found, point: .call(call.method, position), location: point.location ?? definition.location))
            }
        }
        guard isPlain else {
            // A component is checked once, so all of what it recorded is this check's.
            facts[index].dependencies.removeAll()
            captives[index] = nil
            return false
        }
        facts[index].lateDependencyStart = constructionEnd
        return true
    }

    /// Records where the construction of `node`'s instance ends among its dependencies: those
    /// recorded after are injected into the made instance (properties, method calls).
    func constructionDone(_ node: AnyNode) {
        facts[node.index].lateDependencyStart = facts[node.index].dependencies.count
    }

    // MARK: Lookups used while binding

    func candidates(ofType type: TypeRef) -> [NodeRef] {
        let id = ObjectIdentifier(type.metatype)
        return byType[id] ?? builder.parent?.candidatesByType[id] ?? []
    }

    /// The nodes of every component of `type` (made now where they were not).
    func nodes(ofType type: TypeRef) -> [AnyNode] { candidates(ofType: type).map { $0.node.takeUnretainedValue() } }

    /// The nodes of every component tagged `tag` (made now where they were not).
    func nodes(tagged tag: String) -> [AnyNode] {
        (byTag[tag] ?? builder.parent?.tagTable[tag] ?? []).map { $0.node.takeUnretainedValue() }
    }

    /// The component named `name`, here or in the parent; `nil` records nothing (unlike a
    /// reference's binding).
    func component(named name: String) -> NodeRef? {
        byName[name] ?? builder.parent?.component(named: name)
    }

    /// The node of the component named `name` (made now if it was not).
    func node(named name: String) -> AnyNode? {
        component(named: name)?.node.takeUnretainedValue()
    }

    /// The candidate a by-type lookup picks: the only one, else the one primary, else the one
    /// without a name (the default next to named variants); `nil` when that leaves several.
    static func choose(_ candidates: [NodeRef]) -> NodeRef? {
        if candidates.count == 1 { return candidates[0] }
        let primaries = candidates.filter(\.isPrimary)
        if !primaries.isEmpty { return primaries.count == 1 ? primaries[0] : nil }
        let unnamed = candidates.filter { $0.key.name == nil }
        return unnamed.count == 1 ? unnamed[0] : nil
    }

    /// The error for candidates `choose` could not decide between: the primaries when there are several.
    static func ambiguity(_ type: TypeRef, _ candidates: [NodeRef], site: InjectionSite?) -> IoCError {
        let primaries = candidates.filter(\.isPrimary)
        let tied = primaries.count > 1 ? primaries : candidates
        return IoCError(.ambiguousComponent(type: type, candidates: tied.map(\.candidateDescription), primaries: primaries.count > 1,
                                            site: site, path: []))
    }

    private var allNames: [String] {
        Array(byName.keys) + (builder.parent?.allNames ?? [])
    }

    /// Names close to `name`, quoted, never the component that asks (it cannot depend on itself).
    private func nameSuggestions(for name: String, site: SiteInfo) -> [String] {
        let own = site.component.key.name
        return Suggestions.closest(to: name, in: allNames.filter { $0 != own }).map { "\"\($0)\"" }
    }

    /// Type names close to `name`, never the type of the component that asks.
    private func typeSuggestions(for name: String, site: SiteInfo) -> [String] {
        let own = site.component.key.type?.name
        return Suggestions.closest(to: name, in: allTypeNames.filter { $0 != own })
    }

    private var allTypeNames: [String] {
        byType.values.compactMap { $0.first?.key.type?.name } + (builder.parent?.allTypeNames ?? [])
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
            problems.append(IoCError(.valueTypeMismatch(value: value.description, expected: TypeRef(X.self), site: site.site)))
            return nil
        case .config(let value):
            do {
                return ConstantArgument(try builder.converters.convert(value, to: X.self))
            } catch {
                problems.append(IoCError(.badValue(value: error.value.description, valueLocation: error.value.location,
                                                   target: TypeRef(X.self), reason: error.reason, site: site.site)))
                return nil
            }
        case .typeNamed(let name):
            // Binding turns type names into types; one left here names no type.
            problems.append(IoCError(.missingComponent(key: ComponentKey(name: name), site: site.site, suggestions: [], path: [])))
            return nil
        case .all, .tagged, .taggedIndexed, .list, .map:
            problems.append(IoCError(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
                                                     hint: "A collection injects into an array [T] or a dictionary [String: T].")))
        case .lazy, .provider:
            problems.append(IoCError(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
                                                     hint: "A handle injects into Lazy<T> or Provider<T>.")))
        case .abstractArgument(let message):
            problems.append(IoCError(.invalidDefinition(component: site.component.label,
                                                        reason: "\(site.site.point) is abstract (\(message), at \(site.location)): a child definition, or the app, must give it.",
                                                        location: site.component.location)))
        case .defaultArgument:
            problems.append(IoCError(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
                                                     hint: "This parameter has no default value in its catalog entry; give it a value or a reference.")))
        case .optional, .nilValue:
            problems.append(IoCError(.sourceMismatch(source: source.description, expected: TypeRef(X.self), site: site.site,
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
                    problems.append(IoCError(.missingComponent(key: ComponentKey(type: wanted), site: site.site,
                                                               suggestions: typeSuggestions(for: wanted.name, site: site), path: [])))
                }
                return .some(nil)
            }
            guard let chosen = Self.choose(found) else {
                problems.append(Self.ambiguity(wanted, found, site: site.site))
                return .some(nil)
            }
            return chosen.node.takeUnretainedValue()
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
        problems.append(IoCError(.typeMismatch(component: node.label, expected: TypeRef(X.self), actual: node.typeRef, site: site.site, path: [])))
        return nil
    }

    // MARK: Checking the graph

    /// The marks of `target`: this build's, or (for a parent's component) its container's.
    private func flags(of target: NodeRef) -> NodeFlags {
        target.container === container ? facts[target.index].flags : target.container.flags[target.index]
    }

    /// The path down to the async factory of an `async` component (a parent's has its node,
    /// which its build made).
    private func asyncPath(of target: NodeRef) -> [String] {
        target.container === container ? facts[target.index].asyncPath : target.node.takeUnretainedValue().asyncPath
    }

    /// What `target` builds directly.
    private func dependencies(of target: NodeRef) -> [NodeRef] {
        target.container === container ? facts[target.index].dependencies : Array(target.container.dependencies[target.index])
    }

    private func analyse() {
        let hasGraphNodes = facts.contains { if case .objectGraph = $0.storage { return true } else { return false } }
            || (builder.parent?.hasObjectGraphNodes ?? false)
        container.hasObjectGraphNodes = hasGraphNodes

        // A parent's main-actor components were marked by its own build; they are reached as dependencies.
        let hasMainActorNodes = facts.contains(where: \.isMainActor) || (builder.parent?.hasMainActorNodes ?? false)
        container.hasMainActorNodes = hasMainActorNodes
        let search = cycleSearch().search(from: facts.indices)
        dependencyOrder = search.order
        var cycleMembers: [Int] = []
        var cycles: [IoCError] = []
        if !search.cycles.isEmpty {
            let checked = propertyCycles().check(order: search.order)
            cycles = checked.problems
            for group in checked.groups {
                // The members of such a cycle have their nodes from the build: each knows the others.
                let cell = CellKey(scope: 2, node: Serial.next())
                for member in group {
                    let node = container.node(at: member.node).takeUnretainedValue()
                    node.join(CycleMembership(group: cell, node: node.serial,
                                              first: member.first.map { container.node(at: $0).takeUnretainedValue() }))
                    cycleMembers.append(member.node)
                }
            }
        }
        // Each component after those it builds, so that one pass sets every mark; on a cycle
        // that properties close, one can come before one it builds: passes until nothing changes.
        var changed = true
        while changed {
            changed = false
            for index in dependencyOrder { changed = mark(index, hasGraphNodes: hasGraphNodes, hasMainActorNodes: hasMainActorNodes) || changed }
            if cycleMembers.isEmpty { break }
        }
        for index in cycleMembers where facts[index].flags.contains(.isAsync) {
            problems.append(IoCError(.invalidDefinition(component: label(index), reason: "it is async and on a dependency cycle that properties close; the components of such a cycle are created synchronously. Make its factory synchronous, or inject one side of the cycle as Lazy<T> or Provider<T>.", location: container.location(at: index))))
        }
        for index in facts.indices where facts[index].flags.contains(.isAsync) && !facts[index].isExposure {
            let definition = container.definition(at: index)
            switch facts[index].storage {
            case .singleton, .prototype, .objectGraph: break
            default:
                problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "an async component can be prototype, singleton or object-graph, not \(definition.scope).", location: definition.location)))
            }
            if facts[index].isEager {
                problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "an async component cannot be created eagerly by the synchronous build(); resolve it with 'try await container.resolve(...)' at start-up instead.", location: definition.location)))
            }
        }
        checkMainActorComponents()
        problems += cycles
        reportCaptiveDependencies()
    }

    func label(_ index: Int) -> String { container.key(at: index).description }

    /// The rules for main-actor components (``Definition/isMainActor``), which only the main
    /// actor makes: a component that another thread shares does not hold one (it would be made
    /// wherever that component first is), a main-actor component needs nothing async (it is
    /// made synchronously on the main actor), and an eager one needs `build()` on the main actor.
    private func checkMainActorComponents() {
        for index in facts.indices where facts[index].flags.contains(.reachesMainActor) && !facts[index].isExposure {
            let definition = container.definition(at: index)
            if facts[index].isMainActor {
                if facts[index].flags.contains(.isAsync) {
                    problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "it is isolated to the main actor and needs async components (\(facts[index].asyncPath.joined(separator: " -> "))); a main-actor component is made synchronously on the main actor. Inject the async one as Lazy<T> or Provider<T> and get it with 'try await', or resolve it before.", location: definition.location)))
                }
                if facts[index].isEager, !MainActorGate.isOpen {
                    problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "it is isolated to the main actor and eager, and build() ran off the main actor. Call build() from the main actor, or have it made on first use (not eager; lazy-init=\"true\" in Spring XML) and resolve it there.", location: definition.location)))
                }
                continue
            }
            switch facts[index].storage {
            case .prototype, .objectGraph, .adapter: continue
            case .singleton, .weakSingleton, .threadLocal, .taskLocal, .custom: break
            }
            let path = mainActorPath(from: component(index))
            problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "it is \(definition.scope) and not isolated to the main actor, yet it holds a main-actor component (\(path.joined(separator: " -> "))), which only the main actor can make. Inject it as Lazy<T> or Provider<T> and get it on the main actor, or register \(definition.label) with a mainActor form.", location: definition.location)))
        }
    }

    /// The components from `start` down to the first main-actor one it builds.
    private func mainActorPath(from start: NodeRef) -> [String] {
        var path: [String] = []
        var current: NodeRef? = start
        while let step = current {
            let isExposure = step.container.isExposure(at: step.index)
            if !isExposure { path.append(step.label) }
            if !isExposure && step.definition.isMainActor { break }
            current = dependencies(of: step).first { flags(of: $0).contains(.reachesMainActor) }
        }
        return path
    }

    /// Sets the `async`, main-actor and object-graph marks of component `index` from those of
    /// the components it builds; whether they changed.
    private func mark(_ index: Int, hasGraphNodes: Bool, hasMainActorNodes: Bool) -> Bool {
        let was = facts[index].flags
        var flags = was
        let dependencies = facts[index].dependencies
        if hasMainActorNodes, facts[index].isMainActor || dependencies.contains(where: { self.flags(of: $0).contains(.reachesMainActor) }) {
            flags.insert(.reachesMainActor)
        }
        if facts[index].constructsAsync {
            facts[index].asyncPath = [label(index)]
        } else if facts[index].asyncPath.isEmpty, let next = dependencies.first(where: { self.flags(of: $0).contains(.isAsync) }) {
            // Exposures are not components of their own: skip them in the path.
            facts[index].asyncPath = facts[index].isExposure ? asyncPath(of: next) : [label(index)] + asyncPath(of: next)
        }
        if !facts[index].asyncPath.isEmpty { flags.insert(.isAsync) }
        if hasGraphNodes {
            var needs = facts[index].constructsOpaquely
            if case .objectGraph = facts[index].storage { needs = true }
            if needs || dependencies.contains(where: { self.flags(of: $0).contains(.needsGraph) }) { flags.insert(.needsGraph) }
        }
        facts[index].flags = flags
        return flags != was
    }

    /// Whether the component is shared (not made per request), for the cycle rule.
    private func isShared(_ index: Int) -> Bool {
        switch facts[index].storage {
        case .prototype, .adapter: return false
        default: return true
        }
    }

    /// The rule for the cycles the search found: those a shared component closes through a
    /// property or method call are built (see ``PropertyCycles``).
    private func propertyCycles() -> PropertyCycles {
        let container = self.container, facts = self.facts
        return PropertyCycles(
            count: facts.count,
            edges: { index in
                facts[index].dependencies.enumerated().compactMap { position, target in
                    target.container === container ? .init(target: target.index, isLate: position >= facts[index].lateDependencyStart) : nil
                }
            },
            isShared: isShared,
            isShown: { !facts[$0].isExposure },
            label: label,
            location: container.location(at:)
        )
    }

    /// The search for cycles of direct dependencies among this container's components (each
    /// cycle reported once with its full path), which also orders them for the marks. A
    /// parent's components were checked and marked by its own build.
    private func cycleSearch() -> CycleSearch {
        let container = self.container, facts = self.facts
        return CycleSearch(
            count: facts.count,
            next: { index in facts[index].dependencies.compactMap { $0.container === container ? $0.index : nil } },
            isShown: { !facts[$0].isExposure },
            label: label,
            location: container.location(at:)
        )
    }

    /// The component a plain reference names: a type or a name that picks exactly one component
    /// making the point's own type, which the point's slot injects as it is. `nil` for any
    /// other point (an optional, a handle, a collection, a value, a subtype, a component
    /// missing or ambiguous), which the full binding handles and reports; records nothing.
    func plainTarget(_ point: InjectionPoint) -> NodeRef? {
        guard let exact = point.slot?.exactType else { return nil }
        let found: NodeRef?
        switch point.source {
        case .type(let wanted) where ObjectIdentifier(wanted.metatype) == exact:
            found = Self.choose(candidates(ofType: wanted))
        case .named(let name):
            found = component(named: name)
        default:
            return nil
        }
        guard let found else { return nil }
        let produced = found.container.producedType(at: found.index) ?? found.node.takeUnretainedValue().producedType
        return produced == exact ? found : nil
    }

    /// Captive dependencies found while binding, by holder; reported after the graph checks,
    /// in the order of the components (``reportCaptiveDependencies()``, in CaptiveCheck.swift).
    @exclusivity(unchecked) var captives: [Int: [IoCError]] = [:]

    // MARK: Publishing the plan

    /// Whether component `index` gets its node at build: an eager singleton (made at build), an
    /// `async` component (its node carries the path to its async factory), a member of a cycle
    /// that properties close (joined at build). Others that need one have it already.
    private func needsNodeAtBuild(_ index: Int) -> Bool {
        facts[index].flags.contains(.isAsync) || facts[index].isEager
    }

    private func publish() {
        let parent = builder.parent
        container.converters = builder.converters
        container.postProcessors = builder.postProcessors
        for index in facts.indices where needsNodeAtBuild(index) { _ = container.node(at: index) }
        eagerNodes = facts.indices.filter { facts[$0].isEager }.map { container.node(at: $0).takeUnretainedValue() }
        for node in container.madeNodes {
            node.mark(facts[node.index].flags)
            node.asyncPath = facts[node.index].asyncPath
        }
        container.flags = facts.map(\.flags)
        container.dependencies = DependencyTable(facts.map(\.dependencies))
        // A child's own entries hide its parent's.
        container.candidatesByType = parent.map { $0.candidatesByType.merging(byType) { $1 } } ?? byType
        container.tagTable = parent.map { $0.tagTable.merging(byTag) { $1 } } ?? byTag
        // A type resolves at the top level to the component `choose` picks among its
        // candidates, unless that one is private; `nil` for a type whose candidates tie.
        var types: [ObjectIdentifier: NodeRef?] = [:]
        types.reserveCapacity(container.candidatesByType.count)
        for (id, candidates) in container.candidatesByType {
            let chosen = Self.choose(candidates)
            if chosen?.isPrivate != true { types[id] = chosen }
        }
        // Every name, private ones too: injection and child containers see them, and the
        // top-level resolve by name refuses a private one (``NodeRef/hides(name:)``).
        let names = parent.map { $0.lookups.takeUnretainedValue().names.merging(byName) { $1 } } ?? byName
        container.setLookups(types: types, names: names)
        var factories = parent?.runtimeFactories ?? [:]
        for definition in runtimeFactories {
            if let factory = PublishedRuntimeFactory(definition) { factories[factory.key] = factory }
        }
        container.runtimeFactories = factories
        container.runtimeDefinitions = runtimeFactories
    }
}

/// What the build knows of one component while it checks the graph; the node, when there is
/// one, gets the marks at the end (see ``NodeFlags``).
struct ComponentFacts {
    let storage: Storage
    /// For an exposure: the component it exposes.
    let exposedBase: Int?
    /// For an exposure: a proxy that reaches a context-scoped component per call, which holds
    /// no instance (never a captive dependency).
    let isScopedProxy: Bool
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
        isMainActor = definition.isMainActor
        constructsAsync = definition.construction.kind == .asyncClosure
        constructsOpaquely = definition.constructsOpaquely
    }

    init(exposureOf base: Int, isScopedProxy: Bool) {
        storage = .adapter
        exposedBase = base
        self.isScopedProxy = isScopedProxy
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
        let kind = construction.kind
        return kind == .closure || kind == .asyncClosure || strategy != nil
    }
}
