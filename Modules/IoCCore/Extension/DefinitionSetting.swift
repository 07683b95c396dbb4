// The seam for front ends: a module adds a setting to definitions, and the pass of the build's
// preparation that applies it, without editing IoCCore (IoCConfig's `resource` and
// conditional settings are two).

/// A setting a module adds to ``Definition``: its value is kept with the definition's other
/// rare settings, read and written with ``Definition/subscript(setting:)``, compared with the
/// rest, and carried to the build. A setting the build must act on names a ``PreparationPass``:
/// the build runs it, at the pass's stage, whenever a definition sets the setting.
///
/// The module that owns the setting usually offers a property for it:
///
/// ```swift
/// enum Owner: DefinitionSetting {
///     static let defaultValue: String? = nil
/// }
/// extension Definition {
///     var owner: String? {
///         get { self[setting: Owner.self] }
///         set { self[setting: Owner.self] = newValue }
///     }
/// }
/// ```
///
/// A child definition does not take its parent's value of a module's setting: what a setting
/// means for inheritance, its pass decides.
public protocol DefinitionSetting: SendableMetatype {
    /// The setting's values.
    associatedtype Value: Sendable & Equatable
    /// The value of a definition that does not set it.
    static var defaultValue: Value { get }
    /// What the build does with the definitions when one of them sets the setting; `nil` (the
    /// default) when the setting is only data for tools.
    static var preparation: PreparationPass? { get }
    /// The value of a child definition (IoCConfig's `Definition.parent`) whose parent has `parent` and
    /// which states `own` (the default when it states none); by default its own alone.
    static func inherited(from parent: Value, by own: Value) -> Value
    /// The value of the component an alias definition (IoCConfig's `Definition.alias(_:of:isPublic:location:)`)
    /// named `name` gives its name to, when the alias sets `value` and the component `target`;
    /// by default the component's own.
    static func aliased(_ value: Value, as name: String, into target: Value) -> Value
    /// The lines a definition's description shows for `value` (indented by the definition);
    /// by default one, the setting's type and the value.
    static func describe(_ value: Value) -> [String]
}

extension DefinitionSetting {
    public static var preparation: PreparationPass? { nil }
    public static func inherited(from parent: Value, by own: Value) -> Value { own }
    public static func aliased(_ value: Value, as name: String, into target: Value) -> Value { target }
    public static func describe(_ value: Value) -> [String] { ["\(Self.self): \(value)"] }
}

/// A step of a build's preparation that a module adds with a ``DefinitionSetting``: it gets the
/// builder's definitions and returns them changed (expanded, dropped, with settings applied).
/// Passes run at their ``stage``, in ascending ``order``, each once per build whatever the
/// number of definitions setting its setting.
public struct PreparationPass: Sendable {
    /// When in the preparation a pass runs.
    public enum Stage: Sendable, Comparable {
        /// First: before the definitions of inactive profiles are dropped and placeholders
        /// resolved (what a pass writes is then resolved too).
        case beforeProfiles
        /// Once the definitions of inactive profiles are dropped and placeholders resolved
        /// (those that failed left out), before overrides are applied.
        case afterPlaceholders
        /// Last: once overrides by name are applied, before abstract definitions are dropped.
        /// IoCConfig's pass that merges children with their parents is the first of this stage
        /// (order -1): the passes after it see each definition as the build binds it — its type
        /// name its own or its parent's.
        case afterOverrides
    }

    /// Names the pass; two settings naming one pass share it (it runs once).
    public let name: String
    /// When it runs.
    public let stage: Stage
    /// Among the passes of a stage, lower orders run first.
    public let order: Int
    let run: @Sendable (inout PreparationContext, [Definition]) -> [Definition]

    /// A pass named `name`, run at `stage`, in `order` among the others.
    ///
    /// - Parameters:
    ///   - name: What the pass is called (and what tells two passes apart).
    ///   - stage: When it runs; first by default.
    ///   - order: Lower runs first.
    ///   - run: The definitions after the pass. Report problems to the context; a definition
    ///     left out for one goes with ``PreparationContext/leaveOut(_:)``.
    public init(name: String, stage: Stage = .beforeProfiles, order: Int = 0,
                _ run: @escaping @Sendable (inout PreparationContext, [Definition]) -> [Definition]) {
        self.name = name
        self.stage = stage
        self.order = order
        self.run = run
    }
}

/// What a ``PreparationPass`` may read of the build, and where it reports.
public struct PreparationContext {
    /// A context for a tool's own pass over `builder`'s definitions, outside a build.
    package init(_ builder: ContainerBuilder) { self = Preparation(builder: builder, catalog: builder.catalog?.contents).context }

    let catalog: CatalogContents?
    /// The builder, for the placeholders a pass's names hold (``resolvePlaceholders(inName:at:)``).
    private let builder: ContainerBuilder?
    /// The profiles the build keeps the definitions of.
    let activeProfiles: Set<String>
    /// The problems reported so far by passes; the build reports them with its own.
    public internal(set) var problems: [IoCError] = []
    /// Names of definitions left out for a problem (or that the builder was told are absent).
    var leftOut: Set<String>
    /// Name prefixes a pass was to make components under, where it was told to.
    var promisedPrefixes: [(prefix: String, location: ConfigLocation)] = []
    /// The "did you mean" searches left to the build (the preparation's, handed over and back).
    var suggestionSearches: SuggestionSearches

    /// How many settings children may copy from their parents in one build (the builder's
    /// `maxInheritedSettings`): a bound on hostile files.
    package let maxInheritedSettings: Int

    init(builder: ContainerBuilder?, catalog: CatalogContents?, activeProfiles: Set<String>, leftOut: Set<String>,
         promisedPrefixes: [(prefix: String, location: ConfigLocation)], suggestionSearches: SuggestionSearches,
         maxInheritedSettings: Int) {
        self.builder = builder
        self.maxInheritedSettings = maxInheritedSettings
        self.catalog = catalog
        self.activeProfiles = activeProfiles
        self.leftOut = leftOut
        self.promisedPrefixes = promisedPrefixes
        self.suggestionSearches = suggestionSearches
    }

    /// Whether the build keeps `definition`: it names no profile, or a profile that is active
    /// (`!name`: one that is not). A pass of the first stage sees the others too.
    public func isActive(_ definition: Definition) -> Bool {
        Preparation.isActive(definition, among: activeProfiles)
    }

    /// Whether the component named `name` is left out for a problem reported already (by a
    /// pass, or as the builder was told): what names it is left out too, without a word.
    public func isLeftOut(_ name: String) -> Bool { leftOut.contains(name) }

    /// Names among `candidates` close to `name`, quoted, for a "did you mean" (a build makes a
    /// limited number of such searches; none once they are spent).
    public mutating func nameSuggestions(for name: String, in candidates: @autoclosure () -> [String]) -> [String] {
        suggestionSearches.quotedClosest(to: name, in: candidates())
    }

    /// Whether the build has a catalog: without one, nothing is known of the types.
    public var hasCatalog: Bool { catalog != nil }

    /// The module-qualified names of the catalog's types, in the order they were added.
    public var catalogTypeNames: [String] { catalog?.descriptors.map(\.type.qualifiedName) ?? [] }

    /// The catalog's entry for the type named `typeName` (its short or qualified name, or an
    /// alias); `nil` without a catalog, or for a type the catalog lacks.
    public func descriptor(named typeName: String) -> TypeDescriptor? { catalog?.descriptor(named: typeName) }

    /// Whether the catalogued type named `typeName` is, or conforms to, the type named
    /// `otherName` (each by its short or qualified name); `false` for a type the catalog lacks.
    public func type(_ typeName: String, isOrConformsTo otherName: String) -> Bool {
        guard let descriptor = catalog?.descriptor(named: typeName) else { return false }
        if descriptor.type.name == otherName || descriptor.type.qualifiedName == otherName { return true }
        return descriptor.conformances.contains { $0.type.name == otherName || $0.type.qualifiedName == otherName }
    }

    /// Reports a problem, which fails the build with the others.
    public mutating func report(_ problem: IoCError) { problems.append(problem) }

    /// `text`, a name a setting holds (an alias's target: `tm${impl}`), with its placeholders
    /// resolved from the builder's property sources, as the build resolves a reference's.
    ///
    /// - Throws: The placeholder's error: a key no source has, or a value that is no text.
    public func resolvePlaceholders(inName text: String, at location: ConfigLocation) throws(IoCError) -> String {
        guard PlaceholderResolver.mayContainPlaceholder(text), let builder else { return text }
        return try builder.placeholderResolver().resolveName(text, at: location)
    }

    /// Leaves `definition` out for a problem reported already: an alias, child or decorator
    /// naming it is left out too, not reported again.
    public mutating func leaveOut(_ definition: Definition) { leftOut.insertNames(of: definition) }

    /// Says the pass was to make components whose names start with `prefix`, as stated at
    /// `location`: an alias naming one the pass did not make is reported as a missing component
    /// there (when the build has a catalog), rather than as an alias of an unknown name.
    public mutating func promiseNames(withPrefix prefix: String, at location: ConfigLocation) {
        promisedPrefixes.append((prefix, location))
    }

    /// Where a pass of this build promised to make the component named `name`
    /// (``promiseNames(withPrefix:at:)``); `nil` when none did.
    package func promisedLocation(of name: String) -> ConfigLocation? {
        promisedPrefixes.first { name.hasPrefix($0.prefix) }?.location
    }

    /// How many names are left out so far (it grows as passes leave definitions out).
    package var leftOutCount: Int { leftOut.count }
}

/// The values of modules' settings on one definition, by setting.
struct ModuleSettings: Sendable, Equatable {
    struct Entry: Sendable {
        let value: any Sendable & Equatable
        let setting: any DefinitionSetting.Type
    }
    var entries: [ObjectIdentifier: Entry] = [:]

    var isEmpty: Bool { entries.isEmpty }

    func value<S: DefinitionSetting>(_ setting: S.Type) -> S.Value? {
        entries[ObjectIdentifier(setting)]?.value as? S.Value
    }

    mutating func set<S: DefinitionSetting>(_ setting: S.Type, _ value: S.Value) {
        entries[ObjectIdentifier(setting)] = value == S.defaultValue ? nil : Entry(value: value, setting: setting)
    }

    /// Whether a setting set here asks for a pass.
    var asksForPreparation: Bool { entries.values.contains { $0.setting.preparation != nil } }

    /// The passes the settings set here ask for.
    var preparations: [PreparationPass] { entries.values.compactMap { $0.setting.preparation } }

    /// A child's settings (these) with what each of `parent`'s settings gives it.
    mutating func inherit(from parent: ModuleSettings) {
        for entry in parent.entries.values { inherit(entry.setting, from: entry.value) }
    }

    private mutating func inherit<S: DefinitionSetting>(_ setting: S.Type, from parentValue: any Sendable & Equatable) {
        guard let parentValue = parentValue as? S.Value else { return }
        set(setting, S.inherited(from: parentValue, by: value(setting) ?? S.defaultValue))
    }

    /// The settings of the component an alias named `name`, with `alias`'s settings, names.
    mutating func absorb(alias name: String, _ alias: ModuleSettings) {
        for entry in alias.entries.values { absorb(entry.setting, entry.value, as: name) }
    }

    private mutating func absorb<S: DefinitionSetting>(_ setting: S.Type, _ aliasValue: any Sendable & Equatable, as name: String) {
        guard let aliasValue = aliasValue as? S.Value else { return }
        set(setting, S.aliased(aliasValue, as: name, into: value(setting) ?? S.defaultValue))
    }

    /// The description's lines of every setting set here, by the settings' names.
    var descriptionLines: [String] {
        entries.values.map { entry in (String(describing: entry.setting), Self.lines(entry.setting, entry.value)) }
            .sorted { $0.0 < $1.0 }.flatMap(\.1)
    }

    private static func lines<S: DefinitionSetting>(_ setting: S.Type, _ value: any Sendable & Equatable) -> [String] {
        (value as? S.Value).map(S.describe) ?? []
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.count == rhs.entries.count && lhs.entries.allSatisfy { key, entry in
            rhs.entries[key].map { entry.value.isEqual(to: $0.value) } ?? false
        }
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: any Sendable & Equatable) -> Bool {
        (other as? Self).map { $0 == self } ?? false
    }
}

extension Definition {
    /// The value of a module's setting (``DefinitionSetting``): its default until set.
    ///
    /// ```swift
    /// definition[setting: Owner.self] = "billing"
    /// ```
    @inlinable
    public subscript<S: DefinitionSetting>(setting setting: S.Type) -> S.Value {
        // NB: inlinable, so that a module's own settings read and write specialized: most
        // definitions set none, front ends read and write several of theirs for each one, and
        // the generic path looks the setting up at run time (docs/PerformanceLedger.md L6).
        get { hasModuleSettings ? moduleSetting(setting) ?? S.defaultValue : S.defaultValue }
        set {
            if !hasModuleSettings, newValue == S.defaultValue { return }
            setModuleSetting(setting, newValue)
        }
    }

    /// Whether the definition sets any module's setting.
    @usableFromInline var hasModuleSettings: Bool { hasExtras && !extra { $0.moduleSettings.isEmpty } }
    /// The value the definition sets for `setting`; `nil` when it sets none.
    @usableFromInline func moduleSetting<S: DefinitionSetting>(_ setting: S.Type) -> S.Value? { extra { $0.moduleSettings.value(setting) } }
    /// Sets `setting` to `value` (its default removes it).
    @usableFromInline mutating func setModuleSetting<S: DefinitionSetting>(_ setting: S.Type, _ value: S.Value) {
        extras.moduleSettings.set(setting, value)
    }

    /// The passes this definition's settings ask the build for.
    var preparations: [PreparationPass] { extra { $0.moduleSettings.preparations } }
    /// Whether one of this definition's settings asks the build for a pass.
    var asksForPreparation: Bool { extra { $0.moduleSettings.asksForPreparation } }
    /// Takes what each of `alias`'s module settings gives the component it names, under `name`
    /// (``DefinitionSetting/aliased(_:as:into:)``).
    package mutating func absorbSettings(ofAlias name: String, _ alias: Definition) {
        let settings = alias.moduleSettings
        if !settings.isEmpty { extras.moduleSettings.absorb(alias: name, settings) }
    }
    /// Takes what each of `parent`'s module settings gives a child (``DefinitionSetting/inherited(from:by:)``).
    package mutating func inheritSettings(of parent: Definition) {
        if parent.hasExtras, !parent.moduleSettings.isEmpty { extras.moduleSettings.inherit(from: parent.moduleSettings) }
    }
    /// Modules' settings, for what a built container tells post-processors (``ComponentInfo``).
    var moduleSettings: ModuleSettings { extra { $0.moduleSettings } }
}
