import IoCCore

extension Container {
    /// A test container: this container's definitions with the changes `configure` makes.
    ///
    /// This container is never changed. The overlay is checked like any build (missing
    /// references, cycles, captive dependencies) and throws the same
    /// `IoCError(.validationFailed(_:))`. It shares this container's singletons where
    /// its changes leave them alone — same definition, and nothing they depend on replaced —
    /// and makes its own of the others, which it disposes at its ``TestContainer/shutdown()``.
    ///
    /// ```swift
    /// let test = try production.overlay { overlay in
    ///     overlay.replace((any WeatherClient).self, with: StubWeatherClient())
    ///     overlay.setValue("3", for: "report.days")
    /// }
    /// let report = try test.resolve(ReportService.self)
    /// ```
    ///
    /// - Throws: What `configure` throws, or an `IoCError` of kind `validationFailed` listing
    ///   every problem of the overlay's graph.
    public func overlay(_ configure: (Overlay) throws -> Void) throws -> TestContainer {
        let overlay = Overlay(base: self)
        try configure(overlay)
        return try overlay.build()
    }
}

/// The changes a test makes to a built container: replacements, additions, removals, config
/// values. Every replacement and removal names a key the container has; a typo is an error
/// naming the closest key, never a silent test of the production component. Use ``add(_:)``
/// for components that are new.
public final class Overlay {
    /// The container the overlay changes.
    public let base: Container
    /// The overlay's builder, holding the base's definitions and settings. Register through
    /// ``add(_:)`` or ``override(file:line:_:)`` rather than directly, so that keys are checked.
    let builder: ContainerBuilder
    private var values: [String: ConfigValue] = [:]
    private var profiles: Set<String>?
    private let recorder = EventRecorder()

    init(base: Container) {
        self.base = base
        builder = ContainerBuilder(overlaying: base, recipe: base.recipe)
    }

    // MARK: Replacing

    /// Replaces the component registered (or exposed) as `T` with `instance`; it keeps the
    /// replaced component's name, aliases and tags.
    ///
    /// ```swift
    /// overlay.replace((any WeatherClient).self, with: StubWeatherClient())
    /// ```
    @discardableResult
    public func replace<T: Sendable>(_ type: T.Type, with instance: T, file: String = #fileID, line: Int = #line) -> Registration<T> {
        let target = self.target(ofType: T.self, action: "replace", file, line)
        return takeOver(target, builder.register(instance: instance, as: T.self, file: file, line: line))
    }

    /// Replaces the component named `name` with `instance`, injected as `T`.
    ///
    /// ```swift
    /// overlay.replace("clock", with: FixedClock(), as: (any Clock).self)
    /// ```
    @discardableResult
    public func replace<T: Sendable>(_ name: String, with instance: T, as type: T.Type = T.self,
                           file: String = #fileID, line: Int = #line) -> Registration<T> {
        let target = self.target(named: name, action: "replace", file, line)
        return takeOver(target, builder.register(instance: instance, as: T.self, file: file, line: line))
    }

    /// Replaces the component registered (or exposed) as `T` — or, with `name`, the component
    /// of that name — with one `factory` makes, in the replaced component's scope.
    ///
    /// ```swift
    /// overlay.replace((any WeatherClient).self) { r in RecordingClient(wrapping: try r.resolve(name: "free")) }
    /// ```
    @discardableResult
    public func replace<T>(_ type: T.Type, name: String? = nil, file: String = #fileID, line: Int = #line,
                           factory: @escaping @Sendable (Resolver) throws -> T) -> Registration<T> {
        let target = name.map { self.target(named: $0, action: "replace", file, line) }
            ?? self.target(ofType: T.self, action: "replace", file, line)
        let registration = takeOver(target, builder.register(T.self, factory: factory, file: file, line: line))
        return target.map { registration.scope($0.scope) } ?? registration
    }

    /// Replaces the component named `name` with `definition` (written by hand or by a front
    /// end), which takes the replaced component's name, aliases and tags.
    ///
    /// ```swift
    /// overlay.replace("mailer", with: Definition(name: "mailer", typeName: "NullMailer", location: ConfigLocation(file: "stubs.yaml", line: 1)))
    /// ```
    public func replace(_ name: String, with definition: Definition, file: String = #fileID, line: Int = #line) {
        let target = self.target(named: name, action: "replace", file, line)
        var replacement = definition
        if let target { inherit(target, into: &replacement) }
        builder.add(replacement)
    }

    /// Replaces the component named `name` with `component` (a registration made in code with
    /// another builder), which takes the replaced component's name, aliases and tags.
    ///
    /// ```swift
    /// let stubs = ContainerBuilder()
    /// let stub = stubs.register(StubWeatherClient.init, as: (any WeatherClient).self)
    /// overlay.replace("weatherClient", with: stub.component)
    /// ```
    public func replace(_ name: String, with component: Component, file: String = #fileID, line: Int = #line) {
        replace(name, with: builder.keepingCode(of: component), file: file, line: line)
    }

    /// Replaces the component named `name` with an instance of the catalog's class
    /// `typeName`, wired as the replaced one was when config wrote it (its arguments and
    /// properties) and in the same scope; `configure` changes the definition further.
    ///
    /// ```swift
    /// overlay.replace("weatherClient", withClass: "StubWeatherClient")
    /// ```
    public func replace(_ name: String, withClass typeName: String, file: String = #fileID, line: Int = #line,
                        configure: (inout Definition) -> Void = { _ in }) {
        guard let target = self.target(named: name, action: "replace", file, line) else { return }
        builder.add(classReplacement(of: target, typeName: typeName, file, line, configure))
    }

    /// Replaces the component registered (or exposed) as `T` with an instance of the
    /// catalog's class `typeName` (see ``replace(_:withClass:file:line:configure:)``).
    ///
    /// ```swift
    /// overlay.replace((any WeatherClient).self, withClass: "StubWeatherClient")
    /// ```
    public func replace<T>(_ type: T.Type, withClass typeName: String, file: String = #fileID, line: Int = #line,
                           configure: (inout Definition) -> Void = { _ in }) {
        guard let target = self.target(ofType: T.self, action: "replace", file, line) else { return }
        builder.add(classReplacement(of: target, typeName: typeName, file, line, configure))
    }

    /// Replaces every component tagged `tag` with what `make` returns for it (told the
    /// replaced component), injected as `T`. Each keeps its name, aliases and tags; unnamed
    /// ones are named `"<tag>.<position>"`, since several unnamed components of one type clash.
    ///
    /// ```swift
    /// overlay.replace(tagged: "channel", as: (any Channel).self) { _ in SilentChannel() }
    /// ```
    public func replace<T>(tagged tag: String, as type: T.Type, file: String = #fileID, line: Int = #line,
                           with make: @escaping @Sendable (ComponentInfo) -> T) {
        let targets = base.definitions(tagged: tag)
        guard !targets.isEmpty else {
            let known = Set(base.definitions.flatMap(\.tags))
            report("replace the components tagged \"\(tag)\"", file, line,
                   "no component has that tag." + Self.didYouMean(tag, in: Array(known)) + " Correct the tag.")
            return
        }
        for (position, target) in targets.enumerated() {
            let info = ComponentInfo(definition: target)
            let registration = takeOver(target, builder.register(T.self, factory: { _ in make(info) }, file: file, line: line))
                .scope(target.scope)
            if target.name == nil { registration.named("\(tag).\(position)") }
        }
    }

    /// Gives the component named `name` another scope.
    ///
    /// ```swift
    /// overlay.rescope("session", to: .prototype)
    /// ```
    public func rescope(_ name: String, to scope: Scope, file: String = #fileID, line: Int = #line) {
        guard let target = self.target(named: name, action: "rescope", file, line) else { return }
        rescope(target, to: scope)
    }

    /// Gives the component registered (or exposed) as `T` another scope.
    ///
    /// ```swift
    /// overlay.rescope(ReportCache.self, to: .prototype)
    /// ```
    public func rescope<T>(_ type: T.Type, to scope: Scope, file: String = #fileID, line: Int = #line) {
        guard let target = self.target(ofType: T.self, action: "rescope", file, line) else { return }
        rescope(target, to: scope)
    }

    // MARK: Adding and removing

    /// Registers components that are new: their keys must not be in the container (a clash
    /// is reported as a duplicate, as in any build). Config front ends work here too:
    /// `overlay.add { try $0.loadYAML(snippet, name: "test.yaml") }`.
    ///
    /// ```swift
    /// overlay.add { $0.register(AuditLog.init).named("audit") }
    /// ```
    public func add(_ register: (ContainerBuilder) throws -> Void) rethrows {
        try register(builder)
    }

    /// Registers components that replace existing ones with the same name (Guice's
    /// `Modules.override`): every named definition `register` adds must name a component the
    /// container has. `overlay.override { try $0.loadYAML(stubs, name: "stubs.yaml") }`.
    ///
    /// ```swift
    /// try overlay.override { try $0.loadYAML(stubs, name: "stubs.yaml") }
    /// ```
    public func override(file: String = #fileID, line: Int = #line, _ register: (ContainerBuilder) throws -> Void) rethrows {
        let start = builder.definitions.count
        try register(builder)
        for index in start..<builder.definitions.count {
            let definition = builder.definitions[index]
            guard let name = definition.name else {
                builder.report(IoCError(.invalidOverride(action: "override \(definition.label)", location: definition.location,
                                                         reason: "an override must name the component it replaces. Give it the name, or use add(_:) for a new component.")))
                continue
            }
            guard let target = self.target(named: name, action: "override", file, line) else { continue }
            builder.updateDefinition(at: index) { inherit(target, into: &$0) }
        }
    }

    /// Removes the component named `name`. Whatever injects it then fails the overlay's
    /// validation, naming the component.
    ///
    /// ```swift
    /// overlay.remove("metricsExporter")
    /// ```
    public func remove(_ name: String, file: String = #fileID, line: Int = #line) {
        guard let target = self.target(named: name, action: "remove", file, line) else { return }
        removeAfterBinding(target)
    }

    /// Removes the component registered (or exposed) as `T`.
    ///
    /// ```swift
    /// overlay.remove(MetricsExporter.self)
    /// ```
    public func remove<T>(_ type: T.Type, file: String = #fileID, line: Int = #line) {
        guard let target = self.target(ofType: T.self, action: "remove", file, line) else { return }
        removeAfterBinding(target)
    }

    // MARK: Config values

    /// Sets a `${key}` placeholder for this overlay, before every property source of the base.
    ///
    /// ```swift
    /// overlay.setValue("3", for: "report.days")
    /// ```
    public func setValue(_ value: String, for key: String) {
        values[key] = .string(value)
    }

    /// Sets a `${key}` placeholder to a structured value (a list, a map for a `Decodable`).
    ///
    /// ```swift
    /// overlay.setValue(.int(3), for: "report.days")
    /// ```
    public func setValue(_ value: ConfigValue, for key: String) {
        values[key] = value
    }

    /// Activates these profiles instead of the base's.
    ///
    /// ```swift
    /// overlay.activateProfiles("test")
    /// ```
    public func activateProfiles(_ names: String...) {
        profiles = Set(names)
    }

    /// Sets the property `property` of the component named `name` to a config value,
    /// converted to the property's type (placeholders allowed). A definition from config may
    /// set any property its class has; one registered in code only those it declares.
    ///
    /// ```swift
    /// overlay.setProperty("timeout", of: "httpClient", to: "1")
    /// ```
    public func setProperty(_ property: String, of name: String, to value: String,
                            file: String = #fileID, line: Int = #line) {
        setProperty(property, of: name, to: .config(.string(value, at: ConfigLocation(file: file, line: line))), file: file, line: line)
    }

    /// Sets the property `property` of the component named `name` from any source: a
    /// reference (`.named("other")`), a value, a collection.
    ///
    /// ```swift
    /// overlay.setProperty("logger", of: "reportService", to: .named("silentLogger"))
    /// ```
    public func setProperty(_ property: String, of name: String, to source: InjectionSource,
                            file: String = #fileID, line: Int = #line) {
        guard let target = self.target(named: name, action: "set property '\(property)' of", file, line) else { return }
        let action = "set property '\(property)' of \"\(name)\""
        // The definition as registered: same place and type name (and name, where a loop
        // registered several at one place).
        let written = builder.definitions.indices.filter {
            builder.definitions[$0].location == target.location && builder.definitions[$0].typeName == target.typeName
        }
        guard let index = written.only ?? written.last(where: { builder.definitions[$0].name == target.name }) else {
            report(action, file, line, "its definition is inherited or generated, and cannot be changed here. Replace the component instead.")
            return
        }
        let definition = builder.definitions[index]
        if let existing = definition.properties.firstIndex(where: { $0.name == property }) {
            builder.updateDefinition(at: index) { $0.properties[existing].setSource(source) }
        } else if !definition.isBound {
            builder.updateDefinition(at: index) {
                $0.properties.append(PropertyInjection(name: property, source: source, location: ConfigLocation(file: file, line: line)))
            }
        } else {
            let declared = definition.properties.map(\.name)
            report(action, file, line, "it is registered in code, which sets only the properties it declares ("
                   + (declared.isEmpty ? "none" : declared.joined(separator: ", ")) + ")."
                   + Self.didYouMean(property, in: declared) + " Replace the component instead.")
        }
    }

    // MARK: Building

    func build() throws -> TestContainer {
        if !values.isEmpty {
            builder.propertySources.insert(DictionaryPropertySource(name: "test overlay", values), at: 0)
        }
        if let profiles { builder.activeProfiles = profiles }
        builder.addPostProcessor(CreationRecorder(recorder: recorder))
        let container = try builder.build()
        container.addInterceptor(recorder)
        return TestContainer(container: container, base: base, recorder: recorder)
    }

    // MARK: Targets

    private func target(named name: String, action: String, _ file: String, _ line: Int) -> Definition? {
        if let found = base.definition(named: name) { return found }
        report("\(action) \"\(name)\"", file, line, "the container has no component named \"\(name)\"."
               + Self.didYouMean(name, in: base.allNames, quoted: true)
               + " Correct the name, or use add(_:) if the test adds a new component.")
        return nil
    }

    private func target<T>(ofType type: T.Type, action: String, _ file: String, _ line: Int) -> Definition? {
        let reason = Self.typeTarget(T.self, in: base)
        if case .success(let target) = reason { return target }
        if case .failure(let message) = reason {
            report("\(action) \(TypeRef(T.self).name)", file, line, message.text + (message.isMissing ? " Correct the type, or use add(_:) if the test adds a new component." : ""))
        }
        return nil
    }

    /// The component a resolve of `T` reaches in `container`, or why there is no single one.
    static func typeTarget<T>(_ type: T.Type, in container: Container) -> Result<Definition, TargetProblem> {
        if let chosen = container.chosenDefinition(ofType: T.self) { return .success(chosen) }
        let name = TypeRef(T.self).name
        let found = container.definitions(ofType: T.self)
        guard !found.isEmpty else {
            return .failure(TargetProblem(text: "the container has no component registered or exposed as \(name)."
                                          + didYouMean(name, in: container.allTypeNames), isMissing: true))
        }
        return .failure(TargetProblem(text: "\(found.count) components are registered or exposed as \(name): "
                                      + found.map(\.key.description).joined(separator: ", ") + ". Name the one you mean.",
                                      isMissing: false))
    }

    /// Gives `replacement` the keys of `target` and drops `target`.
    private func takeOver<T>(_ target: Definition?, _ registration: Registration<T>) -> Registration<T> {
        guard let target else { return registration }
        builder.updateDefinition(at: registration.index) { inherit(target, into: &$0) }
        return registration
    }

    /// `definition` takes `target`'s name, aliases, tags and primacy, and `target` goes.
    private func inherit(_ target: Definition, into definition: inout Definition) {
        definition.name = target.name
        definition.aliases = target.aliases
        definition.tags = target.tags
        definition.isPrimary = target.isPrimary
        definition.profiles = []
        // A named target is replaced by name before binding; an unnamed one is dropped after.
        definition.isOverride = target.name != nil || !target.aliases.isEmpty
        removeAfterBinding(target)
    }

    private func removeAfterBinding(_ target: Definition) {
        let location = target.location, key = target.key
        builder.removedAfterBinding.append { $0.location == location && $0.key == key }
    }

    private func classReplacement(of target: Definition, typeName: String, _ file: String, _ line: Int,
                                  _ configure: (inout Definition) -> Void) -> Definition {
        var definition = Definition(name: target.name, typeName: typeName, location: ConfigLocation(file: file, line: line))
        definition.scope = target.scope
        definition.isLazy = target.isLazy
        definition.isEager = target.isEager
        if !target.isBound || target.typeName != nil {
            definition.construction = .initializer(arguments: target.construction.arguments.map {
                InjectionPoint(label: $0.label, source: $0.source, location: $0.location)
            })
            definition.properties = target.properties.map { PropertyInjection(name: $0.name, source: $0.source, location: $0.point.location) }
        }
        definition.exposedAs = target.exposedAs.map { Exposure(typeName: $0.type?.name ?? $0.typeName ?? "") }
        inherit(target, into: &definition)
        configure(&definition)
        return definition
    }

    private func rescope(_ target: Definition, to scope: Scope) {
        guard scope != target.scope else { return }
        var definition = target
        definition.scope = scope
        definition.isOverride = target.name != nil || !target.aliases.isEmpty
        builder.add(definition)
        if !definition.isOverride {
            // Same key, same place: drop the original by its scope.
            let location = target.location, key = target.key, old = target.scope
            builder.removedAfterBinding.append { $0.location == location && $0.key == key && $0.scope == old }
        }
    }

    private func report(_ action: String, _ file: String, _ line: Int, _ reason: String) {
        builder.report(IoCError(.invalidOverride(action: action, location: ConfigLocation(file: file, line: line), reason: reason)))
    }

    static func didYouMean(_ text: String, in candidates: [String], quoted: Bool = false) -> String {
        let close = Suggestions.closest(to: text, in: candidates).map { quoted ? "\"\($0)\"" : $0 }
        return close.isEmpty ? "" : " Did you mean \(IoCError.orList(close))?"
    }
}

extension Array {
    /// The only element, or `nil` when there are none or several.
    fileprivate var only: Element? { count == 1 ? self[0] : nil }
}

/// Why a type names no single component of a container.
struct TargetProblem: Error {
    let text: String
    /// No component at all (rather than several).
    let isMissing: Bool
}
