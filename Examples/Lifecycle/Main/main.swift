import Foundation
import LifecycleExample
import Logging

// `lifecycle`: the services of services.yaml in a ServiceGroup, until SIGTERM or SIGINT.
// Set LOG_LEVEL=debug to see the group's and the container's log lines on standard error.
LoggingSystem.bootstrap(StreamLogHandler.standardError)
var logger = Logger(label: "lifecycle")
logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info

do {
    try await LifecycleApp.run(logger: logger)
} catch {
    FileHandle.standardError.write(Data("lifecycle: \(error)\n".utf8))
    exit(1)
}
