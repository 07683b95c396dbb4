// The seam for settings that give sources to the parameters a definition leaves out (IoCConfig's
// `bindings`): the build asks them when it binds a definition through the catalog.

/// A module's setting (``DefinitionSetting``) that gives sources to parameters a definition does
/// not give: when the build binds a definition through the catalog, each parameter of the
/// chosen initializer or factory that the definition's arguments leave out takes the source the
/// first such setting gives (by the settings' names), before its Swift default or autowiring.
///
/// ```swift
/// /// Every parameter labelled `locale` takes this text.
/// enum GivenLocale: ParameterSourceSetting {
///     static let defaultValue: String? = nil
///     static func source(for parameter: LeftOutParameter, in value: String?) -> InjectionPoint? {
///         guard let value, parameter.label == "locale" else { return nil }
///         return InjectionPoint(label: "locale", source: .config(.string(value)))
///     }
///     static func mapSources(_ value: String?, _ transform: (InjectionPoint) throws(IoCError) -> InjectionSource) throws(IoCError) -> String? {
///         value
///     }
/// }
/// ```
public protocol ParameterSourceSetting: DefinitionSetting {
    /// The source `value` gives `parameter`, with where it was written; `nil` for none.
    static func source(for parameter: LeftOutParameter, in value: Value) -> InjectionPoint?
    /// `value` with each of its sources replaced by what `transform` makes of it: the build
    /// resolves their placeholders so, as it does the definition's own.
    static func mapSources(_ value: Value, _ transform: (InjectionPoint) throws(IoCError) -> InjectionSource) throws(IoCError) -> Value
}

/// A parameter of the initializer or factory the build chose that a definition's arguments do
/// not give (``ParameterSourceSetting``).
public struct LeftOutParameter {
    /// Its label; `nil` for one without (`_`).
    public let label: String?
    /// Its type, when the catalog knows it.
    public let type: TypeRef?
    let catalog: CatalogContents

    /// Whether its type is the one config names `typeName`: its Swift name, or a name the
    /// catalog knows it by.
    public func hasType(named typeName: String) -> Bool {
        guard let type else { return false }
        return typeName == type.name || catalog.type(named: typeName) == type
    }
}

extension ModuleSettings.Entry {
    /// The setting, when it gives parameters sources (``ParameterSourceSetting``).
    var supplier: (any ParameterSourceSetting.Type)? { setting as? any ParameterSourceSetting.Type }
}

extension ModuleSettings {
    /// Whether a setting set here gives parameters sources (``ParameterSourceSetting``).
    var suppliesParameters: Bool { entries.values.contains { $0.supplier != nil } }

    /// The source the first setting (by name) that gives one gives `parameter`.
    func source(for parameter: LeftOutParameter) -> InjectionPoint? {
        var suppliers = entries.values.filter { $0.supplier != nil }
        // NB: by name only when there are several (there is one, IoCConfig's bindings): this
        // runs for each parameter a definition leaves out.
        if suppliers.count > 1 { suppliers.sort { String(describing: $0.setting) < String(describing: $1.setting) } }
        for entry in suppliers {
            if let supplier = entry.supplier, let point = Self.source(supplier, entry.value, parameter) { return point }
        }
        return nil
    }

    private static func source<S: ParameterSourceSetting>(_ setting: S.Type, _ value: any Sendable & Equatable,
                                                          _ parameter: LeftOutParameter) -> InjectionPoint? {
        (value as? S.Value).flatMap { S.source(for: parameter, in: $0) }
    }

    /// These settings with the sources of those that give parameters sources mapped by `transform`.
    func mappingParameterSources(_ transform: (InjectionPoint) throws(IoCError) -> InjectionSource) throws(IoCError) -> ModuleSettings {
        var result = self
        for entry in entries.values {
            guard let supplier = entry.supplier else { continue }
            try result.map(supplier, entry.value, transform)
        }
        return result
    }

    private mutating func map<S: ParameterSourceSetting>(_ setting: S.Type, _ value: any Sendable & Equatable,
                                                         _ transform: (InjectionPoint) throws(IoCError) -> InjectionSource) throws(IoCError) {
        guard let value = value as? S.Value else { return }
        set(setting, try S.mapSources(value, transform))
    }

    /// Whether a source of a setting that gives parameters sources satisfies `predicate`: each
    /// setting's sources visited, nothing set.
    func containsParameterSource(where predicate: (InjectionSource) -> Bool) -> Bool {
        var found = false
        for entry in entries.values where !found {
            guard let supplier = entry.supplier else { continue }
            Self.visit(supplier, entry.value) { source in
                if !found, predicate(source) { found = true }
            }
        }
        return found
    }

    private static func visit<S: ParameterSourceSetting>(_ setting: S.Type, _ value: any Sendable & Equatable, _ body: (InjectionSource) -> Void) {
        guard let value = value as? S.Value else { return }
        _ = try? S.mapSources(value) { point in
            body(point.source)
            return point.source
        }
    }

    /// The settings here that give parameters sources, alone.
    var parameterSources: ModuleSettings {
        var result = self
        result.entries = entries.filter { $0.value.supplier != nil }
        return result
    }
}

extension Definition {
    /// Whether one of its modules' settings gives parameters sources (``ParameterSourceSetting``).
    package var suppliesParameters: Bool { hasExtras && extra { $0.moduleSettings.suppliesParameters } }

    /// Takes `other`'s settings that give parameters sources (a factory's half of a definition).
    mutating func takeParameterSources(of other: Definition) {
        guard other.suppliesParameters else { return }
        for (key, entry) in other.moduleSettings.parameterSources.entries { extras.moduleSettings.entries[key] = entry }
    }

    /// Drops its settings that give parameters sources (a factory's product, whose factory took them).
    mutating func dropParameterSources() {
        guard suppliesParameters else { return }
        extras.moduleSettings.entries = extras.moduleSettings.entries.filter { $0.value.supplier == nil }
    }
}
