import IoCConfig
import IoCCore

/// The config's definitions as the compiled form registers them: resources, `_instanceof`,
/// decorators, alias definitions, overrides and parents applied at `swift build`
/// (``PassesAtBuild``), so that each component is one code registration, for each choice the
/// launch can make.
///
/// Definitions that name each other (a child and its parents, a decorator and what it
/// decorates, an alias definition and its target), with every definition of their names, form
/// a group. A group is applied at build when each of its members qualifies
/// (``PassesAtBuild/isApplicableAtBuild(_:inAProfile:)``), its members name at most one profile,
/// and none names what the files do not define (a component the app registers in code). A
/// group with a profile or a name defined twice is applied once per choice of the launch.
/// Other groups are left as written: the compiled form does not register them.
enum AppliedAtBuild {
    /// - Parameter catalogued: The qualified names of the types the generated catalog holds, in
    ///   its order: what a `resource:` selects from at build.
    static func definitions(_ written: [Definition], in builder: ContainerBuilder, index: SourceIndex, module: String,
                            catalogued: [String]) -> [Definition] {
        // Resources, then `_instanceof`, as the build applies them: before profiles, parents and decorators.
        let (expanded, made) = resourcesExpanded(written, catalogued: catalogued, module: module, absent: builder.absentNames)
        let definitions = expanded.map { conditionalSettingsApplied(to: $0, index, module) ?? $0 }
        var groups = Groups(count: definitions.count)
        var holders: [String: [Int]] = [:]
        for (index, definition) in definitions.enumerated() {
            for name in [definition.name].compactMap({ $0 }) + definition.aliases { holders[name, default: []].append(index) }
        }
        var related: Set<Int> = []
        var named: Set<Int> = []
        var leftToBuild: Set<Int> = []
        for (index, definition) in definitions.enumerated() {
            for name in PassesAtBuild.relatedNames(of: definition) {
                related.insert(index)
                guard let holding = holders[name] else {
                    leftToBuild.insert(index)
                    continue
                }
                for target in holding {
                    related.insert(target)
                    named.insert(target)
                    groups.join(index, target)
                }
            }
        }
        // Every definition of a name a member has joins its group: which one stands (an
        // override, a profile's) is the group's outcome.
        var waiting = Array(related)
        while let index = waiting.popLast() {
            for name in [definitions[index].name].compactMap({ $0 }) + definitions[index].aliases {
                for other in holders[name, default: []] where other != index {
                    groups.join(index, other)
                    if related.insert(other).inserted { waiting.append(other) }
                }
            }
        }
        // Members in a profile, other than a child no definition names (whose profile says only
        // whether the merged child is there): their group is applied once per choice of the launch.
        var profiled: Set<Int> = []
        for index in related {
            let definition = definitions[index]
            let child = definition.parent != nil && definition.decorates == nil && definition.aliasTarget == nil && !named.contains(index)
            // A resource's components share its place, by which the results go back in order.
            if !PassesAtBuild.isApplicableAtBuild(definition, inAProfile: true) || made.contains(index) {
                leftToBuild.insert(index)
            } else if !definition.profiles.isEmpty && !child {
                profiled.insert(index)
            }
        }
        let refused = Set(leftToBuild.map { groups.root(of: $0) })
        var members: [Int: [Int]] = [:]
        for index in definitions.indices where related.contains(index) && !refused.contains(groups.root(of: index)) {
            members[groups.root(of: index), default: []].append(index)
        }
        var placed: [Int: [Definition]] = [:]
        var plain: [Int] = []
        for group in members.values {
            guard group.contains(where: profiled.contains) else { plain += group; continue }
            // One profile among the members' (`test`, `!test`): the launch has two choices, each
            // applied here. More would need a registration for a conjunction.
            let profiles = Set(group.flatMap { definitions[$0].profiles.map { $0.hasPrefix("!") ? String($0.dropFirst()) : $0 } })
            guard profiles.count == 1, let applied = appliedPerChoice(of: profiles.first, to: group, definitions, builder) else { continue }
            placed.merge(applied) { $1 }
        }
        // The groups no profile changes, in one pass.
        if let applied = appliedPerChoice(of: nil, to: plain, definitions, builder) { placed.merge(applied) { $1 } }
        guard !placed.isEmpty else { return definitions }
        // Back in the config's order, which orders overrides and tagged collections: each result
        // where its definition was (the passes drop templates and alias definitions).
        var result: [Definition] = []
        result.reserveCapacity(definitions.count)
        for index in definitions.indices { result += placed[index] ?? [definitions[index]] }
        return result
    }

    /// `group` with the passes applied once with `profile` inactive and once active, each result
    /// registered for its choice (`!test`, `test`), or once, as it is, when both choices give
    /// it alike (without a profile: applied once, as it is); by the index of the definition
    /// where it stands. `nil` when a choice has a problem: the build reports it (`ioc validate`'s
    /// words, at the config line) when the launch makes it, and the definitions stay as written.
    private static func appliedPerChoice(of profile: String?, to group: [Int], _ definitions: [Definition],
                                         _ builder: ContainerBuilder) -> [Int: [Definition]]? {
        var choices: [[Int: [Definition]]] = []
        for active in profile == nil ? [true] : [false, true] {
            let input = group.sorted().filter { index in
                guard let profile else { return true }
                let profiles = definitions[index].profiles
                return profiles.isEmpty || profiles.contains(active ? profile : "!" + profile)
            }
            let applied = PassesAtBuild.apply(to: input.map { definitions[$0] }, in: builder)
            guard applied.problems.isEmpty, let back = placed(applied.definitions, from: input, definitions, standsAt: applied.standsAt) else { return nil }
            choices.append(back)
        }
        // Each index of the group has its results, none for one the passes drop (a template).
        var result: [Int: [Definition]] = [:]
        for index in group {
            let inactive = choices.first?[index] ?? [], active = choices.last?[index] ?? []
            guard let profile, inactive != active else { result[index] = active; continue }
            result[index] = inactive.map { registered($0, for: "!" + profile) } + active.map { registered($0, for: profile) }
        }
        return result
    }

    private static func registered(_ definition: Definition, for profile: String) -> Definition {
        var result = definition
        result.profiles = [profile]
        return result
    }

    /// The passes' results by the index of the definition where each stands, found by its place
    /// (an override's, the one it replaced); `nil` when two of `sources` share a place or a
    /// result has none of theirs.
    private static func placed(_ results: [Definition], from sources: [Int], _ definitions: [Definition],
                               standsAt: [ConfigLocation: ConfigLocation]) -> [Int: [Definition]]? {
        var byPlace: [ConfigLocation: Int] = [:]
        for index in sources {
            guard byPlace.updateValue(index, forKey: definitions[index].location) == nil else { return nil }
        }
        var result: [Int: [Definition]] = [:]
        for definition in results {
            guard let index = byPlace[standsAt[definition.location] ?? definition.location] else { return nil }
            result[index, default: []].append(definition)
        }
        return result
    }

    /// `definitions` with each `resource:` replaced by the components it makes at build
    /// (IoCConfig's `CatalogResource` pass): one per type of `catalogued` under its prefix, in the
    /// catalog's order, named as the resource says, unless a definition of the files, a component
    /// the app says it registers, or an earlier resource has that name. The indexes of the
    /// components made. When a resource's prefixes have a placeholder, or it selects types of
    /// other modules (which the app catalogs by hand), every resource is left as written (not
    /// compiled): an earlier one takes a name before a later one.
    private static func resourcesExpanded(_ definitions: [Definition], catalogued: [String], module: String,
                                          absent: Set<String>) -> ([Definition], made: Set<Int>) {
        let resources = definitions.compactMap(\.resource)
        guard !resources.isEmpty, resources.allSatisfy({ resource in
            resource.namePrefix.hasPrefix(module + ".")
                && ![resource.namePrefix, resource.idPrefix].contains { $0.contains("${") || $0.contains("%") }
        }) else { return (definitions, []) }
        let defined = Set(definitions.compactMap { $0.resource == nil ? $0.name : nil }).union(absent)
        let expanded = CatalogResource.expanded(definitions, typeNames: catalogued, defined: defined)
        return (expanded.definitions, expanded.made)
    }

    /// `definition` with its `_instanceof` settings applied, when these sources decide which
    /// apply: its type and each settings' type are declared here, and the type is, or lists
    /// among the types it inherits, the settings' type — what the catalog the plugin writes
    /// says at build (its conformances). `nil` leaves them to `build()`.
    private static func conditionalSettingsApplied(to definition: Definition, _ index: SourceIndex, _ module: String) -> Definition? {
        // A `resource:` gives them to the definitions it makes at build.
        guard definition.resource == nil else { return nil }
        return definition.applyingConditionalSettings { typeName, other in
            guard !typeName.contains("${"), let type = index.type(named: typeName, module: module), let shape = type.shape,
                  let named = index.type(named: other, module: module) else { return nil }
            return named.name == type.name || shape.inheritedTypes.contains { index.type(named: $0, module: nil)?.name == named.name }
        }
    }

    /// Groups of definitions, joined by the names they relate by.
    private struct Groups {
        private var parents: [Int]

        init(count: Int) { parents = Array(0..<count) }

        mutating func root(of index: Int) -> Int {
            var current = index
            while parents[current] != current {
                parents[current] = parents[parents[current]]
                current = parents[current]
            }
            return current
        }

        mutating func join(_ first: Int, _ second: Int) {
            let (a, b) = (root(of: first), root(of: second))
            if a != b { parents[a] = b }
        }
    }
}
