// The definitions behind a built container's names, types and tags, as built: what a test
// overlay looks up to check what it replaces (IoCTesting), at `package` level.

extension Container {
    /// The definition of the component `name` reaches (by name or alias), as built.
    package func definition(named name: String) -> Definition? {
        component(named: name)?.definition
    }

    /// The definitions of the components registered as, or exposed as, `type`.
    package func definitions(ofType type: Any.Type) -> [Definition] {
        (candidates(of: ObjectIdentifier(type)) ?? ComponentList(self)).map(\.definition)
    }

    /// The definition of the component a resolve of `type` reaches — the only candidate, the
    /// primary one, or the one without a name — or `nil` when there is none or no such choice.
    package func chosenDefinition(ofType type: Any.Type) -> Definition? {
        candidates(of: ObjectIdentifier(type)).flatMap(Compilation.choose)?.definition
    }

    /// The definitions of the components tagged `tag`.
    package func definitions(tagged tag: String) -> [Definition] {
        (tagged(tag) ?? ComponentList(self)).map(\.definition)
    }

}

extension PropertyInjection {
    /// The same property, set from `source` (an overlay's property value).
    package mutating func setSource(_ source: InjectionSource) { point.source = source }
}
