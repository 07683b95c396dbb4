import Dispatch

/// What a container tells the app as it is built, creates and disposes
/// (``ContainerBuilder/events``): for logs and metrics. IoCLogging sends them to a swift-log
/// `Logger`; IoCCore itself depends on no logging package.
///
/// ```swift
/// builder.events = { event in print("container: \(event)") }
/// ```
public enum ContainerEvent: Sendable, Equatable, CustomStringConvertible {
    /// The build succeeded: how many components it defines, and how long it took (eager
    /// singletons included).
    case built(components: Int, seconds: Double)
    /// The build failed, with every problem (the error `build()` throws).
    case buildFailed(IoCError)
    /// A singleton's creation, with the dependencies made for it, took longer than
    /// ``ContainerBuilder/slowCreationSeconds``.
    case slowCreation(component: String, location: ConfigLocation, seconds: Double)
    /// Dispose hooks threw, at ``Container/shutdown()`` or at the end of a task scope: a
    /// message for each (every hook still ran).
    case disposeFailed([String])
    /// ``Container/shutdown()`` ran the dispose hooks of this many singletons.
    case shutDown(disposed: Int)

    public var description: String {
        switch self {
        case let .built(components, seconds): return "built: \(components) components in \(Self.milliseconds(seconds)) ms"
        case let .buildFailed(error): return "build failed: \(error)"
        case let .slowCreation(component, location, seconds):
            return "slow creation: \(component) at \(location) took \(Self.milliseconds(seconds)) ms"
        case let .disposeFailed(failures): return "dispose failed: \(failures.joined(separator: "; "))"
        case let .shutDown(disposed): return "shut down: \(disposed) disposed"
        }
    }

    /// Seconds as whole milliseconds, for messages.
    private static func milliseconds(_ seconds: Double) -> String {
        let milliseconds = seconds * 1000
        return milliseconds.isFinite ? String(Int(milliseconds.rounded())) : "\(milliseconds)"
    }
}

/// A monotonic clock for the events' durations, on every platform (`ContinuousClock` needs iOS 16).
enum EventClock {
    /// Now, in nanoseconds since an arbitrary start.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The seconds since `start` (a ``now()``).
    static func seconds(since start: UInt64) -> Double {
        Double(now() &- start) / 1e9
    }
}
