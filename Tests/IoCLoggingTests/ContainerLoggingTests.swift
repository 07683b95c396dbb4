import IoCCore
import IoCLogging
import Logging
import Testing

/// The container's events on a swift-log `Logger`: level, message and metadata of each.
@Suite("Container logging")
struct ContainerLoggingTests {
    final class Lines: Sendable {
        private let lines = Locked<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func record(_ line: String) { lines.withLock { $0.append(line) } }
        var logger: Logger {
            Logger(label: "app.container") { _ in LineHandler(lines: self) }
        }
    }

    /// Writes "level message key=value…" (keys sorted), seconds left out: they vary.
    struct LineHandler: LogHandler {
        let lines: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String,
                 function: String, line: UInt) {
            let pairs = (metadata ?? [:]).filter { $0.key != "ioc.seconds" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            lines.record(([level.rawValue, "\(message)"] + pairs).joined(separator: " "))
        }
    }

    struct Slow: Sendable {
        init() { for _ in 0..<3 { _ = (0..<200_000).reduce(0, &+) } }
    }
    struct Closing: Sendable {}
    struct NeedsMissing: Sendable { init(_ missing: Slow) {} }
    struct HookFailed: Error, CustomStringConvertible { var description: String { "socket already closed" } }

    @Test func aContainersLife_isLogged() throws {
        let lines = Lines()
        let builder = ContainerBuilder()
        builder.log(to: lines.logger, slowCreationSeconds: 0)
        builder.register(Slow.init).singleton(); let line = #line
        builder.register(Closing.init).singleton().onDispose(named: "close") { _ in throw HookFailed() }
        let container = try builder.build()
        _ = try container.resolve(Slow.self)
        _ = try container.resolve(Closing.self)
        #expect(throws: IoCError.self) { try container.shutdown() }
        #expect(lines.all == [
            "info Container built ioc.components=2",
            "warning Slow creation ioc.component=Slow ioc.location=IoCLoggingTests/ContainerLoggingTests.swift:\(line)",
            "warning Slow creation ioc.component=Closing ioc.location=IoCLoggingTests/ContainerLoggingTests.swift:\(line + 1)",
            "error Dispose hook failed ioc.error=Closing: socket already closed",
            "info Container shut down ioc.disposed=1",
        ])
    }

    @Test func aFailedBuild_isLoggedWithEveryProblem() throws {
        let lines = Lines()
        let builder = ContainerBuilder()
        builder.log(to: lines.logger)
        builder.register(NeedsMissing.init)
        let error = #expect(throws: IoCError.self) { try builder.build() }
        #expect(lines.all == ["error Container build failed ioc.error=\(try #require(error)) ioc.problems=1"])
    }
}
