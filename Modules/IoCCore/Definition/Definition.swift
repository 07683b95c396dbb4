/// One component, as plain data: what it is called, what it builds, how long it lives,
/// and where each of its dependencies comes from.
///
/// Every front end (code, macros, XML, YAML) produces definitions and nothing else; the
/// ``ContainerBuilder`` binds and checks them all at once. Code registrations are *bound*:
/// they name the Swift type, and the code that builds it. Config front ends write *unbound*
/// definitions that name a type, an initializer and properties by text; the builder binds
/// them through the ``TypeCatalog``.
///
/// A definition holds no code: the Swift code a registration gives (its initializer or
/// closure, setters, method calls, hooks, conversions, strategy) stays with the builder that
/// registered it, and the definition names each piece. A ``Component`` is a definition with
/// its code, what moves a registration made in code to another builder.
///
/// Definitions compare equal when they describe the same component, whatever front end wrote
/// them (the code they name is not compared, nor are source locations).
public struct Definition: Sendable, Equatable, CustomStringConvertible {
    /// The fields, shared between copies until one of them changes (copy on write): a
    /// definition is copied through every step of a build, and one reference is cheaper to
    /// copy than two dozen.
    private final class Fields: @unchecked Sendable {
        // NB: only reached through `fields` (reads) and `unique` (writes, after the copy), so
        // the compiler's dynamic exclusivity checks would only cost time.
        @exclusivity(unchecked) var name: String?
        @exclusivity(unchecked) var type: TypeRef?
        @exclusivity(unchecked) var typeName: String?
        @exclusivity(unchecked) var scope: Scope
        @exclusivity(unchecked) var construction: Construction
        // NB: the one-byte fields right after the construction, in the bytes its last word
        // leaves (a 160-byte allocation instead of 176: `bytes_per_definition`).
        @exclusivity(unchecked) var isPrimary: Bool
        @exclusivity(unchecked) var isEager: Bool
        @exclusivity(unchecked) var isLazy: Bool
        @exclusivity(unchecked) var isOverride: Bool
        @exclusivity(unchecked) var isAbstract: Bool
        @exclusivity(unchecked) var stated: StatedFields
        @exclusivity(unchecked) var properties: [PropertyInjection]
        @exclusivity(unchecked) var location: ConfigLocation
        /// The settings most definitions leave at their defaults: `nil` until one is set, so that
        /// a plain definition does not carry them (see `bytes_per_definition` in docs/Performance.md).
        @exclusivity(unchecked) var extras: ExtrasBox?

        init(name: String?, typeName: String?, construction: Construction, location: ConfigLocation) {
            self.name = name
            self.type = nil
            self.typeName = typeName
            self.scope = .prototype
            self.construction = construction
            self.properties = []
            self.isPrimary = false
            self.isEager = false
            self.isLazy = false
            self.isOverride = false
            self.isAbstract = false
            self.stated = []
            self.location = location
            self.extras = nil
        }

        init(copying other: Fields) {
            name = other.name
            type = other.type
            typeName = other.typeName
            scope = other.scope
            construction = other.construction
            properties = other.properties
            isPrimary = other.isPrimary
            isEager = other.isEager
            isLazy = other.isLazy
            isOverride = other.isOverride
            isAbstract = other.isAbstract
            stated = other.stated
            location = other.location
            extras = other.extras.map { ExtrasBox($0.value) }
        }
    }

    private var fields: Fields

    /// Whether the definition keeps any of the rare settings (``Extras``): `false` until one is
    /// set to something other than its default.
    var hasExtras: Bool { fields.extras != nil }

    /// Tells this definition's value from a copy that has since changed (copies share their
    /// fields until one changes): what finds an inner definition's component again
    /// (``Container/inner(_:of:)``).
    var identity: ObjectIdentifier { ObjectIdentifier(fields) }

    /// The fields, copied first when another definition shares them.
    private var unique: Fields {
        mutating get {
            if !isKnownUniquelyReferenced(&fields) { fields = Fields(copying: fields) }
            return fields
        }
    }

    /// The name the component is registered under, if any.
    public var name: String? {
        _read { yield fields.name }
        _modify { yield &unique.name }
    }
    /// The type the component is registered as and resolved by; `nil` until a definition
    /// that names its type by text (``typeName``) is bound.
    public internal(set) var type: TypeRef? {
        _read { yield fields.type }
        _modify { yield &unique.type }
    }
    /// The type as config wrote it (`Knight`, `MyApp.Knight`, `NSURL`); `nil` for code.
    public var typeName: String? {
        _read { yield fields.typeName }
        _modify { yield &unique.typeName }
    }
    /// How long an instance lives. Setting it states it: a child definition keeps its own
    /// scope instead of its parent's.
    public var scope: Scope {
        _read { yield fields.scope }
        _modify { yield &unique.scope; fields.stated.insert(.scope) }
    }
    /// How the instance is made, with the sources of its initializer arguments.
    public var construction: Construction {
        _read { yield fields.construction }
        _modify { yield &unique.construction }
    }
    /// Properties set after construction, in order.
    public var properties: [PropertyInjection] {
        _read { yield fields.properties }
        _modify { yield &unique.properties }
    }
    /// Methods called with resolved arguments after the properties (method injection).
    public var methodCalls: [MethodInjection] {
        _read { yield extra { $0.methodCalls } }
        set { setList(\.methodCalls, newValue) }
        _modify { yield &extras.methodCalls }
    }
    /// Hooks run around injection and at shutdown, and decorators.
    public var hooks: [LifecycleHook] {
        _read { yield extra { $0.hooks } }
        set { setList(\.hooks, newValue) }
        _modify { yield &extras.hooks }
    }
    /// Other names that reach this component.
    public var aliases: [String] {
        _read { yield extra { $0.aliases } }
        set { setList(\.aliases, newValue) }
        _modify { yield &extras.aliases }
    }
    /// Whether this component wins when several match a type. Setting it states it (a child
    /// definition keeps its own).
    public var isPrimary: Bool {
        _read { yield fields.isPrimary }
        _modify { yield &unique.isPrimary; fields.stated.insert(.primary) }
    }
    /// Tags for collection injection (`tagged("reporter")`).
    public var tags: [String] {
        _read { yield extra { $0.tags } }
        set { setList(\.tags, newValue) }
        _modify { yield &extras.tags }
    }
    /// Further types (usually protocols) this component can be injected as.
    public var exposedAs: [Exposure] {
        _read { yield extra { $0.exposedAs } }
        set { setList(\.exposedAs, newValue) }
        _modify { yield &extras.exposedAs }
    }
    /// Create at build instead of on first request (singletons only). Setting it states it (a
    /// child definition that sets it or ``isLazy`` keeps both of its own).
    public var isEager: Bool {
        _read { yield fields.isEager }
        _modify { yield &unique.isEager; fields.stated.insert(.eager) }
    }
    /// Hand out a ``Lazy`` proxy instead of building at once; never created eagerly. Setting it
    /// states it, as for ``isEager``.
    public var isLazy: Bool {
        _read { yield fields.isLazy }
        _modify { yield &unique.isLazy; fields.stated.insert(.lazy) }
    }
    /// Replaces an earlier definition with the same key instead of being a duplicate.
    public var isOverride: Bool {
        _read { yield fields.isOverride }
        _modify { yield &unique.isOverride }
    }
    /// The definition this one inherits from (Spring `parent`): construction, arguments,
    /// properties, calls, hooks, scope, laziness and tags it does not state itself.
    public var parent: String? {
        get { extra { $0.parent } }
        set { setOptional(\.parent, newValue) }
    }
    /// A template for children only; never built itself.
    public var isAbstract: Bool {
        _read { yield fields.isAbstract }
        _modify { yield &unique.isAbstract }
    }
    /// The component this one decorates (Symfony `decorates`): this definition takes over the
    /// decorated one's name, and the decorated one stays reachable as `"<this name>.inner"`
    /// (`.named(".inner")` inside this definition refers to it).
    public var decorates: String? {
        get { extra { $0.decorates } }
        set { setOptional(\.decorates, newValue) }
    }
    /// Components to create before this one although it does not inject them (Spring `depends-on`).
    public var dependsOn: [String] {
        _read { yield extra { $0.dependsOn } }
        set { setList(\.dependsOn, newValue) }
        _modify { yield &extras.dependsOn }
    }
    /// The profiles this definition belongs to; empty means every profile. `!name` means
    /// "every profile but this one".
    public var profiles: [String] {
        _read { yield extra { $0.profiles } }
        set { setList(\.profiles, newValue) }
        _modify { yield &extras.profiles }
    }
    /// Which of the fields with a default the definition states itself (for inheritance): the
    /// ones set since it was made.
    package var stated: StatedFields {
        _read { yield fields.stated }
        _modify { yield &unique.stated }
    }
    /// The name of the construction strategy wrapped around this component's construction, if
    /// any (``ConstructionStrategy/name``; the strategy itself is code, kept with the rest of the
    /// registration's code: ``Registration/strategy(_:)``).
    public var strategyName: String? { extra { $0.strategy?.name } }
    /// States the inheritance rules a config front end chose for a child definition — its tags
    /// are its own (``StatedFields/tags``), its unlabelled arguments come after its parent's
    /// (``StatedFields/appendsArguments``) — which no public setter states. For the code
    /// IoCConfigPlugin generates, which writes a config definition as Swift.
    @_spi(GeneratedConfig)
    public mutating func stateInheritance(tags: Bool, appendsArguments: Bool) {
        if tags { stated.insert(.tags) }
        if appendsArguments { stated.insert(.appendsArguments) }
    }
    /// The strategy's name and code.
    var strategy: NamedStrategy? {
        get { extra { $0.strategy } }
        set { setOptional(\.strategy, newValue) }
    }
    /// Wraps the construction in `strategy`, which `code` keeps.
    @usableFromInline
    mutating func setStrategy(_ strategy: any ConstructionStrategy, in code: inout CodeTable) {
        self.strategy = NamedStrategy(name: strategy.name, code: code.add(strategy))
    }
    /// Where the definition was written.
    public var location: ConfigLocation {
        _read { yield fields.location }
        _modify { yield &unique.location }
    }

    /// The settings most definitions leave at their defaults, kept together.
    // NB: each optional setting defaults to `nil` and each list to empty: `setOptional` and
    // `setList` skip making the extras for those values without comparing with the defaults.
    struct Extras: Equatable, Sendable {
        var methodCalls: [MethodInjection] = []
        var hooks: [LifecycleHook] = []
        var aliases: [String] = []
        var tags: [String] = []
        var exposedAs: [Exposure] = []
        var parent: String?
        var decorates: String?
        var dependsOn: [String] = []
        var profiles: [String] = []
        var strategy: NamedStrategy?
        var isPublic = true
        var publicAliases: [String] = []
        var autowires = true
        var exposesConformances = true
        var deprecation: String?
        var bindings: [ArgumentBinding] = []
        var tagAttributes: [String: [String: ConfigValue]] = [:]
        var moreTagAttributes: [String: [[String: ConfigValue]]] = [:]
        var resource: CatalogResource?
        var isAutowireCandidate = true
        var metadata: [String: String] = [:]
        var decoration = Decoration()
        var conditionalSettings: [ConditionalSettings] = []
        var isMainActor = false
        var propertyAutowiring: PropertyAutowiring?
        var aliasTarget: String?
        var deprecatedAliases: [String: String] = [:]
    }
    /// A construction strategy: its name, and the strategy in a code table (compared by name:
    /// strategies are code, not data).
    struct NamedStrategy: Equatable, Sendable {
        let name: String
        var code: CodeRef
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    }
    /// Holds a definition's ``Extras`` once one of them is set; each `Fields` has its own.
    private final class ExtrasBox: @unchecked Sendable {
        @exclusivity(unchecked) var value: Extras
        init(_ value: Extras) { self.value = value }
    }
    private static let defaultExtras = Extras()
    /// Reads one setting of ``Extras`` without copying them.
    @inline(__always)
    private func extra<V>(_ read: (borrowing Extras) -> V) -> V {
        if let box = fields.extras { return read(box.value) }
        return read(Self.defaultExtras)
    }
    private var extras: Extras {
        get { fields.extras?.value ?? Self.defaultExtras }
        _modify {
            let fields = unique
            if let box = fields.extras {
                yield &box.value
            } else {
                // A definition without extras gets them only when a setting changes (an
                // in-place change that leaves every one at its default makes none).
                var value = Extras()
                yield &value
                if value != Extras() { fields.extras = ExtrasBox(value) }
            }
        }
    }

    /// Sets one of the lists among the ``Extras``: an empty one on a definition without extras
    /// leaves it without. Front ends and binding set these lists on every definition, most
    /// often to none; the check costs less than making (and comparing) the extras.
    @inline(__always)
    private mutating func setList<E>(_ setting: WritableKeyPath<Extras, [E]>, _ value: [E]) {
        if fields.extras == nil, value.isEmpty { return }
        extras[keyPath: setting] = value
    }

    /// Sets one of the optional settings among the ``Extras``, each `nil` until set: `nil` on a
    /// definition without extras leaves it without, with no key-path read of the defaults
    /// (about 300 instructions; the XML front end sets a bean's parent, most often to none).
    @inline(__always)
    private mutating func setOptional<V>(_ setting: WritableKeyPath<Extras, V?>, _ value: V?) {
        if fields.extras == nil, value == nil { return }
        extras[keyPath: setting] = value
    }

    /// Sets one of the ``Extras``: setting a default where none was set keeps the definition without.
    private mutating func setExtra<V: Equatable>(_ setting: WritableKeyPath<Extras, V>, _ value: V) {
        if fields.extras == nil, Self.defaultExtras[keyPath: setting] == value { return }
        extras[keyPath: setting] = value
    }

    /// Whether the component's construction, properties, method calls and hooks are isolated to
    /// the main actor (a `@MainActor` type's): set by the `mainActor` forms of registration and
    /// by catalog entries of main-actor types. A synchronous resolve makes it only on the main
    /// actor; `try await container.resolve(...)` goes there for it.
    public var isMainActor: Bool {
        get { extra { $0.isMainActor } }
        set { setExtra(\.isMainActor, newValue) }
    }

    /// Spring's `autowire="byName"` / `"byType"`: every settable property of the type's catalog
    /// entry that the definition does not set, and whose type is not a plain value (text,
    /// numbers, URLs, dates, collections), gets the component of its name (or the one component
    /// of its type) when there is one, and is left alone when there is none.
    public var propertyAutowiring: PropertyAutowiring? {
        get { extra { $0.propertyAutowiring } }
        set { setOptional(\.propertyAutowiring, newValue) }
    }

    /// Set on a definition that is only another name (its ``name``) for the component named
    /// `aliasTarget`, wherever that one is defined — in code, another file or another front end.
    /// The build gives the target the name (public when this definition is), or reports an
    /// alias that names no component. Made by ``alias(_:of:isPublic:location:)``.
    public var aliasTarget: String? { extra { $0.aliasTarget } }

    /// Names of ``aliases`` that should no longer be used, with why (Symfony's `deprecated:` on
    /// an alias entry). They resolve as before; `ioc validate` warns where config uses them.
    public var deprecatedAliases: [String: String] {
        get { extra { $0.deprecatedAliases } }
        set { setExtra(\.deprecatedAliases, newValue) }
    }

    /// Another name for the component named `target`, defined anywhere in the builder: what a
    /// config file's alias becomes when its target is not in the same files (Symfony's
    /// `mailer: '@app.mailer'`, Spring's `<alias>`).
    ///
    /// ```swift
    /// builder.add(.alias("mailer", of: "smtpMailer", location: ConfigLocation(file: "services.yaml", line: 4)))
    /// ```
    public static func alias(_ name: String, of target: String, isPublic: Bool = true, location: ConfigLocation) -> Definition {
        var definition = Definition(name: name, typeName: nil, location: location)
        definition.extras.aliasTarget = target
        definition.isPublic = isPublic
        return definition
    }

    /// Whether the component can be resolved from the container by its name or type (Symfony's
    /// `public`). A private one (`false`) can only be injected into other components.
    public var isPublic: Bool {
        get { extra { $0.isPublic } }
        set { setExtra(\.isPublic, newValue) }
    }
    /// Aliases that can be resolved from the container although the component is private.
    public var publicAliases: [String] {
        get { extra { $0.publicAliases } }
        set { setList(\.publicAliases, newValue) }
    }
    /// Whether initializer parameters the definition does not give are resolved by their type
    /// (`true`, the default), or must be given (Symfony's `autowire: false`).
    public var autowires: Bool {
        get { extra { $0.autowires } }
        set { setExtra(\.autowires, newValue) }
    }
    /// Whether a config definition without `as` is injectable as every protocol its catalog
    /// entry declares (`true`, the default; Symfony's `autoconfigure`), or only as its own type.
    public var exposesConformances: Bool {
        get { extra { $0.exposesConformances } }
        set { setExtra(\.exposesConformances, newValue) }
    }
    /// Why the component should no longer be used, when it is deprecated; shown by the tools.
    public var deprecation: String? {
        get { extra { $0.deprecation } }
        set { setOptional(\.deprecation, newValue) }
    }
    /// Sources for initializer parameters the definition does not give, matched by parameter
    /// name and/or type (Symfony's `bind`); tried before autowiring.
    public var bindings: [ArgumentBinding] {
        get { extra { $0.bindings } }
        set { setList(\.bindings, newValue) }
    }
    /// Attributes of the component's tags, by tag (`priority` orders tagged collections,
    /// highest first).
    public var tagAttributes: [String: [String: ConfigValue]] {
        get { extra { $0.tagAttributes } }
        set { setExtra(\.tagAttributes, newValue) }
    }
    /// The attributes of a tag's further entries, when a tag is given more than once with
    /// other attributes (Symfony's `kernel.event_listener`, once per event): by tag, after the
    /// first entry's, which ``tagAttributes`` holds.
    public var moreTagAttributes: [String: [[String: ConfigValue]]] {
        get { extra { $0.moreTagAttributes } }
        set { setExtra(\.moreTagAttributes, newValue) }
    }

    /// Every tag entry: a tag given several times once per entry, each with its attributes,
    /// grouped by tag in the order of ``tags``. Setting it sets ``tags``, ``tagAttributes`` and
    /// ``moreTagAttributes``.
    ///
    /// ```swift
    /// definition.tagEntries = [TagEntry("kernel.event_listener", ["event": "kernel.request"]),
    ///                          TagEntry("kernel.event_listener", ["event": "kernel.response"])]
    /// ```
    public var tagEntries: [TagEntry] {
        get {
            let first = tagAttributes, more = moreTagAttributes
            return tags.flatMap { tag in
                [TagEntry(tag, first[tag] ?? [:])] + (more[tag] ?? []).map { TagEntry(tag, $0) }
            }
        }
        set {
            var names: [String] = [], seen = Set<String>()
            var first: [String: [String: ConfigValue]] = [:], more: [String: [[String: ConfigValue]]] = [:]
            for entry in newValue {
                if seen.insert(entry.name).inserted {
                    names.append(entry.name)
                    if !entry.attributes.isEmpty { first[entry.name] = entry.attributes }
                } else {
                    more[entry.name, default: []].append(entry.attributes)
                }
            }
            tags = names
            tagAttributes = first
            moreTagAttributes = more
        }
    }

    /// Every set of attributes `tag` is given with, the first entry's first.
    func attributeSets(ofTag tag: String) -> [[String: ConfigValue]] {
        [tagAttributes[tag] ?? [:]] + (moreTagAttributes[tag] ?? [])
    }

    /// Makes this definition a template for every catalogued type the resource selects
    /// (Symfony's `resource:`); expanded at build, when the catalog is known.
    public var resource: CatalogResource? {
        get { extra { $0.resource } }
        set { setOptional(\.resource, newValue) }
    }

    /// How this definition decorates ``decorates``: the decorated one's new name, the order
    /// among several decorators, what to do when there is nothing to decorate.
    public var decoration: Decoration {
        get { extra { $0.decoration } }
        set { setExtra(\.decoration, newValue) }
    }

    /// Whether the component is a candidate when something asks for its type (Spring's
    /// `autowire-candidate`); `false` leaves it reachable by name only.
    public var isAutowireCandidate: Bool {
        get { extra { $0.isAutowireCandidate } }
        set { setExtra(\.isAutowireCandidate, newValue) }
    }
    /// Key-value notes a config file attaches to the component (Spring's `<meta>`), for tools
    /// and post-processors (``ComponentInfo``); the container does nothing with them.
    public var metadata: [String: String] {
        get { extra { $0.metadata } }
        set { setExtra(\.metadata, newValue) }
    }

    /// Settings that apply only when the component's type conforms to a protocol (Symfony's
    /// `_instanceof`); applied at build, when the catalog says what the type conforms to.
    public var conditionalSettings: [ConditionalSettings] {
        get { extra { $0.conditionalSettings } }
        set { setList(\.conditionalSettings, newValue) }
    }

    /// The `priority` attribute of `tag`, 0 when none is given.
    func priority(of tag: String) -> Double {
        switch extra({ $0.tagAttributes[tag]?["priority"]?.kind }) {
        case .int(let value)?: return Double(value)
        case .double(let value)?: return value
        case .string(let text)?: return Double(text) ?? 0
        default: return 0
        }
    }

    /// A bound definition, as code registers it: it states every setting (a child keeps them).
    @usableFromInline
    init(type: TypeRef, construction: Construction, location: ConfigLocation) {
        fields = Fields(name: nil, typeName: nil, construction: construction, location: location)
        fields.type = type
        fields.stated = .all
    }

    /// An unbound definition, as a config front end writes it: the builder binds `typeName`
    /// and the construction through the ``TypeCatalog``.
    ///
    /// ```swift
    /// var knight = Definition(name: "knight", typeName: "Knight", location: here)
    /// knight.properties.append(PropertyInjection(name: "quest", source: .named("quest")))
    /// ```
    public init(name: String?, typeName: String?, construction: Construction = .initializer(), location: ConfigLocation) {
        fields = Fields(name: name, typeName: typeName, construction: construction, location: location)
    }

    /// Whether the definition names its Swift type and code (code registrations, or after binding).
    public var isBound: Bool { fields.type != nil }

    /// The key the component is registered under.
    public var key: ComponentKey { ComponentKey(type: type, name: name) }

    /// The definition with `transform` applied to the source of each initializer argument,
    /// property and method-injection argument (front ends that put named values in place).
    package func mappingSources(_ transform: (InjectionSource) -> InjectionSource) -> Definition {
        var result = self
        for index in result.construction.arguments.indices {
            result.construction.arguments[index].source = transform(result.construction.arguments[index].source)
        }
        for index in result.properties.indices { result.properties[index].point.source = transform(result.properties[index].source) }
        for call in result.methodCalls.indices {
            for index in result.methodCalls[call].arguments.indices {
                result.methodCalls[call].arguments[index].source = transform(result.methodCalls[call].arguments[index].source)
            }
        }
        return result
    }

    /// The component as messages print it, bound or not.
    package var label: String {
        if type == nil, let typeName {
            return name.map { "\"\($0)\" (\(typeName))" } ?? typeName
        }
        return key.description
    }

    /// The type the builder works with once binding has run.
    var boundType: TypeRef { type ?? TypeRef(Never.self) }

    /// Whether this is a runtime-argument factory (``Construction/Kind/runtimeArguments(_:)``).
    var takesRuntimeArguments: Bool {
        if case .runtimeArguments = construction.storedKind { true } else { false }
    }

    public static func == (lhs: Definition, rhs: Definition) -> Bool {
        lhs.name == rhs.name && lhs.type == rhs.type && lhs.typeName == rhs.typeName && lhs.scope == rhs.scope
            && lhs.construction == rhs.construction && lhs.properties == rhs.properties
            && lhs.isPrimary == rhs.isPrimary && lhs.isEager == rhs.isEager && lhs.isLazy == rhs.isLazy
            && lhs.isOverride == rhs.isOverride && lhs.isAbstract == rhs.isAbstract && lhs.extras == rhs.extras
    }

    /// A stable, line-per-fact printed form for golden tests; the location is left out
    /// so that the same component written in two front ends prints the same.
    public var description: String {
        var lines = ["component \(label)"]
        if let type { lines.append("  type: \(type.qualifiedName)") } else if let typeName { lines.append("  type name: \(typeName)") }
        lines.append("  scope: \(scope)")
        lines.append("  construct: \(construction.kind)")
        if let factory = construction.factory { lines.append("    factory: \(factory)") }
        for (index, argument) in construction.arguments.enumerated() {
            lines.append("    arg \(index) \(argument.label ?? "_"): \(argument.type?.name ?? "?") <- \(argument.source)")
        }
        for property in properties {
            lines.append("  property \(property.name): \(property.type?.name ?? "?") <- \(property.source)")
        }
        for call in methodCalls {
            lines.append("  call \(call.method)(" + call.arguments.map { "\($0.source)" }.joined(separator: ", ") + ")")
        }
        for hook in hooks { lines.append("  \(hook.kind): \(hook.name)") }
        if !exposedAs.isEmpty { lines.append("  as: " + exposedAs.map(\.name).joined(separator: ", ")) }
        if !aliases.isEmpty { lines.append("  aliases: " + aliases.joined(separator: ", ")) }
        for alias in deprecatedAliases.keys.sorted() { lines.append("  deprecated alias \(alias): \(deprecatedAliases[alias] ?? "")") }
        if !tags.isEmpty {
            lines.append("  tags: " + tagEntries.map { entry in
                guard !entry.attributes.isEmpty else { return entry.name }
                let attributes = entry.attributes
                return entry.name + " {" + attributes.keys.sorted().map { "\($0): \(attributes[$0]?.description ?? "")" }.joined(separator: ", ") + "}"
            }.joined(separator: ", "))
        }
        for binding in bindings { lines.append("  bind \(binding)") }
        if let parent { lines.append("  parent: \(parent)") }
        if let decorates { lines.append("  decorates: \(decorates)") }
        if let aliasTarget { lines.append("  alias of: \(aliasTarget)") }
        if !dependsOn.isEmpty { lines.append("  depends on: " + dependsOn.joined(separator: ", ")) }
        if !profiles.isEmpty { lines.append("  profiles: " + profiles.joined(separator: ", ")) }
        var flags: [String] = []
        if isAbstract { flags.append("abstract") }
        if isPrimary { flags.append("primary") }
        if isEager { flags.append("eager") }
        if isLazy { flags.append("lazy") }
        if isOverride { flags.append("override") }
        if !isPublic { flags.append("private") }
        if !autowires { flags.append("no autowiring") }
        if !exposesConformances { flags.append("no conformances") }
        if !isAutowireCandidate { flags.append("not an autowire candidate") }
        for key in metadata.keys.sorted() { lines.append("  meta \(key): \(metadata[key] ?? "")") }
        if let deprecation { flags.append("deprecated: \(deprecation)") }
        if let strategy { flags.append("strategy \(strategy.name)") }
        if !flags.isEmpty { lines.append("  flags: " + flags.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }
}

// MARK: The compact form a built container keeps

extension Definition {
    /// A definition as a built container keeps it when it sets nothing beyond what a code
    /// registration sets: its name, type, scope, flags, code and arguments, and the file and
    /// line it was registered at. 72 bytes in the container's table, where the definition's
    /// fields take an object of 160 (`bytes_per_definition`, docs/Performance.md); a
    /// ``Definition`` is made from it again when one is asked for (``init(_:)``).
    struct Row: Sendable {
        let name: String?
        let file: String
        let type: TypeRef
        let scope: Scope
        /// The construction's code.
        let code: CodeRef
        let arguments: [InjectionPoint]
        let line: Int32
        let kind: RowKind
        let flags: RowFlags
        let stated: StatedFields

        // The settings of a row's definition that the container reads without making it.
        var key: ComponentKey { ComponentKey(type: type, name: name) }
        var location: ConfigLocation { ConfigLocation(file: file, line: Int(line)) }
        var isPrimary: Bool { flags.contains(.primary) }
        /// A row holds none of the rare settings: its definition is public, and not main-actor.
        var isPublic: Bool { true }
        var isMainActor: Bool { false }
    }

    /// The constructions a row keeps: those whose kind carries no text.
    enum RowKind: UInt8 {
        case initializer, instance, closure, asyncClosure, factoryComponent

        init?(_ kind: borrowing Construction.Kind) {
            switch kind {
            case .initializer(nil): self = .initializer
            case .instance: self = .instance
            case .closure: self = .closure
            case .asyncClosure: self = .asyncClosure
            case .factoryComponent: self = .factoryComponent
            default: return nil
            }
        }

        var kind: Construction.Kind {
            switch self {
            case .initializer: return .initializer(nil)
            case .instance: return .instance
            case .closure: return .closure
            case .asyncClosure: return .asyncClosure
            case .factoryComponent: return .factoryComponent
            }
        }
    }

    /// A row's one-byte flags.
    struct RowFlags: OptionSet, Sendable {
        let rawValue: UInt8
        static let primary = RowFlags(rawValue: 1)
        static let eager = RowFlags(rawValue: 2)
        static let lazy = RowFlags(rawValue: 4)
        static let override = RowFlags(rawValue: 8)
        static let abstract = RowFlags(rawValue: 16)
    }

    /// This definition as a row, when a row holds all of it: bound, with no text for its type
    /// or its construction, no factory, no properties, none of the rare settings (``Extras``)
    /// and no column in its location (code has none); `nil` otherwise.
    var row: Row? {
        let fields = self.fields
        guard fields.extras == nil, fields.typeName == nil, fields.properties.isEmpty, let type = fields.type,
              !fields.construction.hasFactory, let kind = RowKind(fields.construction.storedKind),
              fields.location.column == 0
        else { return nil }
        var flags: RowFlags = []
        if fields.isPrimary { flags.insert(.primary) }
        if fields.isEager { flags.insert(.eager) }
        if fields.isLazy { flags.insert(.lazy) }
        if fields.isOverride { flags.insert(.override) }
        if fields.isAbstract { flags.insert(.abstract) }
        return Row(name: fields.name, file: fields.location.file, type: type, scope: fields.scope,
                   code: fields.construction.code, arguments: fields.construction.arguments,
                   line: Int32(clamping: fields.location.line), kind: kind, flags: flags, stated: fields.stated)
    }

    /// The definition `row` holds, equal to the one it was made from.
    init(_ row: borrowing Row) {
        // A row's code makes its type (a code registration's, ``Definition/row``).
        let construction = Construction(kind: row.kind.kind, arguments: row.arguments, code: row.code, product: row.type)
        fields = Fields(name: row.name, typeName: nil, construction: construction, location: row.location)
        fields.type = row.type
        fields.scope = row.scope
        fields.isPrimary = row.flags.contains(.primary)
        fields.isEager = row.flags.contains(.eager)
        fields.isLazy = row.flags.contains(.lazy)
        fields.isOverride = row.flags.contains(.override)
        fields.isAbstract = row.flags.contains(.abstract)
        fields.stated = row.stated
    }
}

/// The fields of a ``Definition`` that have a default, and whether a definition states them;
/// a child definition inherits from its parent what it does not state. (Its construction is
/// inherited when its kind is ``Construction/inherited``.)
package struct StatedFields: OptionSet, Sendable, Hashable {
    // NB: one byte, beside the definition's flags: with them and the location, the fields
    // object is 184 bytes, one allocation size smaller than with an `Int` (bytes_per_definition).
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let scope = StatedFields(rawValue: 1)
    package static let lazy = StatedFields(rawValue: 2)
    package static let eager = StatedFields(rawValue: 4)
    package static let primary = StatedFields(rawValue: 8)
    /// The tags are the definition's own: a child with them stated does not add its parent's
    /// (Symfony's rule; a code or Spring child adds them).
    package static let tags = StatedFields(rawValue: 16)
    /// A child's unlabelled arguments come after its parent's, and one labelled `index_N`
    /// replaces the parent's argument N (Symfony's rule); without it they replace the parent's
    /// by position (Spring's `index`, code).
    package static let appendsArguments = StatedFields(rawValue: 32)
    package static let all: StatedFields = [.scope, .lazy, .eager, .primary]
}

/// How a component's instance is made.
public struct Construction: Sendable, Equatable {
    /// The kind of construction, as printed.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// An existing instance, handed out as it is.
        case instance
        /// An initializer or function whose parameters are the dependencies; the string is its
        /// signature (`init(quest:)`, or `(Quest) -> Knight` for a function value), or `nil` for
        /// an unbound definition that lets the catalog choose by its arguments.
        case initializer(String?)
        /// A static factory method of the type: `URL(string:)`.
        case staticFactory(String)
        /// A method of another component (``Construction/factory``) that makes this one:
        /// Spring `factory-bean` + `factory-method`, `sword(specification:)`.
        case factoryMethod(String)
        /// A closure that resolves what it needs through a ``Resolver``; its dependencies are hidden.
        case closure
        /// An `async` closure; the component can only be resolved with `await`.
        case asyncClosure
        /// A ``ComponentFactory`` component (argument 0) is injected, then asked for the product.
        case factoryComponent
        /// A closure that takes arguments the caller gives at resolve time (their types as
        /// printed: `(String, Int)`); see ``ContainerBuilder/register(_:name:runtimeArguments:file:line:)``.
        case runtimeArguments(String)
        /// Not stated: taken from the parent definition.
        case inherited

        public var description: String {
            switch self {
            case .instance: return "instance"
            case .initializer(let signature?): return "initializer \(signature)"
            case .initializer(nil): return "initializer"
            case .staticFactory(let signature): return "static factory \(signature)"
            case .factoryMethod(let signature): return "factory method \(signature)"
            case .closure: return "closure"
            case .asyncClosure: return "async closure"
            case .factoryComponent: return "factory component"
            case .runtimeArguments(let types): return "runtime arguments \(types)"
            case .inherited: return "inherited"
            }
        }

        /// The kind without its signature, for the canonical form: front ends spell signatures
        /// differently, and an initializer and a static factory are both a function of the arguments.
        var family: String {
            switch self {
            case .initializer, .staticFactory: return "function"
            case .factoryMethod: return "factory method"
            default: return description
            }
        }
    }

    /// The initializer's arguments (or the factory component), each with its source.
    public internal(set) var arguments: [InjectionPoint]
    /// For ``Kind/factoryMethod(_:)``: the component whose method makes this one.
    public internal(set) var factory: InjectionSource? {
        get { factoryBox?.source }
        set { factoryBox = newValue.map(FactorySource.init) }
    }
    // NB: boxed, because few constructions have one: inline, a source is 17 bytes of every
    // definition's construction (measured in `bytes_per_definition`).
    private var factoryBox: FactorySource?
    /// Whether it has a ``factory`` (read without copying the source).
    var hasFactory: Bool { factoryBox != nil }

    /// The code that makes the instance (a ``Recipe``), in the code table of the builder that
    /// registered it or of the build that bound it; ``CodeRef/none`` until bound.
    @usableFromInline var code: CodeRef
    /// The type the code makes, which a code registration's signature ends with.
    private var product: TypeRef?

    /// The kind of construction. A code registration's initializer states its signature as
    /// its parameters' types and the type it makes: `initializer (Quest) -> Knight`.
    public internal(set) var kind: Kind {
        get {
            // An initializer with its code but no text of its signature is a code registration's:
            // the text is written from its types when asked for. (The catalog's have theirs;
            // an unbound one has no code yet.)
            if case .initializer(nil) = storedKind, !code.isNone { return .initializer(typedSignature) }
            return storedKind
        }
        set { storedKind = newValue }
    }

    /// ``kind`` as the build reads it: for a code registration's initializer, whose signature
    /// is written only when asked for, `.initializer(nil)`. A code registration keeps no text
    /// of its signature: with the names of real types, the text took an allocation of 64–96
    /// bytes, and writing it about 800 instructions, for every registration with parameters.
    // NB: stored last: its 17 bytes end the construction there, so that the definition's
    // one-byte fields fill the rest of its last word (`bytes_per_definition`).
    package private(set) var storedKind: Kind

    /// A construction by the code `code` names, which makes a `product`.
    @usableFromInline
    init(kind: Kind, arguments: [InjectionPoint], code: CodeRef, product: TypeRef?, factory: InjectionSource? = nil) {
        self.storedKind = kind
        self.arguments = arguments
        self.code = code
        self.product = product
        self.factoryBox = factory.map(FactorySource.init)
    }

    /// An unbound construction (no code yet).
    init(kind: Kind, arguments: [InjectionPoint], factory: InjectionSource? = nil) {
        self.init(kind: kind, arguments: arguments, code: .none, product: nil, factory: factory)
    }

    /// `(Quest, Horse) -> Knight`.
    private var typedSignature: String {
        "(" + arguments.map { $0.type?.name ?? "?" }.joined(separator: ", ") + ") -> " + (product?.name ?? "?")
    }

    private final class FactorySource: Sendable {
        let source: InjectionSource
        init(_ source: InjectionSource) { self.source = source }
    }

    /// An unbound construction through an initializer of the type. `signature` picks one
    /// (`init(quest:)`); without it the catalog picks the one the arguments fit.
    /// Labelled arguments match parameters by label, unlabelled ones by position; parameters
    /// left out are resolved by their type.
    ///
    /// ```swift
    /// var knight = Definition(name: "knight", typeName: "Knight", location: location)
    /// knight.construction = .initializer("init(quest:)", arguments: [InjectionPoint(label: "quest", source: .named("quest"))])
    /// ```
    public static func initializer(_ signature: String? = nil, arguments: [InjectionPoint] = []) -> Construction {
        Construction(kind: .initializer(signature), arguments: arguments)
    }

    /// An unbound construction through a static factory method: `URL(string:)`.
    ///
    /// ```swift
    /// url.construction = .staticFactory("URL(string:)", arguments: [InjectionPoint(source: .config(.string("https://example.com")))])
    /// ```
    public static func staticFactory(_ signature: String, arguments: [InjectionPoint] = []) -> Construction {
        Construction(kind: .staticFactory(signature), arguments: arguments)
    }

    /// An unbound construction through a method of another component: `sword(specification:)` of `@swordFactory`.
    ///
    /// ```swift
    /// sword.construction = .factoryMethod("sword(specification:)", of: .named("swordFactory"),
    ///                                     arguments: [InjectionPoint(source: .config(.string("broad")))])
    /// ```
    public static func factoryMethod(_ signature: String, of factory: InjectionSource, arguments: [InjectionPoint] = []) -> Construction {
        Construction(kind: .factoryMethod(signature), arguments: arguments, factory: factory)
    }

    /// Taken from the parent definition.
    public static var inherited: Construction { Construction(kind: .inherited, arguments: []) }

    /// Whether the construction is `async`.
    public var isAsync: Bool { storedKind == .asyncClosure }

    public static func == (lhs: Construction, rhs: Construction) -> Bool {
        lhs.kind == rhs.kind && lhs.arguments == rhs.arguments && lhs.factory == rhs.factory
    }

    /// Changes where argument `index` comes from (Objective-IOC's dependency dictionary,
    /// Spring's `constructor-arg ref`).
    ///
    /// ```swift
    /// definition.construction.setSource(.named("holyGrailQuest"), forArgument: 0)
    /// ```
    public mutating func setSource(_ source: InjectionSource, forArgument index: Int) {
        guard arguments.indices.contains(index) else { return }
        arguments[index].source = source
    }

    /// Adds an argument to an unbound construction.
    ///
    /// ```swift
    /// definition.construction.append(InjectionPoint(label: "retries", source: .config(.string("${retries:3}"))))
    /// ```
    public mutating func append(_ argument: InjectionPoint) {
        arguments.append(argument)
    }
}

/// One initializer argument, method argument or property: its label, the type it needs and
/// its source. Unbound points (from config) have a label and a source only.
public struct InjectionPoint: Sendable, Equatable {
    /// The argument label or property name; `nil` for an unlabelled argument.
    public let label: String?
    /// The type the point needs; `nil` until bound.
    public let type: TypeRef?
    /// Where its value comes from.
    public var source: InjectionSource
    /// Where config wrote it.
    public var location: ConfigLocation?

    /// A bound point of `type`.
    init(label: String?, type: TypeRef, source: InjectionSource) {
        self.label = label
        self.type = type
        self.source = source
        self.location = nil
    }

    /// What the build and a first bind ask of the point's type (its type's, shared by every
    /// point of that type: ``Slots``); `nil` until the point is bound.
    var slot: (any SlotBinding)? { type.map(Slots.slot(for:)) }

    /// An unbound point: the catalog gives its type when the definition is bound.
    ///
    /// ```swift
    /// let point = InjectionPoint(label: "quest", source: .named("quest"), location: ConfigLocation(file: "knights.xml", line: 7))
    /// ```
    public init(label: String? = nil, source: InjectionSource, location: ConfigLocation? = nil) {
        self.label = label
        self.type = nil
        self.source = source
        self.location = location
    }

    public static func == (lhs: InjectionPoint, rhs: InjectionPoint) -> Bool {
        lhs.label == rhs.label && lhs.type == rhs.type && lhs.source == rhs.source
    }
}

/// How ``Definition/propertyAutowiring`` matches a property to a component.
public enum PropertyAutowiring: String, Sendable, Equatable {
    /// The component whose name is the property's.
    case byName
    /// The one component of the property's type; several are an error, as in Spring.
    case byType
}

/// A property set after construction.
public struct PropertyInjection: Sendable, Equatable {
    /// The property's name.
    public let name: String
    /// Its type and source.
    public internal(set) var point: InjectionPoint
    /// The setter (``PropertySetting``) in a code table; ``CodeRef/none`` until bound.
    var code: CodeRef
    /// Whether a child definition's collection adds to its parent's value of the property
    /// instead of replacing it (Spring's `merge="true"`): a list appends, a map overrides by key.
    public var mergesWithParent = false
    /// Added by ``Definition/propertyAutowiring``: left unset when nothing matches.
    public internal(set) var isAutowired = false

    init(name: String, point: InjectionPoint, code: CodeRef) {
        self.name = name
        self.point = point
        self.code = code
    }

    /// An unbound property injection: the catalog finds the property by name.
    ///
    /// ```swift
    /// definition.properties.append(PropertyInjection(name: "damselsRescued", source: .config(.string("12"))))
    /// ```
    public init(name: String, source: InjectionSource, location: ConfigLocation? = nil) {
        self.name = name
        self.point = InjectionPoint(label: name, source: source, location: location)
        self.code = .none
    }

    /// The property's type, once bound (`nil` for a property config names, until the catalog finds it).
    public var type: TypeRef? { point.type }
    /// Where the property's value comes from.
    public var source: InjectionSource { point.source }

    public static func == (lhs: PropertyInjection, rhs: PropertyInjection) -> Bool {
        lhs.name == rhs.name && lhs.point == rhs.point && lhs.mergesWithParent == rhs.mergesWithParent && lhs.isAutowired == rhs.isAutowired
    }
}

/// A method called with resolved arguments after the properties are set (method injection;
/// Symfony `calls`).
public struct MethodInjection: Sendable, Equatable {
    /// The method's Swift signature (`configure(logger:)`) or base name (`configure`).
    public let method: String
    /// Its arguments.
    public internal(set) var arguments: [InjectionPoint]
    /// The invoker (``MethodInvoker``) in a code table; ``CodeRef/none`` until bound.
    var code: CodeRef

    @usableFromInline
    init(method: String, arguments: [InjectionPoint], code: CodeRef) {
        self.method = method
        self.arguments = arguments
        self.code = code
    }

    /// An unbound call: the catalog finds the method by signature or name and arguments.
    ///
    /// ```swift
    /// definition.methodCalls.append(MethodInjection(method: "configure(logger:)", arguments: [InjectionPoint(source: .named("logger"))]))
    /// ```
    public init(method: String, arguments: [InjectionPoint]) {
        self.method = method
        self.arguments = arguments
        self.code = .none
    }

    public static func == (lhs: MethodInjection, rhs: MethodInjection) -> Bool {
        lhs.method == rhs.method && lhs.arguments == rhs.arguments
    }
}

/// A hook that runs at one moment of a component's life.
public struct LifecycleHook: Sendable, Equatable {
    /// When the hook runs.
    public enum Kind: String, Sendable, Equatable, CustomStringConvertible {
        /// After construction, before properties are injected.
        case beforeInjection = "before-injection"
        /// After every property is injected (Spring `init-method`, Typhoon `after-property-injection`).
        case afterInjection = "after-injection"
        /// May wrap or replace the instance after injection.
        case decorator
        /// At ``Container/shutdown()``, in reverse creation order (Spring `destroy-method`).
        case dispose

        public var description: String { rawValue }
    }

    /// When the hook runs.
    public let kind: Kind
    /// The method or closure's name, as printed; `closure` when the code gave none.
    public let name: String
    /// Whether the hook is left out when the type has no such method, instead of being an
    /// error (Spring's `default-init-method`, which applies to the beans that have it).
    public var isOptional = false
    /// The body (a ``Hook``) in a code table; ``CodeRef/none`` until bound.
    var code: CodeRef

    init(kind: Kind, name: String, code: CodeRef) {
        self.kind = kind
        self.name = name
        self.code = code
    }

    /// An unbound hook: the catalog finds the method (with no parameters) by name; with
    /// `isOptional`, a type that has none simply has no such hook.
    ///
    /// ```swift
    /// definition.hooks.append(LifecycleHook(kind: .afterInjection, method: "questAfterPropertyInjection"))
    /// ```
    public init(kind: Kind, method: String, isOptional: Bool = false) {
        self.kind = kind
        self.name = method
        self.isOptional = isOptional
        self.code = .none
    }

    public static func == (lhs: LifecycleHook, rhs: LifecycleHook) -> Bool {
        lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.isOptional == rhs.isOptional
    }
}

/// A further type a component can be injected as, with its conversion.
public struct Exposure: Sendable, Hashable {
    /// The type; `nil` until an exposure named by config is bound.
    public let type: TypeRef?
    /// The type's name as config wrote it.
    public let typeName: String?
    /// The conversion (an ``AdapterBox``) in a code table; ``CodeRef/none`` until bound.
    var code: CodeRef

    init(type: TypeRef, code: CodeRef) {
        self.type = type
        self.typeName = nil
        self.code = code
    }

    /// An unbound exposure: one of the protocols the type's catalog entry declares.
    ///
    /// ```swift
    /// definition.exposedAs.append(Exposure(typeName: "Quest"))
    /// ```
    public init(typeName: String) {
        self.type = nil
        self.typeName = typeName
        self.code = .none
    }

    var name: String { type?.name ?? typeName ?? "?" }

    public static func == (lhs: Exposure, rhs: Exposure) -> Bool { lhs.type == rhs.type && lhs.typeName == rhs.typeName }
}

extension Definition {
    /// Whether the source of any injection point — a construction argument, a property, a
    /// method call's argument — passes `test` (the sources themselves, not what is inside them).
    func containsSource(where test: (InjectionSource) -> Bool) -> Bool {
        // NB: by index, reading only the source: iterating would copy each point whole.
        let arguments = construction.arguments
        for index in arguments.indices where test(arguments[index].source) { return true }
        let properties = self.properties
        for index in properties.indices where test(properties[index].point.source) { return true }
        return methodCalls.contains { $0.arguments.contains { test($0.source) } }
    }
}

/// One tag of a component with its attributes; a component may be given one tag several times
/// (``Definition/tagEntries``).
public struct TagEntry: Sendable, Equatable {
    /// The tag.
    public var name: String
    /// Its attributes (`priority` orders tagged collections; others key them, `index_by`).
    public var attributes: [String: ConfigValue]

    /// The tag `name` with `attributes`.
    public init(_ name: String, _ attributes: [String: ConfigValue] = [:]) {
        self.name = name
        self.attributes = attributes
    }
}

/// A source for initializer parameters a definition does not give (Symfony's `bind`): every
/// parameter with this name (`$locale`), of this type (`LoggerInterface`), or both
/// (`string $locale`) takes it.
public struct ArgumentBinding: Sendable, Equatable, CustomStringConvertible {
    /// The parameter's label, without Symfony's `$`; `nil` matches any name.
    public var parameter: String?
    /// The parameter's type as config names it (`String`, a catalog name, or PHP's `string`,
    /// `int`, `float`, `bool`); `nil` matches any type.
    public var typeName: String?
    /// What the matching parameters take.
    public var source: InjectionSource
    /// Where the binding was written (a config file's `bind` entry); `nil` in code.
    public var location: ConfigLocation?

    /// A binding for the parameters this name and type select.
    ///
    /// - Parameters:
    ///   - parameter: The parameter's label without `$` (`locale`), or `nil` for any label.
    ///   - typeName: The parameter's type as config names it, or `nil` for any type.
    ///   - source: What those parameters take.
    ///   - location: Where the binding was written.
    ///
    /// ```swift
    /// var definition = Definition(name: "mailer", typeName: "Mailer", location: ConfigLocation(file: "services.yaml", line: 3))
    /// definition.bindings.append(ArgumentBinding(parameter: "locale", typeName: "string", source: .config(.string("fr"))))
    /// ```
    public init(parameter: String?, typeName: String?, source: InjectionSource, location: ConfigLocation? = nil) {
        self.parameter = parameter
        self.typeName = typeName
        self.source = source
        self.location = location
    }

    /// PHP's scalar type names, as Swift names them.
    static let phpScalars = ["string": "String", "int": "Int", "float": "Double", "bool": "Bool"]

    public var description: String {
        [typeName, parameter.map { "$" + $0 }].compactMap { $0 }.joined(separator: " ") + " <- \(source)"
    }

    public static func == (lhs: ArgumentBinding, rhs: ArgumentBinding) -> Bool {
        lhs.parameter == rhs.parameter && lhs.typeName == rhs.typeName && lhs.source == rhs.source
    }
}

/// The catalogued types a resource definition registers (Symfony's `App\\: { resource: ../src/ }`):
/// in Swift the catalog, not a source folder, lists what an app may build, so a resource
/// selects catalog entries by the prefix of their module-qualified name.
public struct CatalogResource: Sendable, Equatable, CustomStringConvertible {
    /// The start of the qualified names selected: `App.` selects `App.Mailer`, `App.Clock`.
    public var namePrefix: String
    /// Names after the prefix to leave out: `Kernel`, `Entity` (and everything under
    /// `Entity.`), or a pattern with `*`.
    public var excluding: [String]
    /// How the ids of the registered components start: a component's id is this, then its
    /// name after the prefix (`App\\` gives `App\\Mailer`, as Symfony names services).
    public var idPrefix: String
    /// How the id separates the rest of a nested type's name (`\\` for Symfony's ids).
    public var idSeparator: String

    /// Selects the catalog entries whose qualified names start with `namePrefix`.
    ///
    /// - Parameters:
    ///   - namePrefix: The start of the names selected (`App.`).
    ///   - excluding: Names after the prefix to leave out; a name also leaves out the names under it.
    ///   - idPrefix: How the registered components' ids start (`App\\`).
    ///   - idSeparator: What separates the rest of a nested type's name in an id.
    ///
    /// ```swift
    /// let resource = CatalogResource(namePrefix: "App.", excluding: ["Entity", "Kernel"], idPrefix: "App\\", idSeparator: "\\")
    /// ```
    public init(namePrefix: String, excluding: [String] = [], idPrefix: String, idSeparator: String = ".") {
        self.namePrefix = namePrefix
        self.excluding = excluding
        self.idPrefix = idPrefix
        self.idSeparator = idSeparator
    }

    public var description: String {
        "resource \(namePrefix)*" + (excluding.isEmpty ? "" : " excluding " + excluding.joined(separator: ", "))
    }

    /// Whether `rest`, a name after the prefix, is left out.
    func excludes(_ rest: String) -> Bool {
        excluding.contains { pattern in
            pattern.contains("*") ? Wildcard.matches(rest, pattern: pattern) : rest == pattern || rest.hasPrefix(pattern + ".")
        }
    }
}

/// How a decorator (``Definition/decorates``) takes over the component it decorates (Symfony's
/// `decoration_inner_name`, `decoration_priority`, `decoration_on_invalid`).
public struct Decoration: Sendable, Equatable {
    /// What happens when the decorated component does not exist.
    public enum Missing: String, Sendable, Equatable {
        /// The build reports it (the default).
        case error = "exception"
        /// The decorator is left out, and the name stays free.
        case ignore
        /// The decorator is kept; what it injects as `.inner` is `nil`.
        case null
    }

    /// The name the decorated component is reachable by; `"<decorator>.inner"` when `nil`.
    public var innerName: String?
    /// Among several decorators of one component, the higher the priority, the closer to the
    /// decorated one (applied first); equal priorities in registration order.
    public var priority: Int = 0
    /// What happens when the decorated component does not exist; by default the build reports it.
    public var missing: Missing = .error
    /// Decorate every component with this tag instead of one component (Symfony's
    /// `decorates_tag`): the build makes one decorator for each, named
    /// `"<decorator>.<component>"`, and each wraps its component as `.inner`.
    public var tag: String?

    /// How a decorator takes over its component.
    ///
    /// - Parameters:
    ///   - innerName: The name the decorated component stays reachable by; `"<decorator>.inner"` when `nil`.
    ///   - priority: Among several decorators of one component, the higher, the closer to it.
    ///   - missing: What happens when the decorated component does not exist.
    ///
    /// ```swift
    /// definition.decoration = Decoration(innerName: "mailer.inner", priority: 10)
    /// ```
    public init(innerName: String? = nil, priority: Int = 0, missing: Missing = .error) {
        self.innerName = innerName
        self.priority = priority
        self.missing = missing
    }
}

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
    func applied(to definition: Definition) -> Definition {
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

/// Names with `*` wildcards, where `*` stands for any run of characters: Symfony's `exclude:`
/// patterns and Spring's `default-autowire-candidates` (`*Service`).
package enum Wildcard {
    package static func matches(_ name: String, pattern: String) -> Bool {
        matches(Array(name.utf8), Array(pattern.utf8))
    }

    /// Linear in practice: the last star is retried, never all of them.
    private static func matches(_ text: [UInt8], _ pattern: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        var t = 0, p = 0
        var retryText = -1, retryPattern = -1
        while t < text.count {
            if p < pattern.count, pattern[p] == star {
                retryPattern = p
                retryText = t
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if retryPattern >= 0 {
                retryText += 1
                t = retryText
                p = retryPattern + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
