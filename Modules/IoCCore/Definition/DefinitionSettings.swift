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
        get { !extra { $0.switches.contains(.private) } }
        set { setSwitch(.private, !newValue) }
    }
    /// Aliases that can be resolved from the container although the component is private.
    public var publicAliases: [String] {
        get { extra { $0.publicAliases } }
        set { setList(\.publicAliases, newValue) }
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
    /// definition.tagEntries = [TagEntry("kernel.event_listener", ["event": .string("kernel.request")]),
    ///                          TagEntry("kernel.event_listener", ["event": .string("kernel.response")])]
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


    /// Whether the component is a candidate when something asks for its type (Spring's
    /// `autowire-candidate`); `false` leaves it reachable by name only.
    public var isAutowireCandidate: Bool {
        get { !extra { $0.switches.contains(.notAutowireCandidate) } }
        set { setSwitch(.notAutowireCandidate, !newValue) }
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
}
