import IoCConfig
import IoCCore

/// The config's definitions as the compiled form registers them: `_instanceof`, decorators,
/// alias definitions and parents applied at `swift build` (``PassesAtBuild``), so that each
/// component is one code registration, where nothing the launch decides can change the outcome.
///
/// Definitions that name each other (a child and its parents, a decorator and what it
/// decorates, an alias definition and its target) form a group. A group is applied at build
/// when each of its members qualifies (``PassesAtBuild/isApplicableAtBuild(_:)``), each name
/// it relates by is one definition's, and no member names what the files do not define (a
/// component the app registers in code). Other groups are left as written, for `build()`.
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
                guard let holding = holders[name], holding.count == 1, let target = holding.first else {
                    leftToBuild.insert(index)
                    continue
                }
                related.insert(target)
                named.insert(target)
                groups.join(index, target)
            }
        }
        for index in related {
            let definition = definitions[index]
            let names = [definition.name].compactMap { $0 } + definition.aliases
            // A child in a profile that no definition names: the launch says only whether it is there.
            let child = definition.parent != nil && definition.decorates == nil && definition.aliasTarget == nil && !named.contains(index)
            // A resource's components share its place, by which the results go back in order.
            if !PassesAtBuild.isApplicableAtBuild(definition, inAProfile: child) || made.contains(index)
                || names.contains(where: { holders[$0, default: []].count > 1 }) {
                leftToBuild.insert(index)
            }
        }
        let refused = Set(leftToBuild.map { groups.root(of: $0) })
        let chosen = definitions.indices.filter { related.contains($0) && !refused.contains(groups.root(of: $0)) }
        guard !chosen.isEmpty else { return definitions }
        let applied = PassesAtBuild.apply(to: chosen.map { definitions[$0] }, in: builder)
        // A problem is the build's to report (`ioc validate`'s words, at the config line); the
        // definitions stay as written.
        guard applied.problems.isEmpty else { return definitions }
        // Back in the config's order, which orders overrides and tagged collections: the passes
        // keep their input's order, dropping templates and alias definitions.
        let isChosen = Set(chosen)
        var result: [Definition] = []
        result.reserveCapacity(definitions.count)
        var next = 0
        for index in definitions.indices {
            guard isChosen.contains(index) else { result.append(definitions[index]); continue }
            if next < applied.definitions.count, applied.definitions[next].location == definitions[index].location {
                result.append(applied.definitions[next])
                next += 1
            }
        }
        return result + applied.definitions[next...]
    }

    /// `definitions` with each `resource:` replaced by the components it makes at build
    /// (IoCConfig's `CatalogResource` pass): one per type of `catalogued` under its prefix, in the
    /// catalog's order, named as the resource says, unless a definition of the files, a component
    /// the app says it registers, or an earlier resource has that name. The indexes of the
    /// components made. When a resource's prefixes have a placeholder, or it selects types of
    /// other modules (which the app catalogs by hand), every resource is left to `build()`: an
    /// earlier one takes a name before a later one.
    private static func resourcesExpanded(_ definitions: [Definition], catalogued: [String], module: String,
                                          absent: Set<String>) -> ([Definition], made: Set<Int>) {
        let resources = definitions.compactMap(\.resource)
        guard !resources.isEmpty, resources.allSatisfy({ resource in
            resource.namePrefix.hasPrefix(module + ".")
                && ![resource.namePrefix, resource.idPrefix].contains { $0.contains("${") || $0.contains("%") }
        }) else { return (definitions, []) }
        let defined = Set(definitions.compactMap { $0.resource == nil ? $0.name : nil }).union(absent)
        var result: [Definition] = []
        var made: Set<Int> = []
        var generated: Set<String> = []
        for definition in definitions {
            guard let resource = definition.resource else {
                result.append(definition)
                continue
            }
            for name in catalogued where name.hasPrefix(resource.namePrefix) {
                let rest = String(name.dropFirst(resource.namePrefix.count))
                let id = resource.idPrefix + rest.replacingOccurrences(of: ".", with: resource.idSeparator)
                guard !rest.isEmpty, !resource.excludes(rest), !defined.contains(id), generated.insert(id).inserted else { continue }
                var component = definition
                component.resource = nil
                component.name = id
                component.typeName = name
                if !component.stated.contains(.primary) { component.isPrimary = true }
                made.insert(result.count)
                result.append(component)
            }
        }
        return (result, made)
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
