import SwiftDiagnostics
import SwiftSyntax

/// What the annotations require of the declarations they are put on: the rules `@Inject`,
/// `@Value`, the lifecycle hooks and `@Provides` check, shared by the macros (which report a
/// break as a diagnostic) and by what reads a type's declaration (which leaves such a member out).
package enum AnnotationRules {
    /// Why the property cannot be injected, where, and the fix; `nil` when it can.
    package static func injectedPropertyProblem(_ variable: VariableDeclSyntax, attribute name: String, inActor: Bool)
        -> (node: Syntax, message: AnnotationDiagnostic, fixIts: [FixIt])? {
        let attribute = "@" + name
        guard variable.bindings.count == 1, let binding = variable.bindings.first,
              let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
            return (Syntax(variable.bindings), .injectSeveralBindings(attribute), [])
        }
        if variable.bindingSpecifier.tokenKind == .keyword(.let) {
            let fixIt = FixIt(message: AnnotationFixIt("Replace 'let' with 'var'"),
                              changes: [.replace(oldNode: Syntax(variable.bindingSpecifier),
                                                 newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var))))])
            return (Syntax(variable.bindingSpecifier), name == "Value" ? .valueOnLet(property) : .injectOnLet(property), [fixIt])
        }
        if variable.modifiers.isStatic { return (Syntax(variable), .injectOnStatic(attribute, property), []) }
        if let accessors = binding.accessorBlock, TypeShape.isComputed(accessors) {
            return (Syntax(binding), .injectOnComputed(attribute, property), [])
        }
        if binding.accessorBlock != nil { return (Syntax(binding), .injectWithObservers(attribute, property), []) }
        if binding.typeAnnotation == nil { return (Syntax(binding), .injectNeedsType(attribute, property), []) }
        if inActor { return (Syntax(binding), .injectInActor(property), []) }
        return nil
    }

    /// Why the container cannot call the hook, or `nil`.
    package static func hookProblem(_ function: FunctionDeclSyntax, attribute: String, in inStruct: Bool) -> AnnotationDiagnostic? {
        let name = function.name.text
        if !function.signature.parameterClause.parameters.isEmpty { return .hookHasParameters(attribute, name) }
        if function.signature.effectSpecifiers?.isAsync == true { return .hookIsAsync(attribute, name) }
        if function.modifiers.contains(.mutating) { return .hookIsMutating(attribute, name) }
        return nil
    }

    /// Why `@Module` or `@Component` cannot register the function, or `nil`. In a component, an
    /// instance method is a factory method of the component (Spring's `@Bean` methods).
    package static func providerProblem(_ function: FunctionDeclSyntax, inModule: Bool) -> AnnotationDiagnostic? {
        let name = function.name.text
        if inModule && !function.modifiers.isStatic { return .providesNotStatic(name) }
        let returns = function.signature.returnClause?.type.trimmedDescription
        if returns == nil || returns == "Void" || returns == "()" { return .providesReturnsNothing(name) }
        if function.signature.effectSpecifiers?.isAsync == true { return .providesAsync(name) }
        return nil
    }
}
