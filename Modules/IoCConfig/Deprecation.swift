import IoCCore

// Symfony's `deprecated:` (on a service, and on an alias entry) as a setting of a definition
// (IoCCore's `DefinitionSetting`): the container resolves deprecated components as before; the
// tools warn where config uses them.

/// Why a component, or some of its names, should no longer be used.
struct Deprecation: Sendable, Equatable {
    /// Why the component itself is deprecated; `nil` when it is not.
    var reason: String?
    /// Names of its aliases that are deprecated, with why.
    var aliases: [String: String] = [:]
}

extension Deprecation: DefinitionSetting {
    static let defaultValue = Deprecation()

    /// A deprecated alias entry makes its name a deprecated alias of the component it names.
    static func aliased(_ value: Deprecation, as name: String, into target: Deprecation) -> Deprecation {
        var result = target
        if let reason = value.reason { result.aliases[name] = reason }
        result.aliases.merge(value.aliases) { $1 }
        return result
    }

    static func describe(_ value: Deprecation) -> [String] {
        value.aliases.keys.sorted().map { "deprecated alias \($0): \(value.aliases[$0] ?? "")" }
            + (value.reason.map { ["deprecated: \($0)"] } ?? [])
    }
}

extension Definition {
    /// Why the component should no longer be used, when it is deprecated (Symfony's
    /// `deprecated:`); it resolves as before, and the tools warn where config uses it.
    public var deprecation: String? {
        get { self[setting: Deprecation.self].reason }
        set { self[setting: Deprecation.self].reason = newValue }
    }

    /// Names of ``IoCCore/Definition/aliases`` that should no longer be used, with why (Symfony's
    /// `deprecated:` on an alias entry). They resolve as before; `ioc validate` warns where
    /// config uses them.
    public var deprecatedAliases: [String: String] {
        get { self[setting: Deprecation.self].aliases }
        set { self[setting: Deprecation.self].aliases = newValue }
    }
}
