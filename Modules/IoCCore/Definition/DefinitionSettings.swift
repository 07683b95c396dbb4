// The settings of a definition that most leave at their defaults, kept in its `Extras` (see
// Definition.swift): lifetime details, visibility, and what config files state.

extension Definition {
    /// Whether the component's construction, properties, method calls and hooks are isolated to
    /// the main actor (a `@MainActor` type's): set by the `mainActor` forms of registration and
    /// by catalog entries of main-actor types. A synchronous resolve makes it only on the main
    /// actor; `try await container.resolve(...)` goes there for it.
    public var isMainActor: Bool {
        get { extra { $0.switches.contains(.mainActor) } }
        set { setSwitch(.mainActor, newValue) }
    }

    /// Whether the component can be resolved from the container by its name or type (Symfony's
    /// `public`). A private one (`false`) can only be injected into other components.
    public var isPublic: Bool {
        get { !extra { $0.switches.contains(.private) } }
        set { setSwitch(.private, !newValue) }
    }
    /// Aliases that can be resolved from the container although the component is private.
    /// Setting them makes the aliases named public (adding those it lacks), the others not.
    public var publicAliases: [String] {
        get { extra { $0.aliases.filter(\.isPublic).map(\.name) } }
        set {
            let wanted = Set(newValue)
            var names = aliasNames.map { AliasName(name: $0.name, isPublic: wanted.contains($0.name)) }
            let known = Set(names.map(\.name))
            names += newValue.filter { !known.contains($0) }.map { AliasName(name: $0, isPublic: true) }
            setList(\.aliases, names)
        }
    }
    /// Whether `name` is one of ``publicAliases``.
    func hasPublicAlias(_ name: String) -> Bool {
        extra { $0.aliases.contains { $0.name == name && $0.isPublic } }
    }
    /// Whether initializer parameters the definition does not give are resolved by their type
    /// (`true`, the default), or must be given (Symfony's `autowire: false`).
    public var autowires: Bool {
        get { !extra { $0.switches.contains(.noAutowiring) } }
        set { setSwitch(.noAutowiring, !newValue) }
    }
    /// Whether a config definition without `as` is injectable as every protocol its catalog
    /// entry declares (`true`, the default; Symfony's `autoconfigure`), or only as its own type.
    public var exposesConformances: Bool {
        get { !extra { $0.switches.contains(.conformancesHidden) } }
        set { setSwitch(.conformancesHidden, !newValue) }
    }
    /// Tags for collection injection (`tagged("reporter")`), each once, in the order given.
    /// Setting them keeps the entries (and attributes) of the tags that stay.
    public var tags: [String] {
        get {
            extra { extras in
                var names: [String] = []
                for entry in extras.tags where names.last != entry.name { names.append(entry.name) }
                return names
            }
        }
        set {
            var kept: [String: [TagEntry]] = [:]
            for entry in tagEntries { kept[entry.name, default: []].append(entry) }
            var seen = Set<String>()
            tagEntries = newValue.flatMap { name -> [TagEntry] in
                guard seen.insert(name).inserted else { return [] }
                return kept[name] ?? [TagEntry(name)]
            }
        }
    }

    /// The attributes of the component's tags, by tag (`priority` orders tagged collections,
    /// highest first): each tag's first entry's, for the tags that have some. Setting them
    /// sets the first entry's attributes of each tag the component has.
    public var tagAttributes: [String: [String: ConfigValue]] {
        get {
            extra { extras in
                var attributes: [String: [String: ConfigValue]] = [:]
                for entry in extras.tags where !entry.attributes.isEmpty && attributes[entry.name] == nil {
                    attributes[entry.name] = entry.attributes
                }
                return attributes
            }
        }
        set {
            var seen = Set<String>()
            tagEntries = tagEntries.map { entry in
                guard seen.insert(entry.name).inserted else { return entry }
                return TagEntry(entry.name, newValue[entry.name] ?? [:])
            }
        }
    }

    /// Every tag entry: a tag given several times once per entry, each with its attributes
    /// (Symfony's `kernel.event_listener`, once per event). Entries of one tag are kept
    /// together, in the order each tag was first given; a tag's first entry is the one
    /// ``tagAttributes`` shows.
    ///
    /// ```swift
    /// definition.tagEntries = [TagEntry("kernel.event_listener", ["event": .string("kernel.request")]),
    ///                          TagEntry("kernel.event_listener", ["event": .string("kernel.response")])]
    /// ```
    public var tagEntries: [TagEntry] {
        _read { yield extra { $0.tags } }
        set {
            // Grouped by tag (a stable reordering, needed only when a tag comes back).
            var names: [String] = []
            var groups: [String: [TagEntry]] = [:]
            for entry in newValue where !entry.name.isEmpty {
                if groups[entry.name] == nil { names.append(entry.name) }
                groups[entry.name, default: []].append(entry)
            }
            setList(\.tags, names.count == newValue.count ? newValue : names.flatMap { groups[$0] ?? [] })
        }
    }

    /// Every set of attributes `tag` is given with, the first entry's first (one empty set for
    /// a tag without entries).
    func attributeSets(ofTag tag: String) -> [[String: ConfigValue]] {
        let sets = extra { $0.tags.filter { $0.name == tag }.map(\.attributes) }
        return sets.isEmpty ? [[:]] : sets
    }

    /// Whether the component is a candidate when something asks for its type (Spring's
    /// `autowire-candidate`); `false` leaves it reachable by name only.
    public var isAutowireCandidate: Bool {
        get { !extra { $0.switches.contains(.notAutowireCandidate) } }
        set { setSwitch(.notAutowireCandidate, !newValue) }
    }
    /// The `priority` attribute of `tag`, 0 when none is given.
    func priority(of tag: String) -> Double {
        switch extra({ $0.tags.first { $0.name == tag }?.attributes["priority"]?.kind }) {
        case .int(let value)?: return Double(value)
        case .double(let value)?: return value
        case .string(let text)?: return Double(text) ?? 0
        default: return 0
        }
    }
}
