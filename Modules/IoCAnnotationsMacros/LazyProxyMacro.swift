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
        let isClassBound = inherited.contains("AnyObject") || inherited.contains("class")
        var valid = true
        func unsupported(_ node: Syntax, _ member: String, _ reason: String) {
            context.diagnose(Diagnostic(node: node, message: AnnotationDiagnostic.proxyUnsupportedMember(member, reason: reason)))
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
                if let forwarded = forward(variable, isClassBound: isClassBound, unsupported: unsupported) { members.append(forwarded) }
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

    /// How the instance is reached for a member with these effects.
    private static func instance(_ member: String, isThrowing: Bool, isAsync: Bool) -> String {
        switch (isThrowing, isAsync) {
        case (true, true): return "try await _ioc_target.instance()"
        case (true, false): return "try _ioc_target.instance()"
        default: return "_ioc_target.unfailingInstance(\(quoted(member)))"
        }
    }

    private static func forward(_ function: FunctionDeclSyntax, unsupported: (Syntax, String, String) -> Void) -> String? {
        let name = function.name.text
        let callable = Callable(baseName: name, parameters: function.signature.parameterClause.parameters.map(ParameterShape.init))
        if function.modifiers.isStatic {
            unsupported(Syntax(function.name), callable.signature, "static members belong to the type, not to an instance")
            return nil
        }
        if function.modifiers.contains(.mutating) {
            unsupported(Syntax(function.name), callable.signature, "a mutating method would change a copy, not the component")
            return nil
        }
        if function.signature.parameterClause.parameters.contains(where: { $0.ellipsis != nil }) {
            unsupported(Syntax(function.name), callable.signature, "variadic parameters cannot be forwarded")
            return nil
        }
        let effects = function.signature.effectSpecifiers
        let isThrowing = effects?.isThrowing ?? false
        let isAsync = effects?.isAsync ?? false
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
        let call = "\(isAsync && !isThrowing ? "await " : "")\(instance(callable.signature, isThrowing: isThrowing, isAsync: isAsync)).\(name)(\(arguments.joined(separator: ", ")))"
        return "func \(name)\(generics)(\(parameters.joined(separator: ", ")))\(effectText)\(returns)\(whereClause) {\n        \(call)\n    }"
    }

    private static func forward(_ variable: VariableDeclSyntax, isClassBound: Bool,
                                unsupported: (Syntax, String, String) -> Void) -> String? {
        guard let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let type = binding.typeAnnotation?.type.trimmedDescription else { return nil }
        if variable.modifiers.isStatic {
            unsupported(Syntax(binding), name, "static members belong to the type, not to an instance")
            return nil
        }
        guard case .accessors(let accessors)? = binding.accessorBlock?.accessors else { return nil }
        let getter = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }
        let hasSetter = accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
        let isThrowing = getter?.effectSpecifiers?.throwsClause != nil
        let isAsync = getter?.effectSpecifiers?.asyncSpecifier != nil
        let read = "\(isAsync && !isThrowing ? "await " : "")\(instance(name, isThrowing: isThrowing, isAsync: isAsync)).\(name)"
        guard hasSetter else {
            let effects = getter?.effectSpecifiers.map { " " + $0.trimmedDescription } ?? ""
            return "var \(name): \(type) {\n        get\(effects) { \(read) }\n    }"
        }
        guard isClassBound else {
            unsupported(Syntax(binding), name, "a settable property can be forwarded only when the protocol is class-bound (': AnyObject')")
            return nil
        }
        return "var \(name): \(type) {\n        get { \(read) }\n        set { \(instance(name, isThrowing: false, isAsync: false)).\(name) = newValue }\n    }"
    }
}
