#if Logging  // the package trait: Package.swift, "traits"
import IoCCore
import Logging

extension ContainerBuilder {
    /// Sends the container's events to `logger`: the build's summary (`info`) or its problems
    /// (`error`), creations of singletons slower than `slowCreationSeconds` (`warning`), dispose
    /// hooks that threw (`error`) and the shutdown (`info`). The containers this builder
    /// builds, and their children, log there.
    ///
    /// - Parameters:
    ///   - logger: The app's logger.
    ///   - slowCreationSeconds: A singleton whose creation (with the dependencies made for it)
    ///     takes longer is logged; `nil` logs none.
    ///
    /// ```swift
    /// let logger = Logger(label: "app.container")
    /// builder.log(to: logger, slowCreationSeconds: 0.05)
    /// ```
    public func log(to logger: Logger, slowCreationSeconds: Double? = 0.1) {
        self.slowCreationSeconds = slowCreationSeconds
        events = { event in ContainerLog.write(event, to: logger) }
    }
}

/// How each event is logged: its message, level and metadata.
enum ContainerLog {
    static func write(_ event: ContainerEvent, to logger: Logger) {
        switch event {
        case let .built(components, seconds):
            logger.info("Container built", metadata: ["ioc.components": "\(components)", "ioc.seconds": "\(rounded(seconds))"])
        case let .buildFailed(error):
            logger.error("Container build failed", metadata: ["ioc.problems": "\(max(1, error.problems.count))", "ioc.error": "\(error)"])
        case let .slowCreation(component, location, seconds):
            logger.warning("Slow creation", metadata: [
                "ioc.component": "\(component)", "ioc.location": "\(location)", "ioc.seconds": "\(rounded(seconds))",
            ])
        case let .disposeFailed(failures):
            for failure in failures { logger.error("Dispose hook failed", metadata: ["ioc.error": "\(failure)"]) }
        case let .shutDown(disposed):
            logger.info("Container shut down", metadata: ["ioc.disposed": "\(disposed)"])
        }
    }

    /// Seconds to the millisecond, as the log shows them.
    static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}
#endif
