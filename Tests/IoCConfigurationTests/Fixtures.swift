import Configuration
import Foundation
import IoCConfiguration
import IoCCore
import IoCYAML

struct Database: Sendable, Equatable {
    let host: String
    let port: Int
    let password: String
}

// RateLimiter: DocCommentSnippets.swift (the doc comment's example).

/// The types config names, as the app's catalog gives them.
func appCatalog() -> TypeCatalog {
    let catalog = TypeCatalog()
    catalog.add(Database.self) {
        $0.initializer("init(host:port:password:)") { (host: String, port: Int, password: String) in
            Database(host: host, port: port, password: password)
        }
    }
    catalog.add(RateLimiter.self) { $0.initializer("init(limit:)") { (limit: ConfigHandle<Int>) in RateLimiter(limit: limit) } }
    return catalog
}

/// A builder with the app's catalog, reading placeholders and handles from `providers`, and
/// `yaml` loaded.
func appBuilder(_ providers: [any ConfigProvider], yaml: String) throws -> ContainerBuilder {
    let builder = ContainerBuilder()
    builder.catalog = appCatalog()
    builder.addConfiguration(ConfigurationPropertySource(providers: providers))
    try builder.loadYAML(yaml)
    return builder
}

/// The services.yaml of one rate limiter whose handle reads `rate.limit`.
let limiterYAML = """
    services:
      limiter: { class: RateLimiter, arguments: [rate.limit] }
    """

/// A file of this target's `Files` folder.
func fixture(_ name: String) throws -> URL {
    guard let folder = Bundle.module.url(forResource: "Files", withExtension: nil) else { throw MissingFixture(name: name) }
    return folder.appendingPathComponent(name)
}

struct MissingFixture: Error { let name: String }
