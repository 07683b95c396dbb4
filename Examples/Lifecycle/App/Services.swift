import Foundation
import IoCCore
import ServiceLifecycle

/// Writes what happens, one line each, to standard output at once: the test that runs this
/// example as a process reads it.
public final class EventLog: Sendable {
    private let lock = NSLock()

    public init() {}

    public func record(_ event: String) {
        lock.withLock {
            FileHandle.standardOutput.write(Data("\(event)\n".utf8))
        }
    }
}

/// What the services share: record the start, run until graceful shutdown, record the stop.
/// `LIFECYCLE_FAIL=<name>` makes that service throw once it has started.
private func serve(_ name: String, _ events: EventLog) async throws {
    events.record("start \(name)")
    if ProcessInfo.processInfo.environment["LIFECYCLE_FAIL"] == name {
        events.record("fail \(name)")
        throw ServiceFailure(name: name)
    }
    try? await gracefulShutdown()
    events.record("stop \(name)")
}

/// The failure `LIFECYCLE_FAIL` asks for.
public struct ServiceFailure: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "\(name) failed on purpose (LIFECYCLE_FAIL)" }
}

/// A database connection pool: a service; its dispose hook (`close`) runs after the group ends.
public final class Database: Service {
    let events: EventLog
    public init(events: EventLog) { self.events = events }
    public func run() async throws { try await serve("database", events) }
    public func close() { events.record("dispose database") }
}

/// Not a service: what the scheduler reaches the database through.
public final class UserRepository: Sendable {
    let database: Database
    public init(database: Database) { self.database = database }
}

/// Sends mail from a queue: a service that depends on nothing but the log.
public final class Mailer: Service {
    let events: EventLog
    public init(events: EventLog) { self.events = events }
    public func run() async throws { try await serve("mailer", events) }
}

/// Runs jobs that read users and send mail: starts after the database (through the repository) and the mailer.
public final class Scheduler: Service {
    let users: UserRepository
    let mailer: Mailer
    let events: EventLog
    public init(users: UserRepository, mailer: Mailer, events: EventLog) {
        self.users = users
        self.mailer = mailer
        self.events = events
    }
    public func run() async throws { try await serve("scheduler", events) }
}

/// Reports health: `depends-on: [scheduler]` makes it start after the scheduler.
public final class HealthReporter: Service {
    let events: EventLog
    public init(events: EventLog) { self.events = events }
    public func run() async throws { try await serve("health", events) }
}
