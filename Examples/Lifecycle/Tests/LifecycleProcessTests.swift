import Foundation
import IoCCore
import Testing

/// The `lifecycle` example as a real process: its services (services.yaml) start in dependency
/// order, and on SIGTERM or SIGINT — or when one fails — stop in reverse; then the container
/// disposes its components, and the process exits.
@Suite("lifecycle, as a process")
struct LifecycleProcessTests {
    /// The order the container computes: the mailer and the database depend on nothing; the
    /// scheduler needs the database (through the user repository) and the mailer; health
    /// `depends-on` the scheduler. services.yaml lists them scheduler, health, mailer, database.
    static let startOrder = ["mailer", "database", "scheduler", "health"]

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignal_stopsEveryServiceInReverseOrder_thenDisposes(signal: Int32) throws {
        let run = try ExampleProcess()
        try run.waitForOutput { $0.filter { $0.hasPrefix("start ") }.count == 4 }
        kill(run.process.processIdentifier, signal)
        let (status, output, errors) = try run.finish()
        #expect(status == 0, "stderr: \(errors)")
        #expect(output.first == "order \(Self.startOrder.joined(separator: ","))")
        #expect(Set(output.filter { $0.hasPrefix("start ") }) == Set(Self.startOrder.map { "start \($0)" }))
        #expect(Array(output.drop { !$0.hasPrefix("stop ") }) == Self.startOrder.reversed().map { "stop \($0)" } + ["dispose database", "exit"])
        // The container's log: each service's run() was called after those it depends on.
        let starts = errors.split(separator: "\n").filter { $0.contains("Starting service") }.compactMap { line in
            Self.startOrder.first { line.contains("ioc.component=\($0)") }
        }
        #expect(starts == Self.startOrder)
    }

    @Test func aServiceThatFails_stopsTheOthersInReverse_andTheProcessFails() throws {
        let run = try ExampleProcess(environment: ["LIFECYCLE_FAIL": "scheduler"])
        let (status, output, errors) = try run.finish()
        #expect(status == 1)
        #expect(errors.hasSuffix("lifecycle: scheduler failed on purpose (LIFECYCLE_FAIL)\n"))
        #expect(Array(output.drop { !$0.hasPrefix("stop ") }) == ["stop health", "stop database", "stop mailer", "dispose database"])
    }
}

/// The `lifecycle` executable, built beside this test bundle, running with its output read.
final class ExampleProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    // What the pipes' handlers (on other threads) have read so far.
    private let outputData = Locked(Data())
    private let errorData = Locked(Data())

    init(environment: [String: String] = [:]) throws {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let executable = directory.appendingPathComponent("lifecycle")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ExampleMissing(path: executable.path)
        }
        process.executableURL = executable
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.merging(["LOG_LEVEL": "debug"]) { $1 }
        process.standardOutput = output
        process.standardError = errors
        for (pipe, data) in [(output, outputData), (errors, errorData)] {
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let read = handle.availableData
                data.withLock { $0.append(read) }
            }
        }
        try process.run()
    }

    var lines: [String] { outputData.withLock { String(decoding: $0, as: UTF8.self) }.split(separator: "\n").map(String.init) }

    /// Waits (up to 30 s) until the output's lines satisfy `condition`.
    func waitForOutput(_ condition: ([String]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(30)
        while !condition(lines) {
            guard Date() < deadline, process.isRunning else { throw Timeout(lines: lines) }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Waits (up to 30 s) for the process to exit: its status, output lines and standard error.
    func finish() throws -> (Int32, [String], String) {
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning {
            guard Date() < deadline else {
                process.terminate()
                throw Timeout(lines: lines)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        let restErrors = errors.fileHandleForReading.readDataToEndOfFile()
        outputData.withLock { $0.append(rest) }
        errorData.withLock { $0.append(restErrors) }
        return (process.terminationStatus, lines, errorData.withLock { String(decoding: $0, as: UTF8.self) })
    }

    struct ExampleMissing: Error, CustomStringConvertible {
        let path: String
        var description: String { "no lifecycle executable at \(path): `swift build` builds it (make test does)" }
    }

    struct Timeout: Error, CustomStringConvertible {
        let lines: [String]
        var description: String { "the lifecycle process did not get there within 30 s; its output: \(lines)" }
    }
}

/// The bytes a pipe's handler (on another thread) has read so far, behind a lock.
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State
    init(_ state: State) { self.state = state }
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
