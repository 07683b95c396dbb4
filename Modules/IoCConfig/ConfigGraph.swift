import IoCCore

/// The dependency graph of config definitions as written, before any type is known: what the
/// `ioc` tool checks, draws and explains when it runs without the app's ``TypeCatalog``.
///
/// Components are linked by what can be followed without types: names and aliases, factories,
/// `depends-on`, tags, inner definitions, and types named by text (matched against the
/// `class` and `as` that config wrote). Binding types, initializers and properties needs the
/// catalog and is left to ``ContainerBuilder/build()``.
package struct ConfigGraph: Sendable {
    /// One component: a named or unnamed definition, or an inner one written in place.
    package struct Component: Sendable {
        package let definition: Definition
        /// The definition this one is written inside, for inner definitions.
        package let owner: Int?

        /// The component as messages print it: `"knight" (Knight)`.
        package var label: String { definition.label }
        /// The type as config wrote it, or as code registered it.
        package var typeName: String { definition.typeName ?? definition.type?.name ?? "?" }
    }

    /// How an injection point reaches its target.
    package enum Reach: String, Sendable {
        /// Built with the component that needs it.
        case direct
        /// Only when present (`@?name`, an optional reference).
        case optional
        /// Through a `Lazy` handle, on first use.
        case lazy
        /// Through a `Provider`, on every call.
        case provider
        /// As one member of a collection (`!tagged_iterator`, a list of references).
        case collection
    }

    /// One dependency: component `from` needs `to` at `point`.
    package struct Edge: Sendable {
        package let from: Int
        package let to: Int
        /// `argument 0 'quest'`, `property 'quest'`, `factory`, `depends-on 'db'`: the words of
        /// the core's messages.
        package let point: String
        package let reach: Reach
        /// The source as written: `@quest`, `tagged reporter`, `type Quest`.
        package let source: String
        package let location: ConfigLocation
        /// Injected after construction: a property, or a method call's argument.
        package let isLate: Bool
    }

    /// An injection point whose source is a value, with no component behind it.
    package struct Value: Sendable {
        package let of: Int
        package let point: String
        package let value: String
        package let location: ConfigLocation
    }

    package private(set) var components: [Component] = []
    package private(set) var edges: [Edge] = []
    package private(set) var values: [Value] = []
    /// The problems of the steps before (``IoCCore/ContainerBuilder/preparedWithoutTypes()``), then references
    /// to names no component has and cycles.
    package private(set) var problems: [IoCError]
    /// The "did you mean" searches among the names left to this check.
    private var suggestionSearches = SuggestionSearches()
    /// Sources only the app's types can settle (`type Quest` that no definition's `class` or
    /// `as` names), as `(component, point, source)`.
    package private(set) var unsettled: [(component: Int, point: String, source: String)] = []
    /// Where config uses a deprecated component or a deprecated alias (Symfony's `deprecated:`),
    /// as warnings: `"newsletter" (Newsletter) argument 0 at services.yaml:9:18 uses "old_mailer",
    /// which is deprecated: use "mailer" instead.`
    package private(set) var deprecatedUses: [(message: String, location: ConfigLocation)] = []
    /// References to names no component has, for drawing: `optional` ones are no problem.
    package private(set) var dangling: [(component: Int, name: String, point: String, optional: Bool)] = []
    private var byName: [String: Int] = [:]
    /// Names dropped for a problem reported already: not reported again when referenced.
    private let leftOut: Set<String>

    /// Whether `name` is a component left out for a problem reported already (its own text, or
    /// its parent's, alias target's or decorated component's), not one that no file defines.
    package func isLeftOut(_ name: String) -> Bool { leftOut.contains(name) }

    /// Names declared synthetic (the app provides them), with where.
    private let synthetic: [String: ConfigLocation]

    package init(_ definitions: [Definition], leftOut: Set<String>, problems: [IoCError], synthetic: [String: ConfigLocation] = [:]) {
        self.leftOut = leftOut
        self.synthetic = synthetic
        self.problems = problems
        for definition in definitions { add(definition, owner: nil) }
        for (index, component) in components.enumerated() where component.owner == nil {
            if let name = component.definition.name { byName[name] = index }
            for alias in component.definition.aliases { byName[alias] = index }
        }
        var index = 0
        while index < components.count {   // inner definitions are appended while this runs
            link(index)
            index += 1
        }
        self.problems += cycles()
    }

    /// The component a name or alias reaches.
    package func component(named name: String) -> Int? { byName[name] }

    /// Every name and alias, sorted: for suggestions.
    package var names: [String] { byName.keys.sorted() }

    /// The edges out of one component, in the order its definition states them.
    package func dependencies(of index: Int) -> [Edge] { edges.filter { $0.from == index } }

    /// The components that inject one component.
    package func dependents(of index: Int) -> [Edge] { edges.filter { $0.to == index } }

    // MARK: Building

    @discardableResult
    private mutating func add(_ definition: Definition, owner: Int?) -> Int {
        components.append(Component(definition: definition, owner: owner))
        return components.count - 1
    }

    private mutating func link(_ index: Int) {
        let definition = components[index].definition
        let factoryMethod = if case .factoryMethod = definition.construction.storedKind { true } else { false }
        if let factory = definition.construction.factory {
            follow(factory, from: index, point: "factory", reach: .direct, at: definition.location)
        }
        for (position, argument) in definition.construction.arguments.enumerated() {
            // A bound factory method's first argument is its factory, stated above.
            if factoryMethod && definition.isBound && position == 0 { continue }
            let number = factoryMethod && definition.isBound ? position - 1 : position
            let point = "argument \(number)" + (argument.label.map { " '\($0)'" } ?? "")
            follow(argument.source, from: index, point: point, reach: .direct, at: argument.location ?? definition.location)
        }
        for name in definition.dependsOn {
            follow(.named(name), from: index, point: "depends-on '\(name)'", reach: .direct, at: definition.location)
        }
        for property in definition.properties {
            follow(property.source, from: index, point: "property '\(property.name)'", reach: .direct,
                   at: property.point.location ?? definition.location, late: true)
        }
        for call in definition.methodCalls {
            for (position, argument) in call.arguments.enumerated() {
                follow(argument.source, from: index, point: "\(call.method) argument \(position)", reach: .direct,
                       at: argument.location ?? definition.location, late: true)
            }
        }
    }

    private mutating func noteDeprecatedUse(of name: String, target: Int, from index: Int, point: String, at location: ConfigLocation) {
        let definition = components[target].definition
        guard let why = definition.deprecatedAliases[name] ?? definition.deprecation else { return }
        let reason = why == "deprecated" ? "." : ": " + why + (why.last.map { ".!?".contains($0) } == true ? "" : ".")
        deprecatedUses.append(("\(components[index].label) \(point) at \(location) uses \"\(name)\", which is deprecated\(reason)", location))
    }

    private mutating func follow(_ source: InjectionSource, from index: Int, point: String, reach: Reach, at location: ConfigLocation,
                                 late: Bool = false) {
        func edge(to target: Int, _ reach: Reach) {
            edges.append(Edge(from: index, to: target, point: point, reach: reach, source: source.description, location: location,
                              isLate: late))
        }
        switch source {
        case .named(let name):
            if let target = byName[name] {
                // A lazy component is injected through its proxy, which builds it on first use
                // (when the catalog has one for the type it is injected as: the build checks).
                edge(to: target, reach == .direct && components[target].definition.isLazy ? .lazy : reach)
                noteDeprecatedUse(of: name, target: target, from: index, point: point, at: location)
                return
            }
            dangling.append((index, name, point, reach == .optional))
            if reach != .optional && !leftOut.contains(name) {
                let site = InjectionSite(component: components[index].label, point: point, location: location)
                if let declared = synthetic[name] {
                    problems.append(IoCError(.missingSynthetic(key: ComponentKey(name: name), site: site, declared: declared, path: [])))
                    return
                }
                let known = byName   // the table, not the search's own state (which the search changes)
                problems.append(IoCError(.missingComponent(key: ComponentKey(name: name), site: site,
                                                           suggestions: suggestionSearches.closest(to: name, in: known.keys.sorted()), path: [])))
            }
        case .typeNamed(let name):
            let matches = components.indices.filter { candidate in
                components[candidate].owner == nil && Self.names(components[candidate].definition, type: name)
            }
            let primaries = matches.filter { components[$0].definition.isPrimary }
            let chosen = primaries.count == 1 ? primaries : matches
            if chosen.isEmpty { unsettled.append((index, point, source.description)) }
            for target in chosen { edge(to: target, reach) }
        case .tagged(let tag), .taggedIndexed(let tag, _):
            for target in components.indices where components[target].owner == nil && components[target].definition.tags.contains(tag) {
                edge(to: target, .collection)
            }
        case .type, .all:
            unsettled.append((index, point, source.description))
        case .inner(let definition):
            edge(to: add(definition, owner: index), reach)
        case .list(let items):
            for item in items { follow(item, from: index, point: point, reach: reach == .direct ? .collection : reach, at: location, late: late) }
        case .map(let entries):
            for key in entries.keys.sorted() {
                // Each entry with its key: `argument 0 'handlers' ["pdf"]`.
                if let item = entries[key] {
                    follow(item, from: index, point: point + " [\"\(key)\"]", reach: reach == .direct ? .collection : reach, at: location, late: late)
                }
            }
        case .optional(let inner): follow(inner, from: index, point: point, reach: .optional, at: location, late: late)
        case .lazy(let inner): follow(inner, from: index, point: point, reach: .lazy, at: location, late: late)
        case .provider(let inner): follow(inner, from: index, point: point, reach: .provider, at: location, late: late)
        case .config(let value): values.append(Value(of: index, point: point, value: value.description, location: location))
        case .value(let value): values.append(Value(of: index, point: point, value: value.description, location: location))
        case .nilValue: values.append(Value(of: index, point: point, value: "nil", location: location))
        case .defaultArgument: values.append(Value(of: index, point: point, value: "default", location: location))
        case .abstractArgument: values.append(Value(of: index, point: point, value: source.description, location: location))
        }
    }

    /// Whether config names `type` as the definition's class or one of its `as` types
    /// (`MyApp.Knight` and `Knight` match each other).
    private static func names(_ definition: Definition, type: String) -> Bool {
        func same(_ written: String?) -> Bool {
            guard let written else { return false }
            return written == type || written.split(separator: ".").last == type.split(separator: ".").last
        }
        return same(definition.typeName) || definition.exposedAs.contains { same($0.typeName) }
    }

    // MARK: Cycles

    /// Every cycle of dependencies built together (not through `Lazy` or `Provider`) that the
    /// core would not build (see ``PropertyCycles``), with the core's search, rule and words.
    private func cycles() -> [IoCError] {
        var next: [[(target: Int, isLate: Bool)]] = Array(repeating: [], count: components.count)
        for edge in edges where edge.reach != .lazy && edge.reach != .provider {
            next[edge.from].append((edge.to, edge.isLate))
        }
        return ContainerBuilder.unbuildableCycles(next, isShared: { components[$0].definition.scope != .prototype },
                                                  label: { components[$0].label }, location: { components[$0].definition.location })
    }
}

extension ContainerBuilder {
    /// The graph of the definitions after the steps that need no types (profiles, placeholders,
    /// decorators, overrides by name, parents), with every problem those steps and the graph show.
    package func configGraph() -> ConfigGraph {
        let prepared = preparedWithoutTypes()
        return ConfigGraph(prepared.definitions, leftOut: prepared.leftOut, problems: prepared.problems, synthetic: syntheticNames)
    }
}
