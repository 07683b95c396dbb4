import IoCDeclarations
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@LazyProxy` on a protocol: a final class `<Protocol>Proxy` that conforms to it by asking its
/// ``ProxyTarget`` for the instance on every call and forwarding the call.
public struct LazyProxyMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let proto = declaration.as(ProtocolDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.proxyMisplaced()))
            return []
        }
        let name = proto.name.text
        let inherited = proto.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        var valid = true
        func unsupported(_ node: Syntax, _ member: String, _ reason: String, fixIts: [FixIt] = []) {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.proxyUnsupportedMember(member, reason: reason), fixIts: fixIts))
            valid = false
        }
        for parent in inherited where !TypeShape.isStandard(parent) {
            unsupported(Syntax(proto.name), parent, "the proxy sees only this protocol's own members; put @LazyProxy on a protocol that declares every member it needs")
        }
        var members: [String] = []
        for member in proto.memberBlock.members {
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                if let forwarded = forward(function, unsupported: unsupported) { members.append(forwarded) }
            } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                if let forwarded = forward(variable, unsupported: unsupported) { members.append(forwarded) }
            } else if let associated = member.decl.as(AssociatedTypeDeclSyntax.self) {
                unsupported(Syntax(associated), associated.name.text, "a protocol with associated types has no single proxy")
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                unsupported(Syntax(initializer), "init", "a proxy forwards calls to an instance, not initializers")
            } else if let subscriptDecl = member.decl.as(SubscriptDeclSyntax.self) {
                unsupported(Syntax(subscriptDecl), "subscript", "subscripts are not forwarded; declare a method")
            }
        }
        guard valid else { return [] }
        let access = proto.modifiers.contains(.public) || proto.modifiers.contains(.open) ? "public " : ""
        let body = members.map { access + $0 }.joined(separator: "\n\n    ")
        return ["""
            /// Forwards every call to the `\(raw: name)` its target gives (written by `@LazyProxy`).
            \(raw: access)final class \(raw: name)Proxy: \(raw: name), IoCAnnotations.ComponentProxy {
                \(raw: access)typealias Target = any \(raw: name)
                private let _ioc_target: IoCAnnotations.ProxyTarget<any \(raw: name)>

                \(raw: access)init(_ target: IoCAnnotations.ProxyTarget<any \(raw: name)>) {
                    _ioc_target = target
                }

                \(raw: access)static func make(_ target: IoCAnnotations.ProxyTarget<any \(raw: name)>) -> any \(raw: name) {
                    \(raw: name)Proxy(target)
                }

                \(raw: body)
            }
            """]
    }

    /// How the instance is reached for a member: every forwarded member throws, so that the
    /// component's construction, which happens on the first call, can fail there.
    private static func instance(isAsync: Bool) -> String {
        isAsync ? "try await _ioc_target.instance()" : "try _ioc_target.instance()"
    }

    private static func forward(_ function: FunctionDeclSyntax, unsupported: (Syntax, String, String, [FixIt]) -> Void) -> String? {
        let name = function.name.text
        let callable = Callable(baseName: name, parameters: function.signature.parameterClause.parameters.map(ParameterShape.init))
        if function.modifiers.isStatic {
            unsupported(Syntax(function.name), callable.signature, "static members belong to the type, not to an instance", [])
            return nil
        }
        if function.modifiers.contains(.mutating) {
            unsupported(Syntax(function.name), callable.signature, "a mutating method would change a copy, not the component", [])
            return nil
        }
        if function.signature.parameterClause.parameters.contains(where: { $0.ellipsis != nil }) {
            unsupported(Syntax(function.name), callable.signature, "variadic parameters cannot be forwarded", [])
            return nil
        }
        let effects = function.signature.effectSpecifiers
        let isThrowing = effects?.isThrowing ?? false
        let isAsync = effects?.isAsync ?? false
        guard isThrowing else {
            // The component is built on the first call, and building can fail: a member that
            // cannot throw would have no way to say so.
            var fixed = function.signature
            fixed.parameterClause.trailingTrivia = .space
            fixed.effectSpecifiers = FunctionEffectSpecifiersSyntax(
                asyncSpecifier: isAsync ? .keyword(.async, trailingTrivia: .space) : nil,
                throwsClause: ThrowsClauseSyntax(throwsSpecifier: .keyword(.throws, trailingTrivia: fixed.returnClause == nil ? [] : .space)))
            unsupported(Syntax(function.name), callable.signature, notThrowing("it does not throw", "declare it 'throws'"),
                        [FixIt(message: AnnotationFixIt("Declare '\(callable.signature)' 'throws'"),
                               changes: [.replace(oldNode: Syntax(function.signature), newNode: Syntax(fixed))])])
            return nil
        }
        var parameters: [String] = []
        var arguments: [String] = []
        for (index, parameter) in function.signature.parameterClause.parameters.enumerated() {
            let label = parameter.firstName.text
            parameters.append("\(label) p\(index): \(parameter.type.trimmedDescription)")
            let value = (parameter.isInout ? "&" : "") + "p\(index)"
            arguments.append(label == "_" ? value : "\(label): \(value)")
        }
        let generics = function.genericParameterClause?.trimmedDescription ?? ""
        let whereClause = function.genericWhereClause.map { " " + $0.trimmedDescription } ?? ""
        let effectText = effects.map { " " + $0.trimmedDescription } ?? ""
        let returns = function.signature.returnClause.map { " " + $0.trimmedDescription } ?? ""
        let call = "\(instance(isAsync: isAsync)).\(name)(\(arguments.joined(separator: ", ")))"
        return "func \(name)\(generics)(\(parameters.joined(separator: ", ")))\(effectText)\(returns)\(whereClause) {\n        \(call)\n    }"
    }

    private static func forward(_ variable: VariableDeclSyntax, unsupported: (Syntax, String, String, [FixIt]) -> Void) -> String? {
        guard let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let type = binding.typeAnnotation?.type.trimmedDescription else { return nil }
        if variable.modifiers.isStatic {
            unsupported(Syntax(binding), name, "static members belong to the type, not to an instance", [])
            return nil
        }
        guard case .accessors(let accessors)? = binding.accessorBlock?.accessors else { return nil }
        let getter = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }
        if accessors.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.set) }) {
            unsupported(Syntax(binding), name, notThrowing("a setter cannot throw", "declare a throwing method instead"), [])
            return nil
        }
        guard let effects = getter?.effectSpecifiers, effects.throwsClause != nil else {
            unsupported(Syntax(binding), name, notThrowing("its getter does not throw", "declare it '{ get throws }'"), [])
            return nil
        }
        let read = "\(instance(isAsync: effects.asyncSpecifier != nil)).\(name)"
        return "var \(name): \(type) {\n        get \(effects.trimmedDescription) { \(read) }\n    }"
    }

    /// Why a member that cannot throw is not forwarded, and the fix.
    private static func notThrowing(_ what: String, _ fix: String) -> String {
        "\(what), and the proxy builds its component on the first call, which can fail; \(fix) so that the error reaches the caller"
    }
}
