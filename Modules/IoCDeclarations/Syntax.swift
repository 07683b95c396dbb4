import SwiftSyntax

// Reading declarations: attribute names and arguments, modifiers, parameters and signatures.

extension AttributeSyntax {
    /// `Inject` for `@Inject`, `@IoCAnnotations.Inject` and `@Inject("x")`.
    /// `Config` for `@Config` and `@IoCAnnotations.Config` (the form that picks ours beside an
    /// app's own type of that name); another module's `@Settings.Config` keeps its full name.
    package var simpleName: String {
        if let identifier = attributeName.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = attributeName.as(MemberTypeSyntax.self), member.baseType.trimmedDescription == "IoCAnnotations" {
            return member.name.text
        }
        return attributeName.trimmedDescription
    }

    package var argumentList: LabeledExprListSyntax {
        arguments?.as(LabeledExprListSyntax.self) ?? []
    }

    /// The argument with this label (`nil`: the first unlabelled one).
    package func argument(_ label: String?) -> ExprSyntax? {
        argumentList.first { $0.label?.text == label }?.expression
    }
}

extension AttributeListSyntax {
    /// The attribute with one of these names.
    package func first(named names: Set<String>) -> AttributeSyntax? {
        for element in self {
            if let attribute = element.as(AttributeSyntax.self), names.contains(attribute.simpleName) { return attribute }
        }
        return nil
    }

    package func contains(_ name: String) -> Bool { first(named: [name]) != nil }
}

extension DeclModifierListSyntax {
    package func contains(_ keyword: Keyword) -> Bool {
        contains { $0.name.tokenKind == .keyword(keyword) && $0.detail == nil }
    }

    /// `private`, `fileprivate`: members an extension elsewhere cannot reach.
    package var isPrivate: Bool { contains(.private) || contains(.fileprivate) }

    /// `private(set)`, `fileprivate(set)`.
    package var hasPrivateSetter: Bool {
        contains { ($0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)) && $0.detail != nil }
    }

    package var isStatic: Bool { contains(.static) || contains(.class) }
}

extension ExprSyntax {
    /// The text of a plain string literal (`"x"`), or `nil` for anything else.
    package var stringLiteralText: String? {
        guard let literal = self.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
              let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { return nil }
        return segment.content.text
    }

    /// The elements of an array literal.
    package var arrayElements: [ExprSyntax]? {
        self.as(ArrayExprSyntax.self)?.elements.map(\.expression)
    }

    /// `true` for the literal `true`, `false` for `false`, `nil` for anything else.
    package var booleanLiteral: Bool? {
        guard let literal = self.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// `X` for `X.self`.
    package var metatypeBase: String? {
        guard let member = self.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
              let base = member.base else { return nil }
        return base.trimmedDescription
    }
}

/// One parameter of an initializer, method or provider function.
package struct ParameterShape {
    /// The argument label, `nil` for `_`.
    package let label: String?
    package let type: TypeSyntax
    /// Where the container takes it from, as Swift source (`.named("x")`); `nil`: by its type.
    package let source: String?
    package let isUnsupported: Bool
    /// The default value's expression (`3` of `retries: Int = 3`), as written.
    package let defaultValue: String?

    package init(_ parameter: FunctionParameterSyntax) {
        let first = parameter.firstName.text
        label = first == "_" ? nil : first
        type = parameter.type
        defaultValue = parameter.defaultValue?.value.trimmedDescription
        if let named = parameter.attributes.first(named: ["Named"]), let name = named.argument(nil) {
            source = ".named(\(name.trimmedDescription))"
        } else if let config = parameter.attributes.first(named: ["Config"]), let expression = config.argument(nil) {
            source = ".config(.string(\(expression.trimmedDescription)))"
        } else {
            source = nil
        }
        let isOpaque = parameter.type.as(SomeOrAnyTypeSyntax.self)?.someOrAnySpecifier.tokenKind == .keyword(.some)
        isUnsupported = parameter.ellipsis != nil || parameter.isInout || isOpaque
    }
}

extension FunctionParameterSyntax {
    /// `inout T`.
    package var isInout: Bool {
        type.as(AttributedTypeSyntax.self)?.specifiers.contains {
            $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(.inout)
        } ?? false
    }
}

/// A function's or initializer's name and parameters: `init(quest:)`, `configure(logger:)`.
package struct Callable {
    package let baseName: String
    package let parameters: [ParameterShape]

    package init(baseName: String, parameters: [ParameterShape]) {
        self.baseName = baseName
        self.parameters = parameters
    }

    /// `init(quest:)`, `init()`, `sword(specification:)`.
    package var signature: String {
        baseName + "(" + parameters.map { "\($0.label ?? "_"):" }.joined() + ")"
    }

    package var isUsable: Bool { !parameters.contains(where: \.isUnsupported) }

    /// `, defaults: [1: IoCCore.DefaultArgument { () -> Int in 3 }]` for a catalog entry whose
    /// parameters have default values; empty when none has.
    package var defaultsArgument: String {
        let entries = parameters.enumerated().compactMap { index, parameter -> String? in
            guard let value = parameter.defaultValue else { return nil }
            let type = parameter.type.as(AttributedTypeSyntax.self)?.baseType ?? parameter.type
            return "\(index): IoCCore.DefaultArgument { () -> \(type.trimmedDescription) in \(value) }"
        }
        return entries.isEmpty ? "" : ", defaults: [" + entries.joined(separator: ", ") + "]"
    }

    /// `, sources: [1: .config(.string("${retries:3}"))]` for a catalog entry whose parameters
    /// say where they come from (`@Named`, `@Config`): config that builds the type and leaves
    /// such a parameter out gets it from there, as the component's own registration does.
    package var sourcesArgument: String {
        let entries = parameters.enumerated().compactMap { index, parameter in parameter.source.map { "\(index): \($0)" } }
        return entries.isEmpty ? "" : ", sources: [" + entries.joined(separator: ", ") + "]"
    }

    /// The callable without the defaulted parameters a call may leave out (labelled, or
    /// unlabelled at the end) that the container is not told to inject: Swift fills them with
    /// their defaults, as a call written by hand would.
    package var leavingOutDefaults: Callable {
        var kept = parameters
        // From the end, so that an unlabelled one is left out only when everything after it was.
        for index in kept.indices.reversed() {
            let parameter = kept[index]
            if parameter.defaultValue != nil, parameter.source == nil, parameter.label != nil || index == kept.count - 1 {
                kept.remove(at: index)
            }
        }
        return Callable(baseName: baseName, parameters: kept)
    }

    /// `(p0: Quest, p1: Int)`: closure parameters with the declared types.
    package var closureParameters: String {
        parameters.enumerated().map { "p\($0.offset): \($0.element.type.trimmedDescription)" }.joined(separator: ", ")
    }

    /// `quest: p0, p1`: the call's arguments, passing the closure parameters through.
    package var callArguments: String {
        parameters.enumerated().map { index, parameter in
            parameter.label.map { "\($0): p\(index)" } ?? "p\(index)"
        }.joined(separator: ", ")
    }

    /// `{ (p0: Quest) in Knight(quest: p0) }`: a closure with the declared parameter types, which
    /// `register` reads its dependencies from. (A reference such as `Knight.init(quest:)` would
    /// do, but Swift cannot infer the types of one whose parameters have wrappers like `@Named`.)
    package func closure(calling function: String, isThrowing: Bool) -> String {
        let head = parameters.isEmpty ? "" : "(\(closureParameters)) in "
        return "{ \(head)\(isThrowing ? "try " : "")\(function)(\(callArguments)) }"
    }

    /// `.argument(1, .named("x"))` for each parameter that is not resolved by type.
    package var argumentSources: [String] {
        parameters.enumerated().compactMap { index, parameter in
            parameter.source.map { ".argument(\(index), \($0))" }
        }
    }
}

extension FunctionEffectSpecifiersSyntax {
    package var isThrowing: Bool { throwsClause != nil }
    package var isAsync: Bool { asyncSpecifier != nil }
}

/// Edit distance, for "did you mean".
package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
