import Foundation
import IoCConfig
import IoCCore
import IoCYAML

/// services.yaml as Symfony reads it (the oracle's JSON, `Tools/Fidelity/symfony-read.php`) and
/// as swift-ioc reads it, each as a ``Reading`` of the same shape.
enum SymfonyReading {
    // MARK: The oracle

    /// What reading one oracle file needs besides a value.
    struct Context {
        /// Symfony's services made of `!service` values (`.1_Wheel~OgbX1xZ`), by id: put back
        /// where they are referenced, as swift-ioc keeps them.
        let inline: [String: JSONDocument.Value]
        let tally: Tally
    }

    /// Symfony 5.4 registers an inline service (`!service { … }`) as a private service with a
    /// generated id and references it: `.` + a counter + `_` + the class + `~` + a hash.
    static func isInlineID(_ id: String) -> Bool {
        id.hasPrefix(".") && id.contains("~") && id.dropFirst().prefix(while: \.isNumber).count > 0
    }

    static func oracle(_ json: JSONDocument.Value, tally: Tally) -> Reading {
        var reading = Reading()
        if let error = json["error"]?.string {
            reading.fileError = error
            return reading
        }
        let services = json["services"]?.pairs ?? []
        let context = Context(inline: Dictionary(services.filter { isInlineID($0.key) }.map { ($0.key, $0.value) }) { first, _ in first },
                              tally: tally)
        for (id, service) in services where !isInlineID(id) {
            if service["synthetic"]?.bool == true {
                // The app provides it at run time; swift-ioc keeps no definition for it.
                tally.note(.syntheticServices)
                continue
            }
            reading.components[id] = component(service, context, id: id)
        }
        for resource in json["resources"]?.array ?? [] {
            guard let namespace = resource["namespace"]?.string, let prototype = resource["definition"] else { continue }
            reading.components["resource " + namespace] = component(prototype, context, isResource: true)
        }
        for (id, alias) in json["aliases"]?.pairs ?? [] {
            reading.aliases[id] = .record(["target": .string(alias["target"]?.string ?? ""),
                                           "public": .bool(alias["public"]?.bool ?? false),
                                           "deprecated": deprecation(alias["deprecated"], id: id, placeholder: "%alias_id%")])
        }
        for (id, why) in json["refused"]?.pairs ?? [] { reading.refused[id] = why.string ?? "" }
        return reading
    }

    /// A deprecation as swift-ioc keeps it: one text, `message (since package version)`, with
    /// `placeholder` replaced by `id`, as Symfony's `getDeprecation($id)` gives it.
    static func deprecation(_ json: JSONDocument.Value?, id: String?, placeholder: String = "%service_id%") -> Canon {
        guard let json, var message = json["message"]?.string else { return .null }
        if let id { message = message.replacingOccurrences(of: placeholder, with: id) }
        let since = [json["package"]?.string, json["version"]?.string].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return .string(message + (since.isEmpty ? "" : " (since \(since))"))
    }

    private static func component(_ service: JSONDocument.Value, _ context: Context, id: String? = nil, isResource: Bool = false) -> Canon {
        let tally = context.tally
        let value = { (json: JSONDocument.Value) in oracleValue(json, context) }
        let keyed = { (json: JSONDocument.Value?) -> Canon in
            .list((json?.array ?? []).map { pair in
                let parts = pair.array ?? []
                return .record(["key": .string(parts.first?.string ?? ""), "value": parts.count > 1 ? value(parts[1]) : .null])
            })
        }
        var className = Canon.null
        if let text = service["class"]?.string { className = .string(swiftTypeName(text, tally: tally)) }
        var factory = Canon.null
        if let written = service["factory"], written != .null {
            if let function = written["function"]?.string {
                factory = .record(["function": .string(function)])
            } else if let target = written["target"] {
                var method = Canon.string(written["method"]?.string ?? "")
                if method == .string("__invoke") {
                    // An invokable factory: PHP's `__invoke` is Swift's `callAsFunction`.
                    tally.note(.invokableFactories)
                    method = .string("callAsFunction")
                }
                if let type = target["class"]?.string {
                    factory = .record(["class": .string(swiftTypeName(type, tally: tally)), "method": method])
                } else {
                    factory = .record(["target": value(target), "method": method])
                }
            }
        }
        var decorates = Canon.null
        if let decorated = service["decorates"], decorated != .null {
            decorates = .record(["id": .string(decorated["id"]?.string ?? ""),
                                 "inner": decorated["inner"]?.string.map(Canon.string) ?? .null,
                                 "priority": Canon(json: decorated["priority"] ?? .null),
                                 "onInvalid": .string(decorated["onInvalid"]?.string ?? "")])
        }
        let calls = (service["calls"]?.array ?? []).map { call -> Canon in
            .record(["method": .string(call["method"]?.string ?? ""), "arguments": keyed(call["arguments"]),
                     "returnsClone": .bool(call["returnsClone"]?.bool ?? false)])
        }
        let tags = (service["tags"]?.array ?? []).map { tag -> Canon in
            let attributes = (tag["attributes"]?["map"]?.array ?? []).map { pair -> Canon.Entry in
                let parts = pair.array ?? []
                return Canon.Entry(parts.first?.string ?? "", parts.count > 1 ? value(parts[1]) : .null)
            }
            return .record(["name": .string(tag["name"]?.string ?? ""), "attributes": .sortedMap(attributes)])
        }
        let properties = (service["properties"]?.array ?? []).map { pair -> Canon in
            let parts = pair.array ?? []
            return .record(["name": .string(parts.first?.string ?? ""), "value": parts.count > 1 ? value(parts[1]) : .null])
        }
        return .record([
            "class": isResource ? .null : className,
            "shared": .bool(service["shared"]?.bool ?? true),
            "lazy": .bool(service["lazy"]?.bool ?? false),
            "abstract": .bool(service["abstract"]?.bool ?? false),
            "public": .bool(service["public"]?.bool ?? false),
            "autowire": .bool(service["autowire"]?.bool ?? false),
            "autoconfigure": .bool(service["autoconfigure"]?.bool ?? false),
            "arguments": keyed(service["arguments"]),
            "properties": .list(properties),
            "calls": .list(calls),
            "tags": .list(sortedByName(tags)),
            "factory": factory,
            "decorates": decorates,
            "deprecated": deprecation(service["deprecated"], id: id),
            "bindings": .list((service["bindings"]?.array ?? []).map { pair in
                let parts = pair.array ?? []
                return .record(["key": .string(bindingKey(parts.first?.string ?? "", tally: tally)), "value": parts.count > 1 ? value(parts[1]) : .null])
            }),
        ])
    }

    /// Symfony's value, as swift-ioc writes the same meaning.
    static func oracleValue(_ json: JSONDocument.Value, _ context: Context) -> Canon {
        let tally = context.tally
        let value = { (json: JSONDocument.Value) in oracleValue(json, context) }
        if let id = json["ref"]?.string {
            if let inline = context.inline[id] { return .record(["inline": component(inline, context)]) }
            // `'@?'`: an optional reference to no id, always absent.
            if id.isEmpty, json["onInvalid"]?.string == "ignore" { return .null }
            return .record(["ref": .string(id), "onInvalid": .string(json["onInvalid"]?.string ?? "")])
        }
        if let scalar = json["value"] {
            if case .string(let text) = scalar {
                let spelled = placeholders(in: text)
                if spelled != text { tally.note(.placeholderSpelling) }
                return .string(spelled)
            }
            return Canon(json: scalar)
        }
        if let items = json["list"]?.array { return .list(items.map(value)) }
        if let pairs = json["map"]?.array {
            return .sortedMap(pairs.map { pair in
                let parts = pair.array ?? []
                return Canon.Entry(parts.first?.string ?? "", parts.count > 1 ? value(parts[1]) : .null)
            })
        }
        if let inline = json["inline"] { return .record(["inline": component(inline, context)]) }
        if let tag = json["tagged"]?.string {
            return .record(["tagged": .string(tag), "indexBy": json["indexBy"]?.string.map(Canon.string) ?? .null])
        }
        if let located = json["locator"] {
            // `!service_locator` and `!tagged_locator`: the same components as a map or a
            // collection; the injection point's Swift type makes the locator.
            tally.note(.locatorsAsCollections)
            return value(located)
        }
        if let iterated = json["iterator"] {
            tally.note(.iteratorsAsLists)
            return value(iterated)
        }
        if let text = json["abstract"]?.string { return .record(["abstract": .string(text)]) }
        if let expression = json["expression"]?.string { return .record(["expression": .string(expression)]) }
        if let closure = json["closure"] { return .record(["closure": value(closure)]) }
        return .record(["unknown": .string(String(describing: json))])
    }

    /// `App\Mailer` → `App.Mailer`: a PHP class as a Swift type name.
    static func swiftTypeName(_ text: String, tally: Tally) -> String {
        guard text.contains("\\") else { return text }
        tally.note(.phpClassNames)
        let name = text.hasPrefix("\\") ? String(text.dropFirst()) : text
        return name.replacingOccurrences(of: "\\", with: ".")
    }

    /// A binding's key with its type as a Swift type name: `Psr\Log\LoggerInterface $logger`,
    /// and PHP's scalar types as Swift's (`string $locale` → `String $locale`).
    static func bindingKey(_ key: String, tally: Tally) -> String {
        guard !key.hasPrefix("$"), let type = key.split(separator: " ").first else { return key }
        let scalars = ["string": "String", "int": "Int", "float": "Double", "bool": "Bool"]
        if let scalar = scalars[String(type)] {
            tally.note(.phpClassNames)
            return scalar + key.dropFirst(type.count)
        }
        return swiftTypeName(String(type), tally: tally) + key.dropFirst(type.count)
    }

    /// Symfony's parameters in a string, as swift-ioc's placeholders: `%name%` → `${name}`,
    /// `%env(NAME)%` → `${env(NAME)}`, `%%` → `%`.
    // NB: written again from docs/Fidelity.md, not the reader's own translation
    // (`EnvironmentExpression.placeholders(inParameterText:)`): the oracle's side of the
    // comparison must not take the code under test for granted.
    static func placeholders(in text: String) -> String {
        guard text.contains("%") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "%") {
            result += rest[..<start]
            let after = rest.index(after: start)
            if after < rest.endIndex, rest[after] == "%" {
                result += "%"
                rest = rest[rest.index(after: after)...]
                continue
            }
            guard let end = rest[after...].firstIndex(of: "%"), !rest[after..<end].contains(" ") else {
                result += "%"
                rest = rest[after...]
                continue
            }
            result += "${" + rest[after..<end] + "}"
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    static func sortedByName(_ records: [Canon]) -> [Canon] {
        records.enumerated().sorted { a, b in
            let (x, y) = (a.element["name"]?.text ?? "", b.element["name"]?.text ?? "")
            return x == y ? a.offset < b.offset : x < y
        }.map(\.element)
    }

    // MARK: swift-ioc

    static func swift(_ url: URL, root: URL) -> Reading {
        let config = YAMLLoader().check(contentsOf: url, root: root)
        let begun = Reading.merging(config.definitions, problems: config.problems.map(Problem.init))
        var reading = begun.reading
        let merged = begun.merged
        var unnamed = 0
        for definition in merged {
            if let target = definition.aliasTarget, let name = definition.name {
                reading.aliases[name] = .record(["target": .string(target), "public": .bool(definition.isPublic),
                                                 "deprecated": definition.deprecation.map(Canon.string) ?? .null])
                continue
            }
            let name: String
            if let resource = definition.resource {
                name = "resource " + resource.idPrefix
            } else if let own = definition.name {
                name = own
            } else {
                unnamed += 1
                name = Reading.unnamed(unnamed, definition)
            }
            reading.components[name] = swiftComponent(definition)
            for alias in definition.aliases {
                reading.aliases[alias] = .record(["target": .string(name), "public": .bool(definition.publicAliases.contains(alias)),
                                                  "deprecated": definition.deprecatedAliases[alias].map(Canon.string) ?? .null])
            }
        }
        let lines = (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        reading.attribute(leftOut: config.skipped, firstLine: { name in
            // The service's key: `  name:`, `  'name':` or `  "name":`, indented under `services:`.
            let keys = [name + ":", "'\(name)':", "\"\(name)\":"]
            return lines.firstIndex { line in
                let text = line.drop { $0 == " " }
                return text.count < line.count && keys.contains { text.hasPrefix($0) }
            }.map { $0 + 1 }
        }, componentLines: merged.map(\.location.line))
        return reading
    }

    static func swiftComponent(_ definition: Definition) -> Canon {
        let construction = definition.construction
        let arguments = construction.arguments[...]
        var factory = Canon.null
        switch construction.kind {
        case .staticFactory(let signature):
            if let dot = signature.lastIndex(of: ".") {
                factory = .record(["class": .string(String(signature[..<dot])), "method": .string(String(signature[signature.index(after: dot)...]))])
            } else {
                factory = .record(["class": definition.typeName.map(Canon.string) ?? .null, "method": .string(signature)])
            }
        case .factoryMethod(let method):
            factory = .record(["target": construction.factory.map(swiftValue) ?? .null, "method": .string(method)])
        default: break
        }
        var decorates = Canon.null
        if let decorated = definition.decorates {
            decorates = .record(["id": .string(decorated), "inner": definition.decoration.innerName.map(Canon.string) ?? .null,
                                 "priority": .int(definition.decoration.priority), "onInvalid": .string(definition.decoration.missing.rawValue)])
        }
        let tags = definition.tagEntries.map { tag -> Canon in
            .record(["name": .string(tag.name), "attributes": .sortedMap(tag.attributes.map { Canon.Entry($0.key, Canon($0.value)) })])
        }
        let scope: Canon = switch definition.scope {
        case .singleton: .bool(true)
        case .prototype: .bool(false)
        default: .string(String(describing: definition.scope))
        }
        return .record([
            "class": definition.resource == nil ? (definition.typeName.map(Canon.string) ?? .null) : .null,
            "shared": scope,
            "lazy": .bool(definition.isLazy),
            "abstract": .bool(definition.isAbstract),
            "public": .bool(definition.isPublic),
            "autowire": .bool(definition.autowires),
            "autoconfigure": .bool(definition.exposesConformances),
            "arguments": .list(keyed(arguments)),
            "properties": .list(definition.properties.map { .record(["name": .string($0.name), "value": swiftValue($0.source)]) }),
            "calls": .list(definition.methodCalls.map { .record(["method": .string($0.method), "arguments": .list(keyed($0.arguments[...])),
                                                                 "returnsClone": .bool(false)]) }),
            "tags": .list(sortedByName(tags)),
            "factory": factory,
            "decorates": decorates,
            "deprecated": definition.deprecation.map(Canon.string) ?? .null,
            "bindings": .list(definition.bindings.map { binding in
                let key = [binding.typeName, binding.parameter.map { "$" + $0 }].compactMap { $0 }.joined(separator: " ")
                return .record(["key": .string(key), "value": swiftValue(binding.source)])
            }),
        ])
    }

    /// Arguments keyed as Symfony keys them: `$label` when named, else the position.
    static func keyed(_ points: ArraySlice<InjectionPoint>) -> [Canon] {
        points.enumerated().map { offset, point in
            .record(["key": .string(point.label.map { "$" + $0 } ?? String(offset)), "value": swiftValue(point.source)])
        }
    }

    static func swiftValue(_ source: InjectionSource) -> Canon {
        switch source {
        case .named(let name): return .record(["ref": .string(name), "onInvalid": .string("exception")])
        case .optional(.named(let name)): return .record(["ref": .string(name), "onInvalid": .string("ignore")])
        case .optional(let inner): return .record(["optional": swiftValue(inner)])
        case .config(let value): return Canon(value)
        case .list(let items): return .list(items.map(swiftValue))
        case .map(let entries): return .sortedMap(entries.map { Canon.Entry($0.key, swiftValue($0.value)) })
        case .inner(let definition): return .record(["inline": swiftComponent(definition)])
        case .tagged(let tag): return .record(["tagged": .string(tag), "indexBy": .null])
        case .taggedIndexed(let tag, let indexBy): return .record(["tagged": .string(tag), "indexBy": .string(indexBy)])
        case .nilValue: return .null
        case .abstractArgument(let text): return .record(["abstract": .string(text)])
        case .lazy(let inner): return .record(["lazy": swiftValue(inner)])
        case .provider(let inner): return .record(["provider": swiftValue(inner)])
        case .typeNamed(let name): return .record(["type": .string(name)])
        case .type(let type): return .record(["type": .string(type.name)])
        case .all(let type): return .record(["all": .string(type.name)])
        case .value(let value): return .record(["code": .string(String(describing: value))])
        case .defaultArgument: return .record(["default": .bool(true)])
        }
    }
}
