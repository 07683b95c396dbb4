#if ServiceLifecycle  // the package trait: Package.swift, "traits"
import IoCCore
import Logging
import ServiceLifecycle
import UnixSignals

extension Container {
    /// The container's services — its components that are swift-service-lifecycle `Service`s —
    /// made now and ready to run in dependency order (see ``ContainerServices``).
    ///
    /// A component is a service when it is registered or exposed as `any Service` (a catalog
    /// type's `conforms(to: (any Service).self)` exposes the components YAML or XML makes of
    /// it), or tagged `tag` (YAML: `tags: [lifecycle.service]`). Each is resolved here, once, in
    /// start order.
    ///
    /// - Parameters:
    ///   - tag: The tag that marks a component as a service.
    ///   - logger: Where each service's start and stop, and a cycle among services, are logged
    ///     (`debug` and `warning`); none when `nil`.
    /// - Returns: The services, each wrapped to start after those it depends on, and the
    ///   container's disposal.
    /// - Throws: What resolving a service throws (an ``IoCError``), or a ``ContainerServiceError``
    ///   for a service that is not a singleton, or a tagged component whose instance is not a `Service`.
    ///
    /// ```swift
    /// let services = try await container.services(logger: logger)
    /// try await services.group(logger: logger).run()   // until SIGTERM or SIGINT; then disposes the container
    /// ```
    public func services(tagged tag: String = ContainerServices.tag, logger: Logger? = nil) async throws -> ContainerServices {
        let members = members(of: (any Service).self, orTagged: tag)
        let order = StartOrder(members.map(\.dependsOn))
        for cycle in order.cycles {
            logger?.warning("Services depend on each other; they start in registration order", metadata: [
                "ioc.services": .array(cycle.map { .string(ContainerServices.name(of: members[$0].info)) }),
            ])
        }
        let running = Countdown(members.count)
        var previousStart: Countdown?
        var wrapped: [any Service] = [ContainerDisposal(container: self, running: running, logger: logger)]
        for position in order.positions {
            let member = members[position]
            let info = member.info
            guard info.scope == .singleton else {
                throw ContainerServiceError(info, tag: tag, problem: .notASingleton)
            }
            let instance = try await instance(of: member, as: Any.self)
            guard let service = instance as? any Service else {
                throw ContainerServiceError(info, tag: tag, problem: .notAService(typeName: String(reflecting: type(of: instance))))
            }
            let started = Countdown(1)
            wrapped.append(ComponentService(name: ContainerServices.name(of: info), service: service, after: previousStart,
                                            started: started, running: running, logger: logger))
            previousStart = started
        }
        return ContainerServices(components: order.positions.map { members[$0].info }, services: wrapped)
    }
}

/// A container's services, in start order, and what runs them (``IoCCore/Container/services(tagged:logger:)``).
///
/// - Start: services start one after another, each after every service it depends on — directly,
///   or through components that are not services: arguments, properties, method calls,
///   collections, `depends-on` / `dependsOn`; not what a factory closure or a `Provider` resolves
///   when called, which the container cannot see (add `dependsOn` for those); otherwise in
///   registration order. "Starts" is the call of its `run()`: a service's `run()` is called after
///   the previous one's was (ServiceLifecycle has no readiness signal to wait for).
/// - Stop: a group stops its services in reverse order, each after the last has returned, on
///   SIGTERM or SIGINT, or when one returns or throws: a service stops before those it depends on.
/// - Disposal: the first service, ``services``' own, waits until every service has returned
///   and then runs the container's ``IoCCore/Container/shutdown()`` (its components' dispose
///   hooks, newest first); a hook's failure is the group's error.
///
/// Run them once, in one group, first in its list.
///
/// ```swift
/// let services = try await container.services(logger: logger)
/// try await services.group(logger: logger, adding: [httpServer]).run()
/// ```
public struct ContainerServices: Sendable {
    /// The tag that marks a component as a service (config's way).
    public static let tag = "lifecycle.service"

    /// The services' components, in start order.
    public let components: [ComponentInfo]
    /// Their names, in start order: each component's name, or its type's for one without a
    /// name. The group logs its services by these.
    public var names: [String] { components.map(Self.name) }
    /// What to run: the container's disposal, then each service in start order, wrapped so that
    /// it starts after those it depends on. Hand them to a `ServiceGroup` in this order (or to a
    /// framework that runs one, such as Hummingbird's `Application(services:)`).
    public let services: [any Service]

    /// How a group names the service of `component`.
    static func name(of component: ComponentInfo) -> String {
        component.key.name ?? component.key.type?.name ?? component.description
    }

    /// ``services`` as a group's configurations: a service that returns or throws shuts the group
    /// down gracefully (in reverse order) instead of cancelling it, so that the order holds.
    public var configurations: [ServiceGroupConfiguration.ServiceConfiguration] {
        services.map { service in
            ServiceGroupConfiguration.ServiceConfiguration(service: service, successTerminationBehavior: .gracefullyShutdownGroup,
                                                           failureTerminationBehavior: .gracefullyShutdownGroup)
        }
    }

    /// A group that runs the services, then `other` (started last, stopped first: an HTTP server
    /// that uses them), shuts down gracefully on `gracefulShutdownSignals`, and disposes the
    /// container after every service has returned.
    ///
    /// ```swift
    /// try await container.services().group(logger: logger).run()
    /// ```
    public func group(logger: Logger, gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint], cancellationSignals: [UnixSignal] = [],
                      adding other: [any Service] = []) -> ServiceGroup {
        var configuration = ServiceGroupConfiguration(services: configurations + other.map { .init(service: $0) }, logger: logger)
        configuration.gracefulShutdownSignals = gracefulShutdownSignals
        configuration.cancellationSignals = cancellationSignals
        return ServiceGroup(configuration: configuration)
    }
}

/// A component found as a service that cannot run as one: its instance is not a `Service`, or
/// it is not a singleton (the instance the group ran would not be the one its dependents got).
public struct ContainerServiceError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Equatable, Sendable {
        /// Tagged as a service, its instance (of this type) is not a ServiceLifecycle `Service`.
        case notAService(typeName: String)
        /// Its scope is not `singleton`.
        case notASingleton
    }

    /// The component, as the container names it in messages.
    public let component: String
    /// Where it is defined.
    public let location: ConfigLocation
    /// The tag that marks services.
    public let tag: String
    public let problem: Problem
    /// Its scope.
    public let scope: Scope

    init(_ info: ComponentInfo, tag: String, problem: Problem) {
        component = info.description
        location = info.location
        self.tag = tag
        self.problem = problem
        scope = info.scope
    }

    public var description: String {
        switch problem {
        case .notAService(let typeName):
            return "component \(component) at \(location) is tagged '\(tag)', but its instance, a \(typeName), is not a "
                + "ServiceLifecycle Service: conform \(typeName) to Service, or remove the tag"
        case .notASingleton:
            return "component \(component) at \(location) is a service, but its scope is \(scope): the instance the group runs "
                + "would not be the one its dependents get; make it a singleton (in code `.singleton()`, in YAML `shared: true` "
                + "or no `scope`, in XML `scope=\"singleton\"`)"
        }
    }
}

/// A service the container made, run after those it depends on.
struct ComponentService: Service, CustomStringConvertible {
    /// The service's name, as the group logs it (``ContainerServices/names``).
    let name: String
    let service: any Service
    /// The start of the service before it in start order (so of every service it depends on).
    let after: Countdown?
    let started: Countdown
    /// The services still running, which the disposal waits for.
    let running: Countdown
    let logger: Logger?

    var description: String { name }

    func run() async throws {
        await after?.wait()
        logger?.debug("Starting service", metadata: ["ioc.component": .string(name)])
        started.countDown()
        defer {
            logger?.debug("Service stopped", metadata: ["ioc.component": .string(name)])
            running.countDown()
        }
        try await service.run()
    }
}

/// The container's disposal, first in the group: stopped last, it disposes the container once
/// every service has returned (also when the group is cancelled).
struct ContainerDisposal: Service, CustomStringConvertible {
    let container: Container
    let running: Countdown
    let logger: Logger?

    var description: String { "container disposal" }

    func run() async throws {
        // Cancelled instead: the services are cancelled too; wait for them all the same.
        try? await gracefulShutdown()
        await running.wait()
        logger?.debug("Disposing the container's components")
        try container.shutdown()
    }
}
#endif
