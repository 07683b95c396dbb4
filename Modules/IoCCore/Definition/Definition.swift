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
    private final class Fields: @unchecked Sendable {  // docs/PerformanceLedger.md U1
        // NB: only reached through `fields` (reads) and `unique` (writes, after the copy), so
        // the compiler's dynamic exclusivity checks would only cost time.
        @exclusivity(unchecked) var name: String?  // docs/PerformanceLedger.md U3
        @exclusivity(unchecked) var type: TypeRef?
        @exclusivity(unchecked) var typeName: String?
        @exclusivity(unchecked) var scope: Scope
        @exclusivity(unchecked) var construction: Construction
        // NB: the one-byte fields right after the construction, in the bytes its last word
        // leaves (a 160-byte allocation instead of 176: `bytes_per_definition`). The flags are
        // the row's (primary, eager, lazy, override, abstract), kept as a row keeps them.
        @exclusivity(unchecked) var flags: RowFlags
        @exclusivity(unchecked) var stated: StatedFields
        /// Where the type's name was written (``typeNameLocation``), from `location`: the lines
        /// after it (high half) and the column (low half; 0: not kept). NB: in the bytes the
        /// one-byte fields leave, so that no definition grows or takes the build's slow path
        /// for it (docs/PerformanceLedger.md L7).
        var typeNamePlace: UInt32
        @exclusivity(unchecked) var properties: [PropertyInjection]
        @exclusivity(unchecked) var location: ConfigLocation
        /// The settings most definitions leave at their defaults: `nil` until one is set, so that
        /// a plain definition does not carry them (see `bytes_per_definition` in docs/PerformanceLedger.md).
        @exclusivity(unchecked) var extras: ExtrasBox?

        init(name: String?, typeName: String?, construction: Construction, location: ConfigLocation) {
            self.name = name
            self.type = nil
            self.typeName = typeName
            self.scope = .prototype
            self.construction = construction
            self.properties = []
            self.flags = []
            self.stated = []
            self.typeNamePlace = 0
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
            flags = other.flags
            stated = other.stated
            typeNamePlace = other.typeNamePlace
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
    public package(set) var type: TypeRef? {
        _read { yield fields.type }
        _modify { yield &unique.type }
    }
    /// The type as config wrote it (`Knight`, `MyApp.Knight`, `NSURL`); `nil` for code.
    public var typeName: String? {
        _read { yield fields.typeName }
        _modify { yield &unique.typeName }
    }
    /// Where config wrote the type's name (YAML's `class:` value): an unknown type is reported
    /// there. Kept when it is in ``location``'s file, at most 65,535 lines after it and in a
    /// column below 65,536; otherwise `nil`, and ``location`` stands for it. Not compared: one
    /// component written in two places is one component.
    public var typeNameLocation: ConfigLocation? {
        get {
            let place = fields.typeNamePlace
            guard place & 0xFFFF != 0 else { return nil }
            var result = location
            result.line += Int(place >> 16)
            result.column = Int(place & 0xFFFF)
            return result
        }
        set {
            var place: UInt32 = 0
            if let newValue, newValue.file == location.file, let lines = UInt16(exactly: newValue.line - location.line),
               let column = UInt16(exactly: newValue.column), column > 0 {
                place = UInt32(lines) << 16 | UInt32(column)
            }
            if fields.typeNamePlace != place { unique.typeNamePlace = place }
        }
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
    /// Other names that reach this component. Setting them keeps ``publicAliases`` public
    /// among those that stay.
    public var aliases: [String] {
        get { extra { $0.aliases.map(\.name) } }
        set {
            // NB: most definitions have no public alias (a front end sets the list of each bean
            // it reads): no set of public names to make then.
            let old = aliasNames
            let publicOnes = old.contains(where: \.isPublic) ? Set(old.lazy.filter(\.isPublic).map(\.name)) : []
            setList(\.aliases, newValue.map { AliasName(name: $0, isPublic: publicOnes.contains($0)) })
        }
    }
    /// The aliases, each with whether it is public (``publicAliases``).
    package var aliasNames: [AliasName] {
        _read { yield extra { $0.aliases } }
    }
    /// Adds `names` to the aliases: what alias definitions placed on this component give it
    /// (IoCConfig's pass), all at once — one at a time copied the list each time.
    package mutating func addAliases(_ names: [AliasName]) {
        if !names.isEmpty { extras.aliases += names }
    }
    /// One of a component's other names, and whether it reaches the component from the top level
    /// although the component is private.
    package struct AliasName: Equatable, Sendable {
        package let name: String
        package var isPublic: Bool
        package init(name: String, isPublic: Bool) {
            self.name = name
            self.isPublic = isPublic
        }
    }
    /// Whether this component wins when several match a type. Setting it states it (a child
    /// definition keeps its own).
    public var isPrimary: Bool {
        get { fields.flags.contains(.primary) }
        set { unique.flags.set(.primary, newValue); fields.stated.insert(.primary) }
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
        get { fields.flags.contains(.eager) }
        set { unique.flags.set(.eager, newValue); fields.stated.insert(.eager) }
    }
    /// Hand out a ``Lazy`` proxy instead of building at once; never created eagerly. Setting it
    /// states it, as for ``isEager``.
    public var isLazy: Bool {
        get { fields.flags.contains(.lazy) }
        set { unique.flags.set(.lazy, newValue); fields.stated.insert(.lazy) }
    }
    /// Replaces an earlier definition with the same key instead of being a duplicate.
    public var isOverride: Bool {
        get { fields.flags.contains(.override) }
        set { unique.flags.set(.override, newValue) }
    }
    /// A template for children only (IoCConfig's `parent`); never built itself.
    public var isAbstract: Bool {
        get { fields.flags.contains(.abstract) }
        set { unique.flags.set(.abstract, newValue) }
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
    package var strategy: NamedStrategy? {
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
        var aliases: [AliasName] = []
        /// The tags, each entry with its attributes, grouped by tag in the order tags were first
        /// given (``tagEntries``).
        var tags: [TagEntry] = []
        var exposedAs: [Exposure] = []
        var dependsOn: [String] = []
        var profiles: [String] = []
        var strategy: NamedStrategy?
        /// The yes-or-no settings, each stored when it differs from its default.
        var switches: Switches = []
        /// Settings other modules add (``DefinitionSetting``).
        var moduleSettings = ModuleSettings()
    }
    /// A definition's yes-or-no settings among the ``Extras``, each member the setting's
    /// other-than-default value (so that none is the default of all).
    struct Switches: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        /// ``isPublic`` is `false`.
        static let `private` = Switches(rawValue: 1 << 0)
        /// ``autowires`` is `false`.
        static let noAutowiring = Switches(rawValue: 1 << 1)
        /// ``exposesConformances`` is `false`.
        static let conformancesHidden = Switches(rawValue: 1 << 2)
        /// ``isAutowireCandidate`` is `false`.
        static let notAutowireCandidate = Switches(rawValue: 1 << 3)
        /// ``isMainActor`` is `true`.
        static let mainActor = Switches(rawValue: 1 << 4)
    }
    /// A construction strategy: its name, and the strategy in a code table (compared by name:
    /// strategies are code, not data).
    package struct NamedStrategy: Equatable, Sendable {
        let name: String
        var code: CodeRef
        package static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    }
    /// Holds a definition's ``Extras`` once one of them is set; each `Fields` has its own.
    private final class ExtrasBox: @unchecked Sendable {
        @exclusivity(unchecked) var value: Extras
        init(_ value: Extras) { self.value = value }
    }
    static let defaultExtras = Extras()
    /// Reads one setting of ``Extras`` without copying them.
    @inline(__always)
    func extra<V>(_ read: (borrowing Extras) -> V) -> V {
        if let box = fields.extras { return read(box.value) }
        return read(Self.defaultExtras)
    }
    var extras: Extras {
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
    mutating func setList<E>(_ setting: WritableKeyPath<Extras, [E]>, _ value: [E]) {
        if fields.extras == nil, value.isEmpty { return }
        extras[keyPath: setting] = value
    }

    /// Sets one of the optional settings among the ``Extras``, each `nil` until set: `nil` on a
    /// definition without extras leaves it without, with no key-path read of the defaults (the
    /// XML front end sets a bean's parent, most often to none; docs/PerformanceLedger.md L17).
    @inline(__always)
    mutating func setOptional<V>(_ setting: WritableKeyPath<Extras, V?>, _ value: V?) {
        if fields.extras == nil, value == nil { return }
        extras[keyPath: setting] = value
    }

    /// Sets one of the ``Switches``: `false` (the default) on a definition without extras keeps it without.
    @inline(__always)
    mutating func setSwitch(_ member: Switches, _ on: Bool) {
        if fields.extras == nil, !on { return }
        extras.switches.set(member, on)
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
        if !tags.isEmpty {
            lines.append("  tags: " + tagEntries.map { entry in
                guard !entry.attributes.isEmpty else { return entry.name }
                let attributes = entry.attributes
                return entry.name + " {" + attributes.keys.sorted().map { "\($0): \(attributes[$0]?.description ?? "")" }.joined(separator: ", ") + "}"
            }.joined(separator: ", "))
        }
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
        lines += extra { $0.moduleSettings.descriptionLines }.map { "  " + $0 }
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
    /// fields take an object of 160 (`bytes_per_definition`, docs/PerformanceLedger.md); a
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
        return Row(name: fields.name, file: fields.location.file, type: type, scope: fields.scope,
                   code: fields.construction.code, arguments: fields.construction.arguments,
                   line: Int32(clamping: fields.location.line), kind: kind, flags: fields.flags, stated: fields.stated)
    }

    /// The definition `row` holds, equal to the one it was made from.
    init(_ row: borrowing Row) {
        // A row's code makes its type (a code registration's, ``Definition/row``).
        let construction = Construction(kind: row.kind.kind, arguments: row.arguments, code: row.code, product: row.type)
        fields = Fields(name: row.name, typeName: nil, construction: construction, location: row.location)
        fields.type = row.type
        fields.scope = row.scope
        fields.flags = row.flags
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
