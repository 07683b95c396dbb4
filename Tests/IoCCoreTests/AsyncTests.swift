import IoCCore
import Testing

private actor Database {
    let url: String
    init(url: String) async { self.url = url }
}
private final class Repository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}

@Suite("Async factories")
struct AsyncTests {
    private func builder(counter: Counter = Counter()) -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.register(Database.self) { _ in
            counter.increment()
            try await Task.sleep(for: .milliseconds(5))
            return await Database(url: "sqlite://reports")
        }.singleton()
        builder.register(Repository.init)
        return builder
    }

    @Test func asyncFactory_isBuiltWithAwait_andDependentsToo() async throws {
        let container = try builder().build()
        let repository = try await container.resolve(Repository.self)
        #expect(repository.database.url == "sqlite://reports")
        #expect(try await container.resolve(Database.self) === repository.database)
    }

    @Test func asyncFactory_resolvedSynchronously_isClearError() throws {
        let container = try builder().build()
        #expect(errorText { _ = try container.resolve(Repository.self) }
            == "Database is built by an async factory and cannot be resolved synchronously. Resolution path: Repository -> Database. Resolve it with 'try await container.resolve(...)'.")
    }

    @Test func asyncSingleton_isCreatedOnce_underConcurrentAwaits() async throws {
        let counter = Counter()
        let container = try builder(counter: counter).build()
        let ids = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 { group.addTask { ObjectIdentifier(try await container.resolve(Database.self)) } }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(ids.count == 1 && counter.count == 1)
    }

    @Test func asyncSingleton_onceCreated_resolvesSynchronously() async throws {
        let container = try builder().build()
        let database = try await container.resolve(Database.self)
        #expect(try resolveSynchronously(container, Database.self) === database)
    }

    @Test func asyncFactory_withTaskLocalScope_isRejectedAtBuild() {
        let builder = ContainerBuilder()
        let line = #line; builder.register(D.self, asyncFactory: { _ in D() }).scope(.threadLocal)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of D at IoCCoreTests/AsyncTests.swift:\(line): an async component can be prototype, singleton or object-graph, not thread-local.
            """)
    }

    @Test func asyncLazy_buildsWithAwait() async throws {
        final class UsesLazy: Sendable { let db: Lazy<Database>; init(db: Lazy<Database>) { self.db = db } }
        let builder = builder()
        builder.register(UsesLazy.init)
        let user = try await builder.build().resolve(UsesLazy.self)
        #expect(try await user.db.get().url == "sqlite://reports")
    }
}

/// Calls the synchronous `resolve` from an async test (where `resolve` picks the async form).
private func resolveSynchronously<T>(_ container: Container, _ type: T.Type) throws -> T {
    try container.resolve(type)
}
