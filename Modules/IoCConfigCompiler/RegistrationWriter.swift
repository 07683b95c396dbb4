import IoCCore
import IoCConfig
import IoCDeclarations

/// Writes one config definition as a code registration: the initializer (or static factory, or
/// factory method) the definition means called directly, chosen as `build()` chooses it
/// (``MemberChoice``), with the sources config gives for its arguments, properties and calls,
/// and the definition's name, scope, tags, profiles and other settings as `Registration`
/// modifiers. What the compiled form does not express yet is returned as a reason, with the
/// place that uses it.
package struct RegistrationWriter {
    struct Unsupported: Error {
        let reason: String
        let location: ConfigLocation
        /// What `build()` reports for it at launch, when it is a problem of the config: the
        /// build reports it at the config line too.
        var launchProblem: String?
    }

    let index: SourceIndex
    let module: String
    /// The definitions by name, to find a factory component's type.
    let byName: [String: Definition]
    /// A config file's path → the constant the generated code names it by.
    let fileConstants: [String: String]
    /// The inner definitions written as code registrations.
    let inners: InnerRegistrations

    /// One registration: its code (`builder.register(...)` and its modifiers), and the
    /// statements that make the Swift compiler check that each component a reference names
    /// can be what it is injected as (`_ = { (component: WeatherFixture) in let _: Int = component }`), each
    /// with the place of the reference.
    ///
    /// The code is a template: what differs from one component to the next — its name, its
    /// line, the sources of its arguments and properties — are the parameters `name`, `file`,
    /// `line` and the holes `h0`, `h1`…, so that components of one shape share one function
    /// the compiler checks once, and each component is a call of it with literals (10,000
    /// registrations written out one by one took the type checker minutes).
    struct Written {
        var template: [String] = []
        /// Each hole's type and what a call passes for it.
        var holes: [(type: String, value: HoleValue)] = []
        var typeChecks: [(location: ConfigLocation, line: String)] = []
        /// Whether the registration sets what no modifier states (`.configured`), which the
        /// core's interface for generated code has.
        var usesGeneratedInterface = false
        /// Whether it sets one of IoCConfig's settings (a deprecation).
        var usesConfigSettings = false

        /// A new hole of `type` that the call fills with `value`; its name.
        mutating func hole(_ type: String, _ value: HoleValue) -> String {
            holes.append((type, value))
            return "h\(holes.count - 1)"
        }
    }

    /// What a call passes for a hole: the common sources as plain values (which a table of
    /// rows can hold), anything else as an expression.
    enum HoleValue: Equatable {
        /// A string from config: `configText(text, file, line, column)`.
        case text(String, line: Int, column: Int)
        /// An integer from config: `configNumber(number, file, line, column)`.
        case number(Int, line: Int, column: Int)
        /// A reference by name: `.named(name)`.
        case named(String)
        case expression(String)

        /// The kind, as a row's shape names it (`expression`s have no row).
        var kind: String {
            switch self {
            case .text: return "text"
            case .number: return "number"
            case .named: return "named"
            case .expression: return "expression"
            }
        }
    }

    func lines(for definition: Definition) -> Result<Written, Unsupported> {
        // A registration that fails takes back the inner ones it wrote.
        let inner = inners.count
        do {
            return .success(try write(definition))
        } catch let unsupported as Unsupported {
            inners.truncate(to: inner)
            return .failure(unsupported)
        } catch {
            inners.truncate(to: inner)
            return .failure(Unsupported(reason: "\(error)", location: definition.location))
        }
    }

    private func unsupported(_ what: String, _ definition: Definition) -> Unsupported {
        Unsupported(reason: "\(definition.label) uses \(what)", location: definition.location)
    }

    private func write(_ definition: Definition) throws -> Written {
        try checkSettings(definition)
        var written = Written()
        let (head, typeName, shape) = try construction(definition, &written)
        var lines = [head]
        if definition.name != nil { lines.append(".named(name)") }
        if !definition.aliases.isEmpty { lines.append(".alias(\(definition.aliases.map(quoted).joined(separator: ", ")))") }
        lines.append(".scope(\(Self.scope(definition.scope)))")
        if definition.isLazy { lines.append(".lazy()") }
        if definition.isEager { lines.append(".eager()") }
        if definition.isPrimary { lines.append(".primary()") }
        if definition.isOverride { lines.append(".overriding()") }
        if !definition.profiles.isEmpty { lines.append(".profiles(\(definition.profiles.map(quoted).joined(separator: ", ")))") }
        if !definition.dependsOn.isEmpty { lines.append(".dependsOn(\(definition.dependsOn.map(quoted).joined(separator: ", ")))") }
        // A tag given twice is its entries as written: `.tagged` merges a tag's attributes.
        let tagsGivenTwice = definition.tagEntries.count != definition.tags.count
        for entry in definition.tagEntries where !tagsGivenTwice {
            if entry.attributes.isEmpty {
                lines.append(".tagged(\(quoted(entry.name)))")
            } else {
                let attributes = entry.attributes.keys.sorted().compactMap { key in
                    entry.attributes[key].map { "\(quoted(key)): \(written.hole("IoCCore.ConfigValue", .expression(value($0))))" }
                }
                lines.append(".tagged(\(quoted(entry.name)), attributes: [\(attributes.joined(separator: ", "))])")
            }
        }
        for exposure in try exposures(definition, shape) {
            lines.append(".as(\(exposure).self) { $0 }")
        }
        if let shape {
            for property in definition.properties {
                guard let type = shape.propertyTypes[property.name] else {
                    // A type Swift infers from an expression: a key path infers it too. Swift forms
                    // none to a main-actor property outside the main actor.
                    guard !shape.isMainActor else {
                        throw Unsupported(reason: "\(definition.label) sets property \(property.name) of a main-actor type, whose type its declaration does not write",
                                          location: property.point.location ?? definition.location)
                    }
                    let source = written.hole("IoCCore.InjectionSource", try holeValue(property.source, definition))
                    lines.append(".property(\\\(typeName).\(property.name), \(source), name: \(quoted(property.name)))")
                    continue
                }
                // A main-actor type's property is set on the main actor (`onMainActor:`).
                lines.append(".property(\(quoted(property.name)), source: \(written.hole("IoCCore.InjectionSource", try holeValue(property.source, definition)))"
                             + shape.trailing("{ (instance: inout \(typeName), value: \(index.qualified(type))) in instance.\(property.name) = value }"))
            }
            if let mode = definition.propertyAutowiring { lines += try autowiredProperties(mode, of: shape, typeName, definition, &written) }
            for call in definition.methodCalls { lines.append(try callLine(call, of: shape, typeName, definition, &written)) }
            for hook in definition.hooks { lines += try hookLines(hook, of: shape, definition) }
            for property in definition.properties {
                if let type = shape.propertyTypes[property.name] { written.typeChecks += typeCheck(property.point, type, definition) }
            }
        } else if !definition.properties.isEmpty || !definition.methodCalls.isEmpty || !definition.hooks.isEmpty || definition.propertyAutowiring != nil {
            throw unsupported("properties, calls or hooks on a type not declared in these sources", definition)
        }
        if let settings = configuredSettings(definition, tagsGivenTwice: tagsGivenTwice, &written) { lines.append(settings) }
        written.template = lines
        return written
    }

    /// `.configured { … }`: what a config file sets that no modifier states — `public: false`,
    /// `autowire: false`, public aliases, deprecations, `autowire-candidate`, `<meta>`, qualifiers, a tag given twice.
    private func configuredSettings(_ definition: Definition, tagsGivenTwice: Bool, _ written: inout Written) -> String? {
        var settings: [String] = []
        if !definition.isPublic { settings.append("$0.isPublic = false") }
        if !definition.publicAliases.isEmpty { settings.append("$0.publicAliases = [\(definition.publicAliases.map(quoted).joined(separator: ", "))]") }
        if let deprecation = definition.deprecation { settings.append("$0.deprecation = \(quoted(deprecation))") }
        if !definition.deprecatedAliases.isEmpty { settings.append("$0.deprecatedAliases = \(ConfigValueWriter.texts(definition.deprecatedAliases))") }
        if !definition.autowires { settings.append("$0.autowires = false") }
        if !definition.isAutowireCandidate { settings.append("$0.isAutowireCandidate = false") }
        if !definition.metadata.isEmpty { settings.append("$0.metadata = \(ConfigValueWriter.texts(definition.metadata))") }
        if !definition.qualifiers.isEmpty { settings.append("$0.qualifiers = [\(definition.qualifiers.map(quoted).joined(separator: ", "))]") }
        if definition.deprecation != nil || !definition.deprecatedAliases.isEmpty || !definition.metadata.isEmpty || !definition.qualifiers.isEmpty {
            written.usesConfigSettings = true
        }
        if tagsGivenTwice {
            let values = ConfigValueWriter(fileConstants: fileConstants)
            settings.append("$0.tagEntries = [\(definition.tagEntries.map(values.tagEntry).joined(separator: ", "))]")
        }
        guard !settings.isEmpty else { return nil }
        written.usesGeneratedInterface = true
        return ".configured { \(settings.joined(separator: "; ")) }"
    }

    /// A statement the Swift compiler rejects when the component `point` references by name
    /// cannot be injected as `type`; none when the reference's type is not known here (a
    /// component of another module, one the app registers) or is injected through a wrapper.
    private func typeCheck(_ point: InjectionPoint, _ type: String, _ definition: Definition) -> [(location: ConfigLocation, line: String)] {
        guard case .named(let name) = point.source, let target = byName[name], let targetType = componentType(target),
              !["Lazy<", "Provider<", "[", "some ", "Optional<", "@"].contains(where: type.hasPrefix) else { return [] }
        return [(point.location ?? definition.location, "_ = { (component: \(targetType)) in let _: \(index.qualified(type)) = component }")]
    }

    /// A typed accessor for a named public component whose type these sources declare:
    /// `var checkout: Checkout { get throws { try container.resolve(Checkout.self, name: "checkout") } }`.
    func accessor(for definition: Definition) -> (property: String, type: String, name: String)? {
        guard let name = definition.name, definition.isPublic, !definition.isAbstract, definition.parent == nil,
              let type = componentType(definition), let property = Self.identifier(name), property != "container" else { return nil }
        return (property, type, name)
    }

    /// A Swift property name for a component's name: the name itself when it is one
    /// (`reportService`), else its words in lower camel case (`report.service`, `App\\Mailer`:
    /// `reportService`, `appMailer`); in backticks when it is a keyword.
    package static func identifier(_ name: String) -> String? {
        let words = name.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        guard let first = words.first else { return nil }
        var identifier = words.count == 1 ? first : first.prefix(1).lowercased() + first.dropFirst()
            + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let head = identifier.first, head.isLetter || head == "_", identifier.allSatisfy({ $0.isASCII }) else { return nil }
        if keywords.contains(identifier) { identifier = "`\(identifier)`" }
        return identifier
    }

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break",
        "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch",
        "where", "while", "as", "Any", "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try",
    ]

    /// The Swift type of the component `definition` makes, when these sources declare it.
    private func componentType(_ definition: Definition) -> String? {
        if case .factoryMethod(let signature) = definition.construction.kind {
            guard case .named(let factoryName)? = definition.construction.factory, let factory = byName[factoryName],
                  let factoryTypeName = factory.typeName, let shape = index.type(named: factoryTypeName, module: module)?.shape else { return nil }
            let baseName = String(signature.prefix { $0 != "(" })
            let products = Set(shape.methods.filter { !$0.isStatic && $0.callable.baseName == baseName }.compactMap(\.result))
            guard products.count == 1, let product = products.first, let type = index.type(named: product, module: module) else { return nil }
            return type.name
        }
        guard let typeName = definition.typeName, let type = index.type(named: typeName, module: module), !type.isProtocol else { return nil }
        return type.name
    }

    /// The settings the compiled form has no modifier for: what ``AppliedAtBuild`` left as written.
    private func checkSettings(_ definition: Definition) throws {
        // Why a group is left as written (docs/Configuration.md, "Applied at build").
        let group = ", in a group the plugin applies at build only when it names at most one profile, no placeholder in a name its members "
            + "relate by, and only components the files define"
        if definition.parent != nil { throw unsupported("a parent" + group, definition) }
        if definition.aliasTarget != nil { throw unsupported("an alias to another component" + group, definition) }
        if definition.decorates != nil { throw unsupported("decorates" + group, definition) }
        if definition.resource != nil {
            throw unsupported("resource, which the plugin applies at build only when every resource of the files selects the target's own types "
                              + "with no placeholder in its prefix", definition)
        }
        if !definition.conditionalSettings.isEmpty { throw unsupported("_instanceof, which the plugin applies at build only where the sources declare the types it relates, written without a placeholder", definition) }
        if definition.strategyName != nil { throw unsupported("a construction strategy", definition) }
    }

    // MARK: Construction

    /// `builder.register(...)`, the Swift name of the type registered, and its declaration.
    private func construction(_ definition: Definition, _ written: inout Written) throws -> (String, String, TypeShape?) {
        let place = "file: file, line: line"
        switch definition.construction.kind {
        case .initializer(let requested):
            let (type, shape) = try declared(definition)
            let members = shape.callableInitializers
            let (callable, given) = try chosen(members, requested: requested, kind: "initializer", type: type, definition)
            let arguments = try bound(given, of: callable, definition)
            written.typeChecks += typeChecks(callable, arguments, definition)
            return (try registerCall(calling: shape.typeName, callable, arguments, throwing: shape.initializers.first { $0.callable.signature == callable.signature }?.isThrowing ?? false,
                                     mainActor: shape.isMainActor, place: place, definition, &written), shape.typeName, shape)
        case .staticFactory(let requested):
            let (type, shape) = try declared(definition)
            // The catalog has no static factory of a main-actor type: the build reports it.
            if shape.isMainActor { throw unsupported("a static factory of a main-actor type", definition) }
            let factories = shape.staticFactories
            let (callable, given) = try chosen(factories.map(\.callable), requested: requested, kind: "static factory", type: type, definition)
            let arguments = try bound(given, of: callable, definition)
            written.typeChecks += typeChecks(callable, arguments, definition)
            let throwing = factories.first { $0.callable.signature == callable.signature }?.isThrowing ?? false
            return (try registerCall(calling: "\(shape.typeName).\(callable.baseName)", callable, arguments, throwing: throwing, mainActor: false,
                                     place: place, definition, &written),
                    shape.typeName, shape)
        case .factoryMethod(let requested):
            guard case .named(let factoryName)? = definition.construction.factory, let factory = byName[factoryName],
                  let factoryTypeName = factory.typeName, let factoryType = index.type(named: factoryTypeName, module: module),
                  let factoryShape = factoryType.shape else {
                throw unsupported("a factory component whose type is not declared in these sources", definition)
            }
            if factoryShape.isMainActor { throw unsupported("a factory method of a main-actor type", definition) }
            let methods = factoryShape.methods.filter { !$0.isStatic && $0.result != nil }
            let (callable, given) = try chosen(methods.map(\.callable), requested: requested, kind: "factory method",
                                               type: shortName(factoryType.name), definition)
            let arguments = try bound(given, of: callable, definition)
            guard let method = methods.first(where: { $0.callable.signature == callable.signature }), let product = method.result,
                  callable.parameters.count == method.callable.parameters.count else {
                throw unsupported("a factory method whose parameters have default values", definition)
            }
            if !definition.autowires, arguments.count < callable.parameters.count {
                throw unsupported("autowire: false, and leaves out an argument of \(callable.signature)", definition)
            }
            written.typeChecks += typeChecks(callable, arguments, definition)
            // A closure with its types written, not a method reference: a reference to a method
            // a macro gives a peer of the same name is ambiguous to the type checker.
            let call = callable.closure(calling: "factory.\(callable.baseName)", isThrowing: method.isThrowing)
            var head = "builder.register(factoryMethod: { (factory: \(factoryShape.typeName)) in \(call) }, of: .named(\(quoted(factoryName))), \(place))"
            for (position, point) in arguments.sorted(by: { $0.key < $1.key }) {
                head += ".argument(\(position), \(written.hole("IoCCore.InjectionSource", try holeValue(point.source, definition))))"
            }
            let productType = index.type(named: product, module: module)
            if productType?.shape?.isMainActor == true { throw unsupported("a factory method making a main-actor type", definition) }
            return (head, productType?.name ?? product, productType?.shape)
        default:
            throw unsupported("construction \(definition.construction.kind)", definition)
        }
    }

    private func declared(_ definition: Definition) throws -> (String, TypeShape) {
        guard let typeName = definition.typeName, let type = index.type(named: typeName, module: module), let shape = type.shape else {
            throw unsupported("a type no source of the target or its dependencies declares or extends: declare what config calls in an extension of it", definition)
        }
        return (shortName(type.name), shape)
    }

    /// The member `definition` means and, by parameter position, the sources its arguments give.
    private func chosen(_ callables: [Callable], requested: String?, kind: String, type: String,
                        _ definition: Definition) throws -> (Callable, [Int: InjectionPoint]) {
        let given = definition.construction.arguments
        switch DeclaredMember.chosen(callables, requested: requested, arguments: given, kind: kind, type: type, definition) {
        case .failure(let problem):
            throw Unsupported(reason: problem.description, location: problem.location ?? definition.location)
        case .success(let (callable, targets)):
            var sources: [Int: InjectionPoint] = [:]
            for (position, target) in targets.enumerated() { sources[target] = given[position] }
            return (callable, sources)
        }
    }

    /// `given` with the source `bind` gives each parameter the definition leaves out, as
    /// `build()` gives it (IoCConfig's `ArgumentBindings`): the first binding whose label (if
    /// it has one) is the parameter's, and whose type (if it names one) is the parameter's.
    /// A standard type (`String`) decides by its name, as the catalog knows it; a binding by a
    /// type these sources cannot decide (another module's, an optional) is not compiled.
    private func bound(_ given: [Int: InjectionPoint], of callable: Callable, _ definition: Definition) throws -> [Int: InjectionPoint] {
        let bindings = definition.bindings
        guard !bindings.isEmpty else { return given }
        var result = given
        for (position, parameter) in callable.parameters.enumerated() where result[position] == nil {
            for binding in bindings where binding.parameter == nil || binding.parameter == parameter.label {
                if let typeName = binding.typeName {
                    let written = parameter.type.trimmedDescription
                    if let bound = index.type(named: typeName, module: module), let declared = index.type(named: SourceIndex.named(written), module: module) {
                        guard bound.name == declared.name else { continue }
                    } else if Self.standardTypes.contains(written), index.type(named: typeName, module: module) == nil {
                        // A standard type has its Swift name in the catalog: the launch compares names.
                        guard typeName == written else { continue }
                    } else {
                        throw unsupported("bind by type (\(typeName)), which these sources do not decide for \(written)", definition)
                    }
                }
                result[position] = InjectionPoint(label: parameter.label, source: binding.source, location: binding.location)
                break
            }
        }
        return result
    }

    /// The type checks of the arguments given to `callable`'s parameters.
    private func typeChecks(_ callable: Callable, _ arguments: [Int: InjectionPoint], _ definition: Definition) -> [(location: ConfigLocation, line: String)] {
        arguments.sorted { $0.key < $1.key }.flatMap { position, point in
            position < callable.parameters.count ? typeCheck(point, callable.parameters[position].type.trimmedDescription, definition) : []
        }
    }

    /// `builder.register({ (p0: A, p1: B) in T(a: p0, b: p1) }, file: …, line: …)` (`register(mainActor:`
    /// for a main-actor type's initializer, which the main actor calls) with an
    /// `.argument` for each given source. Parameters with defaults that config leaves out are
    /// left out of the call (Swift fills them, as the catalog's defaults do).
    private func registerCall(calling function: String, _ callable: Callable, _ sources: [Int: InjectionPoint], throwing: Bool,
                              mainActor: Bool, place: String, _ definition: Definition, _ written: inout Written) throws -> String {
        var parameters: [String] = []
        var arguments: [String] = []
        var modifiers: [String] = []
        let lastKept = callable.parameters.indices.last { sources[$0] != nil || callable.parameters[$0].defaultValue == nil } ?? -1
        for (position, parameter) in callable.parameters.enumerated() {
            let given = sources[position]
            if given == nil, parameter.defaultValue != nil, parameter.label != nil || position > lastKept { continue }
            // Autowiring off: a parameter config leaves out, which its declaration gives no
            // source and no module setting supplies, is a problem `build()` reports: so does the build.
            if given == nil, parameter.defaultValue == nil, !definition.autowires {
                var problem = unsupported("autowire: false, and leaves out parameter \(position) '\(parameter.label ?? "_")'", definition)
                if parameter.source == nil, !definition.suppliesParameters {
                    problem.launchProblem = IoCError.notGivenWithAutowiringOff(definition, signature: callable.signature, position: position,
                                                                               label: parameter.label).description
                }
                throw problem
            }
            let name = "p\(parameters.count)"
            if let given { modifiers.append(".argument(\(parameters.count), \(written.hole("IoCCore.InjectionSource", try holeValue(given.source, definition))))") }
            parameters.append("\(name): \(index.qualified(parameter.type.trimmedDescription))")
            arguments.append(parameter.label.map { "\($0): \(name)" } ?? name)
        }
        let head = parameters.isEmpty ? "" : "(\(parameters.joined(separator: ", "))) in "
        let call = "{ \(head)\(throwing ? "try " : "")\(function)(\(arguments.joined(separator: ", "))) }"
        return (["builder.register(\(mainActor ? "mainActor: " : "")\(call), \(place))"] + modifiers).joined()
    }

    // MARK: Settings

    /// The types the component is injectable as: those config lists (`as:`), else every
    /// protocol and superclass of these sources its declaration conforms to, as the catalog's
    /// conformances expose it.
    private func exposures(_ definition: Definition, _ shape: TypeShape?) throws -> [String] {
        let names = definition.exposedAs.compactMap(\.typeName)
        if !names.isEmpty {
            return try names.map { name in
                guard let type = index.type(named: name, module: module) else {
                    throw unsupported("as: \(name), a type not declared in these sources", definition)
                }
                return swiftType(type)
            }
        }
        guard definition.exposesConformances, let shape else { return [] }
        return shape.inheritedTypes.compactMap { index.type(named: $0, module: module).map(swiftType) }
    }

    /// Spring's `autowire="byName"`/`"byType"`, as IoCConfig's pass applies it at build: each
    /// settable property of the catalog's entry that config does not set, in the entry's order,
    /// autowired (`.autowiredProperty`, which leaves plain values alone at launch, as the pass does).
    private func autowiredProperties(_ mode: PropertyAutowiring, of shape: TypeShape, _ typeName: String, _ definition: Definition,
                                     _ written: inout Written) throws -> [String] {
        if shape.isMainActor { throw unsupported("autowire=\"\(mode)\" on a main-actor type", definition) }
        let given = Set(definition.properties.map(\.name))
        var lines: [String] = []
        for property in shape.settableProperties where !given.contains(property) {
            // A property its declaration gives a source (`@Named`) is the catalog's to describe.
            guard !shape.injectedProperties.contains(where: { $0.name == property }), let type = shape.propertyTypes[property] else {
                throw unsupported("autowire=\"\(mode)\", and property \(property), whose type or source its declaration leaves to the catalog", definition)
            }
            lines.append(".autowiredProperty(\(quoted(property)), byName: \(mode == .byName)) "
                         + "{ (instance: inout \(typeName), value: \(index.qualified(type))) in instance.\(property) = value }")
        }
        written.usesGeneratedInterface = true
        return lines
    }

    private func callLine(_ call: MethodInjection, of shape: TypeShape, _ typeName: String, _ definition: Definition,
                          _ written: inout Written) throws -> String {
        let methods = shape.methods.filter { !$0.isStatic && $0.result == nil }
        guard case .success(let (callable, targets)) = DeclaredMember.chosen(methods.map(\.callable), requested: call.method, arguments: call.arguments,
                                                                           kind: "method", type: shortName(typeName), definition),
              let method = methods.first(where: { $0.callable.signature == callable.signature }) else {
            throw unsupported("a call of \(call.method), which its declaration does not have as the compiled form needs it", definition)
        }
        var sources = [String](repeating: "nil", count: method.callable.parameters.count)
        for (position, target) in targets.enumerated() {
            sources[target] = written.hole("IoCCore.InjectionSource", try holeValue(call.arguments[position].source, definition))
        }
        if !definition.autowires, sources.contains("nil") {
            throw unsupported("autowire: false, and leaves out an argument of \(call.method)", definition)
        }
        return ".call(\(quoted(method.callable.signature)), arguments: [\(sources.joined(separator: ", "))]"
            + shape.trailing("{ \(shape.methodClosure(method.callable, isThrowing: method.isThrowing)) }")
    }

    private func hookLines(_ hook: LifecycleHook, of shape: TypeShape, _ definition: Definition) throws -> [String] {
        let name = String(hook.name.prefix { $0 != "(" })
        guard let method = shape.methods.first(where: { !$0.isStatic && $0.callable.baseName == name && $0.callable.parameters.isEmpty }) else {
            if hook.isOptional { return [] }
            throw unsupported("hook \(hook.name), which its declaration does not have", definition)
        }
        let modifier: String
        switch hook.kind {
        case .beforeInjection: modifier = "beforeInjection"
        case .afterInjection: modifier = "afterInjection"
        case .dispose: modifier = "onDispose"
        default: throw unsupported("a \(hook.kind) hook", definition)
        }
        return [".\(modifier)(named: \(quoted(hook.name))" + shape.trailing("{ \(method.isThrowing ? "try " : "")$0.\(name)() }")]
    }

    // MARK: Sources and values as Swift

    /// A source as a hole's value: the common ones plain, the rest as Swift.
    private func holeValue(_ source: InjectionSource, _ definition: Definition) throws -> HoleValue {
        switch source {
        case .named(let name): return .named(name)
        case .config(let config) where fileConstants[config.location.file] != nil:
            switch config.kind {
            case .string(let text): return .text(text, line: config.location.line, column: config.location.column)
            case .int(let number): return .number(number, line: config.location.line, column: config.location.column)
            default: return .expression(try self.source(source, definition))
            }
        default: return .expression(try self.source(source, definition))
        }
    }

    private func source(_ source: InjectionSource, _ definition: Definition) throws -> String {
        switch source {
        case .named(let name): return ".named(\(quoted(name)))"
        case .config(let config): return ".config(\(value(config)))"
        case .typeNamed(let name):
            guard let type = index.type(named: name, module: module) else { throw unsupported("a reference by type to \(name)", definition) }
            return ".type(IoCCore.TypeRef(\(swiftType(type)).self))"
        case .tagged(let tag): return ".tagged(\(quoted(tag)))"
        case let .taggedIndexed(tag, indexBy): return ".taggedIndexed(tag: \(quoted(tag)), indexBy: \(quoted(indexBy)))"
        case .list(let items): return ".list([\(try items.map { try self.source($0, definition) }.joined(separator: ", "))])"
        case .map(let entries):
            let written = try entries.keys.sorted().compactMap { key in try entries[key].map { "\(quoted(key)): \(try self.source($0, definition))" } }
            return ".map([\(written.isEmpty ? ":" : written.joined(separator: ", "))])"
        case .optional(let inner): return ".optional(\(try self.source(inner, definition)))"
        case .lazy(let inner): return ".lazy(\(try self.source(inner, definition)))"
        case .provider(let inner): return ".provider(\(try self.source(inner, definition)))"
        case .nilValue: return ".nilValue"
        case .inner(let inner):
            // A code registration of its own.
            switch lines(for: inner) {
            case .success(let written): return inners.add(written, name: inner.name, at: inner.location)
            case .failure(let unsupported): throw Unsupported(reason: "\(definition.label) has an inner definition: \(unsupported.reason)", location: unsupported.location)
            }
        default: throw unsupported("the source \(source)", definition)
        }
    }

    /// Types whose name in Swift code is the name the catalog knows them by (no alias stands
    /// for them), so a binding by type decides by name.
    static let standardTypes: Set<String> = ["String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64",
                                             "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "URL", "Date", "Data", "UUID"]

    /// A scope as Swift code writes it: `.singleton`, `.custom("request")`.
    static func scope(_ scope: Scope) -> String {
        let builtIn: [(Scope, String)] = [(.prototype, "prototype"), (.singleton, "singleton"), (.weakSingleton, "weakSingleton"),
                                          (.objectGraph, "objectGraph"), (.threadLocal, "threadLocal"), (.taskLocal, "taskLocal")]
        return builtIn.first { $0.0 == scope }.map { ".\($0.1)" } ?? ".custom(\(quoted(scope.name)))"
    }

    private func value(_ value: ConfigValue) -> String { ConfigValueWriter(fileConstants: fileConstants).value(value) }

    private func swiftType(_ type: SourceIndex.DeclaredType) -> String {
        type.isProtocol ? "(any \(type.name))" : type.name
    }

    private func shortName(_ name: String) -> String { String(name.split(separator: ".").last ?? "") }
}

/// Config values as Swift: `IoCCore.ConfigValue(.int(5), at: IoCCore.ConfigLocation(file: file0, line: 3, column: 9))`.
struct ConfigValueWriter {
    /// A config file's path → the constant the generated code names it by.
    let fileConstants: [String: String]

    func value(_ value: ConfigValue) -> String {
        let kind: String
        switch value.kind {
        case .null: kind = ".null"
        case .bool(let flag): kind = ".bool(\(flag))"
        case .int(let number): kind = ".int(\(number))"
        case .double(let number): kind = ".double(\(number))"
        case .string(let text): kind = ".string(\(quoted(text)))"
        case .list(let items): kind = ".list([\(items.map(self.value).joined(separator: ", "))])"
        case .map(let entries): kind = ".map([\(entries.map { "(key: \(quoted($0.key)), value: \(self.value($0.value)))" }.joined(separator: ", "))])"
        }
        return "IoCCore.ConfigValue(\(kind), at: \(location(value.location)))"
    }

    /// `["key": value, …]` in key order, `[:]` when empty.
    func dictionary(_ entries: [String: ConfigValue]) -> String {
        let written = entries.keys.sorted().compactMap { key in entries[key].map { "\(quoted(key)): \(value($0))" } }
        return written.isEmpty ? "[:]" : "[\(written.joined(separator: ", "))]"
    }

    /// `IoCCore.TagEntry("mail", ["transport": …])`.
    func tagEntry(_ entry: TagEntry) -> String {
        entry.attributes.isEmpty ? "IoCCore.TagEntry(\(quoted(entry.name)))" : "IoCCore.TagEntry(\(quoted(entry.name)), \(dictionary(entry.attributes)))"
    }

    /// `["key": "text", …]` in key order, `[:]` when empty.
    static func texts(_ entries: [String: String]) -> String {
        entries.isEmpty ? "[:]" : "[" + entries.keys.sorted().map { "\(quoted($0)): \(quoted(entries[$0] ?? ""))" }.joined(separator: ", ") + "]"
    }

    func location(_ location: ConfigLocation) -> String {
        guard let constant = fileConstants[location.file] else { return ".unknown" }
        return "IoCCore.ConfigLocation(file: \(constant), line: \(location.line), column: \(location.column))"
    }
}
