import IoCDeclarations
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Inject` and `@Value`: markers that `@Component` reads. This macro reports a property,
/// initializer or method the container cannot inject; `@Component` then hands each correct
/// property to ``InjectedPropertyMacro``.
public struct InjectMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let attribute = "@" + node.simpleName
        if let variable = declaration.as(VariableDeclSyntax.self) {
            let inActor = context.lexicalContext.contains { $0.is(ActorDeclSyntax.self) }
            if let problem = AnnotationRules.injectedPropertyProblem(variable, attribute: node.simpleName, inActor: inActor) {
                context.diagnose(Diagnostic(node: problem.node, message: problem.message, fixIts: problem.fixIts))
            }
        } else if node.simpleName == "Value" {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.valueMisplaced()))
        } else if !declaration.is(InitializerDeclSyntax.self) && !declaration.is(FunctionDeclSyntax.self) {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.injectMisplaced(attribute)))
        }
        return []
    }

}

/// Written by `@Component` on each correct `@Inject`/`@Value` property: the property becomes
/// one backed by ``InjectedStorage``, so the type's initializers need not set it. Its default
/// value, if any, is the storage's first value; an optional starts as `nil`.
public struct InjectedPropertyMacro: AccessorMacro, PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let (name, _, initializer) = property(declaration) else { return [] }
        let owner = context.lexicalContext.lazy.compactMap(\.declName).first ?? "?"
        var accessors: [AccessorDeclSyntax] = []
        if initializer != nil {
            accessors.append("""
                @storageRestrictions(initializes: _ioc_\(raw: name))
                init(initialValue) {
                    _ioc_\(raw: name) = IoCAnnotations.InjectedStorage(initialValue)
                }
                """)
        }
        accessors.append("get { _ioc_\(raw: name).get(\(literal: name), of: \(literal: owner)) }")
        accessors.append("set { _ioc_\(raw: name).set(newValue) }")
        return accessors
    }

    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let (name, type, initializer) = property(declaration) else { return [] }
        if initializer != nil {
            return ["private var _ioc_\(raw: name): IoCAnnotations.InjectedStorage<\(type.trimmed)>"]
        }
        let isOptional = type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
        let start = isOptional ? "IoCAnnotations.InjectedStorage(nil)" : "IoCAnnotations.InjectedStorage()"
        return ["private var _ioc_\(raw: name): IoCAnnotations.InjectedStorage<\(type.trimmed)> = \(raw: start)"]
    }

    private static func property(_ declaration: some DeclSyntaxProtocol) -> (String, TypeSyntax, InitializerClauseSyntax?)? {
        guard let variable = declaration.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let type = binding.typeAnnotation?.type else { return nil }
        return (name, type, binding.initializer)
    }
}

extension Syntax {
    /// The name of a type declaration in the lexical context.
    var declName: String? {
        if let decl = self.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = self.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = self.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = self.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = self.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
        return nil
    }
}

/// `@BeforeInjection`, `@AfterInjection`, `@Dispose`: markers that `@Component` reads; this
/// macro only reports a method the container cannot call.
public struct LifecycleMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let attribute = "@" + node.simpleName
        guard let function = declaration.as(FunctionDeclSyntax.self), !function.modifiers.isStatic else {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.hookMisplaced(attribute)))
            return []
        }
        let inStruct = context.lexicalContext.first?.is(StructDeclSyntax.self) ?? false
        if let problem = AnnotationRules.hookProblem(function, attribute: attribute, in: inStruct) {
            context.diagnose(Diagnostic(node: function.name, message: problem))
        }
        return []
    }

}
