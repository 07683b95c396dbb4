import IoCCore

/// Something a test container did to a component, in the order it happened.
public struct ContainerEvent: Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, Equatable {
        /// The container made an instance (after injection and hooks).
        case created
        /// A top-level resolve handed the component out (by type, by name, or in a collection).
        case resolved
        /// The component's dispose hooks ran for one instance.
        case disposed
    }

    /// What happened.
    public let kind: Kind
    /// The component: its name and the type it is registered as.
    public let component: ComponentKey

    /// An event, as a test compares one: `ContainerEvent(.created, ComponentKey(StubWeatherClient.self))`.
    ///
    /// ```swift
    /// #expect(test.events.first == ContainerEvent(.created, ComponentKey(StubWeatherClient.self)))
    /// ```
    public init(_ kind: Kind, _ component: ComponentKey) {
        self.kind = kind
        self.component = component
    }

    /// `created "weatherClient" (StubWeatherClient)`.
    public var description: String { "\(kind.rawValue) \(component)" }
}

/// Collects a test container's events from any thread: the container tells it what it hands
/// out and disposes, a post-processor what it makes.
final class EventRecorder: ResolveInterceptor {
    // NB: `Locked`, not `Mutex`: ThreadSanitizer does not see the futex `Mutex` waits on, and
    // reports the events recorded from several threads as a race.
    private let events = Locked<[ContainerEvent]>([])

    func record(_ kind: ContainerEvent.Kind, _ component: ComponentInfo) {
        events.withLock { $0.append(ContainerEvent(kind, component.key)) }
    }

    func container(answeringFor container: Container) -> Container? { nil }
    func didResolve(_ component: @autoclosure () -> ComponentInfo) { record(.resolved, component()) }
    func didDispose(_ component: ComponentInfo) { record(.disposed, component) }

    var all: [ContainerEvent] { events.withLock { $0 } }
    func clear() { events.withLock { $0.removeAll() } }
}

/// Records each instance the test container makes.
struct CreationRecorder: InstancePostProcessor {
    let recorder: EventRecorder
    func postProcess<T>(_ instance: T, component: ComponentInfo) throws -> T {
        recorder.record(.created, component)
        return instance
    }
}
