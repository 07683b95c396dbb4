import Foundation
import IoCCore
import IoCLogging
import IoCServiceLifecycle
import IoCYAML
import Logging
import ServiceLifecycle

/// The example's components: services that write each start and stop to an ``EventLog``, and
/// what wires them (services.yaml).
public enum LifecycleApp {
    /// The types services.yaml may name. `Database` and `Scheduler` are services by their
    /// catalog entries' conformance; `Mailer` and `HealthReporter` by their tag.
    public static func catalog() -> TypeCatalog {
        let catalog = TypeCatalog()
        catalog.add(EventLog.self) { $0.initializer("init()") { EventLog() } }
        catalog.add(Database.self) { database in
            database.initializer("init(events:)") { (events: EventLog) in Database(events: events) }
            database.method("close") { $0.close() }
            database.conforms(to: (any Service).self) { $0 }
        }
        catalog.add(UserRepository.self) { $0.initializer("init(database:)") { (database: Database) in UserRepository(database: database) } }
        catalog.add(Mailer.self) { $0.initializer("init(events:)") { (events: EventLog) in Mailer(events: events) } }
        catalog.add(Scheduler.self) { scheduler in
            scheduler.initializer("init(users:mailer:events:)") { (users: UserRepository, mailer: Mailer, events: EventLog) in
                Scheduler(users: users, mailer: mailer, events: events)
            }
            scheduler.conforms(to: (any Service).self) { $0 }
        }
        catalog.add(HealthReporter.self) { $0.initializer("init(events:)") { (events: EventLog) in HealthReporter(events: events) } }
        return catalog
    }

    /// The container services.yaml describes; its events go to `logger`.
    public static func container(logger: Logger? = nil) throws -> Container {
        let builder = ContainerBuilder()
        if let logger { builder.log(to: logger) }
        builder.catalog = catalog()
        guard let file = Bundle.module.url(forResource: "services", withExtension: "yaml") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "services.yaml"])
        }
        try builder.loadYAML(contentsOf: file)
        return try builder.build()
    }

    /// Runs the services until SIGTERM or SIGINT (or until one fails), then disposes the container.
    public static func run(logger: Logger) async throws {
        let container = try container(logger: logger)
        let services = try await container.services(logger: logger)
        let events = try await container.resolve(EventLog.self)
        events.record("order \(services.names.joined(separator: ","))")
        try await services.group(logger: logger).run()
        events.record("exit")
    }
}
