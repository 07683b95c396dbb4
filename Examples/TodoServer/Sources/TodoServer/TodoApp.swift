import Foundation
import Hummingbird
import IoCCore
import IoCLogging
import IoCServiceLifecycle
import IoCYAML
import Logging

/// The app: its container (services.yaml, compiled by IoCConfigPlugin into `GeneratedConfig`),
/// and the Hummingbird application that serves it.
public enum TodoApp {
    /// The container: services.yaml's components, the request's info (a value each request's
    /// scope is given), and where the database is (`TODO_DB`, else `database`).
    public static func container(database: String = ":memory:", logger: Logger = Logger(label: "todo-server.container")) throws -> Container {
        let builder = ContainerBuilder()
        builder.catalog = GeneratedConfig.catalog()
        builder.log(to: logger)
        builder.propertySources = [
            EnvironmentPropertySource(),
            DictionaryPropertySource(name: "app", ["todo.database": database]),
        ]
        builder.register(scopeValue: RequestInfo.self).named("requestInfo")
        GeneratedConfig.register(in: builder)
        return try builder.build()
    }

    /// The application on `host`:`port`: the container's services (the database) run in its
    /// ServiceGroup — started before the server, stopped after it, and the container disposed
    /// last — and SIGTERM or SIGINT shuts it down gracefully (`app.runService()`). `listening`
    /// is given the port the server listens on (port 0 takes any free one).
    public static func application(_ container: Container, host: String = "127.0.0.1", port: Int = 8080,
                                   logger: Logger = Logger(label: "todo-server"),
                                   listening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws -> some ApplicationProtocol {
        let services = try await container.services(logger: logger)
        return Application(router: router(container), configuration: .init(address: .hostname(host, port: port)),
                           services: services.services, onServerRunning: { await listening($0.localAddress?.port ?? port) },
                           logger: logger)
    }
}
