import SwiftDiagnostics
import SwiftSyntax

/// What `@Component` and `@Catalogued` read off a type declaration: its kind, its
/// inheritance list, and the members the container uses.
package struct TypeShape {
    package enum Kind: String {
        case `class` = "a class", `struct` = "a struct", actor = "an actor"
        /// A type of a module without sources here (Foundation's `URL`), known only by the
        /// extensions of it the target declares: config calls what they declare, no more.
        case extended = "a type of another module"
    }

    /// A property the container sets: `@Inject` or `@Value`.
    package struct InjectedProperty {
        package let name: String
        package let type: String
        /// `.named("x")`, `.tagged("t")`, `.config(.string("..."))`; `nil`: by type.
        package let source: String?

        /// `{ (instance: inout T, value: V) in instance.x = value }`. A key path would do for a
        /// stored property, but writing through one reads the property first, which an
        /// injected property without a value does not allow.
        package func setter(of typeName: String) -> String {
            "{ (instance: inout \(typeName), value: \(type)) in instance.\(name) = value }"
        }

        /// How `Registration` is given ``setter(of:)``: a trailing closure, or `onMainActor:`.
        package func setterArgument(of typeName: String, mainActor: Bool) -> String {
            mainActor ? ", onMainActor: \(setter(of: typeName)))" : ") \(setter(of: typeName))"
        }
    }

    /// An `@AfterInjection`, `@BeforeInjection` or `@Dispose` method.
    package struct Hook {
        /// The `Registration` method: `afterInjection`, `beforeInjection`, `onDispose`.
        package let registration: String
        package let name: String
        package let isThrowing: Bool
    }

    /// A method of the type: what calling it takes and gives.
    package struct Method {
        package let callable: Callable
        package let isStatic: Bool
        package let isThrowing: Bool
        /// The declared result, `nil` for none (`Void`).
        package let result: String?
    }

    /// An initializer the container or the catalog can call.
    package struct Initializer {
        package let callable: Callable
        package let isThrowing: Bool
        package let isMarked: Bool
        package let node: InitializerDeclSyntax
    }

    /// Who calls the members: the type's own module (every member that is not private), or
    /// another module, which sees the public and open ones (and the package ones, from the
    /// same package) and no memberwise or implicit initializer.
    package enum Reader: Equatable {
        case ownModule
        case otherModule(samePackage: Bool)
    }

    package let kind: Kind
    /// The type as the extension names it (`Outer.Inner`).
    package let typeName: String
    package private(set) var reader: Reader = .ownModule
    /// While an extension that states an access level is read: its members' default.
    private var extensionAccess: Keyword?
    package private(set) var inheritedTypes: [String]
    /// Isolated to the main actor: marked `@MainActor`, or `@Component(mainActor: true)` for a
    /// type that inherits its isolation (a `UIViewController` subclass). Its registration and
    /// catalog entry use the main-actor forms, and their members are `nonisolated`.
    package var isMainActor = false
    package var initializers: [Initializer] = []
    /// Declared initializers the container cannot call (failable, async, generic), with why.
    package var unusableInitializers: [(node: InitializerDeclSyntax, signature: String, reason: String)] = []
    package var injectedProperties: [InjectedProperty] = []
    /// Every property a config file may set: `var`s that are not private, not static.
    package var settableProperties: [String] = []
    /// The declared types of the settable properties that state one.
    package var propertyTypes: [String: String] = [:]
    package var hooks: [Hook] = []
    /// `@Provides` instance methods: factory methods of the type.
    package var factoryMethods: [(callable: Callable, isThrowing: Bool)] = []
    /// `@Inject` methods: method injection.
    package var injectedMethods: [(callable: Callable, isThrowing: Bool)] = []
    /// Every method a caller outside the type can call, annotated or not (config names them:
    /// hooks, calls, factory methods); static ones are the type's static factories.
    package var methods: [Method] = []
    /// Initializers declared in extensions, which leave a struct its memberwise initializer.
    private var initializersInExtensions = 0
    /// Stored properties in order, for a struct's memberwise initializer: (name, type, has a default, is a let).
    package var storedProperties: [(name: String, type: TypeSyntax?, hasDefault: Bool, isLet: Bool)] = []

    /// Reads the declaration, or reports why it cannot be a component and returns `nil`.
    package static func read(_ declaration: some DeclGroupSyntax, typeName: String, macro: String, attribute: AttributeSyntax?,
                             reader: Reader = .ownModule, diagnose: (Diagnostic) -> Void) -> TypeShape? {
        let kind: Kind
        let generics: GenericParameterClauseSyntax?
        if let decl = declaration.as(ClassDeclSyntax.self) {
            kind = .class
            generics = decl.genericParameterClause
        } else if let decl = declaration.as(StructDeclSyntax.self) {
            kind = .struct
            generics = decl.genericParameterClause
        } else if let decl = declaration.as(ActorDeclSyntax.self) {
            kind = .actor
            generics = decl.genericParameterClause
        } else {
            let what: String
            switch declaration.kind {
            case .enumDecl: what = "an enum"
            case .protocolDecl: what = "a protocol"
            case .extensionDecl: what = "an extension"
            default: what = "this declaration"
            }
            diagnose(Diagnostic(node: attribute.map(Syntax.init) ?? Syntax(declaration), message: AnnotationDiagnostic.notAComponentType(macro, kind: what)))
            return nil
        }
        if generics != nil {
            diagnose(Diagnostic(node: attribute.map(Syntax.init) ?? Syntax(declaration), message: AnnotationDiagnostic.genericComponent(macro, typeName)))
            return nil
        }
        let inherited = declaration.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        var shape = TypeShape(kind: kind, typeName: typeName, inheritedTypes: inherited)
        shape.reader = reader
        shape.isMainActor = declaration.attributes.contains("MainActor") || attribute?.argument("mainActor")?.booleanLiteral == true
        for member in declaration.memberBlock.members {
            shape.read(member.decl)
        }
        return shape
    }

    /// A type whose declaration is not in the sources read (another module's, without sources
    /// here), as the target's `extensions` of it show it: their initializers, static factories,
    /// methods and properties. It has no implicit initializer.
    package static func extended(typeName: String, by extensions: [ExtensionDeclSyntax]) -> TypeShape {
        var shape = TypeShape(kind: .extended, typeName: typeName, inheritedTypes: [])
        for declaration in extensions { shape.read(extension: declaration) }
        return shape
    }

    /// Adds what an extension of the type declares: its members and its conformances.
    package mutating func read(extension declaration: ExtensionDeclSyntax) {
        inheritedTypes += declaration.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        let before = initializers.count + unusableInitializers.count
        extensionAccess = [Keyword.public, .open, .package, .internal].first { declaration.modifiers.contains($0) }
        defer { extensionAccess = nil }
        for member in declaration.memberBlock.members {
            read(member.decl)
        }
        initializersInExtensions += initializers.count + unusableInitializers.count - before
    }

    /// Whether the type declares an initializer in its own body (a class that declares none
    /// inherits its superclass's; a struct that declares none has a memberwise one).
    package var declaresInitializers: Bool {
        initializers.count + unusableInitializers.count > initializersInExtensions
    }

    /// Takes the initializers, properties and methods a subclass inherits from `superclass`
    /// (a class that declares no initializer inherits its superclass's designated ones).
    package mutating func inherit(from superclass: TypeShape) {
        if !declaresInitializers {
            initializers = superclass.initializers + initializers
        }
        settableProperties = superclass.settableProperties.filter { !settableProperties.contains($0) } + settableProperties
        propertyTypes.merge(superclass.propertyTypes) { own, _ in own }
        methods = superclass.methods.filter { !$0.isStatic } + methods
        isMainActor = isMainActor || superclass.isMainActor
    }

    private mutating func read(_ decl: DeclSyntax) {
        if let variable = decl.as(VariableDeclSyntax.self) {
            read(variable)
        } else if let initializer = decl.as(InitializerDeclSyntax.self) {
            read(initializer)
        } else if let function = decl.as(FunctionDeclSyntax.self) {
            read(function)
        }
    }

    private mutating func read(_ variable: VariableDeclSyntax) {
        guard !variable.modifiers.isStatic else { return }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let isComputed = binding.accessorBlock.map(Self.isComputed) ?? false
            if !isComputed {
                storedProperties.append((name, binding.typeAnnotation?.type, binding.initializer != nil, isLet))
            }
            let injected = variable.attributes.first(named: ["Inject", "Value"])
            let settable = !isLet && isVisible(variable.modifiers) && isSetterVisible(variable.modifiers)
                && (!isComputed || binding.accessorBlock.map(Self.hasSetter) == true)
            if settable && kind != .actor {
                settableProperties.append(name)
                if let type = binding.typeAnnotation?.type.trimmedDescription ?? binding.initializer.flatMap(Self.literalType) { propertyTypes[name] = type }
            }
            // Misuse is reported by @Inject and @Value themselves; only a correct one is used.
            guard let injected, AnnotationRules.injectedPropertyProblem(variable, attribute: injected.simpleName, inActor: kind == .actor) == nil else { continue }
            injectedProperties.append(InjectedProperty(name: name, type: binding.typeAnnotation?.type.trimmedDescription ?? "",
                                                       source: Self.source(of: injected)))
        }
    }

    /// The type Swift infers for a property whose initial value is a plain literal
    /// (`var count = 0`: `Int`); `nil` for any other expression.
    static func literalType(_ initializer: InitializerClauseSyntax) -> String? {
        let value = initializer.value
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        return nil
    }

    /// Where an `@Inject`/`@Value` property comes from, as Swift source.
    package static func source(of attribute: AttributeSyntax) -> String? {
        if attribute.simpleName == "Value" {
            return attribute.argument(nil).map { ".config(.string(\($0.trimmedDescription)))" }
        }
        if let tag = attribute.argument("tagged") { return ".tagged(\(tag.trimmedDescription))" }
        return attribute.argument(nil).map { ".named(\($0.trimmedDescription))" }
    }

    private mutating func read(_ initializer: InitializerDeclSyntax) {
        let callable = Callable(baseName: "init", parameters: initializer.signature.parameterClause.parameters.map(ParameterShape.init))
        let reason: String?
        if initializer.optionalMark != nil {
            reason = "it is failable; the container needs an instance or an error, so make it throw instead"
        } else if initializer.signature.effectSpecifiers?.isAsync == true {
            reason = "it is async; register async factories in code with register(_:asyncFactory:)"
        } else if initializer.genericParameterClause != nil {
            reason = "it is generic"
        } else if !callable.isUsable {
            reason = "a parameter is variadic, inout or opaque ('some')"
        } else if initializer.modifiers.isPrivate {
            reason = "it is private"
        } else if !isVisible(initializer.modifiers) {
            reason = "it is not public, and its type is another module's"
        } else {
            reason = nil
        }
        if let reason {
            unusableInitializers.append((initializer, callable.signature, reason))
            return
        }
        initializers.append(Initializer(callable: callable,
                                        isThrowing: initializer.signature.effectSpecifiers?.isThrowing ?? false,
                                        isMarked: initializer.attributes.contains("Inject"),
                                        node: initializer))
    }

    private mutating func read(_ function: FunctionDeclSyntax) {
        guard isVisible(function.modifiers) else { return }
        let effects = function.signature.effectSpecifiers
        let name = function.name.text
        let callable = Callable(baseName: name, parameters: function.signature.parameterClause.parameters.map(ParameterShape.init))
        if callable.isUsable, effects?.isAsync != true, function.genericParameterClause == nil, !function.modifiers.contains(.mutating) {
            let result = function.signature.returnClause?.type.trimmedDescription
            methods.append(Method(callable: callable, isStatic: function.modifiers.isStatic, isThrowing: effects?.isThrowing ?? false,
                                  result: result == "Void" || result == "()" ? nil : result))
        }
        guard !function.modifiers.isStatic else { return }
        for (attribute, registration) in [("BeforeInjection", "beforeInjection"), ("AfterInjection", "afterInjection"), ("Dispose", "onDispose")]
        where function.attributes.contains(attribute) {
            // LifecycleMacro reports hooks it cannot run; those are left out here.
            guard AnnotationRules.hookProblem(function, attribute: "@" + attribute, in: kind == .struct) == nil else { continue }
            hooks.append(Hook(registration: registration, name: name, isThrowing: effects?.isThrowing ?? false))
        }
        if function.attributes.contains("Provides"), AnnotationRules.providerProblem(function, inModule: false) == nil {
            let callable = Callable(baseName: name, parameters: function.signature.parameterClause.parameters.map(ParameterShape.init))
            if callable.isUsable { factoryMethods.append((callable, effects?.isThrowing ?? false)) }
        }
        if function.attributes.contains("Inject") {
            let callable = Callable(baseName: name, parameters: function.signature.parameterClause.parameters.map(ParameterShape.init))
            if callable.isUsable && effects?.isAsync != true && function.genericParameterClause == nil {
                injectedMethods.append((callable, effects?.isThrowing ?? false))
            }
        }
    }

    /// Whether the reader can use a member declared with `modifiers`: any but a private one in
    /// the type's module; a public or open one elsewhere (a package one from the same package),
    /// or one that states nothing in an extension that states `public`.
    private func isVisible(_ modifiers: DeclModifierListSyntax) -> Bool {
        if modifiers.isPrivate { return false }
        guard case .otherModule(let samePackage) = reader else { return true }
        let access = [Keyword.public, .open, .package, .internal].first { modifiers.contains($0) } ?? extensionAccess
        return access == .public || access == .open || (samePackage && access == .package)
    }

    /// Whether the reader can set a property declared with `modifiers` (`private(set)`,
    /// `internal(set)` limit who can).
    private func isSetterVisible(_ modifiers: DeclModifierListSyntax) -> Bool {
        if modifiers.hasPrivateSetter { return false }
        guard case .otherModule(let samePackage) = reader else { return true }
        return !modifiers.contains { modifier in
            modifier.detail != nil && (modifier.name.tokenKind == .keyword(.internal) || (!samePackage && modifier.name.tokenKind == .keyword(.package)))
        }
    }

    /// Whether the accessor block makes the property computed (a getter), not observed (`didSet`).
    package static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let list):
            return list.contains { [.keyword(.get), .keyword(._read)].contains($0.accessorSpecifier.tokenKind) }
        }
    }

    package static func hasSetter(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let list) = block.accessors else { return false }
        return list.contains { [.keyword(.set), .keyword(._modify)].contains($0.accessorSpecifier.tokenKind) }
    }

    // MARK: What the extension says

    /// The types the component stands for: `as:` when given, else its inheritance list without
    /// the standard protocols.
    package func exposures(explicit: [String]?, excluding proxyTarget: String?) -> [String] {
        let listed = explicit ?? inheritedTypes.filter { !Self.isStandard($0) }
        return listed.filter { $0 != proxyTarget && $0 != "(any \(proxyTarget ?? ""))" }
    }

    private static let standardProtocols: Set<String> = [
        "Sendable", "AnyObject", "Equatable", "Hashable", "Comparable", "Identifiable", "Codable", "Encodable", "Decodable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "CustomReflectable", "Error", "LocalizedError",
        "CaseIterable", "RawRepresentable", "NSObject", "NSObjectProtocol", "BitwiseCopyable", "Copyable", "Escapable", "Actor",
        "ObservableObject", "Observable", "TextOutputStreamable", "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral",
    ]

    package static func isStandard(_ type: String) -> Bool {
        if type.hasPrefix("@") || type.hasPrefix("~") { return true }
        let bare = type.split(separator: ".").last.map(String.init) ?? type
        return standardProtocols.contains(bare)
    }

    /// The `describe(_:)` statements: initializers, properties, hook and injected methods, conformances.
    package func catalogStatements(exposures: [String]) -> [String] {
        var lines: [String] = []
        var callables = initializers.map { ($0.callable, $0.isThrowing) }
        if !declaresInitializers {
            callables.append(contentsOf: implicitInitializers.map { ($0, false) })
        }
        for (callable, isThrowing) in callables {
            let body = callable.closure(calling: typeName, isThrowing: isThrowing)
            lines.append("type.initializer(\(quoted(callable.signature))\(callable.defaultsArgument)\(callable.sourcesArgument)\(trailing(body))")
        }
        for property in settableProperties {
            if let injected = injectedProperties.first(where: { $0.name == property }) {
                lines.append("type.property(\(quoted(property))\(injected.setterArgument(of: typeName, mainActor: isMainActor))")
            } else if isMainActor {
                // Swift forms no key path to a main-actor property outside the main actor.
                lines.append("type.property(\(quoted(property)), onMainActor: { (instance: inout \(typeName), value) in instance.\(property) = value })")
            } else {
                lines.append("type.property(\(quoted(property)), \\\(typeName).\(property))")
            }
        }
        var methods: Set<String> = []
        for hook in hooks where methods.insert(hook.name).inserted {
            lines.append("type.method(\(quoted(hook.name))\(trailing("{ \(hook.isThrowing ? "try " : "")$0.\(hook.name)() }"))")
        }
        for (callable, isThrowing) in injectedMethods where methods.insert(callable.signature).inserted {
            lines.append(methodStatement(callable, isThrowing: isThrowing))
        }
        // A main-actor component's @Provides methods are reported by @Component.
        for (callable, isThrowing) in factoryMethods where !isMainActor {
            lines.append(factoryMethodStatement(callable, isThrowing: isThrowing))
        }
        for exposure in exposures {
            lines.append("type.conforms(to: \(exposure).self) { $0 }")
        }
        return lines
    }

    /// `type.method("configure(logger:)") { (instance: T, p0: Logger) in instance.configure(logger: p0) }`.
    package func methodStatement(_ callable: Callable, isThrowing: Bool) -> String {
        "type.method(\(quoted(callable.signature))\(trailing("{ \(methodClosure(callable, isThrowing: isThrowing)) }"))"
    }

    /// `type.factoryMethod("open()") { (factory: T) in try factory.open() }`: a method that makes something.
    package func factoryMethodStatement(_ callable: Callable, isThrowing: Bool) -> String {
        let parameters = (["factory: \(typeName)"] + (callable.parameters.isEmpty ? [] : [callable.closureParameters])).joined(separator: ", ")
        let call = "\(isThrowing ? "try " : "")factory.\(callable.baseName)(\(callable.callArguments))"
        return "type.factoryMethod(\(quoted(callable.signature))) { (\(parameters)) in \(call) }"
    }

    /// The initializers a catalog entry lists: those declared, and Swift's implicit ones when
    /// the type declares none.
    package var callableInitializers: [Callable] {
        initializers.map(\.callable) + (declaresInitializers ? [] : implicitInitializers)
    }

    /// The static methods that make the type: its static factories.
    package var staticFactories: [Method] {
        methods.filter { $0.isStatic && ($0.result == typeName || $0.result == "Self") }
    }

    /// The initializers Swift writes when a type declares none: a struct's memberwise one, or `init()`.
    package var implicitInitializers: [Callable] {
        // Swift's implicit initializers are internal: another module cannot call them.
        guard reader == .ownModule, kind != .extended else { return [] }
        guard kind == .struct else { return [Callable(baseName: "init", parameters: [])] }
        // Swift's memberwise initializer gives `var`s with a default a default argument: list
        // the form without them (always callable) and, when their types are written, the full one.
        let members = storedProperties.filter { !($0.isLet && $0.hasDefault) }
        let required = members.filter { !$0.hasDefault }
        guard let short = Self.memberwise(required) else { return [] }
        guard required.count < members.count, let full = Self.memberwise(members) else { return [short] }
        return [short, full]
    }

    /// A memberwise initializer taking `members`, or `nil` when one has no written type.
    private static func memberwise(_ members: [(name: String, type: TypeSyntax?, hasDefault: Bool, isLet: Bool)]) -> Callable? {
        var parameters: [ParameterShape] = []
        for member in members {
            guard let type = member.type else { return nil }
            parameters.append(ParameterShape(label: member.name, type: type))
        }
        return Callable(baseName: "init", parameters: parameters)
    }

    /// The end of a catalog or registration call whose last argument is `closure`: `) { ... }`,
    /// or for a main-actor type `, onMainActor: { ... })`. The caller writes the call up to
    /// its other arguments.
    package func trailing(_ closure: String) -> String {
        isMainActor ? ", onMainActor: \(closure))" : ") \(closure)"
    }

    /// `(instance: T, p0: Logger) in instance.configure(logger: p0)`.
    package func methodClosure(_ callable: Callable, isThrowing: Bool) -> String {
        let parameters = (["instance: \(typeName)"] + (callable.parameters.isEmpty ? [] : [callable.closureParameters])).joined(separator: ", ")
        return "(\(parameters)) in \(isThrowing ? "try " : "")instance.\(callable.baseName)(\(callable.callArguments))"
    }
}

extension ParameterShape {
    /// A parameter of a memberwise initializer.
    package init(label: String, type: TypeSyntax) {
        self.label = label
        self.type = type
        self.source = nil
        self.isUnsupported = false
        self.defaultValue = nil
    }
}

/// A Swift string literal for a name.
package func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
        switch character {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "\n": result += "\\n"
        default: result.append(character)
        }
    }
    return result + "\""
}
