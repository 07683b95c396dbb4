/// A value that crosses into `@Sendable` code although its type is not `Sendable`: every place
/// IoCCore does so goes through this type, and says here why it is sound.
///
/// - A registered instance (`register(instance:)`, ``RegisteredInstance``) is the user's to
///   make thread-safe, as with any singleton; the container only hands it out.
/// - `MainActorGate` hands values to and from the main actor while the code that passed them
///   waits: one thread has them at a time.
/// - An instance in the dispose action kept for it (a singleton's, `didCreate`; a context's,
///   `ContextStores`) is used once more, by the one call that disposes it: at shutdown, a
///   reset or the context's end.
/// - A lazy proxy's handle (`ProxyAdapter.target`) stands for its component: it hands every
///   thread the one instance the component would have, as `Lazy` does for a `Sendable` type.
/// - A key path a setter writes through (``KeyPathSetter``, docs/PerformanceLedger.md U21): a literal
///   key path holds no state (the public `property` forms do not ask for `& Sendable`, whose
///   figures against U21's are not measured).
///
/// Before it, the last two were `nonisolated(unsafe)` constants, a construct the compiler
/// accepts anywhere without a type to name what it excuses.
@usableFromInline
struct UncheckedBox<V>: @unchecked Sendable {
    @usableFromInline let value: V
    @inlinable @inline(__always) init(_ value: consuming V) { self.value = value }
}
