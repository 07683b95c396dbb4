import IoCCore
import Logging
import ServiceLifecycle

/// What the services did, in order: "start X", "stop X", "dispose X", and the container's log lines.
final class Journal: Sendable {
    private let entries = Locked<[String]>([])

    func record(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
    func all(startingWith prefix: String) -> [String] { all.filter { $0.hasPrefix(prefix) } }

    /// A logger whose lines this journal records as "log <message> <component>".
    var logger: Logger {
        var logger = Logger(label: "test") { _ in JournalLogHandler(journal: self) }
        logger.logLevel = .debug
        return logger
    }
}

struct JournalLogHandler: LogHandler {
    let journal: Journal
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String, function: String, line: UInt) {
        // The group's own lines (keys "sl-…") are left out; the container's say which component.
        guard !(metadata ?? [:]).keys.contains(where: { $0.hasPrefix("sl-") }), source == "IoCServiceLifecycle" else { return }
        let subject = metadata?["ioc.component"].map { " \($0)" } ?? metadata?["ioc.services"].map { " \($0)" } ?? ""
        journal.record("log \(message)\(subject)")
    }
}

/// A service that records its start and its stop; `fails` makes it throw once started.
final class RecordingService: Service {
    let name: String
    let journal: Journal
    let fails: Bool

    init(_ name: String, _ journal: Journal, fails: Bool = false) {
        self.name = name
        self.journal = journal
        self.fails = fails
    }

    func run() async throws {
        journal.record("start \(name)")
        if fails { throw Failure(name: name) }
        // Cancelled instead of shut down gracefully: stops the same way.
        try? await gracefulShutdown()
        journal.record("stop \(name)")
    }

    struct Failure: Error, Equatable { let name: String }
}

/// A component in between: not a service.
final class Repository: Sendable {
    let service: RecordingService
    init(_ service: RecordingService) { self.service = service }
}
