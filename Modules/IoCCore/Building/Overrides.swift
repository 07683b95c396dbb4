// Which definitions stand when several have one key: overrides by name (in the prepare pass)
// and by type (in the bind pass), and the runtime-argument factories, keyed apart.

extension Compilation {
    /// The keys an override pass looks at: names and aliases (before binding, when types may
    /// not be known yet), or the types of unnamed definitions (after binding).
    struct OverrideKeys<Key: Hashable> {
        /// The definition's one key, if it has one.
        let primary: (Definition) -> Key?
        /// Its further keys (aliases).
        let more: (Definition) -> [Key]
        /// How a duplicate of `key` is reported.
        let reported: (Definition, Key) -> ComponentKey

        static var names: OverrideKeys<String> {
            OverrideKeys<String>(primary: \.name, more: \.aliases, reported: { ComponentKey(type: $0.type, name: $1) })
        }
        static var types: OverrideKeys<ObjectIdentifier> {
            OverrideKeys<ObjectIdentifier>(primary: { $0.name == nil ? ObjectIdentifier($0.boundType.metatype) : nil },
                                           more: { _ in [] }, reported: { definition, _ in definition.key })
        }

        func all(of definition: Definition) -> [Key] {
            (primary(definition).map { [$0] } ?? []) + more(definition)
        }
    }

    /// Later definitions marked as overrides replace earlier ones with the same key, in place;
    /// any other repeated key is a duplicate. Returns the definitions that stand, and where
    /// each key's definition stands among them: for names, the names table the plan pass
    /// takes as it is when no later pass drops a definition.
    func applyOverrides<Key>(_ input: [Definition], keys: OverrideKeys<Key>) -> (kept: [Definition], positions: [Key: Int32]) {
        var kept: [Int] = []             // indices into `input`, in the order they stay
        kept.reserveCapacity(input.count)
        var seen: [Key: Int32] = [:]     // key -> position in `kept`
        seen.reserveCapacity(input.count)
        // NB: a container cannot hold 2^31 components (see ``NameTable``).
        var position: Int32 { Int32(truncatingIfNeeded: kept.count) }
        // NB: by index: a loop over the definitions would copy (retain and release) each one.
        for index in input.indices {
            // Most definitions have one key, or none: no array for them, and one lookup.
            if keys.more(input[index]).isEmpty {
                guard let key = keys.primary(input[index]) else {
                    kept.append(index)
                    continue
                }
                // One hash of the key for a new one; a repeated one (rare) is put back as it was.
                guard let earlier = seen.updateValue(position, forKey: key) else {
                    kept.append(index)
                    continue
                }
                seen[key] = earlier
            }
            let definition = input[index]
            let definitionKeys = keys.all(of: definition)
            guard let clash = definitionKeys.first(where: { seen[$0] != nil }), let earlier = seen[clash].map(Int.init) else {
                for key in definitionKeys { seen[key] = position }
                kept.append(index)
                continue
            }
            let previous = input[kept[earlier]]
            if definition.isOverride {
                for key in keys.all(of: previous) { seen[key] = nil }
                kept[earlier] = index
                for key in definitionKeys { seen[key] = Int32(truncatingIfNeeded: earlier) }
            } else {
                // Name the key that clashes: an alias, when that is what repeats the other's name.
                state.problems.append(IoCError(.duplicateKey(key: keys.reported(definition, clash), first: previous.location,
                                                       second: definition.location)))
            }
        }
        // A replaced or repeated definition is never appended, so keeping as many as came in
        // means every one was kept, in order: the input as it is.
        return (kept.count == input.count ? input : kept.map { input[$0] }, seen)
    }

    /// The runtime-argument factories that stand: a later one with the key of an earlier one
    /// replaces it when marked as an override, and is a duplicate otherwise; a setting that
    /// means nothing for such a factory is reported.
    func keepRuntimeFactories(_ input: [Definition]) -> [Definition] {
        var kept: [Definition] = []
        var seen: [RuntimeFactoryKey: Int] = [:]
        for definition in input {
            if let setting = Self.settingWithoutMeaning(forRuntimeFactory: definition) {
                state.problems.append(IoCError(.invalidDefinition(
                    component: definition.label,
                    reason: "it takes runtime arguments, so each resolve makes a new instance from the arguments given; it cannot have \(setting). Register a component without runtime arguments for that",
                    location: definition.location)))
                continue
            }
            guard let key = RuntimeFactoryKey(definition, state.code) else { continue }
            if let position = seen[key] {
                if definition.isOverride { kept[position] = definition; continue }
                state.problems.append(IoCError(.duplicateKey(key: definition.key, first: kept[position].location, second: definition.location)))
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
        if !definition.tagEntries.isEmpty { return "tags" }
        if !definition.exposedAs.isEmpty { return "exposures (as:)" }
        if !definition.properties.isEmpty { return "properties" }
        if !definition.methodCalls.isEmpty { return "method calls" }
        if !definition.hooks.isEmpty { return "hooks" }
        if definition.strategyName != nil { return "a construction strategy" }
        if !definition.dependsOn.isEmpty { return "dependsOn" }
        return nil
    }
}
