extension Container {
    /// The canonical text of a built container's definitions: sorted, one fact per line, with
    /// placeholders resolved, parents merged, config values converted, and nothing that depends
    /// on the front end that wrote them (locations, signatures' spelling, argument labels).
    ///
    /// The same assembly written in code, YAML, XML or macros prints the same text; the
    /// conformance tests compare them.
    ///
    /// ```swift
    /// #expect(try yamlBuilder.build().canonicalDescription == codeBuilder.build().canonicalDescription)
    /// ```
    public var canonicalDescription: String {
        let printer = CanonicalPrinter(converters: converters)
        return (definitions + runtimeDefinitions).map(printer.component).sorted().joined(separator: "\n\n") + "\n"
    }
}

struct CanonicalPrinter {
    let converters: ValueConverters

    func component(_ definition: Definition) -> String {
        var lines = ["component \(definition.name.map { "\"\($0)\"" } ?? "-") \(Self.typeName(definition))"]
        lines.append("  scope: \(definition.scope)")
        lines.append("  construct: \(definition.construction.kind.family)")
        if let factory = definition.construction.factory { lines.append("    factory: \(source(factory))") }
        // A factory method's first argument is its factory, printed above.
        let arguments = definition.construction.factory == nil ? definition.construction.arguments[...] : definition.construction.arguments.dropFirst()
        for (index, point) in arguments.enumerated() {
            lines.append("    arg \(index): \(point.type?.name ?? "?") <- \(source(point))")
        }
        for property in definition.properties {
            lines.append("  property \(property.name): \(property.type?.name ?? "?") <- \(source(property.point))"
                         + (property.isAutowired ? " (autowired, when one matches)" : ""))
        }
        for call in definition.methodCalls {
            lines.append("  call \(Signature(call.method)?.baseName ?? call.method)(" + call.arguments.map(source).joined(separator: ", ") + ")")
        }
        for hook in definition.hooks { lines.append("  \(hook.kind): \(Signature(hook.name)?.baseName ?? hook.name)") }
        if !definition.dependsOn.isEmpty { lines.append("  depends on: " + definition.dependsOn.sorted().joined(separator: ", ")) }
        let exposures = definition.exposedAs.map(\.name).sorted()
        if !exposures.isEmpty { lines.append("  as: " + exposures.joined(separator: ", ")) }
        if !definition.aliases.isEmpty { lines.append("  aliases: " + definition.aliases.sorted().joined(separator: ", ")) }
        if !definition.tags.isEmpty { lines.append("  tags: " + definition.tags.sorted().joined(separator: ", ")) }
        var flags: [String] = []
        if definition.isPrimary { flags.append("primary") }
        if definition.isEager { flags.append("eager") }
        if definition.isLazy { flags.append("lazy") }
        if !flags.isEmpty { lines.append("  flags: " + flags.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }

    /// The module-qualified type name; Foundation's types print as `Foundation.X` on every platform.
    static func typeName(_ definition: Definition) -> String {
        guard let name = definition.type?.qualifiedName else { return definition.typeName ?? "?" }
        return name.hasPrefix("FoundationEssentials.") ? "Foundation." + name.dropFirst("FoundationEssentials.".count) : name
    }

    private func source(_ point: InjectionPoint) -> String {
        if case .config(let value) = point.source, let text = point.slot?.canonicalValue(value, converters) { return text }
        return source(point.source)
    }

    func source(_ source: InjectionSource) -> String {
        switch source {
        case .value(let value): return Self.text(of: value.value)
        case .config(let value): return value.description
        case .type(let type): return "type \(type.name)"
        case .named(let name): return "@\(name)"
        case .all(let type): return "all \(type.name)"
        case .tagged(let tag): return "tagged \(tag)"
        case let .taggedIndexed(tag, indexBy): return "tagged \(tag) by \(indexBy)"
        case .list(let items): return "[" + items.map(self.source).joined(separator: ", ") + "]"
        case .map(let entries): return "{" + entries.sorted { $0.key < $1.key }.map { "\($0.key): \(self.source($0.value))" }.joined(separator: ", ") + "}"
        case .optional(let inner): return "optional \(self.source(inner))"
        case .lazy(let inner): return "lazy \(self.source(inner))"
        case .provider(let inner): return "provider \(self.source(inner))"
        case .inner(let definition): return "inner {" + component(definition).replacingOccurrences(of: "\n", with: ";") + "}"
        case .typeNamed(let name): return "type \(name)"
        case .nilValue: return "nil"
        case .defaultArgument: return "default"
        case .abstractArgument(let message): return "abstract (\(message))"
        }
    }

    /// A value as canonical text: strings and URLs quoted, dictionaries and sets in the order of
    /// their elements' text (Swift prints them in hash order, which differs from one
    /// dictionary to another), everything else as Swift prints it.
    static func text(of value: Any) -> String {
        switch value {
        case let text as String: return "\"\(text)\""
        case let url as URL: return "\"\(url.absoluteString)\""
        case let dictionary as [AnyHashable: Any]:
            guard !dictionary.isEmpty else { return "[:]" }
            let entries = dictionary.map { "\(text(of: $0.key.base)): \(text(of: $0.value))" }.sorted()
            return "[" + entries.joined(separator: ", ") + "]"
        case let set as Set<AnyHashable>:
            return "[" + set.map { text(of: $0.base) }.sorted().joined(separator: ", ") + "]"
        default: return String(describing: value)
        }
    }
}

extension Slot {
    func canonicalValue(_ value: ConfigValue, _ converters: ValueConverters) -> String? {
        (try? converters.convert(value, to: X.self)).map { CanonicalPrinter.text(of: $0) }
    }
}

import Foundation
