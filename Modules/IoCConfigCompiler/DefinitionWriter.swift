import IoCConfig
import IoCCore
import IoCDeclarations

/// Writes a config definition as the Swift that makes the same ``Definition``: what the compiled
/// form registers for a component it cannot call directly (its type is another module's, or it
/// uses a setting only `build()` applies: `bind`, `_instanceof`, a parent the launch could
/// change…). The
/// definition is bound at `build()` against the catalog, as a loaded one is; nothing is read
/// or parsed at launch.
///
/// Each definition is a function (`definition0()`…) of plain statements with their types
/// written, cheap for the type checker; an inner definition is a function of its own (one a
/// code registration holds is a code registration of its own: ``InnerRegistrations``).
final class DefinitionWriter {
    /// A config file's path → the constant the generated code names it by.
    let fileConstants: [String: String]
    /// The functions written so far, each with its lines.
    private(set) var functions: [(name: String, lines: [String])] = []
    /// Whether a function sets one of IoCConfig's settings (a resource, conditional settings,
    /// a decoration, a deprecation, metadata):
    /// the generated code imports IoCConfig.
    private(set) var usesConfigSettings = false

    struct Unwritable: Error {
        let what: String
    }

    init(fileConstants: [String: String]) {
        self.fileConstants = fileConstants
    }

    private var values: ConfigValueWriter { ConfigValueWriter(fileConstants: fileConstants) }

    /// Writes `definition` as a function; the call that makes it (`definition0()`).
    func function(making definition: Definition) throws(Unwritable) -> String {
        let name = "definition\(functions.count)"
        functions.append((name, []))
        let slot = functions.count - 1
        functions[slot].lines = try body(definition)
        return "\(name)()"
    }

    /// The lines of every function written.
    var lines: [String] {
        functions.flatMap { function in
            ["", "    private static func \(function.name)() -> IoCCore.Definition {"] + function.lines.map { "        " + $0 } + ["    }"]
        }
    }

    private func body(_ definition: Definition) throws(Unwritable) -> [String] {
        guard !definition.isBound else { throw Unwritable(what: "a definition bound in code") }
        var lines: [String] = []
        let location = values.location(definition.location)
        if let target = definition.aliasTarget {
            usesConfigSettings = true
            lines.append("var d = IoCCore.Definition.alias(\(quoted(definition.name ?? "")), of: \(quoted(target)), isPublic: \(definition.isPublic), location: \(location))")
        } else {
            let (construction, appended) = try self.construction(definition.construction)
            lines.append("var d = IoCCore.Definition(name: \(optional(definition.name)), typeName: \(optional(definition.typeName)), construction: \(construction), location: \(location))")
            lines += appended.map { "d.construction.append(\($0))" }
            if !definition.isPublic { lines.append("d.isPublic = false") }
        }
        let stated = definition.stated
        if stated.contains(.scope) || definition.scope != .prototype { lines.append("d.scope = \(Self.scope(definition.scope))") }
        if stated.contains(.lazy) || definition.isLazy { lines.append("d.isLazy = \(definition.isLazy)") }
        if stated.contains(.eager) || definition.isEager { lines.append("d.isEager = \(definition.isEager)") }
        if stated.contains(.primary) || definition.isPrimary { lines.append("d.isPrimary = \(definition.isPrimary)") }
        if stated.contains(.tags) || stated.contains(.appendsArguments) {
            lines.append("d.stateInheritance(tags: \(stated.contains(.tags)), appendsArguments: \(stated.contains(.appendsArguments)))")
        }
        if definition.isOverride { lines.append("d.isOverride = true") }
        if definition.isAbstract { lines.append("d.isAbstract = true") }
        if !definition.properties.isEmpty {
            lines.append("d.properties = [\(try definition.properties.map(property).joined(separator: ", "))]")
            for (index, property) in definition.properties.enumerated() where property.mergesWithParent {
                lines.append("d.properties[\(index)].mergesWithParent = true")
            }
        }
        if !definition.methodCalls.isEmpty { lines.append("d.methodCalls = [\(try definition.methodCalls.map(call).joined(separator: ", "))]") }
        if !definition.hooks.isEmpty { lines.append("d.hooks = [\(try definition.hooks.map(hook).joined(separator: ", "))]") }
        if !definition.aliases.isEmpty { lines.append("d.aliases = \(strings(definition.aliases))") }
        if !definition.tagEntries.isEmpty { lines.append("d.tagEntries = [\(definition.tagEntries.map(values.tagEntry).joined(separator: ", "))]") }
        if !definition.exposedAs.isEmpty {
            let exposures = try definition.exposedAs.map { exposure throws(Unwritable) in
                guard let name = exposure.typeName else { throw Unwritable(what: "a type exposed in code") }
                return "IoCCore.Exposure(typeName: \(quoted(name)))"
            }
            lines.append("d.exposedAs = [\(exposures.joined(separator: ", "))]")
        }
        if let parent = definition.parent {
            usesConfigSettings = true
            lines.append("d.parent = \(quoted(parent))")
        }
        if let decorates = definition.decorates {
            usesConfigSettings = true
            lines.append("d.decorates = \(quoted(decorates))")
        }
        if definition.decoration != Decoration() {
            usesConfigSettings = true
            lines.append("d.decoration = \(decoration(definition.decoration))")
        }
        if !definition.dependsOn.isEmpty { lines.append("d.dependsOn = \(strings(definition.dependsOn))") }
        if !definition.profiles.isEmpty { lines.append("d.profiles = \(strings(definition.profiles))") }
        if definition.isMainActor { lines.append("d.isMainActor = true") }
        if let autowiring = definition.propertyAutowiring {
            usesConfigSettings = true
            lines.append("d.propertyAutowiring = .\(autowiring.rawValue)")
        }
        if !definition.deprecatedAliases.isEmpty {
            usesConfigSettings = true
            lines.append("d.deprecatedAliases = \(ConfigValueWriter.texts(definition.deprecatedAliases))")
        }
        if !definition.publicAliases.isEmpty { lines.append("d.publicAliases = \(strings(definition.publicAliases))") }
        if !definition.autowires { lines.append("d.autowires = false") }
        if !definition.exposesConformances { lines.append("d.exposesConformances = false") }
        if let deprecation = definition.deprecation {
            usesConfigSettings = true
            lines.append("d.deprecation = \(quoted(deprecation))")
        }
        if !definition.bindings.isEmpty {
            usesConfigSettings = true
            lines.append("d.bindings = [\(try definition.bindings.map(binding).joined(separator: ", "))]")
        }
        if let resource = definition.resource {
            usesConfigSettings = true
            lines.append("d.resource = IoCConfig.CatalogResource(namePrefix: \(quoted(resource.namePrefix)), excluding: \(strings(resource.excluding)), "
                         + "idPrefix: \(quoted(resource.idPrefix)), idSeparator: \(quoted(resource.idSeparator)))")
        }
        if !definition.isAutowireCandidate { lines.append("d.isAutowireCandidate = false") }
        if !definition.metadata.isEmpty {
            usesConfigSettings = true
            lines.append("d.metadata = \(ConfigValueWriter.texts(definition.metadata))")
        }
        if !definition.qualifiers.isEmpty {
            usesConfigSettings = true
            lines.append("d.qualifiers = \(strings(definition.qualifiers))")
        }
        if !definition.takesFromParent.isEmpty {
            usesConfigSettings = true
            let switches = [(ParentSwitches.isPublic, ".isPublic"), (.autowires, ".autowires")].filter { definition.takesFromParent.contains($0.0) }.map(\.1)
            lines.append("d.takesFromParent = [\(switches.joined(separator: ", "))]")
        }
        for settings in definition.conditionalSettings {
            usesConfigSettings = true
            lines += try conditional(settings)
        }
        if definition.strategyName != nil { throw Unwritable(what: "a construction strategy") }
        // Nothing set after it is made: the definition as it is made.
        let made = "var d = "
        if lines.count == 1, let first = lines.first, first.hasPrefix(made) { return ["return " + first.dropFirst(made.count)] }
        lines.append("return d")
        return lines
    }

    // MARK: Parts

    /// The construction as an expression, and the arguments appended after it (an inherited
    /// construction has no form that takes them).
    private func construction(_ construction: Construction) throws(Unwritable) -> (String, [String]) {
        let arguments = try construction.arguments.map(point)
        let list = "[\(arguments.joined(separator: ", "))]"
        switch construction.kind {
        case .initializer(let signature):
            return (arguments.isEmpty && signature == nil ? ".initializer()" : ".initializer(\(optional(signature)), arguments: \(list))", [])
        case .staticFactory(let signature):
            return (".staticFactory(\(quoted(signature)), arguments: \(list))", [])
        case .factoryMethod(let signature):
            guard let factory = construction.factory else { throw Unwritable(what: "a factory method without its factory") }
            return (".factoryMethod(\(quoted(signature)), of: \(try source(factory)), arguments: \(list))", [])
        case .inherited:
            return (".inherited", arguments)
        default:
            throw Unwritable(what: "a construction by \(construction.kind)")
        }
    }

    private func point(_ point: InjectionPoint) throws(Unwritable) -> String {
        guard point.type == nil else { throw Unwritable(what: "an argument typed in code") }
        return "IoCCore.InjectionPoint(label: \(optional(point.label)), source: \(try source(point.source)), location: \(location(point.location)))"
    }

    private func property(_ property: PropertyInjection) throws(Unwritable) -> String {
        "IoCCore.PropertyInjection(name: \(quoted(property.name)), source: \(try source(property.source)), location: \(location(property.point.location)))"
    }

    private func call(_ call: MethodInjection) throws(Unwritable) -> String {
        "IoCCore.MethodInjection(method: \(quoted(call.method)), arguments: [\(try call.arguments.map(point).joined(separator: ", "))])"
    }

    private func hook(_ hook: LifecycleHook) throws(Unwritable) -> String {
        let kinds: [LifecycleHook.Kind: String] = [.beforeInjection: "beforeInjection", .afterInjection: "afterInjection",
                                                   .decorator: "decorator", .dispose: "dispose"]
        guard let kind = kinds[hook.kind] else { throw Unwritable(what: "a \(hook.kind) hook") }
        return "IoCCore.LifecycleHook(kind: .\(kind), method: \(quoted(hook.name)), isOptional: \(hook.isOptional))"
    }

    private func binding(_ binding: ArgumentBinding) throws(Unwritable) -> String {
        "IoCConfig.ArgumentBinding(parameter: \(optional(binding.parameter)), typeName: \(optional(binding.typeName)), "
            + "source: \(try source(binding.source)), location: \(location(binding.location)))"
    }

    private func decoration(_ decoration: Decoration) -> String {
        let missing: [Decoration.Missing: String] = [.error: "error", .ignore: "ignore", .null: "null"]
        let made = "IoCConfig.Decoration(innerName: \(optional(decoration.innerName)), priority: \(decoration.priority), missing: .\(missing[decoration.missing] ?? "error"))"
        guard let tag = decoration.tag else { return made }
        return "{ () -> IoCConfig.Decoration in var decoration = \(made); decoration.tag = \(quoted(tag)); return decoration }()"
    }

    /// `_instanceof` settings, appended to the definition's.
    private func conditional(_ settings: ConditionalSettings) throws(Unwritable) -> [String] {
        var lines = ["do {", "    var c = IoCConfig.ConditionalSettings(typeName: \(quoted(settings.typeName)))"]
        if !settings.tags.isEmpty { lines.append("    c.tags = \(strings(settings.tags))") }
        if !settings.tagAttributes.isEmpty {
            let entries = settings.tagAttributes.keys.sorted().compactMap { tag in settings.tagAttributes[tag].map { "\(quoted(tag)): \(values.dictionary($0))" } }
            lines.append("    c.tagAttributes = [\(entries.joined(separator: ", "))]")
        }
        if !settings.methodCalls.isEmpty { lines.append("    c.methodCalls = [\(try settings.methodCalls.map(call).joined(separator: ", "))]") }
        if !settings.properties.isEmpty { lines.append("    c.properties = [\(try settings.properties.map(property).joined(separator: ", "))]") }
        if !settings.bindings.isEmpty { lines.append("    c.bindings = [\(try settings.bindings.map(binding).joined(separator: ", "))]") }
        if let scope = settings.scope { lines.append("    c.scope = \(Self.scope(scope))") }
        if let isLazy = settings.isLazy { lines.append("    c.isLazy = \(isLazy)") }
        if let isPublic = settings.isPublic { lines.append("    c.isPublic = \(isPublic)") }
        if let autowires = settings.autowires { lines.append("    c.autowires = \(autowires)") }
        lines += ["    d.conditionalSettings.append(c)", "}"]
        return lines
    }

    /// A source as Swift; an inner definition is a function of its own.
    func source(_ source: InjectionSource) throws(Unwritable) -> String {
        switch source {
        case .named(let name): return ".named(\(quoted(name)))"
        case .config(let value): return ".config(\(values.value(value)))"
        case .typeNamed(let name): return ".typeNamed(\(quoted(name)))"
        case .tagged(let tag): return ".tagged(\(quoted(tag)))"
        case let .taggedIndexed(tag, indexBy): return ".taggedIndexed(tag: \(quoted(tag)), indexBy: \(quoted(indexBy)))"
        case .list(let items):
            var written: [String] = []
            for item in items { written.append(try self.source(item)) }
            return ".list([\(written.joined(separator: ", "))] as [IoCCore.InjectionSource])"
        case .map(let entries):
            var written: [String] = []
            for key in entries.keys.sorted() { if let entry = entries[key] { written.append("\(quoted(key)): \(try self.source(entry))") } }
            return ".map([\(written.isEmpty ? ":" : written.joined(separator: ", "))] as [String: IoCCore.InjectionSource])"
        case .optional(let inner): return ".optional(\(try self.source(inner)))"
        case .lazy(let inner): return ".lazy(\(try self.source(inner)))"
        case .provider(let inner): return ".provider(\(try self.source(inner)))"
        case .inner(let definition): return ".inner(\(try function(making: definition)))"
        case .nilValue: return ".nilValue"
        case .defaultArgument: return ".defaultArgument"
        case .abstractArgument(let message): return ".abstractArgument(\(quoted(message)))"
        case .type, .all, .value: throw Unwritable(what: "a source given in code (\(source))")
        }
    }

    private func location(_ location: ConfigLocation?) -> String {
        location.map { values.location($0) } ?? "nil"
    }

    private func optional(_ text: String?) -> String { text.map(quoted) ?? "nil" }

    private func strings(_ list: [String]) -> String { "[\(list.map(quoted).joined(separator: ", "))] as [String]" }


    /// `.singleton`, `.custom("request")`.
    static func scope(_ scope: Scope) -> String {
        let builtIn: [(Scope, String)] = [(.prototype, "prototype"), (.singleton, "singleton"), (.weakSingleton, "weakSingleton"),
                                          (.objectGraph, "objectGraph"), (.threadLocal, "threadLocal"), (.taskLocal, "taskLocal")]
        return builtIn.first { $0.0 == scope }.map { ".\($0.1)" } ?? ".custom(\(quoted(scope.name)))"
    }
}
