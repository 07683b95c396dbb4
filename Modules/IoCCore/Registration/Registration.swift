/// A handle on a definition just registered, to say more about it.
///
/// ```swift
/// builder.register(FreeWeatherClient.init)
///     .named("free")
///     .as((any WeatherClient).self) { $0 }
///     .singleton()
///     .property(\.logger)
///     .afterInjection(named: "warmUp") { try $0.warmUp() }
/// ```
public struct Registration<T> {
    let builder: ContainerBuilder
    /// The definition's index in the builder. `@Component`'s expansion returns it from
    /// `register(into:)`, in the app's own module, so it stays public.
    public let index: Int

    /// The definition as it stands: data, whose code this registration's builder keeps
    /// (``component`` is the definition with its code).
    public var definition: Definition { builder.definitions[index] }

    @usableFromInline
    init(builder: ContainerBuilder, index: Int) {
        self.builder = builder
        self.index = index
    }

    @usableFromInline
    func update(_ change: (inout Definition) -> Void) -> Self {
        builder.update(index, change)
        return self
    }

    /// The definition with its code, to add to another builder (`builder.add(registration.component)`).
    ///
    /// ```swift
    /// let shared = ContainerBuilder()
    /// let clock = shared.register(SystemClock.init).singleton()
    /// builder.add(clock.component)
    /// ```
    public var component: Component { Component(definition: definition, code: builder.code.frozen()) }

    // MARK: Keys

    /// Names the component (`nil` leaves it unnamed).
    ///
    /// ```swift
    /// builder.register(FreeWeatherClient.init).named("free")
    /// ```
    @discardableResult
    public func named(_ name: String?) -> Self { update { $0.name = name } }

    /// Further names that reach the component.
    ///
    /// ```swift
    /// builder.register(SMTPMailer.init).named("mailer").alias("mailer.default", "smtp")
    /// ```
    @discardableResult
    public func alias(_ names: String...) -> Self { update { $0.aliases += names } }

    /// Lets the component be injected as `P` too; `convert` is usually `{ $0 }`, which the
    /// compiler checks. A component can stand for several protocols.
    ///
    /// ```swift
    /// builder.register(FreeWeatherClient.init).as((any WeatherClient).self) { $0 }
    /// ```
    @discardableResult
    public func `as`<P>(_ type: P.Type, _ convert: @escaping @Sendable (T) -> P) -> Self {
        expose(as: P.self, Adapter<T, P> { convert($0) })
    }

    /// Lets the component be injected as `P` too, checking the conversion when it is made.
    /// Prefer `as(_:_:)` with `{ $0 }`, which the compiler checks.
    ///
    /// ```swift
    /// builder.register(FreeWeatherClient.init).as((any WeatherClient).self)
    /// ```
    @discardableResult
    public func `as`<P>(_ type: P.Type) -> Self {
        expose(as: P.self, Adapter<T, P> { $0 as? P })
    }

    /// Adds tags, for collection injection of everything tagged.
    ///
    /// ```swift
    /// builder.register(EmailChannel.init).tagged("channel")
    /// let channels = try container.resolveAll((any Channel).self, tagged: "channel")
    /// ```
    @discardableResult
    public func tagged(_ tags: String...) -> Self { update { $0.tags += tags.filter { !$0.isEmpty } } }

    /// Adds a tag with attributes (Symfony's `{ name: reporter, priority: 10 }`): `priority`
    /// orders tagged collections (highest first), any attribute is the component's to read
    /// through ``ComponentInfo/attribute(_:ofTag:)``, and `.taggedIndexed` keys by one.
    ///
    /// ```swift
    /// builder.register(AuditReporter.init).tagged("reporter", attributes: ["priority": .int(10), "channel": .string("audit")])
    /// ```
    @discardableResult
    public func tagged(_ tag: String, attributes: [String: ConfigValue]) -> Self {
        update {
            var entries = $0.tagEntries
            if let first = entries.firstIndex(where: { $0.name == tag }) {
                entries[first].attributes.merge(attributes) { _, new in new }
            } else {
                entries.append(TagEntry(tag, attributes))
            }
            $0.tagEntries = entries
        }
    }

    /// Puts the component in profiles: it is defined only when one of them is active
    /// (`"!name"`: when that profile is not). Without profiles it is in every profile.
    ///
    /// ```swift
    /// builder.register(StubWeatherClient.init).as((any WeatherClient).self).profiles("test")
    /// builder.activeProfiles = ["test"]
    /// ```
    @discardableResult
    public func profiles(_ names: String...) -> Self { update { $0.profiles += names.filter { !$0.isEmpty } } }

    /// Makes this the component chosen when several match a type.
    ///
    /// ```swift
    /// builder.register(BetterWeatherClient.init).as((any WeatherClient).self).primary()
    /// ```
    @discardableResult
    public func primary(_ isPrimary: Bool = true) -> Self { update { $0.isPrimary = isPrimary } }

    /// Replaces an earlier definition with the same key instead of being a duplicate.
    ///
    /// ```swift
    /// builder.register(FixedClock.init).named("clock").overriding()   // replaces an earlier "clock"
    /// ```
    @discardableResult
    public func overriding(_ isOverride: Bool = true) -> Self { update { $0.isOverride = isOverride } }

    // MARK: Scope and creation

    /// Sets the scope.
    ///
    /// ```swift
    /// builder.register(RequestContext.init).scope(.taskLocal)
    /// ```
    @discardableResult
    public func scope(_ scope: Scope) -> Self { update { $0.scope = scope } }
    /// One instance for the container (Objective-IOC's `withCache`). Every thread gets that
    /// instance, so `T` must be `Sendable` (a `@MainActor` class is).
    ///
    /// ```swift
    /// builder.register(URLSessionTransport.init).singleton()
    /// ```
    @discardableResult
    public func singleton() -> Self where T: Sendable { scope(.singleton) }
    /// A new instance for every request.
    ///
    /// ```swift
    /// builder.register(ReportCommand.init).prototype()
    /// ```
    @discardableResult
    public func prototype() -> Self { scope(.prototype) }
    /// One instance per top-level resolve.
    ///
    /// ```swift
    /// builder.register(UnitOfWork.init).objectGraph()   // one per top-level resolve
    /// ```
    @discardableResult
    public func objectGraph() -> Self { scope(.objectGraph) }
    /// One shared instance while someone holds it; `T` must be `Sendable`, as for ``singleton()``.
    ///
    /// ```swift
    /// builder.register(ImageCache.init).weakSingleton()
    /// ```
    @discardableResult
    public func weakSingleton() -> Self where T: Sendable { scope(.weakSingleton) }

    /// Creates the singleton at build.
    ///
    /// ```swift
    /// builder.register(MetricsExporter.init).singleton().eager()   // made by build()
    /// ```
    @discardableResult
    public func eager(_ isEager: Bool = true) -> Self { update { $0.isEager = isEager } }

    /// Makes the components named `names` before this one, without injecting them (Spring's
    /// `depends-on`): for components whose creation has a side effect this one relies on.
    ///
    /// ```swift
    /// builder.register(Migrations.init).named("migrations")
    /// builder.register(Repository.init).dependsOn("migrations")   // made first, not injected
    /// ```
    @discardableResult
    public func dependsOn(_ names: String...) -> Self { update { $0.dependsOn += names.filter { !$0.isEmpty } } }

    /// Never creates it eagerly; injection points typed `Lazy<T>` get a handle either way.
    ///
    /// ```swift
    /// builder.register(SearchIndex.init).singleton().lazy()
    /// ```
    @discardableResult
    public func lazy(_ isLazy: Bool = true) -> Self { update { $0.isLazy = isLazy } }

    /// Marks the component lazy and lets it be injected as `P` through a proxy that builds it
    /// on its first call (OxIC's lazy proxy). `proxy` wraps a ``Lazy`` in a type conforming to `P`;
    /// `@LazyProxy` on a protocol writes such types.
    ///
    /// ```swift
    /// builder.register(SearchIndex.init).lazy(as: (any Searching).self) { LazySearching($0) }
    /// ```
    @discardableResult
    public func lazy<P>(as type: P.Type, proxy: @escaping @Sendable (Lazy<T>) -> P) -> Self {
        _ = update { $0.isLazy = true }
        return expose(as: P.self, ProxyAdapter<T, P>(followsScope: false) { label, reach, reachAsync, _ in
            proxy(Lazy(label: label, make: reach, makeAsync: reachAsync))
        })
    }

    /// Lets the component be injected as `P` through a proxy that reaches it when called
    /// (OxIC's lazy and thread-local proxies, Spring's scoped proxy). `proxy` wraps a ``Provider``
    /// in a type conforming to `P`; `@LazyProxy` on a protocol writes such types. What the
    /// provider gives is decided at build, from the component's scope: for a thread-local,
    /// task-local or custom-scoped component, the current context's instance on every call (and
    /// holding the proxy is never a captive dependency); for any other, one instance, built on
    /// the first call. Such a component is made lazy here, so that it is never built eagerly.
    ///
    /// ```swift
    /// builder.register(RequestUser.init).scope(.taskLocal)
    ///     .proxy(as: (any CurrentUser).self) { CurrentUserProxy($0) }
    /// ```
    @discardableResult
    public func proxy<P>(as type: P.Type, proxy: @escaping @Sendable (Provider<T>) -> P) -> Self {
        _ = update { if !$0.scope.isContextScoped { $0.isLazy = true } }
        return expose(as: P.self, ProxyAdapter<T, P>(followsScope: true) { label, reach, reachAsync, perCall in
            proxy(ProxyAdapter<T, P>.target(label: label, reach, reachAsync, perCall: perCall))
        })
    }

    /// Adds an exposure as `P` by `adapter`, which the builder's code table keeps.
    private func expose<P>(as type: P.Type, _ adapter: AdapterBox) -> Self {
        let code = builder.code.add(adapter)
        return update { $0.exposedAs.append(Exposure(type: TypeRef(P.self), code: code)) }
    }

    /// Wraps construction in a ``ConstructionStrategy``.
    ///
    /// ```swift
    /// builder.register(ReportService.init).strategy(TimingStrategy())
    /// ```
    @discardableResult
    public func strategy(_ strategy: any ConstructionStrategy) -> Self {
        update { $0.setStrategy(strategy, in: &builder.code) }
    }

    // MARK: Dependencies

    /// Sets where the initializer's arguments come from, in order (Objective-IOC's
    /// dependency dictionary, Spring's `constructor-arg`). Arguments not given keep their default.
    @discardableResult
    ///
    /// For `registerFactory(_:)` they are the factory's own initializer arguments: the product
    /// is made by the factory, which is what takes dependencies.
    ///
    /// ```swift
    /// builder.register(ReportService.init).arguments(.named("free"), .config(.string("${report.days:5}")))
    /// ```
    public func arguments(_ sources: InjectionSource...) -> Self {
        update { definition in
            for (index, source) in sources.enumerated() { Self.setArgument(index, source, of: &definition) }
        }
    }

    /// Sets where one initializer argument comes from (for a factory method: one of the method's
    /// arguments; for `registerFactory(_:)`: one of the factory's).
    ///
    /// ```swift
    /// builder.register(ReportService.init).argument(0, .named("free"))
    /// ```
    @discardableResult
    public func argument(_ index: Int, _ source: InjectionSource) -> Self {
        update { Self.setArgument(index, source, of: &$0) }
    }

    private static func setArgument(_ index: Int, _ source: InjectionSource, of definition: inout Definition) {
        if definition.construction.storedKind == .factoryComponent, case .inner(var factory)? = definition.construction.arguments.first?.source {
            factory.construction.setSource(source, forArgument: index)
            definition.construction.setSource(.inner(factory), forArgument: 0)
            return
        }
        definition.construction.setSource(source, forArgument: index + (definition.construction.factory == nil ? 0 : 1))
    }

    /// Injects a property after construction. Without a source it is resolved by its type
    /// (autowiring, Objective-IOC's `inj` prefix); `.named("x")` picks a component by name.
    /// The property's name is read from the key path; give `name:` for properties of non-final
    /// classes, whose key paths do not carry their name on every platform.
    ///
    /// ```swift
    /// builder.register(ReportService.init).property(\.logger).property(\.days, .config(.string("${report.days:5}")))
    /// ```
    // NB: inlinable, with its key path `consuming`, so that the compiler writes the property
    // directly instead of through the key path at run time (see ``KeyPathSetter``).
    @discardableResult @inlinable @inline(__always)
    public func property<V>(_ keyPath: consuming WritableKeyPath<T, V>, _ source: InjectionSource? = nil, name: String? = nil) -> Self {  // docs/PerformanceLedger.md U21
        let access = KeyPathSetter.access(consume keyPath)
        return property(name ?? KeyPathSetter.name(of: access), source: source) { (instance: inout T, value: V) in
            var present: T? = instance
            _ = access(&present, value)
            if let present { instance = present }
        }
    }

    /// Injects a property through a setter closure (for properties a key path cannot reach).
    ///
    /// ```swift
    /// builder.register(ReportService.init)
    ///     .property("logger") { (service: inout ReportService, logger: any Logger) in service.logger = logger }
    /// ```
    @discardableResult
    public func property<V>(_ name: String, source: InjectionSource? = nil, set: @escaping @Sendable (inout T, V) throws -> Void) -> Self {
        let point = InjectionPoint(label: name, type: TypeRef(V.self), source: source ?? Slots.slot(for: V.self).defaultSource)
        let code = builder.code.add(ValuePropertySetter<T, V>(set))
        return update { $0.properties.append(PropertyInjection(name: name, point: point, code: code)) }
    }

    /// Calls a method after the properties are set (method injection), its parameters resolved
    /// by type unless `arguments` gives their sources (`nil`: by type).
    ///
    /// ```swift
    /// .call("configure(logger:)") { (client: FreeWeatherClient, logger: Logger) in client.configure(logger: logger) }
    /// ```
    // NB: inlinable, so that the call's code, which expands the parameter pack, is compiled in
    // your module with your types: generic, it asked the runtime for the metadata of each
    // argument's type on every call (docs/PerformanceLedger.md, "Unusual constructs").
    @discardableResult @inlinable
    public func call<each A>(_ method: String, arguments sources: [InjectionSource?] = [],  // docs/PerformanceLedger.md U16
                             _ body: @escaping @Sendable (T, repeat each A) throws -> Void) -> Self {
        var points: [InjectionPoint] = []
        for parameter in repeat (each A).self {
            points.append(InjectionPoint(typedFor: parameter))
        }
        for (index, source) in sources.enumerated() where points.indices.contains(index) {
            if let source { points[index].source = source }
        }
        let invoker = MethodInvoker<T> { arguments in
            var reader = ArgumentReader(arguments)
            let bound = (repeat reader.frozen((each A).self))
            return MethodCall { instance, ctx in try body(instance, repeat try (each bound).get(ctx)) }
        }
        let code = adding(invoker)
        return update { $0.methodCalls.append(MethodInjection(method: method, arguments: points, code: code)) }
    }

    // MARK: Lifecycle

    /// Runs after construction, before properties are injected.
    ///
    /// ```swift
    /// builder.register(ReportService.init).beforeInjection(named: "prepare") { $0.prepare() }
    /// ```
    @discardableResult
    public func beforeInjection(named name: String = "closure", _ body: @escaping @Sendable (T) throws -> Void) -> Self {
        hook(.beforeInjection, name, .run(body))
    }

    /// Runs after every property is injected (Spring `init-method`, Typhoon `after-property-injection`).
    ///
    /// ```swift
    /// builder.register(ReportService.init).afterInjection(named: "warmUp") { try $0.warmUp() }
    /// ```
    @discardableResult
    public func afterInjection(named name: String = "closure", _ body: @escaping @Sendable (T) throws -> Void) -> Self {
        hook(.afterInjection, name, .run(body))
    }

    /// Wraps or replaces the instance after injection and hooks.
    ///
    /// ```swift
    /// builder.register(FreeWeatherClient.init, as: (any WeatherClient).self)
    ///     .decorate(named: "cached") { CachingClient(wrapping: $0) }
    /// ```
    @discardableResult
    public func decorate(named name: String = "closure", _ body: @escaping @Sendable (T) throws -> T) -> Self {
        hook(.decorator, name, .decorate(body))
    }

    /// Runs at ``Container/shutdown()`` for a singleton, or when a task scope ends for a
    /// task-local component; newest instances first.
    ///
    /// ```swift
    /// builder.register(ConnectionPool.init).singleton().onDispose(named: "close") { $0.close() }
    /// ```
    @discardableResult
    public func onDispose(named name: String = "closure", _ body: @escaping @Sendable (T) throws -> Void) -> Self {
        hook(.dispose, name, .run(body))
    }

    /// Sets what no modifier states, for the code IoCConfigPlugin writes from a config file:
    /// `public: false`, a deprecation, a tag given twice.
    @_spi(GeneratedConfig) @discardableResult
    public func configured(_ change: (inout Definition) -> Void) -> Self { update(change) }

    private func hook(_ kind: LifecycleHook.Kind, _ name: String, _ body: Hook<T>.Body) -> Self {
        let code = builder.code.add(Hook<T>(body))
        return update { $0.hooks.append(LifecycleHook(kind: kind, name: name, code: code)) }
    }

    /// Keeps `invoker` in the builder's code table.
    @usableFromInline
    func adding(_ invoker: any MethodInvoking) -> CodeRef { builder.code.add(invoker) }
}

extension ContainerBuilder {
    /// A handle on the definition at `index`, which a front end added and which registers `T`
    /// (macros register through this).
    package func registration<T>(at index: Int, as type: T.Type) -> Registration<T> {
        Registration(builder: self, index: index)
    }
}

/// Exposes a component as `P` through a proxy made for each injection from the way to reach
/// the component (`reach`), which resolves it from the top as a handle does.
final class ProxyAdapter<T, P>: AdapterBox {
    typealias Make = @Sendable (_ label: String, _ reach: @escaping @Sendable () throws -> T,
                                _ reachAsync: @escaping @Sendable () async throws -> T, _ perCall: Bool) -> P
    /// Whether a context-scoped component is reached anew on every call (a scoped proxy), or,
    /// like any other, once (a lazy proxy).
    let followsScope: Bool
    let make: Make

    init(followsScope: Bool, _ make: @escaping Make) {
        self.followsScope = followsScope
        self.make = make
    }

    /// What a scope-following proxy forwards to: the current context's instance on every call
    /// (`perCall`), or one instance, built on the first call.
    static func target<V>(label: String, _ reach: @escaping @Sendable () throws -> V,
                          _ reachAsync: @escaping @Sendable () async throws -> V, perCall: Bool) -> Provider<V> {
        guard !perCall else { return Provider(make: reach, makeAsync: reachAsync) }
        // NB: `Lazy<V>` is `Sendable` only for a `Sendable` `V`; a lazy proxy stands for its
        // component, and hands every thread the one instance the component would have.
        let once = UncheckedBox(Lazy(label: label, make: reach, makeAsync: reachAsync))
        return Provider(make: { try once.value.get() }, makeAsync: { try await once.value.get() })
    }

    var baseType: ObjectIdentifier? { ObjectIdentifier(T.self) }
    func isScopedProxy(over storage: Storage) -> Bool { followsScope && storage.isContextScoped }
    var reachesBaseOnCall: Bool { true }

    func makeNode(base: AnyNode, container: Container, target: TypeRef) -> AnyNode? {
        guard let base = base as? Node<T> else { return nil }
        let node: Node<P> = exposureNode(of: base, as: target, in: container)
        let perCall = isScopedProxy(over: base.storage)
        node.isScopedProxy = perCall
        let make = self.make
        let argument = Frozen(NodeArgument(base))
        let label = "\(perCall ? "scoped" : "lazy") proxy of \(base.label)"
        // Per injection, holding its container as every handle does.
        let produce: @Sendable (ResolutionContext) -> P = { ctx in
            let container = ctx.container
            return make(label, { try container.resolveTop(argument.object) }, { try await container.resolveTopAsync(argument.object) }, perCall)
        }
        node.setProducer(Producer<P>(construct: produce, constructAsync: produce, info: node.info))
        return node
    }
}
