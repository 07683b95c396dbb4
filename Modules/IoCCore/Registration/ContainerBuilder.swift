import Foundation

/// Collects definitions, then checks them all at once and builds an immutable ``Container``.
///
/// ```swift
/// let builder = ContainerBuilder()
/// builder.register(URLSessionTransport.init).singleton()
/// builder.register(FreeWeatherClient.init).as((any WeatherClient).self) { $0 }
/// builder.register(ReportService.init)
/// let container = try builder.build()   // throws one error listing every problem
/// ```
///
/// A builder is used from one thread, then thrown away; the container it builds is `Sendable`.
public final class ContainerBuilder {
    /// Settings applied to every registration made after they are set
    /// (Objective-IOC's container-wide injection type and cache; Symfony's `_defaults`).
    public struct Defaults {
        /// The scope of new registrations. Starts as ``Scope/prototype``.
        public var scope: Scope = .prototype
        /// Whether new registrations are lazy.
        public var isLazy = false
        /// The construction strategy of new registrations.
        public var strategy: (any ConstructionStrategy)?
    }

    /// Settings for registrations made from now on.
    // NB: this, `definitions` and `code` skip the dynamic exclusivity checks: a builder is used from
    // one thread, and nothing that reads or changes them calls out to code that could reach
    // them again (a definition is changed by the registration's own closures). Checked, each
    // access is a call, two or three a registration (docs/PerformanceLedger.md U5).
    @exclusivity(unchecked) public var defaults = Defaults()  // docs/PerformanceLedger.md U5
    /// Create every non-lazy singleton at build (Spring's and Guice's production stage),
    /// so that a broken factory fails at start-up rather than on first use.
    public var eagerSingletons = false
    /// How deep one resolve may go before it fails with an ``IoCError`` of kind ``IoCError/Kind/depthExceeded``.
    /// The thread's remaining stack is checked as well, whatever this says.
    public var maxResolutionDepth = 4096
    /// How long a resolve waits for a component another thread or task is creating before it
    /// fails with an ``IoCError`` of kind ``IoCError/Kind/creationWaitTimedOut``; `nil` waits for as long
    /// as the creation takes.
    ///
    /// Waits that can never end are reported at once as cycles, when the container can see them:
    /// the creator waits for the caller inside the container, or the caller is work the creation
    /// started through its `Resolver` or as a Swift task. This limit ends the ones it cannot
    /// see: a factory that waits for a thread or queue it handed work to, where that work
    /// resolves the component being created through the container.
    ///
    /// The same setting as ``creationWaitSeconds``, which the platforms without `Duration`
    /// (below iOS 16 / macOS 13) have.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var creationWaitLimit: Duration? {
        get { creationWaitSeconds.map { .seconds($0) } }
        set { creationWaitSeconds = newValue.map(\.seconds) }
    }
    /// ``creationWaitLimit`` in seconds (30 unless set; `nil` waits for as long as the creation
    /// takes), for apps that run where `Duration` is not available (below iOS 16 / macOS 13).
    public var creationWaitSeconds: Double? = 30
    /// Where the containers this builder builds (and their children) send their events — the
    /// build's summary or problems, slow creations, dispose failures, shutdown; `nil` sends none.
    /// Called on the thread that caused the event; keep it short.
    ///
    /// ```swift
    /// builder.events = { event in print("container: \(event)") }
    /// ```
    public var events: (@Sendable (ContainerEvent) -> Void)?
    /// A singleton whose creation (with the dependencies made for it) takes longer than this,
    /// in seconds, is reported to ``events`` (``ContainerEvent/slowCreation(component:location:seconds:)``);
    /// `nil`, the default, times nothing.
    public var slowCreationSeconds: Double?
    /// Whether a singleton may hold a shorter-lived component (a captive dependency).
    /// `false` by default: the build reports it.
    public var allowsCaptiveDependencies = false

    /// How config values become Swift values; register converters for your own types here.
    public var converters = ValueConverters()
    /// Where `${key}` placeholders find their values, asked in order.
    public var propertySources: [any PropertySource] = []
    /// The most text, in bytes, that placeholders may make in one build: the text of every
    /// value that puts placeholders together with other text, counted once per value. Beyond
    /// it the build fails with ``IoCError/Kind/placeholderTextLimit``, so values that repeat
    /// others, themselves repeated, cannot fill memory. 16 MiB, as a config file's own size limit.
    public var maxPlaceholderTextBytes = 16 * 1024 * 1024
    /// The most settings (properties, arguments, method calls, tags) children may copy from
    /// their parents in one build. Each child copies all its parent has, so a long chain of
    /// parents, or many children of a parent with many settings, copies their product (a file of
    /// 10,000 beans, each the parent of the next, asked for 50 million copies). Far above what
    /// real configs copy; the tests lower it.
    package var maxInheritedSettings = 1_000_000
    /// The functions placeholders may call, `${name(argument)}`, by name (see
    /// ``PlaceholderFunction``). The YAML and XML loaders add IoCConfig's `env`.
    public var placeholderFunctions: [String: any PlaceholderFunction] = [:]
    /// The directories config may read files from at build (a placeholder function's, such as
    /// `${env(file:NAME)}`); the YAML and XML loaders add the config root of each file they load.
    public var configRoots: [URL] = []
    /// The profiles whose definitions are built; none means `default`.
    public var activeProfiles: Set<String> = []
    /// The types config definitions may name (see ``TypeCatalog``).
    public var catalog: TypeCatalog?

    /// The definitions registered so far, in order.
    @exclusivity(unchecked) public private(set) var definitions: [Definition] = []
    /// The Swift code of the registrations, which their definitions name (``CodeRef``).
    @exclusivity(unchecked) @usableFromInline var code = CodeTable()

    let parent: Container?
    var postProcessors: [any InstancePostProcessor] = []
    var customScopes: [String: any CustomScope] = [:]
    package var reportedProblems: [IoCError] = []
    // Test overlays (IoCTesting):
    /// Definitions dropped once bound: what an overlay replaces or removes.
    package var removedAfterBinding: [@Sendable (Definition) -> Bool] = []
    /// The container whose singletons the built one shares where its definitions do not differ.
    package var sharingBase: Container?
    /// Components that are absent on purpose, or left out before the builder saw them (a tool
    /// reading files past their problems): references to them are not reported as missing.
    package var absentNames: Set<String> = []
    /// Names config declares the app provides (Symfony's `synthetic: true`), with where: a
    /// reference to one that nothing registers says so, and how to provide it.
    package var syntheticNames: [String: ConfigLocation] = [:]
    /// The placeholder keys config files write otherwise than `${key}`, with how: problems quote them so.
    package var placeholderSpellings: [String: PlaceholderSpelling] = [:]

    /// Says that config writes these placeholder keys as `spelling` says (services.yaml's
    /// parameters, `%key%`), so that a problem about one quotes it as the file does. The YAML
    /// loader says it of the keys its files write as parameters; so does the code
    /// IoCConfigPlugin generates, which registers what a file's load would.
    ///
    /// ```swift
    /// builder.spellPlaceholders(["api.host"], as: PlaceholderSpelling(noun: "Parameter", opening: "%", closing: "%"))
    /// ```
    public func spellPlaceholders(_ keys: some Sequence<String>, as spelling: PlaceholderSpelling) {
        for key in keys { placeholderSpellings[key] = spelling }
    }

    /// A builder for a top-level container.
    ///
    /// ```swift
    /// let builder = ContainerBuilder()
    /// builder.register(ReportService.init)
    /// let container = try builder.build()
    /// ```
    public init() { self.parent = nil }

    /// A builder for a child of `parent` (see ``Container/makeChild(_:)``).
    ///
    /// ```swift
    /// let request = ContainerBuilder(parent: app)
    /// request.register(instance: currentUser)
    /// let scoped = try request.build()   // sees app's components
    /// ```
    public init(parent: Container) {
        self.parent = parent
        events = parent.events
        slowCreationSeconds = parent.slowCreationSeconds
    }

    /// Adds a definition made by a front end. Returns its index. A definition registered in
    /// code with another builder names code that builder keeps: add its ``Component`` instead
    /// (``Registration/component``), or `build()` reports it.
    ///
    /// ```swift
    /// builder.catalog = catalog
    /// builder.add(Definition(name: "clock", typeName: "SystemClock", location: ConfigLocation(file: "app.yaml", line: 3)))
    /// ```
    @discardableResult
    public func add(_ definition: Definition) -> Int {
        definitions.append(definition)
        return definitions.count - 1
    }

    /// Adds every definition of `other`, keeping their locations (several sources, one builder).
    ///
    /// ```swift
    /// builder.add(contentsOf: try YAMLLoader().load(contentsOf: url).definitions)
    /// ```
    public func add(contentsOf definitions: [Definition]) {
        self.definitions.append(contentsOf: definitions)
    }

    /// Adds a component registered with another builder, with its code. Returns its index.
    ///
    /// ```swift
    /// let shared = ContainerBuilder()
    /// let clock = shared.register(SystemClock.init).singleton()
    /// builder.add(clock.component)
    /// ```
    @discardableResult
    public func add(_ component: Component) -> Int {
        definitions.append(code.importing(component.definition, from: component.code))
        return definitions.count - 1
    }

    /// Adds components registered with other builders, with their code (several modules, one builder).
    ///
    /// ```swift
    /// builder.add(contentsOf: networking.components)
    /// ```
    public func add(contentsOf components: [Component]) {
        for component in components { add(component) }
    }

    /// The definition of `component`, whose code this builder keeps from now on, without
    /// registering it: an inner definition (``InjectionSource/inner(_:)``) made in code.
    ///
    /// ```swift
    /// let client = ContainerBuilder().register(BetterWeatherClient.init, as: (any WeatherClient).self)
    /// builder.register(ReportService.init).arguments(.inner(builder.keepingCode(of: client.component)))
    /// ```
    public func keepingCode(of component: Component) -> Definition {
        code.importing(component.definition, from: component.code)
    }

    /// Every definition registered so far, each with its code: what another builder takes
    /// with `add(contentsOf:)`.
    ///
    /// ```swift
    /// let networking = ContainerBuilder()
    /// networking.register(URLSessionTransport.init).singleton()
    /// builder.add(contentsOf: networking.components)
    /// ```
    public var components: [Component] {
        let code = self.code.frozen()
        return definitions.map { Component(definition: $0, code: code) }
    }

    /// Takes the last definition out of the list; its code stays in the table (an inner
    /// definition registered only for its code).
    func takeLastDefinition() -> Definition { definitions.removeLast() }

    func update(_ index: Int, _ change: (inout Definition) -> Void) {
        change(&definitions[index])
    }

    /// Reports a problem a front end found while registering; `build()` throws it with the
    /// problems it finds itself.
    package func report(_ problem: IoCError) {
        reportedProblems.append(problem)
    }

    /// Registers a scope implementation under a name that definitions use with `.custom(name)`.
    ///
    /// ```swift
    /// builder.register(scope: RequestScope(), named: "request")
    /// builder.register(Session.init).scope(.custom("request"))
    /// ```
    public func register(scope: any CustomScope, named name: String) {
        customScopes[name] = scope
    }

    /// Adds a post-processor that sees every instance the container creates, in the order added.
    ///
    /// ```swift
    /// builder.addPostProcessor(Logging())
    /// ```
    public func addPostProcessor(_ processor: any InstancePostProcessor) {
        postProcessors.append(processor)
    }

    /// Checks every definition and builds the container: missing and ambiguous components,
    /// cycles, captive dependencies, types, initializers, properties, values and placeholders,
    /// all at once. Nothing is created but eager singletons.
    ///
    /// - Returns: The container, ready to resolve from any thread.
    /// - Throws: An ``IoCError`` of kind ``IoCError/Kind/validationFailed`` whose
    ///   ``IoCError/problems`` lists every problem found, each with its place and a fix; then,
    ///   for eager singletons, the first error their creation throws.
    ///
    /// ```swift
    /// let builder = ContainerBuilder()
    /// builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).singleton()
    /// builder.register(ReportService.init)
    /// let container = try builder.build()
    /// ```
    public func build() throws -> Container {
        let start = events == nil ? 0 : EventClock.now()
        let compilation = Compilation(builder: self)
        compilation.run()
        let problems = reportedProblems + compilation.state.problems
        guard problems.isEmpty, let container = compilation.built else { throw reported(IoCError(.validationFailed(problems))) }
        if let sharingBase { compilation.shareUnchangedSingletons(with: sharingBase) }
        for node in compilation.state.eagerNodes {
            let graph = node.needsGraph ? ObjectGraph() : nil
            defer { keepAlive(graph) }
            let ctx = ResolutionContext(container: container, graph: graph)
            do { _ = try node.anyInstance(ctx) } catch let error as IoCError { throw reported(error.atTopLevel()) }
        }
        events?(.built(components: container.components.definitions.count, seconds: EventClock.seconds(since: start)))
        return container
    }

    /// `error`, told to ``events`` first.
    private func reported(_ error: IoCError) -> IoCError {
        events?(.buildFailed(error))
        return error
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Duration {
    /// The duration in seconds, as ``ContainerBuilder/creationWaitSeconds`` keeps a wait limit.
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
