import IoCCore
import IoCServiceLifecycle
import Logging
import ServiceLifecycle

// The code examples of IoCServiceLifecycle's doc comments and of docs/ServerApps.md (see
// SnippetCoverageTests: here, not in DocCommentSnippetTests, whose fixture has types named
// Logger and Logging). Compiled, not run: a group runs until a signal.

enum ServiceLifecycleSnippets {
    // Modules/IoCServiceLifecycle/ContainerServices.swift: Container.services(tagged:logger:)
    static func runningTheServices(_ container: Container) async throws {
        let logger = Logger(label: "app") // scaffold
        let services = try await container.services(logger: logger)
        try await services.group(logger: logger).run()   // until SIGTERM or SIGINT; then disposes the container
    }

    // Modules/IoCServiceLifecycle/ContainerServices.swift: ContainerServices
    static func withAServer(_ container: Container, httpServer: any Service) async throws {
        let logger = Logger(label: "app") // scaffold
        let services = try await container.services(logger: logger)
        try await services.group(logger: logger, adding: [httpServer]).run()
    }

    // Modules/IoCServiceLifecycle/ContainerServices.swift: ContainerServices.group(...)
    static func inOneLine(_ container: Container) async throws {
        let logger = Logger(label: "app") // scaffold
        try await container.services().group(logger: logger).run()
    }
}
