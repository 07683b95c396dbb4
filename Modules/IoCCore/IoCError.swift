/// Where a dependency is needed: which component, which argument or property, and where
/// that component was defined.
public struct InjectionSite: Sendable, Equatable, CustomStringConvertible {
    /// The component that needs the dependency, as messages print it.
    public var component: String
    /// `argument 0 'client'`, `property 'logger'`, or `factory component`.
    public var point: String
    /// Where the component was defined.
    public var location: ConfigLocation

    /// A site as messages print it: `"report" (ReportService), argument 0 'client', at App.swift:12`.
    public init(component: String, point: String, location: ConfigLocation) {
        self.component = component
        self.point = point
        self.location = location
    }

    public var description: String { "\(component), \(point), at \(location)" }
}

/// Every failure of IoCCore: building a container, validating its graph, resolving.
///
/// An error says what went wrong (``kind``), where it was written or found (``location``),
/// along which resolution path (``path``), and which error of your own code caused it
/// (``underlying``). ``description`` is the full message, which names what, where and how to
/// fix it; the tests assert it word for word. A failed build is one error of kind
/// ``Kind/validationFailed`` whose ``problems`` lists every problem found.
///
/// ```swift
/// do {
///     container = try builder.build()
/// } catch let error as IoCError where error.kind == .validationFailed {
///     for problem in error.problems where problem.kind == .missingComponent {
///         print(problem.location?.description ?? "?", problem)
///     }
/// }
/// ```
///
/// New kinds may come in later versions without breaking your code: ``Kind`` is a struct of
/// named values, not an enum, so a `switch` over it has a `default`.
public struct IoCError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problem with every detail its message uses. Package-wide: the front ends, IoCTesting
    /// and the tests make and match problems; an app reads the properties below.
    package let problem: Problem

    package init(_ problem: Problem) { self.problem = problem }

    /// A problem of a kind a front end defines, such as a placeholder function's
    /// (``PlaceholderFunction``): `message` is the whole message (what, where, how to fix it).
    public init(_ kind: Kind, message: String, location: ConfigLocation?) {
        self.problem = .reported(kind: kind, message: message, location: location)
    }

    /// What went wrong, such as ``Kind/missingComponent`` or ``Kind/cycle``.
    public var kind: Kind { problem.kind }

    /// The full message: what, where and how to fix it.
    public var description: String { problem.description }

    /// The resolution path of a resolve-time error or a cycle, outermost component first;
    /// empty for other problems.
    public var path: [String] { problem.path }

    /// Where the problem was written or found, when one place says it: the injection point, the
    /// definition, the value or the placeholder. `nil` for problems of the whole graph or of a
    /// resolve (their ``path`` says where).
    public var location: ConfigLocation? { problem.location }

    /// The error your initializer, factory or hook threw, for ``Kind/constructionFailed``.
    public var underlying: (any Error)? {
        if case let .constructionFailed(_, _, _, error) = problem { return error.error }
        return nil
    }

    /// Every problem a failed build found, for ``Kind/validationFailed``; empty otherwise.
    public var problems: [IoCError] {
        if case let .validationFailed(problems) = problem { return problems }
        return []
    }

    /// The kind of an ``IoCError``: a named value that can be compared and switched over.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as in `missingComponent`.
        public let name: String

        /// A kind of a front end's own, such as IoCConfig's `badEnvironmentExpression`: kinds
        /// are equal when their names are, so a front end defines each as a static constant.
        public init(_ name: String) { self.name = name }

        public var description: String { name }

        /// No component matches a key.
        public static let missingComponent = Kind("missingComponent")
        /// Several components match a type and none is the one primary, or all of the candidates
        /// are marked primary (only one may be).
        public static let ambiguousComponent = Kind("ambiguousComponent")
        /// Components depend on each other in a circle; the path starts and ends with the same component.
        public static let cycle = Kind("cycle")
        /// Components depend on each other in a circle that only a prototype's property or method
        /// call closes: each instance of the prototype makes a new one, without end.
        public static let endlessCycle = Kind("endlessCycle")
        /// A component holds a dependency that should live shorter than itself.
        public static let captiveDependency = Kind("captiveDependency")
        /// Two definitions have the same key.
        public static let duplicateKey = Kind("duplicateKey")
        /// A component cannot be injected as the type an injection point needs.
        public static let typeMismatch = Kind("typeMismatch")
        /// A literal value does not have the type its injection point needs.
        public static let valueTypeMismatch = Kind("valueTypeMismatch")
        /// A config value cannot be converted to the type its injection point needs.
        public static let badValue = Kind("badValue")
        /// A source shape (collection, `Lazy`, `nil`...) does not fit the injection point's type.
        public static let sourceMismatch = Kind("sourceMismatch")
        /// A component whose construction is `async` was asked for synchronously.
        public static let asyncResolutionRequired = Kind("asyncResolutionRequired")
        /// A main-actor component (``Definition/isMainActor``) was asked for synchronously off the main actor.
        public static let mainActorRequired = Kind("mainActorRequired")
        /// A definition states something the container cannot honour.
        public static let invalidDefinition = Kind("invalidDefinition")
        /// A definition names a scope that is neither built in nor registered.
        public static let unknownScope = Kind("unknownScope")
        /// The graph went deeper than the limit or the thread's stack allows.
        public static let depthExceeded = Kind("depthExceeded")
        /// The thread's stack was nearly used up.
        public static let stackExhausted = Kind("stackExhausted")
        /// A `${key}` placeholder has no value in any property source and no default.
        public static let unresolvedPlaceholder = Kind("unresolvedPlaceholder")
        /// Placeholders refer to each other in a circle.
        public static let placeholderCycle = Kind("placeholderCycle")
        /// A `${` is not closed, or a placeholder has no key.
        public static let malformedPlaceholder = Kind("malformedPlaceholder")
        /// Placeholders made more text in one build than ``ContainerBuilder/maxPlaceholderTextBytes`` allows: values that
        /// repeat others, themselves repeated (a parameter doubled again and again).
        public static let placeholderTextLimit = Kind("placeholderTextLimit")
        /// A definition names a type the catalog does not know.
        public static let unknownType = Kind("unknownType")
        /// A definition names an initializer, factory, method, property or argument label the
        /// type's catalog entry does not have.
        public static let unknownMember = Kind("unknownMember")
        /// Several initializers or methods fit what a definition gives; it must name one.
        public static let ambiguousMember = Kind("ambiguousMember")
        /// A catalog entry written in code is inconsistent (a signature that does not fit its function).
        public static let invalidCatalogEntry = Kind("invalidCatalogEntry")
        /// A component's initializer, factory or hook threw.
        public static let constructionFailed = Kind("constructionFailed")
        /// A task-local component was resolved outside `Container.withTaskScope(_:)`.
        public static let noTaskScope = Kind("noTaskScope")
        /// A task scope's value (``ContainerBuilder/register(scopeValue:file:line:)``) was resolved
        /// in a scope not given one, or a scope was given a value of a type no task-local component has.
        public static let scopeValueMissing = Kind("scopeValueMissing")
        /// A resolve waited longer than ``ContainerBuilder/creationWaitLimit`` for a component that
        /// another thread or task was creating.
        public static let creationWaitTimedOut = Kind("creationWaitTimedOut")
        /// A private component (Symfony's `public: false`) was asked for at the top level.
        public static let privateComponent = Kind("privateComponent")
        /// The container was shut down.
        public static let containerShutDown = Kind("containerShutDown")
        /// Dispose hooks threw during ``Container/shutdown()``; every other hook still ran.
        public static let disposeFailed = Kind("disposeFailed")
        /// A test overlay asks for a change the container cannot make: replacing a key it does
        /// not have, a property its definition cannot set, a scope that keeps no instances.
        public static let invalidOverride = Kind("invalidOverride")
        /// Building found problems; every one is listed.
        public static let validationFailed = Kind("validationFailed")
    }

    /// The same error with `component` put in front of its resolution path.
    func prependingPath(_ component: String) -> IoCError { IoCError(problem.prependingPath(component)) }
}

extension IoCError {
    /// A problem and the details its message uses.
    package enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// No component matches a key.
        case missingComponent(key: ComponentKey, site: InjectionSite?, suggestions: [String], path: [String])
        /// A component config declares the app provides (`synthetic: true`) that nothing
        /// registers. Its kind is ``Kind/missingComponent``.
        case missingSynthetic(key: ComponentKey, site: InjectionSite?, declared: ConfigLocation, path: [String])
        /// Several components match a type and none is the one primary; `primaries` when the
        /// candidates listed are all marked primary (only one may be).
        case ambiguousComponent(type: TypeRef, candidates: [String], primaries: Bool, site: InjectionSite?, path: [String])
        /// Components depend on each other in a circle; `path` starts and ends with the same component.
        case cycle(path: [String], location: ConfigLocation?)
        /// A cycle through a lazy component that no proxy closes: `lazy` is built when injected
        /// (as its own class, or as a protocol the catalog has no proxy for). Its kind is ``Kind/cycle``.
        case cycleThroughLazy(path: [String], lazy: String, location: ConfigLocation?)
        /// Components depend on each other in a circle that only a prototype's property or method
        /// call closes: each instance of `prototype` makes a new one, without end.
        case endlessCycle(path: [String], prototype: String, location: ConfigLocation?)
        /// A component holds a dependency that should live shorter than itself.
        case captiveDependency(holder: String, holderScope: Scope, dependency: String, dependencyScope: Scope, site: InjectionSite)
        /// Two definitions have the same key.
        case duplicateKey(key: ComponentKey, first: ConfigLocation, second: ConfigLocation)
        /// A component cannot be injected as the type an injection point needs.
        case typeMismatch(component: String, expected: TypeRef, actual: TypeRef, site: InjectionSite?, path: [String])
        /// A literal value does not have the type its injection point needs.
        case valueTypeMismatch(value: String, expected: TypeRef, site: InjectionSite)
        /// A config value cannot be converted to the type its injection point needs.
        case badValue(value: String, valueLocation: ConfigLocation, target: TypeRef, reason: String, site: InjectionSite)
        /// A source shape (collection, `Lazy`, `nil`...) does not fit the injection point's type.
        case sourceMismatch(source: String, expected: TypeRef, site: InjectionSite, hint: String)
        /// A component whose construction is `async` was asked for synchronously.
        case asyncResolutionRequired(component: String, path: [String])
        /// A main-actor component (``Definition/isMainActor``) was asked for synchronously off the main actor.
        case mainActorRequired(component: String, path: [String])
        /// A definition states something the container cannot honour.
        case invalidDefinition(component: String, reason: String, location: ConfigLocation)
        /// A definition names a scope that is neither built in nor registered.
        case unknownScope(name: String, component: String, location: ConfigLocation, known: [String])
        /// The graph went deeper than the limit or the thread's stack allows.
        case depthExceeded(limit: Int, path: [String])
        /// The thread's stack was nearly used up; `depth` components deep.
        case stackExhausted(depth: Int, path: [String])
        /// A `${key}` placeholder has no value in any property source and no default; `advice`
        /// is a placeholder function's (``PlaceholderFunction/adviceWhenUnset(_:)``).
        case unresolvedPlaceholder(key: String, location: ConfigLocation, chain: [String], sources: [String], advice: String?, spelling: PlaceholderSpelling)
        /// Placeholders refer to each other in a circle.
        case placeholderCycle(chain: [String], location: ConfigLocation)
        /// A `${` is not closed, or a placeholder has no key.
        case malformedPlaceholder(text: String, location: ConfigLocation, reason: String)
        /// Resolving `text` would take the text placeholders make in one build past `limit` bytes.
        case placeholderTextLimit(text: String, location: ConfigLocation, limit: Int)
        /// A problem of a kind a front end defines (``IoCError/init(_:message:location:)``).
        case reported(kind: Kind, message: String, location: ConfigLocation?)
        /// A definition names a type the catalog does not know.
        /// `inCompiledCatalog`: the catalog is one IoCConfigPlugin wrote, which lists the types its
        /// config names (``TypeCatalog/init(compiledFromConfig:)``).
        case unknownType(name: String, component: String, location: ConfigLocation, suggestions: [String], inCompiledCatalog: Bool = false)
        /// A definition names an initializer, factory, method, property or argument label the
        /// type's catalog entry does not have; `known` lists what it has.
        case unknownMember(kind: String, name: String, type: String, component: String, location: ConfigLocation, known: [String], suggestions: [String])
        /// Several initializers or methods fit what a definition gives; it must name one.
        case ambiguousMember(kind: String, type: String, candidates: [String], component: String, location: ConfigLocation)
        /// A catalog entry written in code is inconsistent (a signature that does not fit its function).
        case invalidCatalogEntry(type: String, reason: String)
        /// A component's initializer, factory or hook threw.
        case constructionFailed(component: String, path: [String], underlying: String, error: UncheckedError)
        /// A task-local component was resolved outside `Container.withTaskScope(_:)`.
        case noTaskScope(component: String)
        /// A task scope's value resolved in a scope not given one (`provided` false), or a scope
        /// given a value of `type` that no task-local component has (`provided` true).
        case scopeValueMissing(type: String, provided: Bool)
        /// A resolve waited longer than ``ContainerBuilder/creationWaitLimit`` (`seconds`) for a
        /// component that another thread or task was creating.
        case creationWaitTimedOut(component: String, seconds: Double, path: [String])
        /// A private component (Symfony's `public: false`) was asked for at the top level.
        case privateComponent(component: String, location: ConfigLocation)
        /// The container was shut down.
        case containerShutDown(component: String)
        /// Dispose hooks threw during ``Container/shutdown()``; every other hook still ran.
        case disposeFailed([String])
        /// A test overlay asks for a change the container cannot make: replacing a key it does
        /// not have, a property its definition cannot set, a scope that keeps no instances.
        case invalidOverride(action: String, location: ConfigLocation, reason: String)
        /// Building found problems; every one is listed.
        case validationFailed([IoCError])

        package var description: String {
            switch self {
            case let .missingComponent(key, site, suggestions, path):
                var text = "No component \(key) is registered"
                if let site { text += "; required by \(site)" }
                text += "."
                if !suggestions.isEmpty { text += " Did you mean " + IoCError.orList(suggestions) + "?" }
                text += IoCError.pathClause(path)
                return text + " Register it, or correct the reference."
            case let .missingSynthetic(key, site, declared, path):
                var text = "No component \(key) is registered"
                if let site { text += "; required by \(site)" }
                text += "." + IoCError.pathClause(path)
                let name = key.name ?? key.description
                return text + " It is declared synthetic at \(declared): the app provides it. Register it in code before build() (builder.register { … }.named(\"\(name)\")), or, for ioc, name it with --provided \(name)."
            case let .ambiguousComponent(type, candidates, primaries, site, path):
                var text = "\(candidates.count) components match type \(type.name)" + (primaries ? ", all marked primary: " : ": ")
                    + candidates.joined(separator: ", ")
                if let site { text += "; required by \(site)" }
                text += "." + IoCError.pathClause(path)
                return text + (primaries ? " Keep one of them primary, or inject one by name." : " Mark one as primary, or inject one by name.")
            case let .cycle(path, location):
                var text = "Dependency cycle: " + path.joined(separator: " -> ")
                if let location { text += " (defined at \(location))" }
                return text + ". Break it by injecting one side as Lazy<T> or Provider<T>, or through a property or method call of a shared (not prototype) class."
            case let .cycleThroughLazy(path, lazy, location):
                var text = "Dependency cycle: " + path.joined(separator: " -> ")
                if let location { text += " (defined at \(location))" }
                return text + ". \(lazy) is lazy, but no proxy closes the cycle: it is injected as its own class, or as a protocol the catalog has no proxy for, so it is built when injected. Inject it as a protocol with a proxy (@LazyProxy on the protocol, catalog.add(proxy:)), or inject one side as Lazy<T> or Provider<T>."
            case let .endlessCycle(path, prototype, location):
                var text = "Dependency cycle: " + path.joined(separator: " -> ")
                if let location { text += " (defined at \(location))" }
                return text + " never ends: \(prototype) is a prototype, so the property or method call that closes the cycle makes a new one each time."
                    + " Give \(prototype) a shared scope (singleton, object graph, weak singleton or a custom scope), or inject one side as Lazy<T> or Provider<T>."
            case let .captiveDependency(holder, holderScope, dependency, dependencyScope, site):
                return "Captive dependency: \(holderScope) \(holder) holds \(dependencyScope) \(dependency) through \(site.point) at \(site.location);"
                    + " it would keep one \(dependencyScope) instance for as long as the \(holderScope) lives."
                    + " Inject a Provider or Lazy of it, or give \(dependency) a scope that lives at least as long."
            case let .duplicateKey(key, first, second):
                return "Duplicate component \(key) at \(second); first defined at \(first). Rename one, or mark the later one as an override."
            case let .typeMismatch(component, expected, actual, site, path):
                var text = "\(component) is a \(actual.name) and cannot be injected as \(expected.name)"
                if let site { text += " into \(site)" }
                text += "." + IoCError.pathClause(path)
                return text + " Expose it with .as(\(expected.name).self), or reference a component of that type."
            case let .valueTypeMismatch(value, expected, site):
                return "Value \(value) cannot be injected as \(expected.name) into \(site). Give a value of type \(expected.name)."
            case let .badValue(value, valueLocation, target, reason, site):
                return "Value \(value) at \(valueLocation) cannot become \(target.name) for \(site.component), \(site.point): \(reason)."
            case let .sourceMismatch(source, expected, site, hint):
                return "Source '\(source)' does not fit \(expected.name) in \(site). \(hint)"
            case let .asyncResolutionRequired(component, path):
                return "\(component) is built by an async factory and cannot be resolved synchronously."
                    + IoCError.pathClause(path) + " Resolve it with 'try await container.resolve(...)'."
            case let .mainActorRequired(component, path):
                return "\(component) is isolated to the main actor and was resolved synchronously off it."
                    + IoCError.pathClause(path)
                    + " Resolve it from main-actor code, with 'try await container.resolve(...)' (which goes to the main actor), or inject Lazy<T> or Provider<T> and get it on the main actor."
            case let .invalidDefinition(component, reason, location):
                return "Invalid definition of \(component) at \(location): \(reason)"
            case let .unknownScope(name, component, location, known):
                return "Unknown scope \"\(name)\" for \(component) at \(location). Use one of \(known.joined(separator: ", ")), or register it with builder.register(scope:named:)."
            case let .depthExceeded(limit, path):
                return "Resolution went deeper than \(limit) levels (\(path.count) components in the path: "
                    + IoCError.abbreviated(path) + "). Such a deep graph is usually an unbounded recursion in a factory;"
                    + " raise ContainerBuilder.maxResolutionDepth or run it on a thread with a larger stack if it is meant."
            case let .stackExhausted(depth, path):
                return "Resolution stopped \(depth) components deep: the thread's stack is nearly used up (path: "
                    + IoCError.abbreviated(path) + "). Such a deep graph is usually an unbounded recursion in a factory;"
                    + " if it is meant, resolve it on a thread with a larger stack."
            case let .unresolvedPlaceholder(key, location, chain, sources, advice, spelling):
                return IoCError.unresolved(key, location, chain, sources, advice: advice, spelling: spelling)
            case let .placeholderCycle(chain, location):
                return "Placeholders at \(location) refer to each other in a circle: " + chain.map { "${\($0)}" }.joined(separator: " -> ") + "."
            case let .malformedPlaceholder(text, location, reason):
                return "Malformed placeholder in \"\(text)\" at \(location): \(reason). Write ${key} or ${key:default}; $${ stands for a literal ${."
            case let .placeholderTextLimit(text, location, limit):
                let shown = text.utf8.count > 80 ? String(text.prefix(80)) + "…" : text
                return "Placeholders in \"\(shown)\" at \(location) make more text than one build allows (\(limit) bytes in all): "
                    + "a value that puts other values together, which themselves repeat others, grows this way. Shorten the values, or raise ContainerBuilder.maxPlaceholderTextBytes if the config truly needs this much text."
            case let .reported(_, message, _):
                return message
            case let .unknownType(name, component, location, suggestions, inCompiledCatalog):
                var text = "Unknown type \"\(name)\" for \(component) at \(location): it is not in the type catalog."
                if !suggestions.isEmpty { text += " Did you mean " + IoCError.orList(suggestions.map { "\"\($0)\"" }) + "?" }
                if inCompiledCatalog {
                    return text + " The catalog is the one IoCConfigPlugin compiled, which lists the types its config files name: name \(name) in one of them (class: \(name)) and build again, or correct the name."
                }
                return text + " Add it with catalog.add(\(name).self) (or @Component), or correct the name."
            case let .unknownMember(kind, name, type, component, location, known, suggestions):
                var text = "\(type) has no \(kind) \(name) (for \(component) at \(location))."
                if !suggestions.isEmpty { text += " Did you mean " + IoCError.orList(suggestions) + "?" }
                text += known.isEmpty ? " Its catalog entry lists none." : " It has: " + known.joined(separator: ", ") + "."
                if kind == "static factory", name.contains(".") {
                    text += " A static factory of another type is listed in the entry of the type it makes: \(type).staticFactory(\"\(name)\") { ... }."
                }
                return text
            case let .ambiguousMember(kind, type, candidates, component, location):
                return "\(candidates.count) \(kind)s of \(type) fit \(component) at \(location): " + candidates.joined(separator: ", ")
                    + ". Name the one to use."
            case let .invalidCatalogEntry(type, reason):
                return "The catalog entry for \(type) is inconsistent: \(reason)."
            case let .constructionFailed(component, path, underlying, _):
                // NB: an underlying message that is a sentence already keeps its own full stop.
                return "Creating \(component) failed: \(underlying)" + (underlying.hasSuffix(".") ? "" : ".") + IoCError.pathClause(path)
            case let .noTaskScope(component):
                return "\(component) has task-local scope, but no task scope is active. Wrap the work in 'container.withTaskScope { ... }'."
            case let .scopeValueMissing(type, provided):
                return provided
                    ? "A task scope was given a \(type), but no task-local component of that type is registered."
                        + " Register one with 'register(scopeValue: \(type).self)', and the scope's components can inject the value each scope is given."
                    : "\(type) is a value each task scope is given, but this scope was not given one."
                        + " Start it with 'container.withTaskScope(providing: value) { ... }'."
            case let .creationWaitTimedOut(component, limit, path):
                return "Gave up waiting for \(component) after \(IoCError.seconds(limit)):"
                    + " another thread or task was creating it all that time." + IoCError.pathClause(path)
                    + " If its factory waits for work that resolves \(component) through the container on a thread or queue,"
                    + " that is a deadlock the container cannot see: pass the factory's Resolver to that work, or start it"
                    + " as a Task, and the cycle is reported at once. If \(component) is only slow to create,"
                    + " raise ContainerBuilder.creationWaitLimit."
            case let .privateComponent(component, location):
                return "\(component) is private (public: false, at \(location)): it can be injected into other components, not resolved from the container. Mark it public, or resolve a public component that injects it."
            case let .containerShutDown(component):
                return "Cannot create \(component): the container was shut down."
            case let .disposeFailed(failures):
                return "Shutdown finished, but \(failures.count) dispose hook(s) threw: " + failures.joined(separator: "; ")
            case let .invalidOverride(action, location, reason):
                return "Cannot \(action) (at \(location)): \(reason)"
            case let .validationFailed(problems):
                var text = "Container validation failed with \(problems.count) problem\(problems.count == 1 ? "" : "s"):"
                for (index, problem) in problems.enumerated() { text += "\n\(index + 1). \(problem)" }
                return text
            }
        }

        /// The kind of this problem.
        var kind: IoCError.Kind {
            switch self {
            case .missingComponent, .missingSynthetic: .missingComponent
            case .ambiguousComponent: .ambiguousComponent
            case .cycle, .cycleThroughLazy: .cycle
            case .endlessCycle: .endlessCycle
            case .captiveDependency: .captiveDependency
            case .duplicateKey: .duplicateKey
            case .typeMismatch: .typeMismatch
            case .valueTypeMismatch: .valueTypeMismatch
            case .badValue: .badValue
            case .sourceMismatch: .sourceMismatch
            case .asyncResolutionRequired: .asyncResolutionRequired
            case .mainActorRequired: .mainActorRequired
            case .invalidDefinition: .invalidDefinition
            case .unknownScope: .unknownScope
            case .depthExceeded: .depthExceeded
            case .stackExhausted: .stackExhausted
            case .unresolvedPlaceholder: .unresolvedPlaceholder
            case .placeholderCycle: .placeholderCycle
            case .malformedPlaceholder: .malformedPlaceholder
            case .placeholderTextLimit: .placeholderTextLimit
            case let .reported(kind, _, _): kind
            case .unknownType: .unknownType
            case .unknownMember: .unknownMember
            case .ambiguousMember: .ambiguousMember
            case .invalidCatalogEntry: .invalidCatalogEntry
            case .constructionFailed: .constructionFailed
            case .noTaskScope: .noTaskScope
            case .scopeValueMissing: .scopeValueMissing
            case .creationWaitTimedOut: .creationWaitTimedOut
            case .privateComponent: .privateComponent
            case .containerShutDown: .containerShutDown
            case .disposeFailed: .disposeFailed
            case .invalidOverride: .invalidOverride
            case .validationFailed: .validationFailed
            }
        }

        /// The resolution path of a resolve-time error, outermost component first.
        var path: [String] {
            switch self {
            case let .missingComponent(_, _, _, path), let .missingSynthetic(_, _, _, path), let .ambiguousComponent(_, _, _, _, path),
                 let .typeMismatch(_, _, _, _, path), let .asyncResolutionRequired(_, path),
                 let .mainActorRequired(_, path),
                 let .depthExceeded(_, path), let .constructionFailed(_, path, _, _), let .stackExhausted(_, path),
                 let .creationWaitTimedOut(_, _, path):
                return path
            case let .cycle(path, _), let .endlessCycle(path, _, _), let .cycleThroughLazy(path, _, _): return path
            default: return []
            }
        }

        /// The same error with `component` put in front of its resolution path.
        func prependingPath(_ component: String) -> Problem {
            switch self {
            case let .missingComponent(key, site, suggestions, path):
                return .missingComponent(key: key, site: site, suggestions: suggestions, path: [component] + path)
            case let .missingSynthetic(key, site, declared, path):
                return .missingSynthetic(key: key, site: site, declared: declared, path: [component] + path)
            case let .ambiguousComponent(type, candidates, primaries, site, path):
                return .ambiguousComponent(type: type, candidates: candidates, primaries: primaries, site: site, path: [component] + path)
            case let .typeMismatch(c, expected, actual, site, path):
                return .typeMismatch(component: c, expected: expected, actual: actual, site: site, path: [component] + path)
            case let .asyncResolutionRequired(c, path):
                return .asyncResolutionRequired(component: c, path: [component] + path)
            case let .mainActorRequired(c, path):
                return .mainActorRequired(component: c, path: [component] + path)
            case let .depthExceeded(limit, path):
                return .depthExceeded(limit: limit, path: [component] + path)
            case let .stackExhausted(depth, path):
                return .stackExhausted(depth: depth, path: [component] + path)
            case let .creationWaitTimedOut(c, limit, path):
                return .creationWaitTimedOut(component: c, seconds: limit, path: [component] + path)
            case let .constructionFailed(c, path, underlying, error):
                return .constructionFailed(component: c, path: [component] + path, underlying: underlying, error: error)
            case let .cycle(path, location):
                // A cycle found while resolving grows until it closes on the component it started from.
                if path.count > 1, path.first == path.last { return self }
                return .cycle(path: [component] + path, location: location)
            default:
                return self
            }
        }
    }

    /// `30 s`, `0.25 s`: a wait limit as messages print it.
    static func seconds(_ seconds: Double) -> String {
        // A limit set in code may be anything a `Double` holds: only a plain one is rounded.
        guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { return "\(seconds) s" }
        let milliseconds = Int((seconds * 1000).rounded())
        let whole = milliseconds / 1000, fraction = milliseconds % 1000
        guard fraction != 0 else { return "\(whole) s" }
        var digits = String(fraction + 1000).dropFirst()
        while digits.hasSuffix("0") { digits = digits.dropLast() }
        return "\(whole).\(digits) s"
    }

    static func abbreviated(_ path: [String]) -> String {
        let shown = path.count > 8 ? Array(path.prefix(4)) + ["..."] + Array(path.suffix(3)) : path
        return shown.joined(separator: " -> ")
    }

    /// The words of a placeholder with no value, quoted as config writes it (`spelling`);
    /// `advice` is a placeholder function's.
    static func unresolved(_ key: String, _ location: ConfigLocation, _ chain: [String], _ sources: [String], advice: String?,
                           spelling: PlaceholderSpelling) -> String {
        let head = spelling.noun + " " + spelling.quote(key)
        let via = chain.isEmpty ? "" : " (reached through " + chain.map(spelling.quote).joined(separator: " -> ") + ")"
        let searched = sources.isEmpty ? "no property source is set" : "not found in " + sources.joined(separator: ", ")
        if let advice {
            return "\(head) at \(location)\(via) has no value: \(searched). \(advice), or ${\(key):default}."
        }
        let define = spelling.whereToDefine.map { "\(key) (\($0))" } ?? key
        return "\(head) at \(location)\(via) has no value: \(searched). Define \(define), or give a default: ${\(key):default}."
    }

    static func pathClause(_ path: [String]) -> String {
        path.count > 1 ? " Resolution path: " + path.joined(separator: " -> ") + "." : ""
    }

    package static func orList(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }
}

/// A user's error kept inside a construction failure (``IoCError/underlying``).
/// Compared by its printed form so that `IoCError` stays `Equatable`.
package struct UncheckedError: @unchecked Sendable, Equatable {
    // NB: `any Error` is not Sendable; the error is only read, never mutated, after it is thrown.
    package let error: any Error
    package init(_ error: any Error) { self.error = error }
    package static func == (lhs: Self, rhs: Self) -> Bool { String(describing: lhs.error) == String(describing: rhs.error) }
}

extension IoCError.Problem {
    var location: ConfigLocation? {
        switch self {
        case let .missingComponent(_, site, _, _), let .missingSynthetic(_, site, _, _), let .ambiguousComponent(_, _, _, site, _), let .typeMismatch(_, _, _, site, _):
            return site?.location
        case let .captiveDependency(_, _, _, _, site), let .valueTypeMismatch(_, _, site), let .sourceMismatch(_, _, site, _):
            return site.location
        case let .cycle(_, location), let .endlessCycle(_, _, location), let .cycleThroughLazy(_, _, location): return location
        case let .duplicateKey(_, _, second): return second
        case let .badValue(_, valueLocation, _, _, _): return valueLocation
        case let .invalidDefinition(_, _, location), let .unknownScope(_, _, location, _), let .unresolvedPlaceholder(_, location, _, _, _, _),
             let .placeholderCycle(_, location), let .malformedPlaceholder(_, location, _),
             let .placeholderTextLimit(_, location, _),
             let .privateComponent(_, location),
             let .unknownType(_, _, location, _, _),
             let .unknownMember(_, _, _, _, location, _, _), let .ambiguousMember(_, _, _, _, location), let .invalidOverride(_, location, _):
            return location
        case let .reported(_, _, location):
            return location
        case .invalidCatalogEntry, .constructionFailed, .noTaskScope, .scopeValueMissing, .containerShutDown, .disposeFailed, .validationFailed,
             .creationWaitTimedOut,
             .asyncResolutionRequired, .mainActorRequired, .depthExceeded, .stackExhausted:
            return nil
        }
    }
}
