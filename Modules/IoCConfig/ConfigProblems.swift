import IoCCore

// The kinds of problem only config's settings have: a name a parent, alias or decorator gives
// that no definition has, and parents in a circle.

extension IoCError.Kind {
    /// A definition names a parent (``IoCCore/Definition/parent``) that no definition has.
    public static let unknownParent = IoCError.Kind("unknownParent")
    /// An alias (``IoCCore/Definition/alias(_:of:isPublic:location:)``) names a component that no definition has.
    public static let unknownAliasTarget = IoCError.Kind("unknownAliasTarget")
    /// A definition decorates a component that no definition has.
    public static let unknownDecorated = IoCError.Kind("unknownDecorated")
    /// Parent definitions refer to each other in a circle.
    public static let parentCycle = IoCError.Kind("parentCycle")
}

extension IoCError {
    /// `component` at `location` names `parent`, which no definition has.
    static func unknownParent(_ parent: String, of component: String, at location: ConfigLocation, suggestions: [String]) -> IoCError {
        IoCError(.unknownParent, message: "\(component) at \(location) names parent \"\(parent)\", which no definition has."
                 + didYouMean(suggestions), location: location)
    }

    /// The alias `alias` at `location` names `target`, which no definition has.
    static func unknownAliasTarget(_ alias: String, target: String, at location: ConfigLocation, suggestions: [String]) -> IoCError {
        IoCError(.unknownAliasTarget, message: "Alias \"\(alias)\" at \(location) names \"\(target)\", which no definition has."
                 + didYouMean(suggestions), location: location)
    }

    /// `component` at `location` decorates `target`, which no definition has.
    static func unknownDecorated(_ target: String, by component: String, at location: ConfigLocation, suggestions: [String]) -> IoCError {
        IoCError(.unknownDecorated, message: "\(component) at \(location) decorates \"\(target)\", which no definition has."
                 + didYouMean(suggestions), location: location)
    }

    /// The parents of `path` (first and last the same) form a circle, found at `location`.
    static func parentCycle(_ path: [String], at location: ConfigLocation) -> IoCError {
        IoCError(.parentCycle, message: "Parent definitions form a circle at \(location): " + path.joined(separator: " -> ")
                 + ". A definition cannot inherit from itself.", location: location)
    }

    /// " Did you mean …?" for quoted `suggestions`; nothing without any.
    private static func didYouMean(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : " Did you mean " + orList(suggestions) + "?"
    }
}
