import CLibYAML
import IoCConfig
import IoCCore

/// Writes definitions as a services.yaml file, through libyaml's emitter: the YAML form
/// `ioc convert --to yaml` prints. Reading the text back with ``YAMLLoader`` gives the same
/// definitions (values keep their kind; `%` and a leading `@` are escaped).
///
/// ```swift
/// let config = try XMLLoader().load(contentsOf: url)
/// let yaml = try YAMLWriter.string(from: config.definitions)
/// ```
public enum YAMLWriter {
    /// The services file for `definitions`, with a `parameters` section when any are given.
    /// Throws when a definition has something services.yaml cannot express (a component with
    /// no name, a `Lazy` source, a value written in code), naming it and where it was written.
    ///
    /// ```swift
    /// let yaml = try YAMLWriter.string(from: config.definitions, parameters: [(key: "report.days", value: .int(5))])
    /// ```
    public static func string(from definitions: [Definition], parameters: [(key: String, value: ConfigValue)] = []) throws(ConfigWriteError) -> String {
        var document: [(String, Node)] = []
        if !parameters.isEmpty {
            document.append(("parameters", .map(parameters.map { ($0.key, value($0.value, references: false)) })))
        }
        var services: [(String, Node)] = []
        // A service of one profile that replaces another of its id goes in a `when@profile`
        // block, after the services: a second key of one map would be a duplicate.
        var blocks: [(profile: String, services: [(String, Node)])] = []
        var counts: [String: Int] = [:]
        for name in definitions.lazy.compactMap(\.name) { counts[name, default: 0] += 1 }
        for definition in definitions {
            guard let name = definition.name else {
                throw failure(definition, "no name", advice: "services.yaml keys every service by its id: give the component an id or name.")
            }
            if definition.aliasTarget == nil, definition.profiles.count == 1, let profile = definition.profiles.first, !profile.hasPrefix("!"),
               definition.isOverride || counts[name, default: 0] > 1 {
                var unconditional = definition
                unconditional.profiles = []
                let entries = [(name, try service(unconditional))] + aliasEntries(of: unconditional, name: name)
                if let index = blocks.firstIndex(where: { $0.profile == profile }) { blocks[index].services += entries } else { blocks.append((profile, entries)) }
                continue
            }
            if let target = definition.aliasTarget {
                // An alias entry takes no profile: Symfony gives one only by a when@ block around it.
                guard definition.profiles.isEmpty else {
                    throw failure(definition, "a profile (\(definition.profiles.joined(separator: ", ")))",
                                  advice: "An alias entry takes no profile here; keep this file in Spring XML (<alias> inside <beans profile>), or give the alias in code.")
                }
                // An alias of a component defined elsewhere, and any names given to the alias.
                services.append((name, aliasEntry(of: target, isPublic: definition.isPublic, deprecation: definition.deprecation)))
                services += definition.aliases.map { ($0, .map([("alias", .plain(name))])) }
                continue
            }
            services.append((name, try service(definition)))
            services += aliasEntries(of: definition, name: name)
        }
        document.append(("services", .map(services)))
        document += blocks.map { ("when@\($0.profile)", .map([("services", .map($0.services))])) }
        return try emit(.map(document))
    }

    // MARK: Definitions to nodes

    /// A public or deprecated alias of a service, as Symfony writes it: an entry of its own,
    /// `old_mailer: { alias: mailer, public: true, deprecated: '...' }`.
    private static func aliasEntries(of definition: Definition, name: String) -> [(String, Node)] {
        definition.aliases.compactMap { alias in
            let isPublic = definition.publicAliases.contains(alias)
            let deprecation = definition.deprecatedAliases[alias]
            guard isPublic || deprecation != nil else { return nil }
            return (alias, aliasEntry(of: name, isPublic: isPublic, deprecation: deprecation))
        }
    }

    /// `{ alias: target, public: true, deprecated: '...' }`, stating only what is set.
    private static func aliasEntry(of target: String, isPublic: Bool, deprecation: String?) -> Node {
        var entry: [(String, Node)] = [("alias", .plain(target))]
        if isPublic { entry.append(("public", .plain("true"))) }
        if let deprecation { entry.append(("deprecated", .scalar(deprecation, quoted: true))) }
        return .map(entry)
    }

    /// A YAML node, before libyaml writes it.
    indirect enum Node {
        case scalar(String, quoted: Bool, tag: String? = nil)
        case list([Node])
        case map([(String, Node)])
        /// A map tagged `!service`: an inner service the reader would not know by its keys alone.
        case service([(String, Node)])

        static func plain(_ text: String) -> Node { .scalar(text, quoted: false) }
    }

    private static func failure(_ definition: Definition, _ feature: String, advice: String) -> ConfigWriteError {
        ConfigWriteError(definition, format: "YAML", feature: feature, advice: advice)
    }

    static func service(_ definition: Definition) throws(ConfigWriteError) -> Node {
        var entries: [(String, Node)] = []
        let construction = try definition.writtenConstruction(format: "YAML")
        if let mode = definition.propertyAutowiring {
            throw failure(definition, "Spring's property autowiring (autowire=\"\(mode.rawValue)\")",
                          advice: "Symfony autowires initializer arguments only: list the properties it should set under properties:.")
        }
        try definition.checkWritable([.visibility, .deprecation, .bindings, .tagAttributes, .decoration, .noAutowiring, .noConformances],
                                     format: "YAML", advice: "Write this setting in code, or keep this file in Spring XML.")
        if let typeName = definition.typeName { entries.append(("class", .plain(typeName))) }
        if let parent = definition.parent { entries.append(("parent", .plain(parent))) }
        if definition.isAbstract { entries.append(("abstract", .plain("true"))) }
        if definition.stated.contains(.scope) { entries.append(("scope", .plain(definition.scope.description))) }
        // A child that chooses its own start says so, or it would take its parent's.
        if definition.isLazy {
            entries.append(("lazy", .plain("true")))
        } else if definition.isEager {
            entries.append(("eager", .plain("true")))
        } else if definition.parent != nil && (definition.stated.contains(.lazy) || definition.stated.contains(.eager)) {
            entries.append(("lazy", .plain("false")))
        }
        if definition.stated.contains(.primary) || definition.isPrimary { entries.append(("primary", .plain(String(definition.isPrimary)))) }
        let arguments: [InjectionPoint]
        switch construction {
        case .initializer(let points): arguments = points
        case let .staticFactory(signature, points):
            entries.append(("factory", .plain(signature)))
            arguments = points
        case let .factoryMethod(signature, factory, points):
            entries.append(("factory", .list([.scalar("@" + factory, quoted: true), .plain(signature)])))
            arguments = points
        }
        if !arguments.isEmpty {
            entries.append(("arguments", try self.arguments(arguments, of: definition)))
        }
        if !definition.properties.isEmpty {
            var properties: [(String, Node)] = []
            for property in definition.properties { properties.append((property.name, try source(property.source, of: definition))) }
            entries.append(("properties", .map(properties)))
        }
        if !definition.methodCalls.isEmpty {
            var calls: [Node] = []
            for call in definition.methodCalls {
                calls.append(.list([.plain(call.method), try self.arguments(call.arguments, of: definition)]))
            }
            entries.append(("calls", .list(calls)))
        }
        if !definition.tags.isEmpty { entries.append(("tags", .list(definition.tagEntries.map { entry in
            guard !entry.attributes.isEmpty else { return .plain(entry.name) }
            return .map([("name", .plain(entry.name))] + entry.attributes.sorted { $0.key < $1.key }.map { ($0.key, value($0.value, references: false)) })
        }))) }
        if !definition.exposedAs.isEmpty { entries.append(("as", .list(definition.exposedAs.map { .plain($0.typeName ?? $0.type?.name ?? "?") }))) }
        // Aliases with settings of their own are entries of their own (see `aliasEntries`).
        let plainAliases = definition.aliases.filter { !definition.publicAliases.contains($0) && definition.deprecatedAliases[$0] == nil }
        if !plainAliases.isEmpty { entries.append(("aliases", .list(plainAliases.map(Node.plain)))) }
        if !definition.isPublic { entries.append(("public", .plain("false"))) }
        if !definition.autowires { entries.append(("autowire", .plain("false"))) }
        if !definition.exposesConformances { entries.append(("autoconfigure", .plain("false"))) }
        if let deprecation = definition.deprecation { entries.append(("deprecated", .scalar(deprecation, quoted: true))) }
        if !definition.bindings.isEmpty {
            var bindings: [(String, Node)] = []
            for binding in definition.bindings {
                let key = [binding.typeName, binding.parameter.map { "$" + $0 }].compactMap { $0 }.joined(separator: " ")
                bindings.append((key, try source(binding.source, of: definition)))
            }
            entries.append(("bind", .map(bindings)))
        }
        if !definition.profiles.isEmpty { entries.append(("profile", .list(definition.profiles.map { .scalar($0, quoted: true) }))) }
        if !definition.dependsOn.isEmpty { entries.append(("depends-on", .list(definition.dependsOn.map(Node.plain)))) }
        if let decorates = definition.decorates { entries.append(("decorates", .plain(decorates))) }
        if let innerName = definition.decoration.innerName { entries.append(("decoration_inner_name", .plain(innerName))) }
        if definition.decoration.priority != 0 { entries.append(("decoration_priority", .plain(String(definition.decoration.priority)))) }
        if definition.decoration.missing != .error { entries.append(("decoration_on_invalid", .plain(definition.decoration.missing.rawValue))) }
        if let tag = definition.decoration.tag { entries.append(("decorates_tag", .plain(tag))) }
        for hook in definition.hooks {
            guard hook.kind != .decorator else {
                throw failure(definition, "a decorator", advice: "Write the decorator as a service that `decorates` this one.")
            }
            entries.append((hook.kind.rawValue, .plain(hook.name)))
        }
        if definition.isOverride {
            throw failure(definition, "an override", advice: "Overrides are made in code (`.overriding()`) or by a later file defining the same id.")
        }
        return .map(entries)
    }

    /// Arguments: a map when every one is labelled, a list when none is.
    private static func arguments(_ points: [InjectionPoint], of definition: Definition) throws(ConfigWriteError) -> Node {
        let labelled = points.filter { $0.label != nil }.count
        if labelled == points.count {
            var entries: [(String, Node)] = []
            for point in points { entries.append((point.label ?? "", try source(point.source, of: definition))) }
            return .map(entries)
        }
        guard labelled == 0 else {
            throw failure(definition, "labelled and unlabelled arguments together",
                          advice: "Label every argument (a map) or none (a list, by position).")
        }
        var items: [Node] = []
        for point in points { items.append(try source(point.source, of: definition)) }
        return .list(items)
    }

    /// Where a value comes from, in services.yaml's notation.
    static func source(_ source: InjectionSource, of definition: Definition) throws(ConfigWriteError) -> Node {
        switch source {
        case .named(let name): return .scalar("@" + name, quoted: true)
        case .optional(.named(let name)): return .scalar("@?" + name, quoted: true)
        case .tagged(let tag): return .scalar(tag, quoted: false, tag: "!tagged_iterator")
        case .abstractArgument(let message): return .scalar(message, quoted: true, tag: "!abstract")
        case .config(let config): return value(config, references: true)
        case .nilValue: return .plain("~")
        case .list(let items):
            var nodes: [Node] = []
            for item in items { nodes.append(try self.source(item, of: definition)) }
            return .list(nodes)
        case .map(let entries):
            var nodes: [(String, Node)] = []
            for key in entries.keys.sorted() {
                if let item = entries[key] { nodes.append((key, try self.source(item, of: definition))) }
            }
            return .map(nodes)
        case .inner(let inner):
            // The reader takes a map for an inner service when it has a class or a factory;
            // one with neither (a child of a parent: Spring's `<bean parent="base"/>`) is tagged.
            let node = try service(inner)
            guard case .map(let entries) = node else { return node }
            return entries.contains(where: { $0.0 == "class" || $0.0 == "factory" }) ? node : .service(entries)
        case .optional, .lazy, .provider, .type, .typeNamed, .all, .value, .defaultArgument, .taggedIndexed:
            throw failure(definition, "the source '\(source)'", advice: "Write this injection in code.")
        }
    }

    /// A config value as YAML that reads back as the same value: strings quoted where a plain
    /// scalar would read as a number, boolean or null; `%` doubled; a leading `@` doubled where
    /// the value is an argument or property (a reference otherwise).
    static func value(_ value: ConfigValue, references: Bool) -> Node {
        switch value.kind {
        case .null: return .plain("~")
        case .bool(let flag): return .plain(String(flag))
        case .int(let number): return .plain(String(number))
        case .double(let number):
            if number.isNaN { return .plain(".nan") }
            if number.isInfinite { return .plain(number < 0 ? "-.inf" : ".inf") }
            let text = String(number)
            return .plain(text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0")
        case .string(var text):
            text = text.replacingOccurrences(of: "%", with: "%%")
            if references && text.hasPrefix("@") { text = "@" + text }
            let readsAsText = YAMLTranslator.integer(text) == nil && YAMLTranslator.float(text) == nil
                && !YAMLTranslator.isNullLiteral(text) && YAMLTranslator.booleanLiteral(text) == nil
            return .scalar(text, quoted: !readsAsText)
        case .list(let items): return .list(items.map { self.value($0, references: false) })
        case .map(let entries): return .map(entries.map { ($0.key, self.value($0.value, references: false)) })
        }
    }

    // MARK: libyaml

    /// The bytes libyaml writes, collected through its output handler.
    private final class Output {
        var bytes: [UInt8] = []
    }

    private static func emit(_ root: Node) throws(ConfigWriteError) -> String {
        var emitter = yaml_emitter_t()
        guard yaml_emitter_initialize(&emitter) == 1 else { throw emitterFailure("cannot initialize (out of memory)") }
        defer { yaml_emitter_delete(&emitter) }
        let output = Output()
        yaml_emitter_set_output(&emitter, { data, buffer, size in
            guard let data, let buffer else { return 0 }
            CallbackContext.with(data, as: Output.self) { $0.bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: size)) }
            return 1
        }, CallbackContext.address(of: output))
        yaml_emitter_set_unicode(&emitter, 1)
        yaml_emitter_set_width(&emitter, 120)
        try withExtendedLifetime(output) { () throws(ConfigWriteError) in
            var event = yaml_event_t()
            try send(&emitter, &event, yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING))
            try send(&emitter, &event, yaml_document_start_event_initialize(&event, nil, nil, nil, 1))
            try write(root, &emitter)
            try send(&emitter, &event, yaml_document_end_event_initialize(&event, 1))
            try send(&emitter, &event, yaml_stream_end_event_initialize(&event))
        }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    private static func write(_ node: Node, _ emitter: inout yaml_emitter_t) throws(ConfigWriteError) {
        var event = yaml_event_t()
        switch node {
        case let .scalar(text, quoted, tag):
            let style = quoted ? YAML_SINGLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE
            let implicit: Int32 = tag == nil ? 1 : 0
            let made = text.withCString { value in
                withOptionalCString(tag) { tag in
                    yaml_scalar_event_initialize(&event, nil, tag, value, Int32(strlen(value)), implicit, implicit, style)
                }
            }
            try send(&emitter, &event, made)
        case .list(let items):
            try send(&emitter, &event, yaml_sequence_start_event_initialize(&event, nil, nil, 1, YAML_ANY_SEQUENCE_STYLE))
            for item in items { try write(item, &emitter) }
            try send(&emitter, &event, yaml_sequence_end_event_initialize(&event))
        case .map(let entries), .service(let entries):
            let tag: String? = if case .service = node { "!service" } else { nil }
            let made = withOptionalCString(tag) { tag in
                yaml_mapping_start_event_initialize(&event, nil, tag, tag == nil ? 1 : 0, YAML_ANY_MAPPING_STYLE)
            }
            try send(&emitter, &event, made)
            for (key, value) in entries {
                try write(.scalar(key, quoted: false), &emitter)
                try write(value, &emitter)
            }
            try send(&emitter, &event, yaml_mapping_end_event_initialize(&event))
        }
    }

    private static func withOptionalCString<R>(_ text: String?, _ body: (UnsafeMutablePointer<yaml_char_t>?) -> R) -> R {
        guard let text else { return body(nil) }
        var bytes = Array(text.utf8) + [0]
        return bytes.withUnsafeMutableBufferPointer { body($0.baseAddress) }
    }

    /// Emits an event libyaml made (`made` is its initializer's result); the emitter takes it.
    private static func send(_ emitter: inout yaml_emitter_t, _ event: inout yaml_event_t, _ made: Int32) throws(ConfigWriteError) {
        guard made == 1 else { throw emitterFailure("could not make an event (out of memory)") }
        guard yaml_emitter_emit(&emitter, &event) == 1 else {
            throw emitterFailure(emitter.problem.map { String(cString: $0) } ?? "an unknown problem")
        }
    }

    private static func emitterFailure(_ problem: String) -> ConfigWriteError {
        ConfigWriteError(component: "the document", location: .unknown, format: "YAML", feature: "text libyaml's emitter refused (\(problem))",
                         advice: "Report this with the input file.")
    }
}
