import IoCDeclarations
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Component`: members `register(into:)` (the definition) and `describe(into:names:)` (the
/// catalog entry), both plain code a person could have written, and the conformance to
/// `AnnotatedComponent`. The members go in the type's body, where a subclass can override them.
public struct ComponentMacro: ConformingMemberMacro, MemberAttributeMacro {
    /// Hands each correct `@Inject`/`@Value` property to `@InjectedProperty`, which backs it
    /// with storage that starts empty.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard let variable = member.as(VariableDeclSyntax.self), let injected = variable.attributes.first(named: ["Inject", "Value"]),
              AnnotationRules.injectedPropertyProblem(variable, attribute: injected.simpleName, inActor: declaration.is(ActorDeclSyntax.self)) == nil
        else { return [] }
        return ["@IoCAnnotations.InjectedProperty"]
    }

    static let conformance = "IoCAnnotations.AnnotatedComponent"

    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let typeName = Syntax(declaration).declName else { return [] }
        guard let shape = TypeShape.read(declaration, typeName: typeName, macro: "@Component", attribute: node, diagnose: context.diagnose) else { return [] }
        let options = RegistrationOptions(attribute: node)
        var valid = options.validate(in: context)
        if shape.kind == .struct, options.literalScope == "weakSingleton" {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.referenceTypeRequired(
                typeName, kind: shape.kind.rawValue, reason: "a weak singleton is held weakly, which only a class can be")))
            valid = false
        }
        guard valid, let construction = construction(shape, declaration: declaration, in: context) else { return [] }

        // `proxy: WeatherClient.self`: injected as `any WeatherClient` through `WeatherClientProxy`,
        // which @LazyProxy wrote. (The proxy type itself cannot be named in the attribute: Swift
        // does not see a macro's peer types while it reads other macros' arguments.)
        let proxyTarget = node.argument("proxy")?.metatypeBase
        let proxy = proxyTarget.map { $0 + "Proxy" }
        let explicit = node.argument("as")?.arrayElements.map { $0.compactMap(\.metatypeBase) }
        let exposures = shape.exposures(explicit: explicit, excluding: proxyTarget)

        var calls = construction.arguments + options.modifiers
        calls += exposures.map { ".as(\($0).self) { $0 }" }
        for property in shape.injectedProperties {
            let source = property.source.map { ", source: \($0)" } ?? ""
            calls.append(".property(\(quoted(property.name))\(source)\(property.setterArgument(of: typeName, mainActor: shape.isMainActor))")
        }
        for (callable, isThrowing) in shape.injectedMethods {
            let sources = callable.parameters.map { $0.source ?? "nil" }
            let arguments = sources.allSatisfy { $0 == "nil" } ? "" : ", arguments: [\(sources.joined(separator: ", "))]"
            calls.append(".call(\(quoted(callable.signature))\(arguments)\(shape.trailing("{ \(shape.methodClosure(callable, isThrowing: isThrowing)) }"))")
        }
        for hook in shape.hooks {
            calls.append(".\(hook.registration)(named: \(quoted(hook.name))\(shape.trailing("{ \(hook.isThrowing ? "try " : "")$0.\(hook.name)() }"))")
        }
        if let proxy { calls.append(".proxied(by: \(proxy).self) { $0 }") }

        let initializer = (shape.isMainActor ? "mainActor: " : "") + construction.initializer
        var register = (["let index = builder.register(\(initializer)\(context.locationArguments(of: declaration.introducer)))"]
            + calls + [".index"]).joined(separator: "\n    ")
        // Its @Provides methods: factory methods of this component.
        let factory = node.argument(nil).map { ".named(\($0.trimmedDescription))" } ?? ".type(\(typeName).self)"
        for member in declaration.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), let provides = function.attributes.first(named: ["Provides"]),
                  AnnotationRules.providerProblem(function, inModule: false) == nil else { continue }
            if shape.isMainActor {
                context.diagnose(Diagnostic(node: provides, message: AnnotationDiagnostic.providesInMainActor(function.name.text, typeName)))
                continue
            }
            register += "\n" + ProvidesMacro.registration(of: function, attribute: provides, in: typeName, factory: factory, context: context)
        }
        register += "\nreturn index"
        let members = Members(declaration, typeName: typeName, inheritsConformance: protocols.isEmpty, isMainActor: shape.isMainActor)
        return [
            """
            \(raw: members.prefix) func register(into builder: IoCCore.ContainerBuilder) -> Int {
                \(raw: members.guardOwnType("return IoCAnnotations.unannotatedSubclass(Self.self, of: \(quoted(typeName)), in: builder)"))\(raw: register)
            }
            """,
            "\(raw: members.describe(shape.catalogStatements(exposures: exposures)))",
        ]
    }

    /// The initializer `register` is given and the `.argument(...)` calls for its named and config parameters.
    private static func construction(_ shape: TypeShape, declaration: some DeclGroupSyntax,
                                     in context: some MacroExpansionContext) -> (initializer: String, arguments: [String])? {
        let marked = shape.initializers.filter(\.isMarked)
        if let unusable = shape.unusableInitializers.first(where: { $0.node.attributes.contains("Inject") }) {
            context.diagnose(Diagnostic(node: unusable.node.initKeyword,
                                        message: AnnotationDiagnostic.unusableInitializer(unusable.signature, reason: unusable.reason)))
            return nil
        }
        let chosen: (callable: Callable, isThrowing: Bool)
        if marked.count > 1 {
            context.diagnose(Diagnostic(node: marked[1].node.initKeyword, message: AnnotationDiagnostic.severalMarkedInitializers(shape.typeName)))
            return nil
        } else if let only = marked.first ?? (shape.initializers.count == 1 ? shape.initializers.first : nil) {
            chosen = (only.callable, only.isThrowing)
        } else if shape.initializers.count > 1, let first = shape.initializers.first {
            let marker = AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier("Inject")), trailingTrivia: .space)
            var fixed = first.node.with(\.leadingTrivia, [])
            fixed.attributes.insert(.attribute(marker), at: fixed.attributes.startIndex)
            fixed = fixed.with(\.leadingTrivia, first.node.leadingTrivia)
            context.diagnose(Diagnostic(
                node: declaration.introducer,
                message: AnnotationDiagnostic.severalInitializers(shape.typeName, count: shape.initializers.count),
                fixIts: [FixIt(message: AnnotationFixIt("Mark '\(first.callable.signature)' with @Inject"),
                               changes: [.replace(oldNode: Syntax(first.node), newNode: Syntax(fixed))])]))
            return nil
        } else if let unusable = shape.unusableInitializers.first {
            context.diagnose(Diagnostic(node: unusable.node.initKeyword,
                                        message: AnnotationDiagnostic.unusableInitializer(unusable.signature, reason: unusable.reason)))
            return nil
        } else if let implicit = shape.implicitInitializers.first {
            chosen = (implicit, false)
        } else {
            chosen = (Callable(baseName: "init", parameters: []), false)
        }
        let callable = chosen.callable.leavingOutDefaults
        let initializer = callable.closure(calling: shape.typeName, isThrowing: chosen.isThrowing)
        return (initializer, callable.argumentSources)
    }
}

/// `@Catalogued`: the catalog entry only, for types config builds that have no definition.
public struct CataloguedMacro: ConformingMemberMacro {
    static let conformance = "IoCAnnotations.DescribedType"

    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let typeName = Syntax(declaration).declName else { return [] }
        guard let shape = TypeShape.read(declaration, typeName: typeName, macro: "@Catalogued", attribute: node, diagnose: context.diagnose) else { return [] }
        guard RegistrationOptions(attribute: node).validate(in: context) else { return [] }
        let aliases = (node.argument("names")?.arrayElements ?? []).map { "type.alias(\($0.trimmedDescription))" }
        let members = Members(declaration, typeName: typeName, inheritsConformance: protocols.isEmpty, isMainActor: shape.isMainActor)
        let statements = aliases + shape.catalogStatements(exposures: shape.exposures(explicit: nil, excluding: nil))
        return ["\(raw: members.describe(statements))"]
    }
}

/// How the extension's members are declared: `static` for a value type or a final class;
/// `class` for a class that subclasses may annotate in turn, which then `override` them.
struct Members {
    let typeName: String
    let isOverridable: Bool
    let overrides: Bool
    /// The members of a main-actor type are `nonisolated`: the protocols they implement are.
    let isMainActor: Bool

    /// `inheritsConformance`: the compiler asked for no conformance, because a superclass (an
    /// annotated one) already has it.
    init(_ declaration: some DeclGroupSyntax, typeName: String, inheritsConformance: Bool, isMainActor: Bool) {
        self.typeName = typeName
        self.isMainActor = isMainActor
        let isClass = declaration.is(ClassDeclSyntax.self)
        isOverridable = isClass && !declaration.modifiers.contains(.final)
        overrides = isClass && inheritsConformance
    }

    /// `public static`, `public class`, `public override class`, ...
    var prefix: String {
        "public " + (isMainActor ? "nonisolated " : "") + (overrides ? "override " : "") + (isOverridable ? "class" : "static")
    }

    /// In an overridable class: an unannotated subclass inherits these members, and must not
    /// be built or described as this type.
    func guardOwnType(_ otherwise: String) -> String {
        isOverridable ? "guard self == \(typeName).self else {\n        \(otherwise)\n    }\n    " : ""
    }

    /// `describe(into:names:)` with these statements about `type`.
    func describe(_ statements: [String]) -> String {
        let body = (["for name in names {\n    type.alias(name)\n}"] + statements).joined(separator: "\n")
        return """
            @discardableResult
            \(prefix) func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                \(guardOwnType("return catalog.add(self, describe: { _ in })"))return catalog.add(\(typeName).self) { type in
                    \(body)
                }
            }
            """
    }
}

/// A macro whose members do the work and whose extension only adds a conformance.
protocol ConformingMemberMacro: MemberMacro, ExtensionMacro {
    /// The protocol the extension adds.
    static var conformance: String { get }
}

extension ConformingMemberMacro {
    /// The conformance, when the members can be written (else the diagnostics say why, and a
    /// missing conformance would only add noise).
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard !protocols.isEmpty,
              try !expansion(of: node, providingMembersOf: declaration, conformingTo: protocols, in: SilentContext(context)).isEmpty
        else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: conformance) {}")]
    }
}

/// A context that keeps its diagnostics to itself: the extension role asks the member role
/// whether it succeeds, and the member role reports the problems once.
final class SilentContext<Base: MacroExpansionContext>: MacroExpansionContext {
    let base: Base
    init(_ base: Base) { self.base = base }

    func makeUniqueName(_ name: String) -> TokenSyntax { base.makeUniqueName(name) }
    func diagnose(_ diagnostic: Diagnostic) {}
    func location(of node: some SyntaxProtocol, at position: PositionInSyntaxNode,
                  filePathMode: SourceLocationFilePathMode) -> AbstractSourceLocation? {
        base.location(of: node, at: position, filePathMode: filePathMode)
    }
    var lexicalContext: [Syntax] { base.lexicalContext }
}
