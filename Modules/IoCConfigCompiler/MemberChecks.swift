import IoCCore
import IoCDeclarations

/// The checks of a definition against its type's declaration: the initializer or static
/// factory it means and where its arguments go, the properties it sets, literal values that do
/// not convert to the parameter's type, and references that make a captive dependency. Each
/// problem is the one `build()` would report, in its words; where the declaration cannot tell
/// (a class whose superclass is another module's, a custom scope), nothing is reported here and
/// `build()` checks at launch.
struct MemberChecks {
    let index: SourceIndex
    let module: String
    /// The app's builder lets a component hold a shorter-lived one (ioc-plugin.json).
    var allowsCaptiveDependencies = false
    /// The files' `parameters:`, whose values a `%key%` argument takes at launch.
    var parameters: [String: ConfigValue] = [:]

    func problems(of definitions: [Definition]) -> [IoCError] {
        var problems: [IoCError] = []
        var byName: [String: Definition] = [:]
        for definition in definitions { if let name = definition.name { byName[name] = definition } }
        for definition in definitions where definition.parent == nil {
            // Another module's type the target cannot use is reported once, as not public.
            guard let typeName = definition.typeName, let type = index.type(named: typeName, module: module), type.isVisible,
                  let shape = type.shape, isKnownWhole(shape) else { continue }
            let shortName = String(type.name.split(separator: ".").last ?? "")
            problems += initializerProblems(definition, shape, shortName, byName)
            problems += propertyProblems(definition, shape, shortName, byName)
            problems += methodProblems(definition, shape, shortName)
        }
        for definition in definitions { problems += factoryMethodProblems(definition, byName) }
        return problems
    }

    /// The methods config calls (`calls:`) and the hooks it names, chosen as `build()` chooses
    /// them among the type's methods that return nothing (the catalog's methods).
    private func methodProblems(_ definition: Definition, _ shape: TypeShape, _ typeName: String) -> [IoCError] {
        let methods = shape.methods.filter { !$0.isStatic && $0.result == nil }.map(\.callable)
        var problems: [IoCError] = []
        for call in definition.methodCalls {
            if case .failure(let problem) = DeclaredMember.chosen(methods, requested: call.method, arguments: call.arguments, kind: "method",
                                                                 type: typeName, definition) {
                problems.append(problem)
            }
        }
        let zeroArgument = methods.filter(\.parameters.isEmpty).compactMap { Signature($0.signature) }
        for hook in definition.hooks where !hook.isOptional {
            guard let signature = Signature(hook.name), !zeroArgument.contains(where: { signature.matches($0) }) else { continue }
            problems.append(unknown("method", hook.name, typeName, definition, zeroArgument.map(\.description), definition.location, suggest: true))
        }
        return problems
    }

    /// A factory method (Spring's `factory-bean` + `factory-method`, Symfony's
    /// `factory: ['@service', method]`) chosen among the methods of the factory component's
    /// type that return something, as `build()` chooses it.
    private func factoryMethodProblems(_ definition: Definition, _ byName: [String: Definition]) -> [IoCError] {
        guard case .factoryMethod(let requested) = definition.construction.kind, case .named(let factoryName)? = definition.construction.factory,
              let factory = byName[factoryName], factory.parent == nil, let factoryTypeName = factory.typeName,
              let type = index.type(named: factoryTypeName, module: module), let shape = type.shape, isKnownWhole(shape) else { return [] }
        let methods = shape.methods.filter { !$0.isStatic && $0.result != nil }.map(\.callable)
        guard case .failure(let problem) = DeclaredMember.chosen(methods, requested: requested, arguments: definition.construction.arguments,
                                                                 kind: "factory method", type: String(type.name.split(separator: ".").last ?? ""),
                                                                 definition) else { return [] }
        return [problem]
    }

    /// Whether the declaration lists every member: not a class that may inherit some from a
    /// superclass of another module.
    private func isKnownWhole(_ shape: TypeShape) -> Bool {
        guard shape.kind == .class, let first = shape.inheritedTypes.first else { return true }
        if TypeShape.isStandard(first) { return true }
        guard let declared = index.type(named: first, module: module) else { return false }
        return declared.isProtocol || isKnownWhole(declared.shape ?? shape)
    }

    /// The member the definition's construction means, chosen as `build()` chooses, and its
    /// arguments placed on its parameters; the problem, if either fails.
    private func initializerProblems(_ definition: Definition, _ shape: TypeShape, _ typeName: String,
                                     _ byName: [String: Definition]) -> [IoCError] {
        // Arguments a Symfony child appends by index are placed when the build merges them.
        guard !definition.stated.contains(.appendsArguments) else { return [] }
        let callables: [Callable]
        let requested: String?
        let kind: String
        switch definition.construction.kind {
        case .initializer(let signature):
            (callables, requested, kind) = (shape.callableInitializers, signature, "initializer")
        case .staticFactory(let signature):
            (callables, requested, kind) = (shape.staticFactories.map(\.callable), signature, "static factory")
        default:
            return []
        }
        let arguments = definition.construction.arguments
        switch DeclaredMember.chosen(callables, requested: requested, arguments: arguments, kind: kind, type: typeName, definition) {
        case .failure(let problem): return [problem]
        case .success(let (callable, targets)):
            return targets.enumerated().flatMap { position, target -> [IoCError] in
                let parameter = callable.parameters[target]
                let point = "argument \(target)" + (parameter.label.map { " '\($0)'" } ?? "")
                return pointProblems(arguments[position], type: parameter.type.trimmedDescription, point: point, definition, byName)
            }
        }
    }

    /// What `build()` would report of one injection point: a literal that does not convert to
    /// its type, or a reference to a shorter-lived component the definition would hold.
    private func pointProblems(_ given: InjectionPoint, type: String, point: String, _ definition: Definition,
                               _ byName: [String: Definition]) -> [IoCError] {
        let site = InjectionSite(component: definition.label, point: point, location: given.location ?? definition.location)
        switch given.source {
        case .config(let given):
            // A value that is one parameter (`%retries%`) is checked as the parameter's value.
            var value = given
            if case .string(let text) = given.kind, text.hasPrefix("${"), text.hasSuffix("}") {
                let key = text.dropFirst(2).dropLast()
                if !key.contains("$"), !key.contains("}"), let parameter = parameters[String(key)] { value = ConfigValue(parameter.kind, at: given.location) }
            }
            guard let failure = StandardConversions.failure(converting: value, to: type) else { return [] }
            return [IoCError(.badValue(value: failure.value.description, valueLocation: failure.value.location,
                                       target: failure.target, reason: failure.reason, site: site))]
        case .named(let name):
            guard !allowsCaptiveDependencies, let target = Self.component(named: name, byName), let holder = Self.builtInLifetime(definition.scope), holder > .perRequest,
                  !target.isLazy, let held = Self.builtInLifetime(target.scope), held < holder, held <= .perGraph else { return [] }
            return [IoCError(.captiveDependency(holder: definition.label, holderScope: definition.scope, dependency: target.label,
                                                dependencyScope: target.scope, site: site))]
        default:
            return []
        }
    }

    /// The component `name` reaches, through alias entries (`mainClient: '@weatherClient'`,
    /// `{ alias: … }`), which have no scope of their own; `nil` for a circle of aliases.
    static func component(named name: String, _ byName: [String: Definition]) -> Definition? {
        var seen: Set<String> = [name]
        var current = byName[name]
        while let definition = current, let target = definition.aliasTarget {
            guard seen.insert(target).inserted else { return nil }
            current = byName[target]
        }
        return current
    }

    /// How long instances of a built-in scope live (`nil` for a custom scope, whose lifetime is
    /// the app's to say).
    static func builtInLifetime(_ scope: Scope) -> ScopeLifetime? {
        switch scope {
        case .prototype: return .perRequest
        case .objectGraph: return .perGraph
        case .threadLocal, .taskLocal: return .perContext
        case .weakSingleton: return .whileReferenced
        case .singleton: return .container
        default: return nil
        }
    }

    private func propertyProblems(_ definition: Definition, _ shape: TypeShape, _ typeName: String,
                                  _ byName: [String: Definition]) -> [IoCError] {
        definition.properties.flatMap { property -> [IoCError] in
            guard shape.settableProperties.contains(property.name) else {
                return [unknown("property", property.name, typeName, definition, shape.settableProperties,
                                property.point.location ?? definition.location, suggest: true)]
            }
            guard let type = shape.propertyTypes[property.name] else { return [] }
            return pointProblems(property.point, type: type, point: "property '\(property.name)'", definition, byName)
        }
    }

    private func unknown(_ kind: String, _ name: String, _ type: String, _ definition: Definition, _ known: [String],
                         _ location: ConfigLocation, suggest: Bool) -> IoCError {
        IoCError(.unknownMember(kind: kind, name: name, type: type, component: definition.label, location: location, known: known,
                                suggestions: suggest ? Suggestions.closest(to: name, in: known) : []))
    }
}

/// A declared initializer or method, as member choice sees it.
struct DeclaredMember: ChoosableMember {
    let signature: Signature
    let parameterCount: Int
    /// The first parameter from which every one has a default value.
    let firstDefaulted: Int

    init?(_ callable: Callable) {
        guard let signature = Signature(callable.signature) else { return nil }
        self.signature = signature
        parameterCount = callable.parameters.count
        firstDefaulted = (callable.parameters.lastIndex { $0.defaultValue == nil } ?? -1) + 1
    }

    func hasDefaults(from position: Int) -> Bool { position >= firstDefaulted }

    /// The one of `callables` that `build()` chooses for `arguments` (``MemberChoice``), and the
    /// parameter each argument goes to; else the problem, in `build()`'s words.
    static func chosen(_ callables: [Callable], requested: String?, arguments: [InjectionPoint], kind: String, type: String,
                       _ definition: Definition) -> Result<(callable: Callable, targets: [Int]), IoCError> {
        let members = callables.compactMap { callable in DeclaredMember(callable).map { (callable, $0) } }
        return MemberChoice.choose(members.map(\.1), requested: requested, arguments: arguments, kind: kind, type: type, definition)
            .flatMap { found in
                MemberChoice.targets(of: arguments, in: members[found].1.signature, definition).map { (members[found].0, $0) }
            }
    }
}

/// The conversions of the standard types a parameter or property may be written as, by the
/// core's own converters: a literal config value that does not convert fails the build where
/// it is written, as `build()` would fail at launch. Values with placeholders are read at launch.
enum StandardConversions {
    private static let converters = ValueConverters()
    /// The type, and why a value does not convert to it (`nil`: it does).
    private typealias Conversion = (target: TypeRef, failure: @Sendable (ConfigValue) -> ConversionFailure?)

    private static func conversion<T>(_ type: T.Type) -> Conversion {
        (TypeRef(T.self), { value in
            do throws(ConversionFailure) {
                _ = try converters.convert(value, to: T.self)
                return nil
            } catch {
                return error
            }
        })
    }

    private static let byTypeName: [String: Conversion] = {
        var table: [String: Conversion] = [
            "Int": conversion(Int.self), "Int64": conversion(Int64.self), "Int32": conversion(Int32.self), "UInt": conversion(UInt.self),
            "Double": conversion(Double.self), "Float": conversion(Float.self), "Bool": conversion(Bool.self), "String": conversion(String.self),
        ]
        // NB: the Mac that builds may be older than macOS 13, where `Duration` is not.
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) { table["Duration"] = conversion(Duration.self) }
        return table
    }()

    /// Why `value` does not convert to the type written `typeName`; `nil` when it does, or when
    /// that is only known at launch (placeholders, types not listed here).
    static func failure(converting value: ConfigValue, to typeName: String) -> (value: ConfigValue, target: TypeRef, reason: String)? {
        guard let conversion = byTypeName[typeName], !mayHavePlaceholders(value), let failure = conversion.failure(value) else { return nil }
        return (failure.value, conversion.target, failure.reason)
    }

    private static func mayHavePlaceholders(_ value: ConfigValue) -> Bool {
        switch value.kind {
        case .string(let text): return text.contains("${") || text.contains("%")
        case .list(let items): return items.contains(where: mayHavePlaceholders)
        case .map(let entries): return entries.contains { mayHavePlaceholders($0.value) }
        default: return false
        }
    }
}
