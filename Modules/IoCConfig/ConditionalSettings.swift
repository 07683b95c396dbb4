import IoCCore

// A services.yaml's `_instanceof` as a setting of a definition, and the pass of the build that
// applies it once the catalog says what each type conforms to.

/// Settings for the components whose type conforms to a protocol (Symfony's `_instanceof`):
/// what a component states itself is left out of them by the front end, so they override only
/// defaults.
public struct ConditionalSettings: Sendable, Equatable {
    /// The protocol (or the type itself), as the catalog names it.
    public var typeName: String
    /// Tags added to each matching component.
    public var tags: [String] = []
    /// The attributes of those tags, by tag (Symfony's `tags: [{ name: …, priority: … }]`).
    public var tagAttributes: [String: [String: ConfigValue]] = [:]
    /// Called before the component's own calls.
    public var methodCalls: [MethodInjection] = []
    /// Set unless the component sets the same property.
    public var properties: [PropertyInjection] = []
    /// Bindings for the initializer parameters the components do not give.
    public var bindings: [ArgumentBinding] = []
    /// The scope, unless the component states its own.
    public var scope: Scope?
    /// Whether the components are lazy, unless they state it.
    public var isLazy: Bool?
    /// Whether the components can be resolved from the container (not only injected), unless they state it.
    public var isPublic: Bool?
    /// Whether initializer parameters no entry gives are injected by type, unless the component states it.
    public var autowires: Bool?

    /// Settings for the components whose type conforms to `typeName` (a protocol, or the type itself,
    /// as the catalog names it); set the fields to apply.
    ///
    /// ```swift
    /// var settings = ConditionalSettings(typeName: "EventSubscriber")
    /// settings.tags = ["kernel.event_subscriber"]
    /// ```
    public init(typeName: String) {
        self.typeName = typeName
    }

    /// The definition with these settings applied.
    package func applied(to definition: Definition) -> Definition {
        var result = definition
        result.tags = definition.tags.adding(tags)
        result.tagAttributes.merge(tagAttributes) { own, _ in own }
        result.methodCalls = methodCalls + definition.methodCalls
        result.properties = properties.removing(keysOf: definition.properties, by: \.name) + definition.properties
        result.bindings += bindings.removing(keysOf: definition.bindings) { [$0.parameter, $0.typeName] }
        if let scope { result.scope = scope }
        if let isLazy { result.isLazy = isLazy }
        if let isPublic { result.isPublic = isPublic }
        if let autowires { result.autowires = autowires }
        return result
    }
}

/// The conditional settings of a definition, as a module's setting (``DefinitionSetting``).
enum ConditionalSettingsList: DefinitionSetting {
    static let defaultValue: [ConditionalSettings] = []
    static var preparation: PreparationPass? { pass }
    private static let pass = PreparationPass(name: "conditional settings", order: 1, apply)

    /// Each definition with the conditional settings whose type its catalogued type is, or
    /// conforms to, applied. Without a catalog nothing conforms, as nothing is known of the types.
    static func apply(_ context: inout PreparationContext, _ input: [Definition]) -> [Definition] {
        guard context.hasCatalog else { return input }
        return input.map { definition in
            definition.applyingConditionalSettings { context.type($0, isOrConformsTo: $1) } ?? definition
        }
    }
}

extension Definition {
    /// The definition with the conditional settings whose type `isOrConformsTo` says its type
    /// is, or conforms to, applied, and none left; one without a type of its own (a child)
    /// takes none. `nil` when it has none, or when `isOrConformsTo` cannot tell for one (the
    /// config compiler, which knows only the target's sources).
    package func applyingConditionalSettings(_ isOrConformsTo: (_ typeName: String, _ other: String) -> Bool?) -> Definition? {
        let list = conditionalSettings
        guard !list.isEmpty else { return nil }
        var result = self
        result.conditionalSettings = []
        guard let typeName else { return result }
        for settings in list {
            guard let applies = isOrConformsTo(typeName, settings.typeName) else { return nil }
            if applies { result = settings.applied(to: result) }
        }
        return result
    }
}

extension Definition {
    /// Settings that apply only when the component's type conforms to a protocol (Symfony's
    /// `_instanceof`); applied at build, when the catalog says what the type conforms to.
    public var conditionalSettings: [ConditionalSettings] {
        get { self[setting: ConditionalSettingsList.self] }
        set { self[setting: ConditionalSettingsList.self] = newValue }
    }
}
