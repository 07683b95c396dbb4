import IoCCore

// What the config compiler applies at `swift build`, so that the code it writes registers
// each component whole: the passes of the build that need neither the app's types nor the
// launch's profiles and values.

/// Decorators, alias definitions, overrides by name and parents, applied to config definitions
/// as the build applies them (``PreparationPass``), in its order: decorators, then aliases, then
/// overrides, then children merged with their parents and templates dropped.
///
/// The caller gives only definitions whose outcome nothing at launch changes: those of one
/// choice of the profiles, no placeholder in a name they relate by, no `_instanceof` or
/// `resource:` (which the build applies first, from the catalog). ``isApplicableAtBuild(_:inAProfile:)``
/// says which groups qualify.
package enum PassesAtBuild {
    /// `definitions` with the passes applied; what they report (`ioc validate` reports the same);
    /// and, for each override, the place of the definition it replaced, where it stands.
    package static func apply(to definitions: [Definition], in builder: ContainerBuilder)
        -> (definitions: [Definition], problems: [IoCError], standsAt: [ConfigLocation: ConfigLocation]) {
        var context = PreparationContext(builder)
        var result = Decorators.apply(&context, definitions)
        result = AliasDefinitions.place(&context, result)
        let overridden = overridingInPlace(result, &context)
        var inheritance = Inheritance()
        result = inheritance.merge(overridden.definitions, keepingAbstract: false, &context)
        return (result, context.problems, overridden.standsAt)
    }

    /// The build's overrides by name: a later definition marked as an override replaces the
    /// earlier one with its name or one of its aliases, in place; any other repeated name is a
    /// duplicate (reported). `standsAt`: an override's place → the place it stands at.
    static func overridingInPlace(_ input: [Definition], _ context: inout PreparationContext)
        -> (definitions: [Definition], standsAt: [ConfigLocation: ConfigLocation]) {
        var kept: [Int] = []
        var seen: [String: Int] = [:]
        var standsAt: [ConfigLocation: ConfigLocation] = [:]
        for index in input.indices {
            let definition = input[index]
            let keys = [definition.name].compactMap { $0 } + definition.aliases
            guard let clash = keys.first(where: { seen[$0] != nil }), let earlier = seen[clash] else {
                for key in keys { seen[key] = kept.count }
                kept.append(index)
                continue
            }
            let previous = input[kept[earlier]]
            guard definition.isOverride else {
                context.report(IoCError(.duplicateKey(key: ComponentKey(type: nil, name: clash), first: previous.location, second: definition.location)))
                continue
            }
            for key in [previous.name].compactMap({ $0 }) + previous.aliases { seen[key] = nil }
            kept[earlier] = index
            for key in keys { seen[key] = earlier }
            standsAt[definition.location] = standsAt[previous.location] ?? previous.location
        }
        return (kept.map { input[$0] }, standsAt)
    }

    /// The settings that tie definitions together at build: the names a definition's
    /// decorator, alias definition or parent setting names.
    package static func relatedNames(of definition: Definition) -> [String] {
        [definition.parent, definition.decorates, definition.aliasTarget].compactMap { $0 }
    }

    /// Whether the passes can be applied to `definition` at build, as one of a group whose
    /// relations stay within it: what the launch or the catalog decides first leaves it to
    /// the build. `inAProfile` allows profiles: for a child no definition names, merged with
    /// parents in none, the launch decides only whether the merged child is there.
    package static func isApplicableAtBuild(_ definition: Definition, inAProfile: Bool = false) -> Bool {
        let names = [definition.name].compactMap { $0 } + definition.aliases + relatedNames(of: definition)
        return (inAProfile || definition.profiles.isEmpty) && definition.conditionalSettings.isEmpty && definition.resource == nil
            && definition.decoration.tag == nil && !names.contains { $0.contains("${") || $0.contains("%") }
    }
}
