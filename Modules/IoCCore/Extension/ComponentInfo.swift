/// What post-processors and construction strategies are told about the component at hand, and
/// what a component is given when one of its initializer parameters (or properties) is a
/// `ComponentInfo`: its own name, scope, tags and tag attributes.
///
/// ```swift
/// final class AuditReporter: Reporter {
///     let channel: String
///     init(info: ComponentInfo) {
///         channel = info.attribute("channel", ofTag: "reporter")?.scalarText ?? "main"
///     }
/// }
/// ```
public struct ComponentInfo: Sendable, Equatable, CustomStringConvertible {
    /// Its key (name and/or type).
    public internal(set) var key: ComponentKey
    /// Its scope.
    public let scope: Scope
    /// Its tags.
    public let tags: [String]
    /// Whether it is the primary component of its type.
    public let isPrimary: Bool
    /// Where it was defined.
    public let location: ConfigLocation
    /// The attributes of its tags, by tag (Symfony's `{ name: reporter, priority: 10, channel: audit }`).
    public let tagAttributes: [String: [String: ConfigValue]]
    /// The settings modules gave its definition (``DefinitionSetting``).
    let moduleSettings: ModuleSettings

    public var description: String { key.description }

    /// The attribute `name` of its tag `tag`, as written; `nil` when it has none.
    ///
    /// ```swift
    /// let priority = info.attribute("priority", ofTag: "kernel.event_listener")
    /// ```
    public func attribute(_ name: String, ofTag tag: String) -> ConfigValue? { tagAttributes[tag]?[name] }

    /// The value of a module's setting (``DefinitionSetting``) on its definition, such as
    /// IoCConfig's `metadata` (Spring's `<meta>`).
    public subscript<S: DefinitionSetting>(setting setting: S.Type) -> S.Value {
        moduleSettings.value(setting) ?? S.defaultValue
    }
}

// A parameter or property of type `ComponentInfo` gets the info of the component being built,
// unless the definition gives it a source of its own.
extension ComponentInfo: PlainShape {
    static var defaultInjectionSource: InjectionSource { .type(TypeRef(ComponentInfo.self)) }

    static func bindShaped(_ source: InjectionSource, in compilation: Compilation, site: SiteInfo, optional: Bool) -> AnyArgument?? {
        guard source == defaultInjectionSource, compilation.candidates(ofType: TypeRef(ComponentInfo.self)).isEmpty else { return nil }
        return .some(ConstantArgument(site.component.info))
    }

    static var plainType: ObjectIdentifier? { ObjectIdentifier(ComponentInfo.self) }
    static var plainForm: PlainForm { .info }
    static func takesSubtype(_ type: Any.Type) -> Bool { false }
    static func takesItemValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool { false }
    static func plainArgument(for target: PlainTarget, _ converters: ValueConverters, site: SiteInfo) -> AnyArgument? {
        switch target {
        case .info: return ConstantArgument(site.component.info)
        case .component(let found): return found.node.object.exactly(ComponentInfo.self).map { NodeArgument($0) }
        case .handle, .components, .items, .entries, .deferred, .value, .absent, .unset: return nil
        }
    }
}

extension ComponentInfo {
    /// What post-processors are told about the component `definition` describes.
    package init(definition: Definition) {
        self.init(key: definition.key, scope: definition.scope, tags: definition.tags,
                  isPrimary: definition.isPrimary, location: definition.location, tagAttributes: definition.tagAttributes,
                  moduleSettings: definition.moduleSettings)
    }
}
