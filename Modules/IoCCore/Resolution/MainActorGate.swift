import Foundation

/// Where the container runs code of main-actor components (``Definition/isMainActor``): their
/// initializers, factories, property setters, method calls and hooks. A synchronous resolve
/// runs them only on the main thread, which is the main actor's, and refuses to run them
/// anywhere else; an `async` resolve goes to the main actor for them.
enum MainActorGate {
    /// Whether the current code runs on the main actor: on the main thread, or in a block of the
    /// main queue. (Where a program's `async` main hands the main queue to another thread, as
    /// Linux's `dispatchMain()` does, the main actor runs there, off the main thread.)
    static var isOpen: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true }

    /// Marks the main queue, so that its blocks can tell where they run.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Runs `body` on the main actor, which the caller is on; throws when it is not, naming
    /// `component` (never traps as `MainActor.assumeIsolated` would).
    static func run<R>(_ component: @autoclosure () -> String, _ body: @MainActor () throws -> R) throws -> R {
        guard isOpen else { throw IoCError(.mainActorRequired(component: component(), path: [])) }
        // NB: the result is handed back to the thread that is already running, unchanged.
        return try MainActor.assumeIsolated { try UncheckedBox(body()) }.value
    }

    /// Runs `body` on the main actor, going there first when the caller is elsewhere.
    static func hop<R>(_ body: @escaping () throws -> R) async throws -> R {
        if isOpen { return try body() }
        // NB: the caller waits for `body`; nothing else sees what it captures meanwhile.
        let unchecked = UncheckedBox(body)
        return try await MainActor.run { try UncheckedBox(unchecked.value()) }.value
    }

    /// `body`, a main-actor function, as a function other code can call on the main thread:
    /// on any other thread it throws instead. What registrations of main-actor types store.
    static func wrap<each A, R>(_ component: String, _ body: @escaping @MainActor (repeat each A) throws -> R)
        -> @Sendable (repeat each A) throws -> R {
        { (arguments: repeat each A) in
            let values = UncheckedBox((repeat each arguments))
            return try run(component) { try body(repeat each values.value) }
        }
    }

    /// ``wrap(_:_:)`` for a method of a main-actor type: the instance, then the arguments.
    static func wrapMethod<T, each A>(_ component: String, _ body: @escaping @MainActor (T, repeat each A) throws -> Void)
        -> @Sendable (T, repeat each A) throws -> Void {
        { (instance: T, arguments: repeat each A) in
            let target = UncheckedBox(instance), values = UncheckedBox((repeat each arguments))
            try run(component) { try body(target.value, repeat each values.value) }
        }
    }

    /// `set`, a main-actor property setter, as a setter other code can call on the main thread.
    static func assigning<T, V>(_ component: String, _ set: @escaping @MainActor (inout T, V) -> Void)
        -> @Sendable (inout T, V) throws -> Void {
        let call = wrap(component) { (instance: T, value: V) -> T in
            var copy = instance
            set(&copy, value)
            return copy
        }
        return { instance, value in instance = try call(instance, value) }
    }
}
