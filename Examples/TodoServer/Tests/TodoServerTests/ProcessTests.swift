import Foundation
import Synchronization
import Testing

/// `todo-server` as a real process: it serves until SIGTERM, then shuts down gracefully — the
/// server stops, the container's services return, the container disposes the database — and exits 0.
@Suite("todo-server, as a process")
struct ProcessTests {
    @Test func sigterm_shutsDownGracefully_andDisposesTheContainer() throws {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let executable = directory.appendingPathComponent("todo-server")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build the executable first: \(executable.path)")
        let process = Process()
        process.executableURL = executable
        // Port 0: any free port; the database in memory.
        process.environment = ProcessInfo.processInfo.environment.merging(["PORT": "0", "TODO_DB": ":memory:"]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let output = Mutex(Data())
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            output.withLock { $0.append(chunk) }
        }
        try process.run()
        let text = { output.withLock { String(decoding: $0, as: UTF8.self) } }
        let deadline = Date().addingTimeInterval(30)
        while !text().contains("Server started and listening"), process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(text().contains("Server started and listening on 127.0.0.1:"), "\(text())")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        pipe.fileHandleForReading.readabilityHandler = nil
        let rest = pipe.fileHandleForReading.readDataToEndOfFile()
        output.withLock { $0.append(rest) }
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(text())")
        // The database (a service, opened at start) was disposed by the container at the end.
        #expect(text().split(separator: "\n").last?.hasSuffix("ioc.disposed=1 [IoCLogging] Container shut down") == true, "\(text())")
    }
}
