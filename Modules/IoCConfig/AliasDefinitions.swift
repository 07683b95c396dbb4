import IoCCore

// Aliases a config file writes apart from their targets (Symfony's `mailer: '@app.mailer'`,
// Spring's `<alias>`): a definition that is only another name, given to its target by a pass.

/// The component an alias definition names (``Definition/aliasTarget``).
enum AliasTarget: DefinitionSetting {
    static let defaultValue: String? = nil
    static var preparation: PreparationPass? { AliasDefinitions.pass }
    static func describe(_ value: String?) -> [String] { value.map { ["alias of: \($0)"] } ?? [] }
}

extension Definition {
    /// Set on a definition that is only another name (its ``name``) for the component named
    /// `aliasTarget`, wherever that one is defined — in code, another file or another front end.
    /// The build gives the target the name (public when this definition is), or reports an
    /// alias that names no component. Made by ``alias(_:of:isPublic:location:)``.
    public var aliasTarget: String? { self[setting: AliasTarget.self] }

    /// Another name for the component named `target`, defined anywhere in the builder: what a
    /// config file's alias becomes when its target is not in the same files (Symfony's
    /// `mailer: '@app.mailer'`, Spring's `<alias>`).
    ///
    /// ```swift
    /// builder.add(.alias("mailer", of: "smtpMailer", location: ConfigLocation(file: "services.yaml", line: 4)))
    /// ```
    public static func alias(_ name: String, of target: String, isPublic: Bool = true, location: ConfigLocation) -> Definition {
        var definition = Definition(name: name, typeName: nil, location: location)
        definition[setting: AliasTarget.self] = target
        definition.isPublic = isPublic
        return definition
    }
}

/// The pass that places alias definitions: after decorators (order 1 to their 0), so that an
/// alias of a decorated component reaches the decorator; an alias may name another alias, in
/// any order.
enum AliasDefinitions {
    static let pass = PreparationPass(name: "aliases", stage: .afterPlaceholders, order: 1, place)

    /// Each alias definition gives its name (and any names given to it) to the component it
    /// names, and is dropped.
    static func place(_ context: inout PreparationContext, _ definitions: [Definition]) -> [Definition] {  // docs/PerformanceLedger.md L5
        var result = definitions.filter { $0.aliasTarget == nil }
        // An alias's names may hold placeholders (Spring's `<alias name="tm${impl}">`).
        let pending = definitions.filter { $0.aliasTarget != nil }.compactMap { alias -> Definition? in
            do throws(IoCError) {
                return try resolvingPlaceholders(in: alias, context)
            } catch {
                context.report(error)
                context.leaveOut(alias)
                return nil
            }
        }
        // Where each name is, in `result`: a component's own name before another's alias, the
        // last of repeated ones (an override) — one lookup per alias, not a scan.
        var owners: [String: Int] = [:]
        for (index, definition) in result.enumerated() { for alias in definition.aliases { owners[alias] = index } }
        for (index, definition) in result.enumerated() { if let name = definition.name { owners[name] = index } }
        // What each component gains, applied once at the end: adding to a definition's aliases
        // one alias at a time copied the list each time (32,000 aliases of one bean: 4 seconds).
        var gained: [Int: (aliases: [Definition.AliasName], from: [(name: String, alias: Definition)])] = [:]
        // Aliases of an alias not yet placed wait for it, by the name they name, in file order.
        var waiting: [String: [Int]] = [:]
        var queue = Array(pending.indices.reversed())   // popped from the end: file order
        while let next = queue.popLast() {
            let alias = pending[next]
            guard let target = alias.aliasTarget, let name = alias.name else { continue }
            guard let index = owners[target] else {
                waiting[target, default: []].append(next)
                continue
            }
            // A name some component has already is a duplicate, reported where the alias is written.
            if let taken = owners[name] {
                context.report(IoCError(.duplicateKey(key: ComponentKey(type: nil, name: name), first: result[taken].location, second: alias.location)))
                continue
            }
            for given in [name] + alias.aliases {
                owners[given] = index
                // The aliases naming this one can be placed now, before the rest of the file.
                if let released = waiting.removeValue(forKey: given) { queue += released.reversed() }
            }
            // In place: a copy taken out of the table would copy its lists on every alias.
            gained[index, default: ([], [])].aliases += [Definition.AliasName(name: name, isPublic: alias.isPublic)] + alias.aliasNames
            gained[index, default: ([], [])].from.append((name, alias))
        }
        for (index, gains) in gained {
            result[index].addAliases(gains.aliases)
            // Modules' settings of the alias: what each gives the component (``DefinitionSetting/aliased(_:as:into:)``).
            for (name, alias) in gains.from { result[index].absorbSettings(ofAlias: name, alias) }
        }
        // Aliases of a component left out for its own problem are left out with it (and so are
        // aliases of those), without a word.
        var unplaced = waiting.values.joined().sorted()
        var leftOutBefore = -1
        while context.leftOutCount != leftOutBefore {
            leftOutBefore = context.leftOutCount
            unplaced.removeAll { next in
                guard let target = pending[next].aliasTarget, context.isLeftOut(target) else { return false }
                context.leaveOut(pending[next])
                return true
            }
        }
        for next in unplaced {
            let alias = pending[next]
            guard let target = alias.aliasTarget, let name = alias.name else { continue }
            if let promised = context.promisedLocation(of: target) {
                // A component a pass was to make, and did not: the catalog has no such type
                // (without a catalog nothing is known, and nothing is said).
                guard context.hasCatalog else { continue }
                context.report(IoCError(.missingComponent(key: ComponentKey(name: target),
                                                          site: InjectionSite(component: "alias \"\(name)\"", point: "its target", location: promised),
                                                          suggestions: [], path: [])))
                continue
            }
            context.report(.unknownAliasTarget(name, target: target, at: alias.location,
                                               suggestions: context.nameSuggestions(for: target, in: Array(owners.keys))))
        }
        return result
    }

    /// `alias` with the placeholders of its name and target resolved.
    private static func resolvingPlaceholders(in alias: Definition, _ context: PreparationContext) throws(IoCError) -> Definition {
        guard let target = alias.aliasTarget, let name = alias.name else { return alias }
        let resolved = (try context.resolvePlaceholders(inName: name, at: alias.location), try context.resolvePlaceholders(inName: target, at: alias.location))
        guard resolved != (name, target) else { return alias }
        var result = alias
        result.name = resolved.0
        result[setting: AliasTarget.self] = resolved.1
        return result
    }
}
