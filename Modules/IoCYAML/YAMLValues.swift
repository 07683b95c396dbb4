import IoCConfig
import IoCCore

// YAMLTranslator: values and references (`@name`, `%param%`, `!tagged_iterator`, inner services).

extension YAMLTranslator {
    /// Where an argument or property value comes from.
    func source(_ node: YAMLNode) throws(ConfigError) -> InjectionSource {
        if let tag = node.tag, tag.hasPrefix("!"), !tag.hasPrefix("!!"), tag != "!" { return try taggedSource(tag, node) }
        switch node.kind {
        case .scalar(let text, let plain):
            // NB: the first bytes compared, not prefixes searched: every value passes here.
            let utf8 = text.utf8
            guard utf8.first == UInt8(ascii: "@") else { return .config(scalarValue(text, plain: plain, tag: node.tag, at: node.location)) }
            switch utf8.dropFirst().first {
            case UInt8(ascii: "="):
                throw .refused(construct: "'\(text)'", reason: "'@=' starts an expression of Symfony's expression language, which has no Swift counterpart: compute the value in a factory, or give it as a parameter",
                               location: node.location)
            case UInt8(ascii: "@"): return .config(ConfigValue(.string(String(text.dropFirst())), at: node.location))
            case UInt8(ascii: "?"):
                // Symfony's `'@?'`: an optional reference to no id, which is always absent: nil
                // (a slot a compiler pass fills later in PHP; the app gives it in Swift).
                if utf8.count == 2 { return .nilValue }
                return .optional(.named(try referenceName(String(text.dropFirst()), node.location)))
            default: return .named(try referenceName(text, node.location))
            }
        case .sequence(let items):
            var sources: [InjectionSource] = []
            for item in items { sources.append(try source(item)) }
            if sources.allSatisfy({ if case .config = $0 { true } else { false } }) { return .config(configValue(node)) }
            return .list(sources)
        case .mapping(let entries):
            if entries.contains(where: { $0.key.isText("class") || $0.key.isText("factory") }) {
                return .inner(try definitionBody(name: nil, node, at: node.location))
            }
            var sources: [String: InjectionSource] = [:]
            for (key, value) in entries { sources[try keyText(key)] = try source(value) }
            if sources.values.allSatisfy({ if case .config = $0 { true } else { false } }) { return .config(configValue(node)) }
            return .map(sources)
        }
    }

    /// What follows a tag name's last `.` (all of it without one): the attribute a
    /// `!tagged_locator` without `index_by` keys its services by.
    static func lastSegment(of tag: String) -> String {
        tag.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? tag
    }

    /// A value with one of Symfony's tags.
    private func taggedSource(_ tag: String, _ node: YAMLNode) throws(ConfigError) -> InjectionSource {
        switch tag {
        case "!tagged_iterator", "!tagged", "!tagged_locator":
            // The same components; the injection point's type decides: [T], [String: T] or ServiceLocator<T>.
            // A locator is keyed by a tag attribute: `index_by`, or the tag's last segment
            // (Symfony's TaggedIteratorArgument: `app.cache.clearer` is keyed by `clearer`).
            let isLocator = tag == "!tagged_locator"
            if let name = node.scalar, !name.isEmpty { return isLocator ? .taggedIndexed(tag: name, indexBy: Self.lastSegment(of: name)) : .tagged(name) }
            guard let entries = node.entries else {
                throw .wrongKind(expected: "a tag name or { tag: name, index_by: attribute }", found: node.kindName, what: tag, location: node.location)
            }
            var name: String?
            var indexBy: String?
            for (keyNode, value) in entries {
                switch try keyText(keyNode) {
                case "tag": name = try text(value, "tag")
                case "index_by": indexBy = try text(value, "index_by")
                case "default_index_method", "default_priority_method":
                    throw .refused(construct: try keyText(keyNode), reason: "it names a PHP static method that gives each tagged class its key or priority; give the tag the attribute instead (tags: [{ name: handler, key: pdf, priority: 10 }])",
                                   location: keyNode.location)
                case "exclude", "exclude_self":
                    throw .refused(construct: try keyText(keyNode), reason: "tagged collections here hold every service with the tag; take the tag off the services to leave out",
                                   location: keyNode.location)
                case let other: throw unknownKey(other, in: tag, known: ["tag", "index_by"], at: keyNode.location)
                }
            }
            guard let name else { throw .badValue(value: tag, reason: "\(tag) needs the tag's name: { tag: name }", location: node.location) }
            if isLocator, indexBy == nil { indexBy = Self.lastSegment(of: name) }
            return indexBy.map { .taggedIndexed(tag: name, indexBy: $0) } ?? .tagged(name)
        case "!service_locator", "!iterator":
            switch node.kind {
            case .sequence(let items):
                var sources: [InjectionSource] = []
                for item in items { sources.append(try source(item)) }
                return .list(sources)
            case .mapping(let entries):
                var sources: [String: InjectionSource] = [:]
                for (key, value) in entries { sources[try keyText(key)] = try source(value) }
                return .map(sources)
            case .scalar:
                throw .wrongKind(expected: "a list or a map of references", found: node.kindName, what: tag, location: node.location)
            }
        case "!abstract":
            return .abstractArgument(node.scalar ?? "")
        case "!service":
            // Symfony's inline service: a definition of its own, private to this argument.
            return .inner(try definitionBody(name: nil, node, at: node.location))
        case "!returns_clone":
            throw .refused(construct: tag, reason: "it clones a PHP object on every call; give the service the prototype scope (shared: false) for a new instance each time", location: node.location)
        case "!closure", "!service_closure":
            throw .refused(construct: tag, reason: "it wraps a service in a PHP closure; inject Provider<T> (a new resolve per call) or Lazy<T> (built once, on first use)", location: node.location)
        default:
            throw .unknownTag(tag: tag, location: node.location)
        }
    }

    func referenceName(_ text: String, _ location: ConfigLocation) throws(ConfigError) -> String {
        let name = String(text.dropFirst())
        guard !name.isEmpty, !name.containsASCII(UInt8(ascii: " ")) else {
            throw .badValue(value: text, reason: "a reference is '@' followed by a service id ('@?id' when optional, '@@' for a literal '@')",
                            location: location)
        }
        return name
    }

    /// A node as a config value (parameters, values, Decodable subtrees).
    func configValue(_ node: YAMLNode) -> ConfigValue {
        switch node.kind {
        case .scalar(let text, let plain): return scalarValue(text, plain: plain, tag: node.tag, at: node.location)
        case .sequence(let items): return ConfigValue(.list(items.map(configValue)), at: node.location)
        case .mapping(let entries): return ConfigValue(.map(entries.map { ($0.key.scalar ?? "", configValue($0.value)) }), at: node.location)
        }
    }

    /// A scalar typed by the YAML core schema (plain scalars only), with Symfony's `%param%`
    /// and `%env(NAME)%` turned into `${...}` placeholders.
    func scalarValue(_ text: String, plain: Bool, tag: String?, at location: ConfigLocation) -> ConfigValue {
        if tag == "tag:yaml.org,2002:str" || !plain { return ConfigValue(.string(parameters(in: text)), at: location) }
        if Self.isNullLiteral(text) { return ConfigValue(.null, at: location) }
        if let flag = Self.booleanLiteral(text) { return ConfigValue(.bool(flag), at: location) }
        if let int = Self.integer(text) { return ConfigValue(.int(int), at: location) }
        if let double = Self.float(text) { return ConfigValue(.double(double), at: location) }
        return ConfigValue(.string(parameters(in: text)), at: location)
    }

    static func integer(_ text: String) -> Int? {
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        guard let first = text.first, first.isNumber || ((first == "-" || first == "+") && text.count > 1) else { return nil }
        return Int(text)
    }

    static func float(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", "+.inf": return .infinity
        case "-.inf", "-.Inf": return -.infinity
        case ".nan", ".NaN": return .nan
        default: break
        }
        guard text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), text.allSatisfy({ "0123456789.eE+-".contains($0) }) else { return nil }
        return Double(text)
    }

    /// `%name%` → `${name}`, `%env(int:NAME)%` → `${env(int:NAME)}`, `%%` → `%`; each key noted
    /// in ``writtenAsParameters``, so that problems quote it as the file writes it.
    func parameters(in text: String) -> String {
        // NB: a byte scan first, not Foundation's `contains(_:)` on strings, which bridges to NSString.
        guard text.containsASCII(UInt8(ascii: "%")) else { return text }
        let keys = parameterKeys
        return EnvironmentExpression.placeholders(inParameterText: text) { keys.names.insert(String($0)) }
    }

    /// The keys this file writes as parameters (`%key%`).
    package var writtenAsParameters: Set<String> { parameterKeys.names }

    // MARK: Node helpers
}
