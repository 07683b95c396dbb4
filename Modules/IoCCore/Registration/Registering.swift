// Code registration: the forms the seeds offered, in Swift.
// Prefer the initializer forms: their parameters are visible dependencies, so `build()`
// checks them. Closures are for full control; their dependencies are checked on resolve.

extension ContainerBuilder {
    /// Registers an initializer or function whose parameters are the component's dependencies,
    /// each resolved by its type (`Lazy<T>`, `Provider<T>`, `T?`, `[T]` and `[String: T]`
    /// parameters get handles, optionals and collections). `as:` registers it as another type,
    /// usually a protocol it conforms to (Objective-IOC's `representing:`).
    ///
    /// - Parameters:
    ///   - initializer: Makes the component from its dependencies; what it throws fails the
    ///     resolve with an ``IoCError`` of kind ``IoCError/Kind/constructionFailed``.
    ///   - type: The type the component is registered as; by default the initializer's result.
    ///   - file: Where the registration is, for messages (the caller's file by default).
    ///   - line: The line, as `file`.
    /// - Returns: The registration, to state more: `.named`, `.singleton()`, `.property`...
    ///   `build()` checks each parameter has a component.
    ///
    /// ```swift
    /// builder.register(ReportService.init)
    /// builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).singleton()
    /// ```
    @inlinable
    @discardableResult
    public func register<T, each D>(
        _ initializer: @escaping @Sendable (repeat consuming each D) throws -> T,
        as type: T.Type = T.self,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        // NB: inlinable so that these closures are specialized in the caller's module, where
        // the parameter types are known; unspecialized parameter packs cost a runtime metadata
        // lookup on every call.
        registerInitializer(
            bind: { arguments in
                // NB: the producer keeps its arguments alive; reading them unretained saves a
                // retain and a release per dependency on every resolve.
                var reader = ArgumentReader(arguments)
                let bound = (repeat Unretained(reader.take((each D).self)))
                return BoundConstruction(
                    sync: { ctx in
                        try initializer(repeat try (each bound).with { try $0.get(ctx) })
                    },
                    async: { ctx in
                        try initializer(repeat try await (each bound).object.getAsync(ctx))
                    })
            },
            file: file, line: line, repeat (each D).self)
    }

    /// ``register(_:as:file:line:)`` for an initializer without parameters (without it, Swift may
    /// read `() -> T` as a function of one `Void` parameter).
    ///
    /// ```swift
    /// builder.register(SystemClock.init)
    /// builder.register({ SystemClock() }, as: (any Clock).self)
    /// ```
    @inlinable
    @discardableResult
    public func register<T>(
        _ initializer: @escaping @Sendable () throws -> T,
        as type: T.Type = T.self,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        registerInitializer(
            bind: { _ in BoundConstruction(sync: { _ in try initializer() }, async: { _ in try initializer() }) },
            file: file, line: line)
    }

    /// ``register(_:as:file:line:)`` for 1 parameter: Swift passes parameter packs to a
    /// function value by borrowing, which costs a retain and a release per argument on every
    /// build; fixed arities hand each argument over.
    ///
    /// ```swift
    /// builder.register(ReportService.init)   // init(client: any WeatherClient)
    /// ```
    @inlinable
    @discardableResult
    public func register<T, D1>(  // docs/PerformanceLedger.md U7
        _ initializer: @escaping @Sendable (consuming D1) throws -> T,
        as type: T.Type = T.self,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        // NB: Swift may pick this overload for `() -> T`, reading it as taking one `Void`.
        if D1.self == Void.self {
            return registerInitializer(
                bind: { _ in
                    BoundConstruction(sync: { _ in try initializer(voidValue()) }, async: { _ in try initializer(voidValue()) })
                },
                file: file, line: line)
        }
        return registerInitializer(
            bind: { arguments in
                var reader = ArgumentReader(arguments)
                let a1 = Unretained(reader.take(D1.self))
                return BoundConstruction(
                    sync: { ctx in try initializer(a1.with { try $0.get(ctx) }) },
                    async: { ctx in
                        let v1 = try await a1.object.getAsync(ctx)
                        return try initializer(v1)
                    })
            },
            file: file, line: line, D1.self)
    }

    /// ``register(_:as:file:line:)`` for 2 parameters: Swift passes parameter packs to a
    /// function value by borrowing, which costs a retain and a release per argument on every
    /// build; fixed arities hand each argument over.
    ///
    /// ```swift
    /// builder.register(ReportService.init)   // init(client: any WeatherClient, logger: any Logger)
    /// ```
    @inlinable
    @discardableResult
    public func register<T, D1, D2>(
        _ initializer: @escaping @Sendable (consuming D1, consuming D2) throws -> T,
        as type: T.Type = T.self,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        registerInitializer(
            bind: { arguments in
                var reader = ArgumentReader(arguments)
                let a1 = Unretained(reader.take(D1.self))
                let a2 = Unretained(reader.take(D2.self))
                return BoundConstruction(
                    sync: { ctx in try initializer(a1.with { try $0.get(ctx) }, a2.with { try $0.get(ctx) }) },
                    async: { ctx in
                        let v1 = try await a1.object.getAsync(ctx)
                        let v2 = try await a2.object.getAsync(ctx)
                        return try initializer(v1, v2)
                    })
            },
            file: file, line: line, D1.self, D2.self)
    }

    /// ``register(_:as:file:line:)`` for 3 parameters: Swift passes parameter packs to a
    /// function value by borrowing, which costs a retain and a release per argument on every
    /// build; fixed arities hand each argument over.
    ///
    /// ```swift
    /// builder.register(ReportService.init)   // an initializer of three parameters
    /// ```
    @inlinable
    @discardableResult
    public func register<T, D1, D2, D3>(
        _ initializer: @escaping @Sendable (consuming D1, consuming D2, consuming D3) throws -> T,
        as type: T.Type = T.self,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        registerInitializer(
            bind: { arguments in
                var reader = ArgumentReader(arguments)
                let a1 = Unretained(reader.take(D1.self))
                let a2 = Unretained(reader.take(D2.self))
                let a3 = Unretained(reader.take(D3.self))
                return BoundConstruction(
                    sync: { ctx in try initializer(a1.with { try $0.get(ctx) }, a2.with { try $0.get(ctx) }, a3.with { try $0.get(ctx) }) },
                    async: { ctx in
                        let v1 = try await a1.object.getAsync(ctx)
                        let v2 = try await a2.object.getAsync(ctx)
                        let v3 = try await a3.object.getAsync(ctx)
                        return try initializer(v1, v2, v3)
                    })
            },
            file: file, line: line, D1.self, D2.self, D3.self)
    }

    /// ``register(_:as:file:line:)`` for 4 parameters: Swift passes parameter packs to a
    /// function value by borrowing, which costs a retain and a release per argument on every
    /// build; fixed arities hand each argument over.
    ///
    /// ```swift
    /// builder.register(ReportService.init)   // an initializer of four parameters
    /// ```
    @inlinable
    @discardableResult
    public func register<T, D1, D2, D3, D4>(
        _ initializer: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4) throws -> T,
        as type: T.Type = T.self,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        registerInitializer(
            bind: { arguments in
                var reader = ArgumentReader(arguments)
                let a1 = Unretained(reader.take(D1.self))
                let a2 = Unretained(reader.take(D2.self))
                let a3 = Unretained(reader.take(D3.self))
                let a4 = Unretained(reader.take(D4.self))
                return BoundConstruction(
                    sync: { ctx in try initializer(a1.with { try $0.get(ctx) }, a2.with { try $0.get(ctx) }, a3.with { try $0.get(ctx) }, a4.with { try $0.get(ctx) }) },
                    async: { ctx in
                        let v1 = try await a1.object.getAsync(ctx)
                        let v2 = try await a2.object.getAsync(ctx)
                        let v3 = try await a3.object.getAsync(ctx)
                        let v4 = try await a4.object.getAsync(ctx)
                        return try initializer(v1, v2, v3, v4)
                    })
            },
            file: file, line: line, D1.self, D2.self, D3.self, D4.self)
    }

    // NB: inlinable, so that in the app's module the metadata of `Recipe<T>` is its type's
    // own, read once, instead of looked up by the runtime for every registration
    // (docs/PerformanceLedger.md U13).
    @inlinable
    func registerInitializer<T, each D>(  // docs/PerformanceLedger.md U13
        bind: @escaping @Sendable ([AnyArgument]) -> BoundConstruction<T>,
        file: String, line: Int, _ parameters: repeat (each D).Type
    ) -> Registration<T> {
        var points: [InjectionPoint] = []
        // NB: room for every parameter up front: appending allocates, then grows. (Not for
        // none: reserving on the shared empty array allocates one of its own.)
        var count = 0
        for _ in repeat each parameters { count += 1 }
        if count > 1 { points.reserveCapacity(count) }
        for parameter in repeat each parameters { points.append(InjectionPoint(typedFor: parameter)) }
        // No signature text: `kind` writes `(Quest, Horse) -> Knight` from the points' types when asked for.
        return add(T.self, construction(.initializer(nil), arguments: points, Recipe<T>(.arguments(bind))), file, line)
    }

    /// Registers a closure that builds the component with a ``Resolver``. Its dependencies are
    /// hidden from `build()`; cycles and missing components are still reported when resolving.
    ///
    /// ```swift
    /// builder.register(Printer.self, name: "console") { _ in ConsolePrinter() }
    /// ```
    @discardableResult
    public func register<T>(
        _ type: T.Type = T.self, name: String? = nil,
        factory: @escaping @Sendable (Resolver) throws -> T,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        add(T.self, construction(.closure, arguments: [], Recipe<T>(.resolver(factory))), file, line).named(name)
    }

    /// Registers an `async` factory. Resolve the component with `try await container.resolve(...)`;
    /// resolving it (or anything that needs it) synchronously is an error, never a hang.
    ///
    /// ```swift
    /// builder.register(ForecastStore.self, asyncFactory: { r in try await ForecastStore.open(client: r.resolve()) })
    /// let store = try await container.resolve(ForecastStore.self)
    /// ```
    @discardableResult
    public func register<T>(
        _ type: T.Type = T.self, name: String? = nil,
        asyncFactory: @escaping @Sendable (Resolver) async throws -> T,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        add(T.self, construction(.asyncClosure, arguments: [], Recipe<T>(.asyncResolver(asyncFactory))), file, line).named(name)
    }

    /// Registers an existing instance (the app delegate, the window, a configuration value).
    /// It is a singleton: every request, from any thread, returns it, so it must be `Sendable`.
    /// Post-processors do not see it.
    ///
    /// ```swift
    /// builder.register(instance: "reports.sqlite", name: "dbPath")
    /// builder.register(instance: AppSettings.load(), as: (any Settings).self)
    /// ```
    @discardableResult
    public func register<T: Sendable>(
        instance: T, as type: T.Type = T.self, name: String? = nil,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        add(T.self, construction(.instance, arguments: [], Recipe<T>(.instance(RegisteredInstance(instance)))), file, line)
            .named(name).scope(.singleton)
    }

    /// Registers a value each task scope is given — a request's context, the signed-in user —
    /// for the scope's components to inject: `container.withTaskScope(providing: value) { ... }`
    /// gives it. Its scope is task-local; resolving it in a scope that was not given one is an
    /// ``IoCError`` of kind ``IoCError/Kind/scopeValueMissing``.
    ///
    /// ```swift
    /// builder.register(scopeValue: RequestInfo.self)
    /// builder.register(RequestLog.init).scope(.taskLocal)   // init(info: RequestInfo)
    /// ```
    @discardableResult
    public func register<T>(scopeValue type: T.Type, file: String = #fileID, line: Int = #line) -> Registration<T> {
        let typeName = TypeRef(T.self).name
        return register(T.self, factory: { _ in throw IoCError(.scopeValueMissing(type: typeName, provided: false)) }, file: file, line: line)
            .scope(.taskLocal)
    }

    /// Registers the product of a ``ComponentFactory``: the factory (built by `initializer`, its
    /// parameters injected) is asked for the product whenever the product's scope needs one.
    /// The factory itself is an inner component, built for each product it makes.
    ///
    /// ```swift
    /// builder.registerFactory { (path: String) in ConnectionFactory(path: path) }
    ///     .arguments(.named("dbPath"))
    ///     .singleton()
    /// ```
    @discardableResult
    public func registerFactory<F: ComponentFactory, each D>(
        _ initializer: @escaping @Sendable (repeat each D) throws -> F,
        file: String = #fileID, line: Int = #line
    ) -> Registration<F.Product> {
        // The factory's definition is inner: registered here, for its code, then taken out of
        // the builder's list into the product's source.
        register(initializer, file: file, line: line)
        let inner = takeLastDefinition()
        return registerFactory(F.self, source: .inner(inner), file: file, line: line)
    }

    /// Registers the product of a ``ComponentFactory`` component that is registered on its own;
    /// `source` says which one (by default the one component of type `F`).
    ///
    /// ```swift
    /// builder.register(ConnectionFactory.init).named("connections")
    /// builder.registerFactory(ConnectionFactory.self, source: .named("connections")).singleton()
    /// ```
    @discardableResult
    public func registerFactory<F: ComponentFactory>(
        _ factoryType: F.Type, source: InjectionSource? = nil,
        file: String = #fileID, line: Int = #line
    ) -> Registration<F.Product> {
        let point = InjectionPoint(label: "factory", type: TypeRef(F.self), source: source ?? .type(TypeRef(F.self)))
        let recipe = Recipe<F.Product>(.arguments { arguments in
            var reader = ArgumentReader(arguments)
            let factory: Frozen<Argument<F>> = reader.frozen()
            return BoundConstruction(
                sync: { ctx in try factory.get(ctx).makeProduct() },
                async: { ctx in try await factory.getAsync(ctx).makeProduct() })
        })
        return add(F.Product.self, construction(.factoryComponent, arguments: [point], recipe), file, line)
    }

    /// Registers the product of a method of another component (Spring `factory-bean` +
    /// `factory-method`): `factory` names the component, the method's parameters are resolved
    /// by type unless `.arguments(...)` says otherwise.
    ///
    /// ```swift
    /// builder.register(SwordFactory.init).named("swordFactory")
    /// builder.register(factoryMethod: SwordFactory.sword(specification:), of: .named("swordFactory"))
    ///     .arguments(.value("blue"))
    /// ```
    @discardableResult
    public func register<F, P, each A>(
        factoryMethod method: @escaping @Sendable (F) -> (repeat each A) throws -> P,
        of factory: InjectionSource,
        file: String = #fileID, line: Int = #line
    ) -> Registration<P> {
        var points = [InjectionPoint(label: "factory", type: TypeRef(F.self), source: factory)]
        var names: [String] = []
        for parameter in repeat (each A).self {
            points.append(InjectionPoint(typedFor: parameter))
            names.append(shortTypeName(parameter))
        }
        let recipe = Recipe<P>(.arguments { arguments in
            var reader = ArgumentReader(arguments)
            let target = reader.frozen(F.self)
            let bound = (repeat reader.frozen((each A).self))
            return BoundConstruction(
                sync: { ctx in try method(try target.get(ctx))(repeat try (each bound).get(ctx)) },
                async: { ctx in try method(try await target.getAsync(ctx))(repeat try await (each bound).getAsync(ctx)) })
        })
        let signature = "(" + names.joined(separator: ", ") + ") -> \(P.self)"
        return add(P.self, construction(.factoryMethod(signature), arguments: points, recipe, factory: factory), file, line)
    }

    /// Registers a factory that takes arguments at resolve time (Swinject's arguments):
    /// `container.resolve(Report.self, runtimeArguments: "Oslo", 5)`. Each resolve makes a new
    /// instance from the arguments it is given; the factory resolves its dependencies through
    /// the ``Resolver``.
    ///
    /// Runtime arguments are the caller's values, apart from the injected arguments of an
    /// initializer (``Registration/arguments(_:)``). The component is keyed by its type, its name
    /// and the types of its runtime arguments, so it does not clash with a component of the
    /// same type made without them.
    ///
    /// - Parameters:
    ///   - type: The type resolved.
    ///   - name: The name it is resolved by, if any (also `.named(_:)` on the result).
    ///   - factory: Makes an instance from the resolver and the runtime arguments.
    /// - Returns: The registration, which takes a name (`.named`), profiles (`.profiles`) and
    ///   `.overriding()`; `build()` reports any setting that has no meaning for it (a scope,
    ///   properties, tags...).
    ///
    /// ```swift
    /// builder.register(Report.self, runtimeArguments: { (r: Resolver, city: String, days: Int) in
    ///     Report(city: city, days: days, client: try r.resolve())
    /// })
    /// ```
    @discardableResult
    public func register<T, each A>(
        _ type: T.Type = T.self, name: String? = nil,
        runtimeArguments factory: @escaping @Sendable (Resolver, repeat each A) throws -> T,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        addRuntimeFactory(T.self, name: name, file: file, line: line,
                          RuntimeFactory<T, (repeat each A)>(repeat (each A).self,
                                                             body: .sync { resolver, arguments in try factory(resolver, repeat each arguments) }))
    }

    /// ``register(_:name:runtimeArguments:file:line:)`` for a factory that awaits, as
    /// `asyncFactory:` is for one without runtime arguments: one that resolves components with
    /// `async` factories (`try await r.resolve()`). Resolve it with
    /// `try await container.resolve(_:name:runtimeArguments:)`; resolving it without `await`
    /// throws the error that says so.
    ///
    /// ```swift
    /// builder.register(Forecast.self, asyncRuntimeArguments: { (r: Resolver, city: String) in
    ///     Forecast(city: city, store: try await r.resolve())
    /// })
    /// let forecast = try await container.resolve(Forecast.self, runtimeArguments: "Oslo")
    /// ```
    @discardableResult
    public func register<T, each A: Sendable>(
        _ type: T.Type = T.self, name: String? = nil,
        asyncRuntimeArguments factory: @escaping @Sendable (Resolver, repeat each A) async throws -> T,
        file: String = #fileID, line: Int = #line
    ) -> Registration<T> {
        addRuntimeFactory(T.self, name: name, file: file, line: line,
                          RuntimeFactory<T, (repeat each A)>(repeat (each A).self,
                                                             body: .async { resolver, arguments in try await factory(resolver, repeat each arguments) }))
    }

    /// A definition like any other, whose construction is the runtime factory: overlays,
    /// profiles, overrides and the canonical form see it; the build keys it apart (see
    /// ``RuntimeFactoryKey``).
    private func addRuntimeFactory<T>(_ type: T.Type, name: String?, file: String, line: Int, _ factory: RuntimeFactoryBox) -> Registration<T> {
        let construction = Construction(kind: .runtimeArguments(factory.argumentList), arguments: [], code: code.add(factory), product: TypeRef(T.self))
        var definition = Definition(type: TypeRef(T.self), construction: construction, location: ConfigLocation(file: file, line: line))
        definition.name = name
        return Registration(builder: self, index: add(definition))
    }

    /// A construction by `recipe`, which this builder's code table keeps.
    @inlinable
    func construction<T>(_ kind: Construction.Kind, arguments: [InjectionPoint], _ recipe: Recipe<T>,
                         factory: InjectionSource? = nil) -> Construction {
        Construction(kind: kind, arguments: arguments, code: code.add(recipe), product: TypeRef(T.self), factory: factory)
    }

    @inlinable
    func add<T>(_ type: T.Type, _ construction: Construction, _ file: String, _ line: Int) -> Registration<T> {
        var definition = Definition(type: TypeRef(T.self), construction: construction,
                                    location: ConfigLocation(file: file, line: line))
        definition.scope = defaults.scope
        definition.isLazy = defaults.isLazy
        // NB: only when there is one: setting `nil` on a new definition changes nothing, and the
        // check that it is the default reads a key path (docs/PerformanceLedger.md L17).
        if let strategy = defaults.strategy { definition.setStrategy(strategy, in: &code) }
        return Registration(builder: self, index: add(definition))
    }
}
