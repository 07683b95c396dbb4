// Which definitions stand when several have one key: overrides by name (in the prepare pass)
// and by type (in the bind pass), and the runtime-argument factories, keyed apart.

extension Compilation {
    enum KeyID: Hashable {
        case name(String)
        case type(ObjectIdentifier)
    }

    /// Which keys an override pass looks at: names and aliases (before binding, when types may
    /// not be known yet), or the types of unnamed definitions (after binding).
    enum KeyKind { case names, types }

    func primaryKey(of definition: Definition, _ kind: KeyKind) -> KeyID? {
        switch kind {
        case .names: return definition.name.map { .name($0) }
        case .types: return definition.name == nil ? .type(ObjectIdentifier(definition.boundType.metatype)) : nil
        }
    }

    func keys(of definition: Definition, _ kind: KeyKind) -> [KeyID] {
        let aliases = kind == .names ? definition.aliases.map { KeyID.name($0) } : []
        return (primaryKey(of: definition, kind).map { [$0] } ?? []) + aliases
    }

    /// Whether a definition has a key of its own besides its primary one.
    func hasMoreKeys(_ definition: Definition, _ kind: KeyKind) -> Bool {
        kind == .names && !definition.aliases.isEmpty
    }

    /// Later definitions marked as overrides replace earlier ones with the same key, in place;
    /// any other repeated key is a duplicate.
    func applyOverrides(_ input: [Definition], keys kind: KeyKind) -> [Definition] {
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
                // One hash of the key for a new one; a repeated one (rare) is put back as it was.
                guard let earlier = seen.updateValue(kept.count, forKey: key) else {
                    kept.append(index)
                    continue
                }
                seen[key] = earlier
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

    /// The runtime-argument factories that stand: a later one with the key of an earlier one
    /// replaces it when marked as an override, and is a duplicate otherwise; a setting that
    /// means nothing for such a factory is reported.
    func keepRuntimeFactories(_ input: [Definition]) -> [Definition] {
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
    static func settingWithoutMeaning(forRuntimeFactory definition: Definition) -> String? {
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
}
