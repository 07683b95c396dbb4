import Foundation
import IoCCore
import IoCXML

/// Spring `<beans>` as Spring reads it (the oracle's JSON, `Tools/Fidelity/SpringRead.java`)
/// and as swift-ioc reads it, each as a ``Reading`` of the same shape.
enum SpringReading {
    /// The factory beans Spring makes of `util:` elements; swift-ioc puts their values in place.
    static let utilFactories: [String: String] = [
        "org.springframework.beans.factory.config.ListFactoryBean": "sourceList",
        "org.springframework.beans.factory.config.SetFactoryBean": "sourceSet",
        "org.springframework.beans.factory.config.MapFactoryBean": "sourceMap",
        "org.springframework.beans.factory.config.PropertiesFactoryBean": "properties",
    ]

    // MARK: The oracle

    static func oracle(_ json: JSONDocument.Value, tally: Tally) -> Reading {
        var reading = Reading()
        if let error = json["error"]?.string {
            reading.fileError = error
            return reading
        }
        let beans = json["beans"]?.pairs ?? []
        // `util:list`, `util:map`...: values by name, put in place of references to them.
        var utilValues: [String: JSONDocument.Value] = [:]
        for (name, bean) in beans {
            if let value = bean["definition"].flatMap(utilValue) { utilValues[name] = value }
        }
        let context = Context(utilValues: utilValues, tally: tally)
        for (name, bean) in beans {
            guard let definition = bean["definition"] else { continue }
            if utilValues[name] != nil {
                tally.note(.utilCollectionsInlined)
                continue
            }
            let aliases = (bean["aliases"]?.array ?? []).compactMap(\.string)
            var record = component(definition, context)
            record = record.setting("aliases", .list(aliases.sorted().map(Canon.string)))
            reading.components[name] = record
        }
        for (name, why) in json["refused"]?.pairs ?? [] { reading.refused[name] = why.string ?? "" }
        return reading
    }

    /// What a `util:` element's factory bean stands for, as swift-ioc puts it in place: a
    /// collection's value, or (`util:constant`) an inner definition made by the type's static member.
    static func utilValue(_ definition: JSONDocument.Value) -> JSONDocument.Value? {
        guard let factory = definition["class"]?.string else { return nil }
        let property = { (name: String) in definition["properties"]?.array?.first { $0["name"]?.string == name }?["value"] }
        if let name = utilFactories[factory] { return property(name) ?? .null }
        guard factory == "org.springframework.beans.factory.config.FieldRetrievingFactoryBean",
              let field = property("staticField")?["value"]?.string, let dot = field.lastIndex(of: ".") else { return nil }
        return .object([("inline", .object([("class", .string(String(field[..<dot]))), ("scope", .string("prototype")), ("autowire", .string("no")),
                                             ("factoryMethod", .string(String(field[field.index(after: dot)...])))]))])
    }

    struct Context {
        let utilValues: [String: JSONDocument.Value]
        let tally: Tally
    }

    private static func component(_ bean: JSONDocument.Value, _ context: Context) -> Canon {
        let value = { (json: JSONDocument.Value) in oracleValue(json, context) }
        let text = { (key: String) -> Canon in bean[key]?.string.map(Canon.string) ?? .null }
        // Arguments by what they reach: a name, or an index. Spring matches an argument with
        // neither (a generic one) by type; it is compared at the first index none has, in order.
        let written = bean["constructorArguments"]?.array ?? []
        var taken = Set(written.compactMap { argument -> Int? in
            guard case .number(let index)? = argument["index"] else { return nil }
            return Int(index)
        })
        var arguments: [Canon.Entry] = []
        for argument in written {
            var key = argument["name"]?.string
            if key == nil, case .number(let index)? = argument["index"] { key = index }
            if key == nil {
                let free = (0...).first { !taken.contains($0) } ?? 0
                taken.insert(free)
                key = String(free)
            }
            arguments.append(Canon.Entry(key ?? "", value(argument["value"] ?? .null)))
        }
        var properties: [Canon] = []
        // swift-ioc keeps a property's <meta> with the bean's, as `property.key`.
        var propertyMeta: [Canon.Entry] = []
        for property in bean["properties"]?.array ?? [] {
            let name = property["name"]?.string ?? ""
            properties.append(.record(["name": .string(name), "value": value(property["value"] ?? .null)]))
            for pair in property["meta"]?.array ?? [] {
                let parts = pair.array ?? []
                context.tally.note(.propertyMetaInBeanMeta)
                propertyMeta.append(Canon.Entry(name + "." + (parts.first?.string ?? ""), parts.count > 1 ? value(parts[1]) : .null))
            }
        }
        var lookups: [Canon] = []
        for override in bean["methodOverrides"]?.array ?? [] {
            if let method = override["lookup"]?.string {
                context.tally.note(.lookupMethodsAsProviders)
                lookups.append(.record(["name": .string(method), "bean": override["bean"]?.string.map(Canon.string) ?? .null]))
            } else {
                lookups.append(.record(["replaced": .string(override["replaced"]?.string ?? "")]))
            }
        }
        var factory = Canon.null
        if let method = bean["factoryMethod"]?.string {
            factory = .record(["bean": text("factoryBean"), "method": .string(method)])
        }
        let meta = (bean["meta"]?.array ?? []).map { pair -> Canon.Entry in
            let parts = pair.array ?? []
            return Canon.Entry(parts.first?.string ?? "", parts.count > 1 ? value(parts[1]) : .null)
        } + propertyMeta
        return .record([
            "class": text("class"),
            "scope": .string(bean["scope"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? "singleton"),
            "lazyInit": .bool(bean["lazyInit"]?.bool ?? false),
            "abstract": .bool(bean["abstract"]?.bool ?? false),
            "primary": .bool(bean["primary"]?.bool ?? false),
            "autowireCandidate": .bool(bean["autowireCandidate"]?.bool ?? true),
            "autowire": text("autowire"),
            "dependsOn": .list((bean["dependsOn"]?.array ?? []).map { Canon.string($0.string ?? "") }),
            "initMethod": text("initMethod"),
            "destroyMethod": text("destroyMethod"),
            "factory": factory,
            "constructorArguments": byKey(arguments),
            "properties": .list(properties),
            "lookups": .list(lookups),
            "meta": .sortedMap(meta),
            "qualifiers": .list((bean["qualifiers"]?.array ?? []).compactMap { $0["value"]?["value"]?.string }.filter { !$0.isEmpty }.map(Canon.string)),
        ])
    }

    /// Spring's value, as swift-ioc writes the same meaning.
    static func oracleValue(_ json: JSONDocument.Value, _ context: Context) -> Canon {
        let value = { (json: JSONDocument.Value) in oracleValue(json, context) }
        if let name = json["ref"]?.string {
            if let inlined = context.utilValues[name] {
                context.tally.note(.utilCollectionsInlined)
                return value(inlined)
            }
            return .record(["ref": .string(name)])
        }
        if let name = json["idref"]?.string {
            context.tally.note(.idrefsAsText)
            return .string(name)
        }
        if json["null"] != nil { return .null }
        if let text = json["value"]?.string { return .string(text) }
        if let inline = json["inline"] {
            if let util = utilValue(inline) {
                // An inner `util:list` (and the like): its value, in place.
                context.tally.note(.utilCollectionsInlined)
                return value(util)
            }
            return .record(["inline": component(inline, context)])
        }
        for kind in ["list", "set", "array"] {
            if let items = json[kind]?.array { return .list(items.map(value)) }
        }
        for kind in ["map", "props"] {
            if let pairs = json[kind]?.array {
                return .sortedMap(pairs.map { pair in
                    let parts = pair.array ?? []
                    let key = parts.first.map(value)?.text ?? String(describing: parts.first.map(value) ?? .null)
                    return Canon.Entry(key, parts.count > 1 ? value(parts[1]) : .null)
                })
            }
        }
        return .record(["unknown": .string(String(describing: json))])
    }

    // MARK: swift-ioc

    static func swift(_ url: URL, root: URL) -> Reading {
        let config = XMLLoader().check(contentsOf: url, root: root)
        let begun = Reading.merging(config.definitions, problems: config.problems.map(Problem.init))
        var reading = begun.reading
        let merged = begun.merged
        var aliasesOf: [String: [String]] = [:]
        var unnamed = 0
        var components: [(name: String, definition: Definition)] = []
        for definition in merged {
            if let target = definition.aliasTarget, let name = definition.name {
                aliasesOf[target, default: []].append(name)
                continue
            }
            if let name = definition.name {
                components.append((name, definition))
            } else {
                unnamed += 1
                components.append((Reading.unnamed(unnamed, definition), definition))
            }
        }
        for (name, definition) in components {
            let aliases = (definition.aliases + aliasesOf[name, default: []]).sorted()
            reading.components[name] = swiftComponent(definition).setting("aliases", .list(aliases.map(Canon.string)))
        }
        let lines = (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        reading.attribute(leftOut: config.skipped, firstLine: { name in
            lines.firstIndex { $0.contains("id=\"\(name)\"") || $0.contains("name=\"\(name)\"") }.map { $0 + 1 }
        }, componentLines: merged.map(\.location.line))
        return reading
    }

    static func swiftComponent(_ definition: Definition) -> Canon {
        let construction = definition.construction
        var factory = Canon.null
        switch construction.kind {
        // A Java method's name is the Swift method's base name (`make` for `make()`).
        case .staticFactory(let signature): factory = .record(["bean": .null, "method": .string(baseName(signature))])
        case .factoryMethod(let signature):
            var bean = Canon.null
            if case .named(let name)? = construction.factory { bean = .string(name) }
            factory = .record(["bean": bean, "method": .string(baseName(signature))])
        default: break
        }
        var properties: [Canon] = []
        var lookups: [Canon] = []
        for property in definition.properties {
            if case .provider(.named(let bean)) = property.source {
                lookups.append(.record(["name": .string(property.name), "bean": .string(bean)]))
            } else {
                properties.append(.record(["name": .string(property.name), "value": swiftValue(property.source)]))
            }
        }
        let autowire = definition.propertyAutowiring?.rawValue ?? (definition.autowires ? "constructor" : "no")
        let hook = { (kind: LifecycleHook.Kind) -> Canon in definition.hooks.first { $0.kind == kind }.map { .string($0.name) } ?? .null }
        return .record([
            "class": definition.typeName.map(Canon.string) ?? .null,
            "scope": .string(definition.scope.name),
            "lazyInit": .bool(definition.isLazy),
            "abstract": .bool(definition.isAbstract),
            "primary": .bool(definition.isPrimary),
            "autowireCandidate": .bool(definition.isAutowireCandidate),
            "autowire": .string(autowire),
            "dependsOn": .list(definition.dependsOn.map(Canon.string)),
            "initMethod": hook(.afterInjection),
            "destroyMethod": hook(.dispose),
            "factory": factory,
            "constructorArguments": byKey(construction.arguments.enumerated().map { offset, point in
                Canon.Entry(point.label ?? String(offset), swiftValue(point.source))
            }),
            "properties": .list(properties),
            "lookups": .list(lookups),
            "meta": .sortedMap(definition.metadata.map { Canon.Entry($0.key, .string($0.value)) }),
            "qualifiers": .list(definition.qualifiers.map(Canon.string)),
        ])
    }

    /// Arguments as a record by name or index, in that order (indices as numbers): which
    /// parameter each reaches, whatever order they were written in.
    static func byKey(_ entries: [Canon.Entry]) -> Canon {
        .record(entries.sorted { a, b in
            switch (Int(a.key), Int(b.key)) {
            case let (x?, y?): return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.key < b.key
            }
        })
    }

    static func baseName(_ signature: String) -> String {
        String(signature.prefix { $0 != "(" })
    }

    static func swiftValue(_ source: InjectionSource) -> Canon {
        switch source {
        case .named(let name): return .record(["ref": .string(name)])
        case .config(let value): return Canon(value)
        case .list(let items): return .list(items.map(swiftValue))
        case .map(let entries): return .sortedMap(entries.map { Canon.Entry($0.key, swiftValue($0.value)) })
        case .inner(let definition): return .record(["inline": swiftComponent(definition).setting("aliases", nil)])
        case .nilValue: return .null
        default: return SymfonyReading.swiftValue(source)
        }
    }
}

extension Canon {
    /// The record with `key` set to `value` (added last when new; removed when `nil`).
    func setting(_ key: String, _ value: Canon?) -> Canon {
        guard case .record(var entries) = self else { return self }
        if let index = entries.firstIndex(where: { $0.key == key }) {
            if let value { entries[index] = Entry(key, value) } else { entries.remove(at: index) }
        } else if let value {
            entries.append(Entry(key, value))
        }
        return .record(entries)
    }
}
