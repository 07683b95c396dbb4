/// Components by key, each resolved when it is asked for (Symfony's service locator): a
/// component that needs one of many — a command bus's handlers, a router's controllers —
/// without building all of them.
///
/// Declare an injection point as `ServiceLocator<T>`; config fills it with `!service_locator`,
/// `!tagged_locator` or a map of references, code with `.map([...])` or `.tagged("handler")`.
///
/// ```swift
/// final class CommandBus {
///     let handlers: ServiceLocator<any CommandHandler>
///     init(handlers: ServiceLocator<any CommandHandler>) { self.handlers = handlers }
///     func dispatch(_ command: some Command) throws { try handlers.get(command.name).handle(command) }
/// }
/// ```
/// Each `get` is a resolve of its own: the component's scope decides whether it is new.
public struct ServiceLocator<T>: Sendable {
    private let entries: [String: Provider<T>]

    init(entries: [String: Provider<T>]) {
        self.entries = entries
    }

    /// A locator of your own entries (for stubs in tests).
    ///
    /// ```swift
    /// let handlers = ServiceLocator<any Handler>(["csv": { CSVHandler() }, "json": { JSONHandler() }])
    /// ```
    public init(_ entries: [String: @Sendable () throws -> T]) {
        self.entries = entries.mapValues { Provider($0) }
    }

    /// The keys it has, sorted.
    public var keys: [String] { entries.keys.sorted() }

    /// Whether it has an entry for `key`.
    ///
    /// ```swift
    /// guard handlers.has(format) else { throw UnsupportedFormat(format) }
    /// ```
    public func has(_ key: String) -> Bool { entries[key] != nil }

    /// The component for `key`. Throws an ``IoCError`` of kind ``IoCError/Kind/missingComponent``
    /// naming the keys it has when there is none.
    ///
    /// ```swift
    /// let handler = try handlers.get("csv")
    /// ```
    public func get(_ key: String) throws -> T {
        guard let entry = entries[key] else { throw missing(key) }
        return try entry.get()
    }

    /// The component for `key`; the form for components with `async` factories.
    ///
    /// - Throws: As `get(_:)`.
    ///
    /// ```swift
    /// let handler = try await handlers.get("csv")
    /// ```
    public func get(_ key: String) async throws -> T {
        guard let entry = entries[key] else { throw missing(key) }
        return try await entry.get()
    }

    private func missing(_ key: String) -> IoCError {
        IoCError(.missingComponent(key: ComponentKey(name: key), site: nil,
                                   suggestions: Suggestions.closest(to: key, in: keys).map { "\"\($0)\"" }, path: ["ServiceLocator<\(T.self)>"]))
    }
}

extension ServiceLocator: PlainShape {
    static var defaultInjectionSource: InjectionSource { .all(TypeRef(T.self)) }

    static func bindShaped(_ source: InjectionSource, in compilation: Compilation, site: SiteInfo, optional: Bool) -> AnyArgument?? {
        let inner: InjectionSource
        switch source {
        case .list(let items):
            // A list of references is keyed by the names they give (Symfony's list form).
            var entries: [String: InjectionSource] = [:]
            for item in items {
                guard case .named(let name) = item else {
                    compilation.state.problems.append(IoCError(.sourceMismatch(source: item.description, expected: TypeRef(ServiceLocator<T>.self), site: site.site,
                                                                         hint: "A locator's list holds references ('@name'); give other entries as a map with keys.")))
                    return .some(nil)
                }
                entries[name] = item
            }
            inner = .map(entries)
        default:
            inner = source
        }
        guard let found = keyedArguments(inner, T.self, in: compilation, site: site) else { return nil }
        guard let parts = found else { return .some(nil) }
        return argument(parts)
    }

    static var plainType: ObjectIdentifier? { unshapedType(T.self) }
    static var plainForm: PlainForm { .locator }
    static func takesSubtype(_ type: Any.Type) -> Bool { plainType != nil && type is T.Type }
    static func takesItemValue(_ source: InjectionSource, _ converters: ValueConverters) -> Bool { false }
    static func plainArgument(for target: PlainTarget, _ converters: ValueConverters, site: SiteInfo) -> AnyArgument? {
        guard case .deferred(let found) = target else { return nil }
        return plainKeyedMembers(found, T.self, site: site).map(argument)
    }

    /// The locator's argument: deferred, like a Provider's, since a locator builds nothing when
    /// it is injected.
    private static func argument(_ arguments: [(String, Argument<T>)]) -> AnyArgument {
        let parts = arguments.map { ($0.0, Frozen($0.1)) }
        return ComposedArgument<ServiceLocator<T>>(parts: arguments.map(\.1), deferred: true) { ctx in
            let container = ctx.container
            var entries: [String: Provider<T>] = [:]
            for (key, argument) in parts {
                entries[key] = Provider(make: { try container.resolveTop(argument.object) }, makeAsync: { try await container.resolveTopAsync(argument.object) })
            }
            return ServiceLocator(entries: entries)
        }
    }
}
