import IoCConfig
import IoCCore

/// Translates one file's nodes into definitions: the services.yaml vocabulary, nothing more.
package struct YAMLTranslator: ConfigTranslation {
    let file: String
    package var definitions: [Definition] = []
    var parameters: [String: ConfigValue] = [:]
    package var imports: [ConfigImport] = []
    /// Aliases (`id: '@target'`, `id: { alias: target, public: true, deprecated: ... }`);
    /// `profiles` is set for those of a `when@<profile>:` block, which exist only in that
    /// profile, as its services do.
    package var aliases: [ConfigAlias] = []
    /// With `collecting`, a section or service that is wrong is skipped and its problem kept
    /// here, so that one run reports them all; otherwise the first problem is thrown.
    package var problems: [ConfigError] = []
    /// The ids of services left out because of a problem (collecting only).
    package var skipped: [String] = []
    /// The keys the file writes as parameters, noted as values are read (a box: values are
    /// read by methods that change nothing else).
    let parameterKeys = ParameterKeys()
    /// Services declared `synthetic: true`, which the app provides, by id: where each is declared.
    package var synthetic: [String: ConfigLocation] = [:]
    let collecting: Bool

    init(file: String, collecting: Bool = false) {
        self.file = file
        self.collecting = collecting
    }

    /// Runs one part of the translation: a problem is thrown, or kept when collecting, with
    /// the id of the service it leaves out.
    private mutating func part(skipping id: String? = nil, _ body: (inout YAMLTranslator) throws(ConfigError) -> Void) throws(ConfigError) {
        do {
            try body(&self)
        } catch {
            guard collecting else { throw error }
            problems += error.problems
            if let id { skipped.append(id) }
        }
    }

    static let topKeys = ["parameters", "imports", "services"]
    static let serviceKeys = [
        "class", "as", "arguments", "properties", "calls", "factory", "scope", "shared", "lazy", "eager", "primary", "tags",
        "parent", "abstract", "aliases", "profile", "before-injection", "after-injection", "dispose", "decorates",
        "depends-on", "autowire", "autoconfigure", "public", "bind", "synthetic", "deprecated", "$<argument>", "resource", "exclude",
        "decoration_inner_name", "decoration_priority", "decoration_on_invalid", "decorates_tag", "constructor", "namespace",
    ]
    static let defaultsKeys = ["scope", "shared", "lazy", "eager", "tags", "profile", "autowire", "autoconfigure", "public", "bind"]

    mutating func translate(_ document: YAMLDocument?) throws(ConfigError) {
        guard let document else { return }
        try translate(root: document.node(document.root))
    }

    private mutating func translate(root: YAMLNode) throws(ConfigError) {
        let entries = try mapping(root, "The document")
        for (keyNode, value) in entries {
            try part { (this) throws(ConfigError) in
                let key = try this.keyText(keyNode)
                switch key {
                case "parameters":
                    for (name, node) in try this.mapping(value, "parameters") { this.parameters[try this.keyText(name)] = this.configValue(node) }
                case "imports":
                    for item in try this.sequence(value, "imports") { this.imports.append(try this.configImport(item)) }
                case "services":
                    try this.services(value)
                case let block where block.hasPrefix("when@"):
                    try this.conditional(profile: String(block.dropFirst(5)), value, at: keyNode.location)
                default:
                    let known = Self.topKeys + ["when@<profile>"]
                    guard Suggestions.closest(to: key, in: known).isEmpty else {
                        throw this.unknownKey(key, in: "the document", known: known, at: keyNode.location)
                    }
                    // Symfony reads any other top-level key as a bundle's own configuration.
                    throw .refused(construct: "'\(key)'", reason: "in a Symfony config file a top-level key other than parameters, imports, services and when@ configures a bundle (framework, security, doctrine...), which is a PHP library's own setup; configure that library in Swift code, and keep the services of this file under services:",
                                   location: keyNode.location)
                }
            }
        }
    }

    /// A `when@<profile>:` block: its services exist only when that profile is active.
    private mutating func conditional(profile: String, _ node: YAMLNode, at location: ConfigLocation) throws(ConfigError) {
        guard !profile.isEmpty else {
            throw .badValue(value: "when@", reason: "'when@' names a profile (an environment), as in when@test", location: location)
        }
        let first = definitions.count, firstAlias = aliases.count
        for (keyNode, value) in try mapping(node, "when@\(profile)") {
            switch try keyText(keyNode) {
            case "services": try services(value)
            case "parameters", "imports":
                throw .refused(construct: "'\(try keyText(keyNode))' inside when@\(profile)", reason: "it would apply to one profile only, which property sources and imports cannot do here; put them in a file of their own and load it for that profile",
                               location: keyNode.location)
            case let other:
                throw unknownKey(other, in: "when@\(profile)", known: ["services"], at: keyNode.location)
            }
        }
        for index in definitions.indices.dropFirst(first) {
            guard definitions[index].profiles.isEmpty else {
                throw .badValue(value: definitions[index].profiles.joined(separator: ", "),
                                reason: "a service inside when@\(profile) has that profile already; it cannot name profiles of its own",
                                location: definitions[index].location)
            }
            definitions[index].profiles = [profile]
            // As in Symfony, a service of the block replaces one of the same id outside it.
            definitions[index].isOverride = true
        }
        for index in aliases.indices.dropFirst(firstAlias) { aliases[index].profiles = [profile] }
    }

    // MARK: Services

    private struct Defaults {
        var scope: Scope?
        var isLazy: Bool?
        var isEager: Bool?
        var tags: [String] = []
        var tagAttributes: [String: [String: ConfigValue]] = [:]
        var profiles: [String] = []
        var autowires: Bool?
        var autoconfigures: Bool?
        var isPublic: Bool?
        var bindings: [ArgumentBinding] = []
        /// `_instanceof`: settings by protocol, applied at build to the services that conform.
        var conditional: [ConditionalSettings] = []

        /// Whether applying these defaults asks which keys a service states itself.
        var readsStatedKeys: Bool { autowires != nil || autoconfigures != nil || isPublic != nil || !conditional.isEmpty }
    }

    static let instanceofKeys = ["tags", "calls", "properties", "bind", "shared", "scope", "lazy", "public", "autowire"]

    /// Symfony's `_instanceof: { Protocol: { tags: [...], calls: [...] } }`.
    private func instanceof(_ node: YAMLNode) throws(ConfigError) -> [ConditionalSettings] {
        var result: [ConditionalSettings] = []
        var unknown: [ConfigError] = []
        for (typeNode, body) in try mapping(node, "_instanceof") {
            var settings = ConditionalSettings(typeName: Self.swiftTypeName(try keyText(typeNode)))
            var scopeKey: String?
            for (keyNode, value) in try mapping(body, "_instanceof \(settings.typeName)") {
                let key = try keyText(keyNode)
                if Self.isNull(value), Self.settingsLeftOutWhenNull.contains(key) { continue }
                try noteScopeKey(key, &scopeKey, at: keyNode.location)
                switch key {
                case "tags": (settings.tags, settings.tagAttributes) = try sharedTags(value)
                case "calls": settings.methodCalls = try calls(value)
                case "properties":
                    for (property, source) in try mapping(value, "properties") {
                        settings.properties.append(PropertyInjection(name: try keyText(property), source: try self.source(source), location: source.location))
                    }
                case "bind": settings.bindings = try bindings(value)
                case "shared": settings.scope = try bool(value, "shared") ? .singleton : .prototype
                case "scope": settings.scope = try scope(value)
                case "lazy": settings.isLazy = try bool(value, "lazy")
                case "public": settings.isPublic = try bool(value, "public")
                case "autowire": settings.autowires = try bool(value, "autowire")
                case let other: unknown.append(unknownKey(other, in: "_instanceof \(settings.typeName)", known: Self.instanceofKeys, at: keyNode.location))
                }
            }
            result.append(settings)
        }
        if let problem = ConfigError.combining(unknown) { throw problem }
        return result
    }

    private mutating func services(_ node: YAMLNode) throws(ConfigError) {
        let entries = try mapping(node, "services")
        var defaults = Defaults()
        if let defaultsNode = entries.first(where: { $0.key.isText("_defaults") })?.value {
            var scopeKey: String?
            var unknown: [ConfigError] = []
            for (keyNode, value) in try mapping(defaultsNode, "_defaults") {
                let key = try keyText(keyNode)
                if Self.isNull(value), Self.settingsLeftOutWhenNull.contains(key) { continue }
                try noteScopeKey(key, &scopeKey, at: keyNode.location)
                switch key {
                case "scope": defaults.scope = try scope(value)
                case "shared": defaults.scope = try bool(value, "shared") ? .singleton : .prototype
                case "lazy": defaults.isLazy = try bool(value, "lazy")
                case "eager": defaults.isEager = try bool(value, "eager")
                case "tags": (defaults.tags, defaults.tagAttributes) = try sharedTags(value)
                case "profile": defaults.profiles = try strings(value, "profile")
                case "autowire": defaults.autowires = try bool(value, "autowire")
                case "autoconfigure": defaults.autoconfigures = try bool(value, "autoconfigure")
                case "public": defaults.isPublic = try bool(value, "public")
                case "bind": defaults.bindings = try bindings(value)
                case let other: unknown.append(unknownKey(other, in: "_defaults", known: Self.defaultsKeys, at: keyNode.location))
                }
            }
            if let problem = ConfigError.combining(unknown) { throw problem }
        }
        if let node = entries.first(where: { $0.key.isText("_instanceof") })?.value {
            defaults.conditional = try instanceof(node)
        }
        for (keyNode, value) in entries {
            let key = keyNode.scalar
            try part(skipping: key) { (this) throws(ConfigError) in
                guard let id = key else { throw Self.notAKey(keyNode) }
                if id == "_defaults" || id == "_instanceof" { return }
                if let text = value.scalar, value.tag == nil, text.hasPrefix("@"), !text.hasPrefix("@@") {
                    // As Symfony: the alias is public when `_defaults` makes services public.
                    this.aliases.append(ConfigAlias(name: id, target: try this.referenceName(text, value.location),
                                                    location: keyNode.location, isPublic: defaults.isPublic ?? false))
                    return
                }
                let entries = value.entries
                // Symfony's alias entry: `id: { alias: target, public: true }`.
                if let entries, let target = entries.first(where: { $0.key.isText("alias") })?.value {
                    var name = try this.text(target, "alias")
                    if name.hasPrefix("@") { name.removeFirst() }
                    var alias = ConfigAlias(name: id, target: name, location: keyNode.location, isPublic: defaults.isPublic ?? false)
                    for (key, setting) in entries where !key.isText("alias") {
                        switch key.scalar {
                        case "public": alias.isPublic = try this.bool(setting, "public")
                        case "deprecated": alias.deprecation = try this.deprecation(setting, of: id, isAlias: true)
                        default:
                            throw .badValue(value: key.scalar ?? key.kindName, reason: "an alias entry ('alias: \(name)') takes only 'public' and 'deprecated'; a service of its own gives further names with 'aliases'", location: key.location)
                        }
                    }
                    this.aliases.append(alias)
                    return
                }
                // Symfony sets a synthetic service at run time: in Swift, code registers it, and
                // references to it reach that registration.
                if let flag = entries?.first(where: { $0.key.isText("synthetic") })?.value, try this.bool(flag, "synthetic") {
                    this.synthetic[id] = keyNode.location
                    return
                }
                if value.isSequence {
                    // Symfony's short form: `App\Mailer: ['@transport']` gives the arguments only.
                    let definition = Definition(name: id, typeName: Self.swiftTypeName(id), construction: .initializer(arguments: try this.argumentPoints(value)),
                                                location: keyNode.location)
                    this.definitions.append(this.applying(defaults, to: definition, stated: []))
                    return
                }
                this.definitions.append(try this.service(id, value, at: keyNode.location, defaults: defaults))
            }
        }
    }

    private func service(_ id: String, _ node: YAMLNode, at location: ConfigLocation, defaults: Defaults) throws(ConfigError) -> Definition {
        let definition = try definitionBody(name: id, node, at: location)
        let isChild = definition.parent != nil
        let stated = defaults.readsStatedKeys || isChild ? Set(node.entries?.filter { !Self.isNull($0.value) }.compactMap(\.key.scalar) ?? []) : []
        var result = applying(defaults, to: definition, stated: stated)
        // Symfony's child takes its parent's `public` and `autowire` over `_defaults`'.
        if isChild {
            var switches: ParentSwitches = []
            if !stated.contains("public") { switches.insert(.isPublic) }
            if !stated.contains("autowire") { switches.insert(.autowires) }
            result.takesFromParent = switches
        }
        return result
    }

    /// A service with what `_defaults` says for each setting the service leaves out (`stated`: its keys).
    private func applying(_ defaults: Defaults, to definition: Definition, stated: Set<String>) -> Definition {
        var definition = definition
        // Symfony's services are shared (one instance per container) unless they say otherwise.
        if !definition.stated.contains(.scope) { definition.scope = defaults.scope ?? .singleton }
        if let lazy = defaults.isLazy, !definition.stated.contains(.lazy) { definition.isLazy = lazy }
        // `eager: true` in `_defaults` makes the file's singletons at build (Spring's rule): a
        // service of another scope, or a lazy one, is left as it is.
        if let eager = defaults.isEager, !definition.stated.contains(.eager), !eager || (definition.scope == .singleton && !definition.isLazy) {
            definition.isEager = eager
        }
        if !defaults.tags.isEmpty { definition.tags = defaults.tags.adding(definition.tags) }
        // NB: the settings below go through a key-path check against their default: skipped
        // when `_defaults` gives none (they are rare; see ``Definition/Extras``).
        if !defaults.tagAttributes.isEmpty { definition.tagAttributes.merge(defaults.tagAttributes) { own, _ in own } }
        if definition.profiles.isEmpty { definition.profiles = defaults.profiles }
        if let autowires = defaults.autowires, !stated.contains("autowire") { definition.autowires = autowires }
        if let autoconfigures = defaults.autoconfigures, !stated.contains("autoconfigure") { definition.exposesConformances = autoconfigures }
        if let isPublic = defaults.isPublic, !stated.contains("public") { definition.isPublic = isPublic }
        // `_instanceof` settings override `_defaults`, never what the service states itself.
        if !defaults.conditional.isEmpty {
            definition.conditionalSettings = defaults.conditional.map { rule in
                var rule = rule
                if stated.contains("shared") || stated.contains("scope") { rule.scope = nil }
                if stated.contains("lazy") { rule.isLazy = nil }
                if stated.contains("public") { rule.isPublic = nil }
                if stated.contains("autowire") { rule.autowires = nil }
                return rule
            }
        }
        // A service's own bindings come first; `_defaults` fills in the rest.
        if !defaults.bindings.isEmpty {
            definition.bindings = ArgumentBinding.adding(defaults.bindings, after: definition.bindings)
        }
        return definition
    }

    /// A service's map; also used for inner (anonymous) definitions.
    func definitionBody(name: String?, _ node: YAMLNode, at location: ConfigLocation) throws(ConfigError) -> Definition {
        let entries = try mapping(node, name.map { "Service '\($0)'" } ?? "An inner service")
        var definition = Definition(name: name, typeName: nil, construction: .initializer(), location: location)
        var arguments: [InjectionPoint] = []
        var factory: YAMLNode?
        var scopeKey: String?
        // Every problem of the map (unknown keys, refused constructs, bad values) is reported.
        var unknown: [ConfigError] = []
        var shortcutArguments: [InjectionPoint] = []
        var resource: (path: String, location: ConfigLocation)?
        var excluded: [String] = []
        var namespace: String?
        var constructor: (method: String, location: ConfigLocation)?
        for (keyNode, value) in entries {
            // Every problem of the map is reported, not only the first: a key that is wrong
            // (unknown, refused, of the wrong kind) is noted and the next one read.
            do throws(ConfigError) {
                let key = try keyText(keyNode)
                // As in Symfony, a setting given as null (`autowire: ~`) is a setting not given.
                if Self.isNull(value), Self.settingsLeftOutWhenNull.contains(key) { continue }
                try noteScopeKey(key, &scopeKey, at: keyNode.location)
                switch key {
                case "class":
                    definition.typeName = Self.swiftTypeName(try text(value, "class"))
                    definition.typeNameLocation = value.location
                case "as": definition.exposedAs = try strings(value, "as").map { Exposure(typeName: $0) }
                case "arguments": arguments = try argumentPoints(value)
                case "properties":
                    let entries = try mapping(value, "properties")
                    definition.properties.reserveCapacity(definition.properties.count + entries.count)
                    for (property, source) in entries {
                        // Each property's problem is reported, not only the first one's.
                        do throws(ConfigError) {
                            definition.properties.append(PropertyInjection(name: try keyText(property), source: try self.source(source),
                                                                           location: source.location))
                        } catch {
                            unknown += error.problems
                        }
                    }
                case "calls": definition.methodCalls = try calls(value)
                case "factory": factory = value
                case "scope":
                    definition.scope = try scope(value)
                case "shared":
                    definition.scope = try bool(value, "shared") ? .singleton : .prototype
                case "lazy":
                    if let text = value.scalar, text.first?.isUppercase == true, Self.booleanLiteral(text) == nil {
                        // Symfony's `lazy: SomeInterface`: a lazy service seen through that protocol.
                        definition.isLazy = true
                        definition.exposedAs.append(Exposure(typeName: Self.swiftTypeName(text)))
                    } else {
                        definition.isLazy = try bool(value, "lazy")
                    }
                case "eager":
                    definition.isEager = try bool(value, "eager")
                case "constructor": constructor = (try text(value, "constructor"), keyNode.location)
                case "configurator":
                    throw .refused(construct: "configurator", reason: "it hands the new service to another service's (or a PHP callable's) method to finish it; in Swift, give the type an after-injection method that takes what it needs through calls:, or make it with a factory service (factory: ['@configurator', 'make'])", location: keyNode.location)
                case "stack":
                    throw .refused(construct: "stack", reason: "Symfony builds a chain of decorators from the list; write each layer as a service with decorates: and decoration_priority (the highest wraps the original first)", location: keyNode.location)
                case "file":
                    throw .refused(construct: "file", reason: "it loads a PHP file before the service is made; Swift code is compiled into the app", location: keyNode.location)
                case "namespace": namespace = try text(value, "namespace")
                case "primary":
                    definition.isPrimary = try bool(value, "primary")
                case "tags": definition.tagEntries = try tags(value)
                case "autowire": definition.autowires = try bool(value, "autowire")
                case "autoconfigure": definition.exposesConformances = try bool(value, "autoconfigure")
                case "public": definition.isPublic = try bool(value, "public")
                case "bind": definition.bindings = try bindings(value)
                case "deprecated": definition.deprecation = try deprecation(value, of: name)
                case "resource": resource = (try text(value, "resource"), value.location)
                case "exclude": excluded = Self.isNull(value) || value.scalar == "" ? [] : try strings(value, "exclude")
                case "synthetic":
                    // A synthetic service is left out before its body is read (see `services`).
                    break
                case let argument where argument.hasPrefix("$"):
                    // Symfony's shortcut: named arguments written in the service map itself.
                    shortcutArguments.append(InjectionPoint(label: String(argument.dropFirst()), source: try source(value), location: value.location))
                case "parent": definition.parent = try text(value, "parent")
                case "abstract": definition.isAbstract = try bool(value, "abstract")
                case "aliases": definition.aliases += try strings(value, key)
                case "profile": definition.profiles = try strings(value, "profile")
                case "before-injection": definition.hooks.append(LifecycleHook(kind: .beforeInjection, method: try text(value, key)))
                case "after-injection": definition.hooks.append(LifecycleHook(kind: .afterInjection, method: try text(value, key)))
                case "dispose": definition.hooks.append(LifecycleHook(kind: .dispose, method: try text(value, key)))
                case "decorates": definition.decorates = try text(value, "decorates")
                case "decorates_tag": definition.decoration.tag = try text(value, key)
                case "decoration_within", "decoration_around":
                    throw .refused(construct: key, reason: "it orders this decorator against the other decorators of one service by their ids; give each decorator a decoration_priority instead (the highest wraps the service first)", location: keyNode.location)
                case "decoration_inner_name": definition.decoration.innerName = try text(value, key)
                case "decoration_priority":
                    guard let priority = value.scalar.flatMap({ Int($0) }) else {
                        throw .wrongKind(expected: "a whole number", found: value.scalar.map { "'\($0)'" } ?? value.kindName, what: key, location: value.location)
                    }
                    definition.decoration.priority = priority
                case "decoration_on_invalid":
                    guard let missing = value.scalar.flatMap(Decoration.Missing.init(rawValue:)) else {
                        throw .wrongKind(expected: "exception, ignore or null", found: value.scalar.map { "'\($0)'" } ?? value.kindName, what: key, location: value.location)
                    }
                    definition.decoration.missing = missing
                case "depends-on": definition.dependsOn = try strings(value, "depends-on")
                default:
                    unknown.append(unknownKey(key, in: name.map { "service '\($0)'" } ?? "an inner service", known: Self.serviceKeys, at: keyNode.location))
                }
            } catch {
                unknown += error.problems
            }
        }
        if let problem = ConfigError.combining(unknown) { throw problem }
        if !shortcutArguments.isEmpty {
            guard arguments.allSatisfy({ $0.label != nil }) else {
                throw .conflictingKeys(first: "arguments", second: "$\(shortcutArguments[0].label ?? "")", meaning: "positional and named arguments",
                                       location: shortcutArguments[0].location ?? location)
            }
            arguments += shortcutArguments
        }
        if let constructor {
            // Symfony's `constructor: create`: a static method of the class makes it.
            guard factory == nil else {
                throw .conflictingKeys(first: "factory", second: "constructor", meaning: "how the service is made", location: constructor.location)
            }
            definition.typeName = definition.typeName ?? name.map(Self.swiftTypeName)
            definition.construction = .staticFactory(constructor.method, arguments: arguments)
        } else if let factory {
            // Symfony's ResolveClassPass: a service whose id is a namespaced class and that
            // names no class is of that class, whatever makes it.
            if definition.typeName == nil, let name, Self.isPHPClassName(name) { definition.typeName = Self.swiftTypeName(name) }
            var typeName = definition.typeName
            definition.construction = try factoryConstruction(factory, arguments: arguments, typeName: &typeName)
            definition.typeName = typeName
        } else if definition.parent != nil && arguments.isEmpty {
            definition.construction = .inherited
        } else {
            definition.construction = .initializer(arguments: arguments)
        }
        if let resource {
            // The id is the namespace unless `namespace:` gives it (then the id is only a key).
            guard let prefix = namespace ?? name, prefix.hasSuffix("\\"), definition.typeName == nil else {
                throw .badValue(value: resource.path, reason: "a 'resource' belongs to a service whose id (or 'namespace') is a namespace ending in '\\' (App\\:) and that names no class", location: resource.location)
            }
            definition.resource = CatalogResource(namePrefix: Self.swiftTypeName(prefix), excluding: Self.excludedNames(excluded, under: resource.path),
                                                  idPrefix: prefix, idSeparator: "\\")
        } else if let namespace {
            throw .badValue(value: namespace, reason: "'namespace' only goes with 'resource'", location: location)
        } else if !excluded.isEmpty {
            throw .badValue(value: excluded.joined(separator: ", "), reason: "'exclude' only goes with 'resource'", location: location)
        }
        if definition.typeName == nil, definition.parent == nil, factory == nil, definition.resource == nil, let name,
           !definition.isAbstract || Self.isPHPClassName(name) {
            // Symfony: an id that is a class name needs no `class`; an abstract template (a
            // parent only) with neither has none.
            definition.typeName = Self.swiftTypeName(name)
        } else if definition.typeName == nil, definition.parent != nil, factory == nil, let name, Self.isPHPClassName(name) {
            // A child whose id is a namespaced class name takes its class from its id, before
            // its parent's is merged in (Symfony's ResolveClassPass runs first).
            definition.typeName = Self.swiftTypeName(name)
        }
        // Symfony's child never takes its parent's tags (nor its `shared`, which every service states here),
        // Nor adds its positional arguments anywhere but after the parent's (`index_N` replaces one).
        if definition.parent != nil { definition.stated.formUnion([.tags, .appendsArguments]) }
        return definition
    }

    /// Remembers which of `scope` and Symfony's `shared` a map gave; giving both is an error.
    private func noteScopeKey(_ key: String, _ given: inout String?, at location: ConfigLocation) throws(ConfigError) {
        guard key == "scope" || key == "shared" else { return }
        if let given { throw .conflictingKeys(first: given, second: key, meaning: "the scope", location: location) }
        given = key
    }

    private func factoryConstruction(_ node: YAMLNode, arguments: [InjectionPoint], typeName: inout String?) throws(ConfigError) -> Construction {
        if let signature = node.scalar {
            if signature.hasPrefix("@") {
                // Symfony's invokable factory, `'@service'`: PHP calls its `__invoke`; Swift's
                // counterpart is `callAsFunction`, which the factory's catalog entry lists.
                guard !signature.contains(":") else {
                    throw .badValue(value: signature, reason: "an invokable factory is '@' followed by a service id; a method of the service is ['@service', 'method']", location: node.location)
                }
                return .factoryMethod("callAsFunction", of: .named(try referenceName(signature, node.location)), arguments: arguments)
            }
            return .staticFactory(signature, arguments: arguments)
        }
        let items = try sequence(node, "factory")
        if items.count == 2, let type = items[0].scalar, !type.hasPrefix("@"), let method = items[1].scalar {
            // Symfony's `[Class, method]`: a static factory, which the catalog lists on the type
            // it makes; one of another type is listed there under its qualified name
            // (`staticFactory("Factory.create()")` in the entry of the type `create` returns).
            let factoryType = Self.swiftTypeName(type)
            if let typeName, typeName != factoryType {
                return .staticFactory(factoryType + "." + method, arguments: arguments)
            }
            typeName = factoryType
            return .staticFactory(method, arguments: arguments)
        }
        if items.count == 2, items[0].tag == "!service", let method = items[1].scalar {
            // `[!service { class: Factory }, make]`: a factory of its own, made for this service.
            return .factoryMethod(method, of: .inner(try definitionBody(name: nil, items[0], at: items[0].location)), arguments: arguments)
        }
        guard items.count == 2, let reference = items[0].scalar, reference.hasPrefix("@"), let method = items[1].scalar else {
            throw .wrongKind(expected: "'Type.method(label:)' or ['@factoryService', 'method(label:)']", found: node.kindName,
                             what: "factory", location: node.location)
        }
        return .factoryMethod(method, of: .named(try referenceName(reference, items[0].location)), arguments: arguments)
    }

    private func argumentPoints(_ node: YAMLNode) throws(ConfigError) -> [InjectionPoint] {
        switch node.kind {
        case .sequence(let items):
            var points: [InjectionPoint] = []
            points.reserveCapacity(items.count)
            // Each argument's problem is reported, not only the first one's.
            var problems: [ConfigError] = []
            for item in items {
                do throws(ConfigError) {
                    points.append(InjectionPoint(source: try source(item), location: item.location))
                } catch {
                    problems += error.problems
                }
            }
            if let problem = ConfigError.combining(problems) { throw problem }
            return points
        case .mapping(let entries):
            var points: [InjectionPoint] = []
            points.reserveCapacity(entries.count)
            var problems: [ConfigError] = []
            for (label, value) in entries {
                do throws(ConfigError) {
                    // Symfony names constructor parameters as PHP variables: `$logger`.
                    var text = try keyText(label)
                    if text.hasPrefix("$") { text.removeFirst() }
                    points.append(InjectionPoint(label: text, source: try source(value), location: value.location))
                } catch {
                    problems += error.problems
                }
            }
            if let problem = ConfigError.combining(problems) { throw problem }
            return points
        case .scalar:
            throw .wrongKind(expected: "a list (positional) or a map (labelled)", found: node.kindName, what: "arguments", location: node.location)
        }
    }

    private func calls(_ node: YAMLNode) throws(ConfigError) -> [MethodInjection] {
        var result: [MethodInjection] = []
        for call in try sequence(node, "calls") {
            switch call.kind {
            case .sequence(let parts) where !parts.isEmpty:
                let method = try text(parts[0], "a call's method")
                let arguments = parts.count > 1 ? try argumentPoints(parts[1]) : []
                result.append(MethodInjection(method: method, arguments: arguments))
            case .mapping(let entries) where entries.contains(where: { $0.key.isText("method") && $0.value.scalar != nil }):
                // Symfony's long form: { method: setLogger, arguments: ['@logger'] }.
                var method: String?
                var arguments: [InjectionPoint] = []
                for (keyNode, value) in entries {
                    switch try keyText(keyNode) {
                    case "method": method = try text(value, "method")
                    case "arguments": arguments = try argumentPoints(value)
                    case "returns_clone":
                        guard try bool(value, "returns_clone") else { continue }
                        throw Self.returnsCloneRefused(at: keyNode.location)
                    case let other: throw unknownKey(other, in: "a call", known: ["method", "arguments", "returns_clone"], at: keyNode.location)
                    }
                }
                result.append(MethodInjection(method: method ?? "", arguments: arguments))
            case .mapping(let entries) where entries.count == 1:
                // `{ withLogger: !returns_clone ['@logger'] }`: the short form of returns_clone.
                if entries[0].value.tag == "!returns_clone" { throw Self.returnsCloneRefused(at: entries[0].value.location) }
                result.append(MethodInjection(method: try keyText(entries[0].key), arguments: try argumentPoints(entries[0].value)))
            default:
                throw .wrongKind(expected: "[method, [arguments]], {method: [arguments]} or {method: name, arguments: [...]}", found: call.kindName, what: "a call",
                                 location: call.location)
            }
        }
        return result
    }

    private static func returnsCloneRefused(at location: ConfigLocation) -> ConfigError {
        .refused(construct: "returns_clone", reason: "it calls a PHP 'wither' that returns a changed copy; Swift classes are set in place: make the method set the value, or give it as an initializer argument",
                 location: location)
    }
}

/// The keys a YAML file writes as Symfony parameters (`%key%`), noted while it is translated.
final class ParameterKeys {
    var names: Set<String> = []
}
