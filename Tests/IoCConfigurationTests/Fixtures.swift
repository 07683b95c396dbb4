import Foundation
import IoCConfiguration
import IoCCore

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

/// A file of this target's `Files` folder.
func fixture(_ name: String) throws -> URL {
    guard let folder = Bundle.module.url(forResource: "Files", withExtension: nil) else { throw MissingFixture(name: name) }
    return folder.appendingPathComponent(name)
}

struct MissingFixture: Error { let name: String }
