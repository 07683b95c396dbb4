// The registration forms for main-actor types (`@MainActor` view controllers, view models):
// each takes a `@MainActor` function, and marks the definition a main-actor component
// (``Definition/isMainActor``), which only the main actor makes. A synchronous resolve of one
// works on the main actor and throws anywhere else; `try await container.resolve(...)` works
// from anywhere, going to the main actor for it.

extension ContainerBuilder {
    /// Registers a main-actor initializer or function (a `@MainActor` type's `init`) whose
    /// parameters are the component's dependencies, resolved by type as
    /// ``register(_:as:file:line:)`` resolves them, on the main actor.
    ///
    /// ```swift
    /// builder.register(mainActor: ProfileViewController.init)
    /// builder.register(mainActor: RootViewController.init).singleton()
    /// ```
    @discardableResult
    public func register<T, each D>(
        mainActor initializer: @escaping @MainActor (repeat each D) throws -> T,
        as type: T.Type = T.self,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        register(MainActorGate.wrap(String(describing: T.self), initializer), as: type, file: file, line: line).onMainActor()
    }

    /// Registers a main-actor closure that builds the component with a ``Resolver``, on the
    /// main actor.
    ///
    /// ```swift
    /// builder.register(SettingsViewController.self, mainActorFactory: { r in
    ///     SettingsViewController(store: try r.resolve())
    /// })
    /// ```
    @discardableResult
    public func register<T>(
        _ type: T.Type = T.self, name: String? = nil,
        mainActorFactory: @escaping @MainActor (Resolver) throws -> T,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        register(type, name: name, factory: MainActorGate.wrap(String(describing: T.self), mainActorFactory), file: file, line: line)
            .onMainActor()
    }
}

extension Registration {
    /// Makes the component a main-actor one: its code runs on the main actor.
    func onMainActor() -> Self { update { $0.isMainActor = true } }

    /// Injects a property of a main-actor type through a main-actor setter (Swift forms no key
    /// path to a main-actor property outside the main actor). Without a source it is resolved by
    /// its type.
    ///
    /// ```swift
    /// .property("theme", onMainActor: { (controller: inout ProfileViewController, theme: Theme) in controller.theme = theme })
    /// ```
    @discardableResult
    public func property<V>(_ name: String, source: InjectionSource? = nil,
                            onMainActor set: @escaping @MainActor (inout T, V) -> Void) -> Self {
        let assign = MainActorGate.assigning(String(describing: T.self), set)
        return property(name, source: source, set: assign).onMainActor()
    }

    /// Calls a method of a main-actor type after the properties are set (method injection).
    ///
    /// ```swift
    /// builder.register(mainActor: InboxViewController.init)
    ///     .call("configure(store:)", onMainActor: { (controller: InboxViewController, store: MailStore) in controller.configure(store: store) })
    /// ```
    @discardableResult
    public func call<each A>(_ method: String, arguments sources: [InjectionSource?] = [],
                             onMainActor body: @escaping @MainActor (T, repeat each A) throws -> Void) -> Self {
        call(method, arguments: sources, MainActorGate.wrapMethod(String(describing: T.self), body)).onMainActor()
    }

    /// Runs on the main actor after construction, before properties are injected.
    ///
    /// ```swift
    /// builder.register(mainActor: InboxViewController.init).beforeInjection(named: "loadView", onMainActor: { $0.loadView() })
    /// ```
    @discardableResult
    public func beforeInjection(named name: String = "closure", onMainActor body: @escaping @MainActor (T) throws -> Void) -> Self {
        beforeInjection(named: name, MainActorGate.wrap(String(describing: T.self), body)).onMainActor()
    }

    /// Runs on the main actor after every property is injected (`viewDidLoad`-like set-up).
    ///
    /// ```swift
    /// builder.register(mainActor: SettingsViewController.init).afterInjection(named: "viewDidLoad", onMainActor: { $0.viewDidLoad() })
    /// ```
    @discardableResult
    public func afterInjection(named name: String = "closure", onMainActor body: @escaping @MainActor (T) throws -> Void) -> Self {
        afterInjection(named: name, MainActorGate.wrap(String(describing: T.self), body)).onMainActor()
    }

    /// Runs on the main actor at ``Container/shutdown()``: call `shutdown()` from the main actor,
    /// or the hook fails (and says so among the dispose failures).
    ///
    /// ```swift
    /// builder.register(mainActor: PlayerViewController.init).onDispose(named: "stop", onMainActor: { $0.stop() })
    /// ```
    @discardableResult
    public func onDispose(named name: String = "closure", onMainActor body: @escaping @MainActor (T) throws -> Void) -> Self {
        onDispose(named: name, MainActorGate.wrap(String(describing: T.self), body)).onMainActor()
    }
}

extension TypeDescriptorBuilder {
    /// A main-actor initializer (a `@MainActor` type's), addressable by `signature`; config's
    /// definitions of the type become main-actor components.
    ///
    /// ```swift
    /// catalog.add(InboxViewController.self) { inbox in
    ///     inbox.initializer("init(store:)", onMainActor: { (store: MailStore) in InboxViewController(store: store) })
    /// }
    /// ```
    public mutating func initializer<each A>(_ signature: String, defaults: [Int: DefaultArgument] = [:],
                                             onMainActor body: @escaping @MainActor (repeat each A) throws -> T) {
        descriptor.isMainActor = true
        initializer(signature, defaults: defaults, MainActorGate.wrap(String(describing: T.self), body))
    }

    /// A main-actor type's initializer whose parameters say, by position, where they come from
    /// when a definition does not set them (see ``initializer(_:defaults:sources:_:)``).
    public mutating func initializer<each A>(_ signature: String, defaults: [Int: DefaultArgument] = [:], sources: [Int: InjectionSource],
                                             onMainActor body: @escaping @MainActor (repeat each A) throws -> T) {
        descriptor.isMainActor = true
        initializer(signature, defaults: defaults, sources: sources, MainActorGate.wrap(String(describing: T.self), body))
    }

    /// A settable property of a main-actor type, set on the main actor.
    ///
    /// ```swift
    /// settings.property("theme", onMainActor: { (controller: inout SettingsViewController, theme: Theme) in controller.theme = theme })
    /// ```
    public mutating func property<V>(_ name: String, onMainActor set: @escaping @MainActor (inout T, V) -> Void) {
        descriptor.isMainActor = true
        property(name, set: MainActorGate.assigning(String(describing: T.self), set))
    }

    /// A method of a main-actor type, for method injection or a lifecycle hook, called on the main actor.
    ///
    /// ```swift
    /// settings.method("viewDidLoad", onMainActor: { controller in controller.viewDidLoad() })
    /// ```
    public mutating func method<each A>(_ signature: String, onMainActor body: @escaping @MainActor (T, repeat each A) throws -> Void) {
        descriptor.isMainActor = true
        method(signature, MainActorGate.wrapMethod(String(describing: T.self), body))
    }
}
