import IoCDeclarations
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Module`: an extension whose `register(in:)` registers each static `@Provides` function,
/// its parameters as the component's dependencies.
public struct ModuleMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.moduleMisplaced()))
            return []
        }
        let typeName = type.trimmedDescription
        var statements: [String] = []
        var names: Set<String> = []
        for member in declaration.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self),
                  let provides = function.attributes.first(named: ["Provides"]),
                  AnnotationRules.providerProblem(function, inModule: true) == nil else { continue }
            // A name given twice across the module's providers; within one, @Provides reports it.
            if let name = provides.argument(nil)?.stringLiteralText, !names.insert(name).inserted {
                context.diagnose(Diagnostic(node: provides, message: AnnotationDiagnostic.duplicateName(name)))
                return []
            }
            statements.append(ProvidesMacro.registration(of: function, attribute: provides, in: typeName, factory: nil, context: context))
        }
        if statements.isEmpty {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.emptyModule(typeName)))
        }
        let extensionDecl: DeclSyntax = """
            extension \(raw: typeName): IoCAnnotations.AnnotatedModule {
                public static func register(in builder: IoCCore.ContainerBuilder) {
                    \(raw: statements.joined(separator: "\n        "))
                }
            }
            """
        guard let result = extensionDecl.as(ExtensionDeclSyntax.self) else { return [] }
        return [result]
    }
}

/// `@Provides`: a marker that `@Module` reads; this macro reports a function it cannot register.
public struct ProvidesMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let function = declaration.as(FunctionDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.providesMisplaced()))
            return []
        }
        _ = RegistrationOptions(attribute: node).validate(in: context)
        let name = function.name.text
        let enclosing = context.lexicalContext.lazy.compactMap { $0.asProtocol(DeclGroupSyntax.self) }.first
        let inModule = enclosing?.attributes.contains("Module") ?? false
        let inComponent = enclosing?.attributes.contains("Component") ?? false
        if inModule && !function.modifiers.isStatic {
            var fixed = function
            fixed.modifiers.append(DeclModifierSyntax(name: .keyword(.static), trailingTrivia: .space))
            context.diagnose(Diagnostic(
                node: function.funcKeyword, message: AnnotationDiagnostic.providesNotStatic(name),
                fixIts: [FixIt(message: AnnotationFixIt("Make '\(name)' static"),
                               changes: [.replace(oldNode: Syntax(function), newNode: Syntax(fixed))])]))
        } else if let problem = AnnotationRules.providerProblem(function, inModule: inModule) {
            context.diagnose(Diagnostic(node: function.name, message: problem))
        }
        if !inModule && !inComponent {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.providesOutsideModule(name)))
        }
        return []
    }

    /// The `builder.register(...)` statement for a provider: a static function, or (with
    /// `factory`, the source of the component it belongs to) an instance method.
    static func registration(of function: FunctionDeclSyntax, attribute: AttributeSyntax, in typeName: String,
                             factory: String?, context: some MacroExpansionContext) -> String {
        let callable = Callable(baseName: function.name.text,
                                parameters: function.signature.parameterClause.parameters.map(ParameterShape.init))
        let isThrowing = function.signature.effectSpecifiers?.isThrowing ?? false
        let location = context.locationArguments(of: function.funcKeyword)
        let register: String
        if let factory, !function.modifiers.isStatic {
            let method = callable.closure(calling: "factory.\(callable.baseName)", isThrowing: isThrowing)
            register = "builder.register(factoryMethod: { (factory: \(typeName)) in \(method) }, of: \(factory)\(location))"
        } else {
            register = "builder.register(\(callable.closure(calling: "\(typeName).\(callable.baseName)", isThrowing: isThrowing))\(location))"
        }
        return ([register] + callable.argumentSources + RegistrationOptions(attribute: attribute).modifiers).joined(separator: "\n    ")
    }

}
