import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Component`: an extension with `register(in:)` (the definition) and `describe(_:)` (the
/// catalog entry), both plain code a person could have written.
public struct ComponentMacro: ExtensionMacro, MemberAttributeMacro {
    /// Hands each correct `@Inject`/`@Value` property to `@InjectedProperty`, which backs it
    /// with storage that starts empty.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard let variable = member.as(VariableDeclSyntax.self), let injected = variable.attributes.first(named: ["Inject", "Value"]),
              InjectMacro.problem(variable, attribute: injected.simpleName, inActor: declaration.is(ActorDeclSyntax.self)) == nil
        else { return [] }
        return ["@IoCAnnotations.InjectedProperty"]
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let typeName = type.trimmedDescription
        guard let shape = TypeShape.read(declaration, typeName: typeName, macro: "@Component", attribute: node, in: context) else { return [] }
        let options = RegistrationOptions(attribute: node)
        var valid = options.validate(in: context)
        if shape.kind == .struct, options.literalScope == "weakSingleton" {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.referenceTypeRequired(
                typeName, kind: shape.kind.rawValue, reason: "a weak singleton is held weakly, which only a class can be")))
            valid = false
        }
        guard valid, let construction = construction(shape, declaration: declaration, in: context) else { return [] }

        let proxy = node.argument("proxy")?.metatypeBase
        // `WeatherClientProxy` stands for `WeatherClient`: that exposure goes through the proxy.
        let proxyTarget = proxy.flatMap { $0.hasSuffix("Proxy") ? String($0.dropLast("Proxy".count)) : nil }
        let explicit = node.argument("as")?.arrayElements.map { $0.compactMap(\.metatypeBase) }
        let exposures = shape.exposures(explicit: explicit, excluding: proxyTarget)

        var calls = construction.arguments + options.modifiers
        calls += exposures.map { ".as(\($0).self) { $0 }" }
        for property in shape.injectedProperties {
            let source = property.source.map { ", source: \($0)" } ?? ""
            calls.append(".property(\(quoted(property.name))\(source)) \(property.setter(of: typeName))")
        }
        for (callable, isThrowing) in shape.injectedMethods {
            let sources = callable.parameters.map { $0.source ?? "nil" }
            let arguments = sources.allSatisfy { $0 == "nil" } ? "" : ", arguments: [\(sources.joined(separator: ", "))]"
            calls.append(".call(\(quoted(callable.signature))\(arguments)) { \(shape.methodClosure(callable, isThrowing: isThrowing)) }")
        }
        for hook in shape.hooks {
            calls.append(".\(hook.registration)(named: \(quoted(hook.name))) { \(hook.isThrowing ? "try " : "")$0.\(hook.name)() }")
        }
        if let proxy { calls.append(".proxied(by: \(proxy).self) { $0 }") }

        let register = (["builder.register(\(construction.initializer)\(context.locationArguments(of: declaration.introducer)))"] + calls)
            .joined(separator: "\n            ")
        let describe = shape.catalogStatements(exposures: exposures).joined(separator: "\n        ")
        let extensionDecl: DeclSyntax = """
            extension \(raw: typeName): IoCAnnotations.AnnotatedComponent {
                @discardableResult
                public static func register(in builder: IoCCore.ContainerBuilder) -> IoCCore.Registration<\(raw: typeName)> {
                    \(raw: register)
                }

                public static func describe(_ type: inout IoCCore.TypeDescriptorBuilder<\(raw: typeName)>) {
                    \(raw: describe)
                }
            }
            """
        guard let result = extensionDecl.as(ExtensionDeclSyntax.self) else { return [] }
        return [result]
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
        let initializer = chosen.callable.closure(calling: shape.typeName, isThrowing: chosen.isThrowing)
        return (initializer, chosen.callable.argumentSources)
    }
}

/// `@Catalogued`: the catalog entry only, for types config builds that have no definition.
public struct CataloguedMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let typeName = type.trimmedDescription
        guard let shape = TypeShape.read(declaration, typeName: typeName, macro: "@Catalogued", attribute: node, in: context) else { return [] }
        let names = node.argument("names")
        if let names, names.arrayElements == nil {
            context.diagnose(Diagnostic(node: names, message: AnnotationDiagnostic.notAnArrayLiteral("names")))
            return []
        }
        let aliases = (names?.arrayElements ?? []).map { "type.alias(\($0.trimmedDescription))" }
        let body = (aliases + shape.catalogStatements(exposures: shape.exposures(explicit: nil, excluding: nil)))
            .joined(separator: "\n        ")
        let extensionDecl: DeclSyntax = """
            extension \(raw: typeName): IoCAnnotations.DescribedType {
                public static func describe(_ type: inout IoCCore.TypeDescriptorBuilder<\(raw: typeName)>) {
                    \(raw: body)
                }
            }
            """
        guard let result = extensionDecl.as(ExtensionDeclSyntax.self) else { return [] }
        return [result]
    }
}
