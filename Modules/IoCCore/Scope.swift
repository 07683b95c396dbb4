/// How long an instance lives and who shares it.
///
/// | scope | one instance per |
/// |---|---|
/// | ``prototype`` | request (a new one every time) |
/// | ``objectGraph`` | top-level `resolve` call: shared inside the graph it builds (Typhoon's default) |
/// | ``threadLocal`` | thread |
/// | ``taskLocal`` | `Container.withTaskScope(_:)` block |
/// | ``weakSingleton`` | container, while someone outside holds it |
/// | ``singleton`` | container |
/// | ``custom(_:)`` | whatever the registered ``CustomScope`` decides |
public struct Scope: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Hashable, Sendable {
        case prototype, objectGraph, threadLocal, taskLocal, weakSingleton, singleton
        case custom(CustomName)
    }

    /// A custom scope's name.
    ///
    /// NB: in an object, so that a scope is one word (every definition keeps one, measured in
    /// `bytes_per_definition`); inline, the name made it two.
    @usableFromInline
    final class CustomName: Hashable, Sendable {
        let name: String
        init(_ name: String) { self.name = name }
        @usableFromInline static func == (lhs: CustomName, rhs: CustomName) -> Bool { lhs.name == rhs.name }
        @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }

    @usableFromInline let kind: Kind

    @usableFromInline init(kind: Kind) { self.kind = kind }

    /// A new instance for every request.
    public static let prototype = Scope(kind: .prototype)
    /// One instance for the whole container, created on first request (or at build when eager).
    public static let singleton = Scope(kind: .singleton)
    /// One shared instance while anyone holds it; created again after it is released.
    public static let weakSingleton = Scope(kind: .weakSingleton)
    /// One instance per top-level resolve, shared by everything that resolve builds.
    public static let objectGraph = Scope(kind: .objectGraph)
    /// One instance per thread.
    public static let threadLocal = Scope(kind: .threadLocal)
    /// One instance per `Container.withTaskScope(_:)` block and the tasks it starts.
    public static let taskLocal = Scope(kind: .taskLocal)

    /// A scope implemented by a ``CustomScope`` registered on the builder under `name`.
    ///
    /// ```swift
    /// builder.register(Session.init).scope(.custom("request"))
    /// ```
    public static func custom(_ name: String) -> Scope { Scope(kind: .custom(CustomName(name))) }

    /// The scope's name as config files spell it: `prototype`, `singleton`, `weak-singleton`,
    /// `object-graph`, `thread-local`, `task-local`, or a custom scope's name.
    public var name: String {
        switch kind {
        case .prototype: return "prototype"
        case .singleton: return "singleton"
        case .weakSingleton: return "weak-singleton"
        case .objectGraph: return "object-graph"
        case .threadLocal: return "thread-local"
        case .taskLocal: return "task-local"
        case .custom(let custom): return custom.name
        }
    }

    /// The built-in scope with this name, or `nil` (a custom scope is looked up at build).
    ///
    /// ```swift
    /// let scope = Scope.builtIn(named: "weak-singleton")   // .weakSingleton
    /// ```
    public static func builtIn(named name: String) -> Scope? {
        // NB: a table, not a search of `allBuiltIn`: every component a config file defines asks.
        builtInByName[name]
    }

    /// One instance per thread, task or custom scope (what a scoped proxy follows).
    public var isContextScoped: Bool {
        switch kind {
        case .threadLocal, .taskLocal, .custom: return true
        case .prototype, .objectGraph, .weakSingleton, .singleton: return false
        }
    }

    /// What the scope means for the instances a component hands out, in a few words (`ioc explain`).
    package var meaning: String {
        switch kind {
        case .prototype: return "a new instance for every injection"
        case .objectGraph: return "one instance per top-level resolve, shared by what it builds"
        case .threadLocal: return "one instance per thread"
        case .taskLocal: return "one instance per withTaskScope block and the tasks it starts"
        case .weakSingleton: return "one instance while someone holds it"
        case .singleton: return "one instance for the container"
        case .custom: return "a custom scope: the CustomScope the app registers under this name decides"
        }
    }

    /// Every built-in scope, shortest-lived first.
    public static let allBuiltIn: [Scope] = [.prototype, .objectGraph, .threadLocal, .taskLocal, .weakSingleton, .singleton]

    private static let builtInByName = Dictionary(uniqueKeysWithValues: allBuiltIn.map { ($0.name, $0) })

    public var description: String { name }
}

/// How long instances of a scope live, compared with the built-in scopes.
///
/// A component may only hold (inject directly) components that live at least as long as
/// itself; a singleton holding a prototype is a *captive dependency*, reported at build.
public enum ScopeLifetime: Int, Comparable, Sendable {
    /// New for every injection and resolve (prototype).
    case perRequest = 0
    /// Shared within one top-level resolve (object graph).
    case perGraph = 1
    /// Shared within a thread, task, or a custom scope's context (a request, a session).
    case perContext = 2
    /// Shared while something holds it (weak singleton).
    case whileReferenced = 3
    /// As long as the container (singleton).
    case container = 4

    public static func < (lhs: ScopeLifetime, rhs: ScopeLifetime) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A pluggable cache strategy for instances (Objective-IOC's caching strategies,
/// Guice and Spring custom scopes): a request scope for a server, a session scope, a pool.
///
/// An implementation must be thread-safe: `instance(for:create:)` is called from any thread.
/// Once it has cached an instance for a key it must return that one until it drops it, and it
/// must not hold a lock while `create` runs if `create` can reach the same scope again (it
/// resolves dependencies): two threads that miss at once may both call `create`; keep the first.
///
/// ```swift
/// final class RequestScope: CustomScope, @unchecked Sendable {   // `lock` guards `cache`
///     let lifetime = ScopeLifetime.perContext
///     private let lock = NSLock()
///     private var cache: [ScopedInstanceKey: Any] = [:]
///     func instance<T>(for key: ScopedInstanceKey, create: () throws -> T) throws -> T {
///         if let cached = lock.withLock({ cache[key] }) as? T { return cached }
///         let made = try create()   // outside the lock: it resolves the component's dependencies
///         return lock.withLock {
///             if let first = cache[key] as? T { return first }   // another thread's, made meanwhile
///             cache[key] = made
///             return made
///         }
///     }
///     func endRequest() { lock.withLock { cache.removeAll() } }
/// }
/// builder.register(scope: RequestScope(), named: "request")
/// ```
public protocol CustomScope: AnyObject, Sendable {
    /// How long instances live, for the captive-dependency check.
    var lifetime: ScopeLifetime { get }
    /// Returns the cached instance for `key`, or makes one with `create` and caches it.
    func instance<T>(for key: ScopedInstanceKey, create: () throws -> T) throws -> T
}

/// Identifies one component of one container inside a ``CustomScope``'s cache.
public struct ScopedInstanceKey: Hashable, Sendable, CustomStringConvertible {
    /// The container's identity; child and test containers have their own.
    public let containerID: ObjectIdentifier
    /// The component's index in that container's plan.
    public let index: Int
    /// The component as messages print it.
    public let component: String

    public static func == (a: Self, b: Self) -> Bool { a.containerID == b.containerID && a.index == b.index }
    public func hash(into h: inout Hasher) { h.combine(containerID); h.combine(index) }
    public var description: String { component }
}

extension Scope {
    /// The lifetime of a built-in scope; custom scopes state their own.
    var builtInLifetime: ScopeLifetime? {
        switch kind {
        case .prototype: return .perRequest
        case .objectGraph: return .perGraph
        case .threadLocal, .taskLocal: return .perContext
        case .weakSingleton: return .whileReferenced
        case .singleton: return .container
        case .custom: return nil
        }
    }
}
