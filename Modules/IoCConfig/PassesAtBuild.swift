import IoCCore

// What the config compiler applies at `swift build`, so that the code it writes registers
// each component whole: the passes of the build that need neither the app's types nor the
// launch's profiles and values.

/// Decorators, alias definitions and parents, applied to config definitions as the build
/// applies them (``PreparationPass``), in its order: decorators, then aliases, then children
/// merged with their parents and templates dropped.
///
/// The caller gives only definitions whose outcome nothing at launch changes: none in a
/// profile, no placeholder in a name they relate by, no name given twice, no `_instanceof` or
/// `resource:` (which the build applies first, from the catalog). ``isApplicableAtBuild(_:)``
/// says which groups qualify.
package enum PassesAtBuild {
    /// `definitions` with the passes applied; what they report (`ioc validate` reports the same).
    package static func apply(to definitions: [Definition], in builder: ContainerBuilder) -> (definitions: [Definition], problems: [IoCError]) {
        var context = PreparationContext(builder)
        var result = Decorators.apply(&context, definitions)
        result = AliasDefinitions.place(&context, result)
        var inheritance = Inheritance()
        result = inheritance.merge(result, keepingAbstract: false, &context)
        return (result, context.problems)
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
