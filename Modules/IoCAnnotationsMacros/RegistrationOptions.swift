import IoCDeclarations
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The options `@Component` and `@Provides` share (name, scope, lazy, eager, primary,
/// aliases, tags, profiles), read from the attribute and written as `Registration` calls.
struct RegistrationOptions {
    let attribute: AttributeSyntax

    /// The chained calls after `builder.register(...)`: `.named("x")`, `.scope(.singleton)`, ...
    var modifiers: [String] {
        var calls: [String] = []
        if let name = attribute.argument(nil) { calls.append(".named(\(name.trimmedDescription))") }
        if let scope = attribute.argument("scope") { calls.append(".scope(\(scope.trimmedDescription))") }
        for (label, method) in [("lazy", "lazy"), ("eager", "eager"), ("primary", "primary")] {
            guard let value = attribute.argument(label) else { continue }
            switch value.booleanLiteral {
            case true?: calls.append(".\(method)()")
            case false?: break
            case nil: calls.append(".\(method)(\(value.trimmedDescription))")
            }
        }
        for (label, method) in [("aliases", "alias"), ("tags", "tagged"), ("profiles", "profiles")] {
            guard let value = attribute.argument(label) else { continue }
            // `validate` reports a list that is not an array literal.
            if let elements = value.arrayElements, !elements.isEmpty {
                calls.append(".\(method)(" + elements.map(\.trimmedDescription).joined(separator: ", ") + ")")
            }
        }
        return calls
    }

    /// The scope when the attribute states it as a literal: `weakSingleton`, `threadLocal`, ...
    var literalScope: String? {
        attribute.argument("scope")?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// Reports an unknown scope and a name given twice; `false` when there was an error.
    func validate(in context: some MacroExpansionContext) -> Bool {
        var valid = true
        if let scope = attribute.argument("scope"), !Self.checkScope(scope, in: context) { valid = false }
        for label in ["aliases", "tags", "profiles", "as", "names"] {
            guard let value = attribute.argument(label), value.arrayElements == nil, !value.is(NilLiteralExprSyntax.self) else { continue }
            context.diagnose(Diagnostic(node: value, message: AnnotationDiagnostic.notAnArrayLiteral(label)))
            valid = false
        }
        var names: Set<String> = []
        let named = [attribute.argument(nil)].compactMap { $0 } + (attribute.argument("aliases")?.arrayElements ?? [])
        for expression in named {
            guard let text = expression.stringLiteralText else { continue }
            if !names.insert(text).inserted {
                context.diagnose(Diagnostic(node: expression, message: AnnotationDiagnostic.duplicateName(text)))
                valid = false
            }
        }
        return valid
    }

    static let builtInScopes = ["prototype", "singleton", "weakSingleton", "objectGraph", "threadLocal", "taskLocal"]
    /// The names config files use, which a `.custom("...")` may have meant.
    private static let configScopeNames = [
        "prototype": "prototype", "singleton": "singleton", "weak-singleton": "weakSingleton",
        "object-graph": "objectGraph", "thread-local": "threadLocal", "task-local": "taskLocal",
    ]

    /// `.singleton` and `.custom("session")` pass; `.sigleton` and `.custom("singelton")` do not.
    static func checkScope(_ expression: ExprSyntax, in context: some MacroExpansionContext) -> Bool {
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedDescription.hasSuffix("Scope") == true {
            let name = member.declName.baseName.text
            guard !builtInScopes.contains(name) else { return true }
            let suggestion = closest(to: name, in: builtInScopes)
            let fixIts = suggestion.map { suggested in
                [FixIt(message: AnnotationFixIt("Use '.\(suggested)'"),
                       changes: [.replace(oldNode: Syntax(member.declName.baseName), newNode: Syntax(TokenSyntax.identifier(suggested)))])]
            } ?? []
            context.diagnose(Diagnostic(node: expression, message: AnnotationDiagnostic.unknownScope("." + name, suggestion: suggestion.map { "." + $0 }),
                                        fixIts: fixIts))
            return false
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
           call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "custom",
           let text = call.arguments.first?.expression.stringLiteralText {
            // A custom scope that is a built-in one misspelled (or spelled as config files do).
            guard let near = closest(to: text, in: Array(configScopeNames.keys) + builtInScopes, maxDistance: 2) else { return true }
            let suggested = configScopeNames[near] ?? near
            context.diagnose(Diagnostic(
                node: expression, message: AnnotationDiagnostic.unknownScope(".custom(\"\(text)\")", suggestion: "." + suggested),
                fixIts: [FixIt(message: AnnotationFixIt("Use '.\(suggested)'"),
                               changes: [.replace(oldNode: Syntax(expression), newNode: Syntax(ExprSyntax(".\(raw: suggested)")))])]))
            return false
        }
        return true
    }

    private static func closest(to name: String, in candidates: [String], maxDistance: Int = 3) -> String? {
        let scored = candidates.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= maxDistance }
        return scored.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }?.0
    }
}

extension MacroExpansionContext {
    /// `file: "Module/File.swift", line: 12` for a declaration, as `register` takes them.
    func locationArguments(of node: some SyntaxProtocol) -> String {
        guard let location = location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID) else { return "" }
        return ", file: \(location.file), line: \(location.line)"
    }
}
