import Foundation
import IoCConfig
import IoCCore

// YAMLTranslator: reading nodes — scalars, mappings, sequences, tags — with the errors each gives.

extension YAMLTranslator {
    /// `what` names the node in the error; made only for one (each service passes its name).
    func mapping(_ node: YAMLNode, _ what: @autoclosure () -> String) throws(ConfigError) -> YAMLEntries {
        if let entries = node.entries { return entries }
        // Empty and null (`~`) stand for an empty map: Symfony's `App\Mailer: ~` is a service of that class.
        if case .scalar(let text, let plain) = node.kind,
           text.isEmpty || (plain && node.tag == nil && ["~", "null", "Null", "NULL"].contains(text)) { return .empty(in: node.document) }
        throw .wrongKind(expected: "a map", found: node.kindName, what: what(), location: node.location)
    }

    func sequence(_ node: YAMLNode, _ what: String) throws(ConfigError) -> YAMLItems {
        if case .sequence(let items) = node.kind { return items }
        throw .wrongKind(expected: "a list", found: node.kindName, what: what, location: node.location)
    }

    func keyText(_ node: YAMLNode) throws(ConfigError) -> String {
        guard let text = node.scalar else { throw Self.notAKey(node) }
        return text
    }

    static func notAKey(_ node: YAMLNode) -> ConfigError {
        .wrongKind(expected: "a plain key", found: node.kindName, what: "A key", location: node.location)
    }

    func text(_ node: YAMLNode, _ what: String) throws(ConfigError) -> String {
        guard let text = node.scalar, !text.isEmpty else {
            throw .wrongKind(expected: "a name", found: node.kindName, what: what, location: node.location)
        }
        return text
    }

    func strings(_ node: YAMLNode, _ what: String) throws(ConfigError) -> [String] {
        if let single = node.scalar { return [single] }
        var result: [String] = []
        for item in try sequence(node, what) { result.append(try text(item, what)) }
        return result
    }

    /// Tag names, with the attributes given to them: `[reporter]`, `[{ name: reporter, priority: 10 }]`
    /// or Symfony 5.3's `[reporter: { priority: 10 }]`.
    /// A service's tags, each entry with its attributes: a tag given again is another entry
    /// (Symfony's `kernel.event_listener`, once per event), as Symfony keeps it.
    func tags(_ node: YAMLNode) throws(ConfigError) -> [TagEntry] {
        var entries: [TagEntry] = []
        for item in try sequence(node, "tags") {
            if let name = item.scalar { entries.append(TagEntry(name)); continue }
            guard let written = item.entries else {
                throw .wrongKind(expected: "a tag name or {name: tag, ...}", found: item.kindName, what: "a tag", location: item.location)
            }
            var name: String?
            var given: [String: ConfigValue] = [:]
            if written.count == 1, let key = written[0].key.scalar, key != "name", written[0].value.entries != nil {
                name = key
                for (attribute, value) in try mapping(written[0].value, "tag '\(key)'") { given[try keyText(attribute)] = configValue(value) }
            } else {
                for (attribute, value) in written {
                    let key = try keyText(attribute)
                    if key == "name" { name = try text(value, "a tag's name") } else { given[key] = configValue(value) }
                }
            }
            guard let name else {
                throw .wrongKind(expected: "a tag name or {name: tag, ...}", found: item.kindName, what: "a tag", location: item.location)
            }
            entries.append(TagEntry(name, given))
        }
        return entries
    }

    /// Tags of `_defaults` and `_instanceof`, which add to each service's: one set of attributes
    /// per tag (a tag given again with other attributes is refused there).
    func sharedTags(_ node: YAMLNode) throws(ConfigError) -> ([String], [String: [String: ConfigValue]]) {
        var names: [String] = []
        var attributes: [String: [String: ConfigValue]] = [:]
        var seen: Set<String> = []   // a file may list thousands: a search of `names` grew as their square
        for (entry, item) in zip(try tags(node), try sequence(node, "tags")) {
            if !seen.insert(entry.name).inserted {
                guard entry.attributes == attributes[entry.name] ?? [:] else {
                    throw .refused(construct: "the tag '\(entry.name)' given again with other attributes in _defaults or _instanceof", reason: "these tags are added to every service they apply to, with one set of attributes each; give the tag once here, or give the entries on the services", location: item.location)
                }
                continue
            }
            names.append(entry.name)
            if !entry.attributes.isEmpty { attributes[entry.name] = entry.attributes }
        }
        return (names, attributes)
    }

    /// Symfony's `bind`: `$name`, `Type $name` or `Type` keys, each with its source.
    func bindings(_ node: YAMLNode) throws(ConfigError) -> [ArgumentBinding] {
        var result: [ArgumentBinding] = []
        for (keyNode, value) in try mapping(node, "bind") {
            let key = try keyText(keyNode)
            let words = key.split(separator: " ").map(String.init)
            let parameter = words.last.flatMap { $0.hasPrefix("$") ? String($0.dropFirst()) : nil }
            let typeName = (parameter == nil ? (words.count == 1 ? words[0] : nil) : (words.count == 2 ? words[0] : nil)).map(Self.bindingTypeName)
            guard (parameter != nil && words.count <= 2) || (parameter == nil && words.count == 1), parameter?.isEmpty != true else {
                throw .badValue(value: key, reason: "a binding is named '$parameter', 'Type $parameter' or 'Type'", location: keyNode.location)
            }
            result.append(ArgumentBinding(parameter: parameter, typeName: typeName, source: try source(value), location: value.location))
        }
        return result
    }

    /// Symfony's `deprecated`: a message, or `{ package, version, message }`.
    /// Why a service (`alias: false`) or an alias entry is deprecated: its message with
    /// Symfony's `%service_id%` (or `%alias_id%`) replaced by `id`, and the package and version.
    func deprecation(_ node: YAMLNode, of id: String?, isAlias: Bool = false) throws(ConfigError) -> String {
        func message(_ text: String) -> String {
            id.map { text.replacingOccurrences(of: isAlias ? "%alias_id%" : "%service_id%", with: $0) } ?? text
        }
        if let text = node.scalar { return text.isEmpty || text == "true" ? "deprecated" : message(text) }
        var parts: [String: String] = [:]
        for (key, value) in try mapping(node, "deprecated") { parts[try keyText(key)] = value.scalar ?? "" }
        let since = [parts["package"], parts["version"]].compactMap { $0 }.joined(separator: " ")
        return message(parts["message"] ?? "deprecated") + (since.isEmpty ? "" : " (since \(since))")
    }

    /// Symfony's `exclude` paths as names after the resource's namespace: `../src/Entity/` under
    /// `../src/` is `Entity` (and what is under it), `../src/{Tests,Kernel.php}` is `Tests` and
    /// `Kernel`. Source folders and files mean nothing to Swift types; their names are what is left.
    static func excludedNames(_ paths: [String], under resource: String) -> [String] {
        var base = resource
        while base.hasSuffix("*") || base.hasSuffix("/") { base.removeLast() }
        var names: [String] = []
        for path in paths {
            var rest = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
            while rest.hasSuffix("/") || rest.hasSuffix("/*") { rest.removeLast(rest.hasSuffix("/*") ? 2 : 1) }
            var expanded = [rest]
            if let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                let head = rest[..<open], tail = rest[rest.index(after: close)...]
                expanded = rest[rest.index(after: open)..<close].split(separator: ",").map { String(head) + $0 + String(tail) }
            }
            for item in expanded {
                // A file's extension (`Kernel.php`, `Clock.swift`) is not part of the type's name.
                var parts = item.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
                if let last = parts.last, let dot = last.lastIndex(of: "."), dot != last.startIndex { parts[parts.count - 1] = String(last[..<dot]) }
                let name = parts.joined(separator: ".")
                if !name.isEmpty { names.append(name) }
            }
        }
        return names
    }

    /// A PHP class name as a catalog name: `App\Mailer` is `App.Mailer`; a fully qualified
    /// `\App\Mailer` (PHP's leading backslash) is the same class.
    /// A binding key's type as Swift names it: a class name as ``swiftTypeName(_:)`` has it, and
    /// PHP's scalar types (`string $locale`) as Swift's (`String`).
    static func bindingTypeName(_ text: String) -> String {
        phpScalars[text] ?? swiftTypeName(text)
    }

    /// PHP's scalar type names, as Swift names them.
    static let phpScalars = ["string": "String", "int": "Int", "float": "Double", "bool": "Bool"]

    static func swiftTypeName(_ text: String) -> String {
        // NB: a name without a backslash, as most are, is returned as it is: Foundation's
        // `replacingOccurrences` on every service's class is slow (docs/PerformanceLedger.md L9).
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        let name = text.hasPrefix("\\") ? text.dropFirst() : Substring(text)
        return String(name.map { $0 == "\\" ? "." : $0 })
    }

    /// Whether `id` is a namespaced PHP class name (`App\Mailer`), as Symfony's ResolveClassPass
    /// tells one: words of letters, digits and `_` joined by at least one `\`.
    static func isPHPClassName(_ id: String) -> Bool {
        let words = id.split(separator: "\\", omittingEmptySubsequences: false)
        return words.count > 1 && words.allSatisfy { word in
            guard let first = word.unicodeScalars.first, first == "_" || first.properties.isAlphabetic || first.value > 0x7F else { return false }
            return word.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0.value > 0x7F }
        }
    }

    /// Keys whose null value means "not given" (Symfony reads them with `isset`).
    static let settingsLeftOutWhenNull: Set<String> = ["autowire", "autoconfigure", "public", "lazy", "shared", "abstract", "primary", "eager", "scope"]

    static func isNull(_ node: YAMLNode) -> Bool {
        // NB: the spellings of null are at most four bytes: longer values are not made into text.
        guard node.isPlainUntaggedScalar(ofAtMost: 4), let text = node.scalar else { return false }
        return isNullLiteral(text)
    }

    /// The YAML core schema's spellings of null, as a plain scalar.
    static func isNullLiteral(_ text: String) -> Bool {
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// The YAML core schema's spellings of true and false; `nil` for any other text.
    static func booleanLiteral(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    func bool(_ node: YAMLNode, _ what: String) throws(ConfigError) -> Bool {
        guard let flag = node.scalar.flatMap(Self.booleanLiteral) else {
            throw .wrongKind(expected: "true or false", found: node.scalar.map { "'\($0)'" } ?? node.kindName, what: what, location: node.location)
        }
        return flag
    }

    func scope(_ node: YAMLNode) throws(ConfigError) -> Scope {
        let name = try text(node, "scope")
        return Scope.builtIn(named: name) ?? .custom(name)
    }

    /// An import: a path, or Symfony's `{ resource: path, ignore_errors: not_found }`.
    func configImport(_ node: YAMLNode) throws(ConfigError) -> ConfigImport {
        if let path = node.scalar { return ConfigImport(path: path, location: node.location) }
        guard let entries = node.entries else {
            throw .wrongKind(expected: "a path or {resource: path}", found: node.kindName, what: "an import", location: node.location)
        }
        var path: String?
        var ifPresent = false
        for (keyNode, value) in entries {
            switch try keyText(keyNode) {
            case "resource": path = try text(value, "resource")
            case "ignore_errors":
                // Only a file that is not there is passed over: one that is there and wrong is
                // still reported, never silently ignored.
                ifPresent = value.scalar == "not_found"
                if !ifPresent { ifPresent = try bool(value, "ignore_errors") }
            case "type":
                guard value.scalar == "yaml" || value.scalar == "yml" else {
                    throw .refused(construct: "type: \(value.scalar ?? value.kindName)", reason: "this loader imports YAML files only: name each file, and load XML files with the XML front end", location: value.location)
                }
            case let other: throw unknownKey(other, in: "an import", known: ["resource", "ignore_errors", "type"], at: keyNode.location)
            }
        }
        guard let path else { throw .badValue(value: "import", reason: "an import map names its file with 'resource'", location: node.location) }
        return ConfigImport(path: path, location: node.location, ifPresent: ifPresent)
    }

    func unknownKey(_ key: String, in section: String, known: [String], at location: ConfigLocation) -> ConfigError {
        .unknownKey(key: key, section: section, known: known, suggestion: Suggestions.closest(to: key, in: known).first, location: location)
    }
}
