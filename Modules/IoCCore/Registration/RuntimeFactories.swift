// Runtime-argument factories: what `register(_:name:runtimeArguments:)` registers, and the
// published form a container looks them up by.

/// What a container looks a runtime-argument factory up by: the type it makes, the types of
/// its arguments (as one tuple type) and its name.
struct RuntimeFactoryKey: Hashable, Sendable {
    var type: ObjectIdentifier
    var arguments: ObjectIdentifier
    var name: String?

    /// The key of a factory of `T` named `name` taking arguments of these types.
    init<T, each A>(_ type: T.Type, name: String?, _ arguments: repeat (each A).Type) {
        self.init(type: ObjectIdentifier(T.self), arguments: ObjectIdentifier((repeat each A).self), name: name)
    }

    init(type: ObjectIdentifier, arguments: ObjectIdentifier, name: String?) {
        self.type = type
        self.arguments = arguments
        self.name = name
    }

    /// The key of the runtime-argument definition `definition`, whose code `code` keeps.
    init?(_ definition: Definition, _ code: FrozenCode) {
        guard let factory = code.recipe(definition.construction.code) as? RuntimeFactoryBox else { return nil }
        self.init(type: ObjectIdentifier(definition.boundType.metatype), arguments: factory.arguments, name: definition.name)
    }

    /// How messages name such a factory: `"report" (Report) with arguments (String, Int)`.
    static func signature(_ key: ComponentKey, argumentList: String) -> String {
        "\(key) with arguments \(argumentList)"
    }

    /// `(String, Int)`: the argument types as messages print them.
    static func argumentList<each A>(_ arguments: repeat (each A).Type) -> String {
        var names: [String] = []
        for argument in repeat (each A).self { names.append(shortTypeName(argument)) }
        return "(" + names.joined(separator: ", ") + ")"
    }
}

/// A runtime-argument factory kept in a definition's construction: the parts of its key the
/// build reads without knowing its types.
protocol RuntimeFactoryBox: RecipeBox {
    /// The tuple type of the arguments.
    var arguments: ObjectIdentifier { get }
    /// `(String, Int)`.
    var argumentList: String { get }
}

final class RuntimeFactory<T, Arguments>: RuntimeFactoryBox {
    enum Body: Sendable {
        case sync(@Sendable (Resolver, Arguments) throws -> T)
        case async(@Sendable (Resolver, Arguments) async throws -> T)
    }

    let body: Body
    let arguments: ObjectIdentifier
    let argumentList: String
    // A recipe's questions the build may ask of a runtime-argument factory.
    var defaults: [Int: @Sendable () -> Any]? { nil }
    var productName: String { "?" }
    var productType: ObjectIdentifier? { nil }

    init<each A>(_ arguments: repeat (each A).Type, body: Body) where Arguments == (repeat each A) {
        self.body = body
        self.arguments = ObjectIdentifier((repeat each A).self)
        self.argumentList = RuntimeFactoryKey.argumentList(repeat (each A).self)
    }

    func make(_ resolver: Resolver, _ arguments: Arguments, label: String) throws -> T {
        guard case .sync(let body) = body else { throw IoCError(.asyncResolutionRequired(component: label, path: [label])) }
        do { return try body(resolver, arguments) } catch { throw Self.failure(error, label: label) }
    }

    func makeAsync(_ resolver: Resolver, _ arguments: Arguments, label: String) async throws -> T {
        switch body {
        case .sync: return try make(resolver, arguments, label: label)
        case .async(let body): do { return try await body(resolver, arguments) } catch { throw Self.failure(error, label: label) }
        }
    }

    /// What a factory's error becomes: the container's own with this factory on its path, or
    /// a failed construction.
    private static func failure(_ error: any Error, label: String) -> IoCError {
        if let error = error as? IoCError { return error.prependingPath(label) }
        return IoCError(.constructionFailed(component: label, path: [label], underlying: String(describing: error), error: UncheckedError(error)))
    }
}

/// A runtime-argument factory as a built container keeps it.
struct PublishedRuntimeFactory: Sendable {
    let key: RuntimeFactoryKey
    let factory: RuntimeFactoryBox
    /// The component as messages name it: `"report" (Report)`.
    let label: String
    /// `"report" (Report) with arguments (String, Int)`.
    let signature: String

    init?(_ definition: Definition, _ code: FrozenCode) {
        guard let key = RuntimeFactoryKey(definition, code), let factory = code.recipe(definition.construction.code) as? RuntimeFactoryBox
        else { return nil }
        self.key = key
        self.factory = factory
        label = definition.key.description
        signature = RuntimeFactoryKey.signature(definition.key, argumentList: factory.argumentList)
    }
}
