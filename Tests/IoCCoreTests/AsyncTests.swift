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

private final class Report: Sendable {
    let title: String
    let database: Database
    init(title: String, database: Database) { self.title = title; self.database = database }
}
private final class Catalogue: Sendable {
    let stores: [Repository]
    let byName: [String: Repository]
    let missing: Repository?
    let report: Report
    init(stores: [Repository], byName: [String: Repository], missing: Repository?, report: Report) {
        self.stores = stores
        self.byName = byName
        self.missing = missing
        self.report = report
    }
}

@Suite("Async factories")
struct AsyncTests {
    private func storesBuilder() -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.register(Database.self) { _ in await Database(url: "sqlite://reports") }.singleton()
        builder.register(Repository.init).named("main").tagged("store")
        builder.register(Repository.init).named("backup").tagged("store")
        builder.register(Repository.init).named("scratch")
        builder.register(Report.self, asyncRuntimeArguments: { (r: Resolver, title: String) in Report(title: title, database: try await r.resolve()) })
        builder.register(Catalogue.self) { r in
            Catalogue(stores: try await r.resolveAll(Repository.self, tagged: "store"), byName: try await r.resolveMap(Repository.self),
                      missing: try await r.resolveOptional(Repository.self, name: "archive"),
                      report: try await r.resolve(Report.self, runtimeArguments: "inner"))
        }
        return builder
    }

    @Test func everyResolveForm_hasAnAwaitingTwin_thatMakesAsyncComponents() async throws {
        let container = try storesBuilder().build()
        let database = try await container.resolve(Database.self)
        let all = try await container.resolveAll(Repository.self)
        #expect(all.count == 3 && all.allSatisfy { $0.database === database })
        #expect(try await container.resolveAll(Repository.self, tagged: "store").count == 2)
        #expect(try await container.resolveMap(Repository.self).keys.sorted() == ["backup", "main", "scratch"])
        #expect(try await container.resolveMap(Repository.self, tagged: "store").keys.sorted() == ["backup", "main"])
        #expect(try await container.resolveOptional(Repository.self, name: "main")?.database === database)
        #expect(try await container.resolveOptional(Repository.self, name: "archive") == nil)
        let report = try await container.resolve(Report.self, runtimeArguments: "weekly")
        #expect(report.title == "weekly" && report.database === database)
        // A resolver's twins, inside an async factory.
        let catalogue = try await container.resolve(Catalogue.self)
        #expect(catalogue.stores.count == 2 && catalogue.byName.keys.sorted() == ["backup", "main", "scratch"] && catalogue.missing == nil)
        #expect(catalogue.report.title == "inner" && catalogue.report.database === database)
    }

    @Test func theFormsWithoutAwait_sayWhichToUse() async throws {
        let container = try storesBuilder().build()
        #expect(errorText { _ = try container.resolveAll(Repository.self) }
            == "Database is built by an async factory and cannot be resolved synchronously. Resolution path: \"main\" (Repository) -> Database. Resolve it with 'try await container.resolve(...)'.")
        #expect(errorText { _ = try container.resolve(Report.self, runtimeArguments: "weekly") }
            == "Report is built by an async factory and cannot be resolved synchronously. Resolve it with 'try await container.resolve(...)'.")
    }
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
