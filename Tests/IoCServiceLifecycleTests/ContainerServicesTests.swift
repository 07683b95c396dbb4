import IoCCore
import IoCServiceLifecycle
import IoCYAML
import Logging
import ServiceLifecycle
import Testing

enum Web {}
enum Mailer {}
enum Database {}
enum Audit {}

/// A service of role `Role`: a type of its own for each role, as an app's services are.
final class Recorded<Role>: Service {
    let base: RecordingService
    init(_ name: String, _ journal: Journal, fails: Bool = false) { base = RecordingService(name, journal, fails: fails) }
    func run() async throws { try await base.run() }
}

/// Services found by type and by tag, started in dependency order, stopped in reverse, the
/// container disposed after the group ends.
@Suite("Container services")
struct ContainerServicesTests {
    /// Registered in an order that is not the start order: web needs the database through a
    /// repository (not a service); audit needs the mailer (`dependsOn`); the database is both
    /// exposed as a service and tagged (one service).
    static func builder(_ journal: Journal, failing: String? = nil) -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.register { (_: Repository) in Recorded<Web>("web", journal, fails: failing == "web") }.as((any Service).self) { $0 }
            .singleton()
        builder.register { (database: Recorded<Database>) in Repository(database.base) }.singleton()
        builder.register { Recorded<Mailer>("mailer", journal) }.named("mailer").tagged(ContainerServices.tag).singleton()
        builder.register { Recorded<Database>("database", journal) }.as((any Service).self) { $0 }.tagged(ContainerServices.tag)
            .singleton().onDispose { _ in journal.record("dispose database") }
        builder.register { Recorded<Audit>("audit", journal) }.tagged(ContainerServices.tag).dependsOn("mailer").singleton()
        return builder
    }

    @Test func services_comeInDependencyOrder_eachOnce() async throws {
        let container = try Self.builder(Journal()).build()
        let services = try await container.services()
        #expect(services.names == ["mailer", "Recorded<Database>", "Recorded<Web>", "Recorded<Audit>"])
        #expect(services.components.map(\.description) == ["\"mailer\" (Recorded<Mailer>)", "Recorded<Database>", "Recorded<Web>", "Recorded<Audit>"])
        #expect(services.services.map { "\($0)" } == ["container disposal", "mailer", "Recorded<Database>", "Recorded<Web>", "Recorded<Audit>"])
    }

    /// Graceful shutdown (what SIGTERM triggers): every service stops, the last started first,
    /// then the container disposes its components.
    @Test func aGroup_startsInOrder_stopsInReverse_thenDisposesTheContainer() async throws {
        let journal = Journal()
        let container = try Self.builder(journal).build()
        let group = try await container.services(logger: journal.logger).group(logger: journal.logger)
        async let running: Void = group.run()
        try await Self.waitUntil { journal.all(startingWith: "start").count == 4 }
        await group.triggerGracefulShutdown()
        try await running
        #expect(journal.all(startingWith: "log Starting") == [
            "log Starting service mailer", "log Starting service Recorded<Database>",
            "log Starting service Recorded<Web>", "log Starting service Recorded<Audit>",
        ])
        #expect(Set(journal.all(startingWith: "start")) == ["start mailer", "start database", "start web", "start audit"])
        #expect(journal.all.filter { $0.hasPrefix("stop") || $0.hasPrefix("dispose") } == [
            "stop audit", "stop web", "stop database", "stop mailer", "dispose database",
        ])
        // Disposed: the container makes nothing more.
        #expect(throws: IoCError.self) { try container.resolve(Recorded<Mailer>.self) }
    }

    /// A service that fails stops the group gracefully, in reverse order, and its error is the group's.
    @Test func aServiceThatFails_stopsTheOthersInReverse_andTheGroupThrowsItsError() async throws {
        let journal = Journal()
        let container = try Self.builder(journal, failing: "web").build()
        let group = try await container.services().group(logger: Logger(label: "test"))
        await #expect(throws: RecordingService.Failure(name: "web")) { try await group.run() }
        #expect(journal.all.filter { $0.hasPrefix("stop") || $0.hasPrefix("dispose") } == [
            "stop audit", "stop database", "stop mailer", "dispose database",
        ])
    }

    /// Cancelled instead (a cancellation signal, or the task that runs the group): the services
    /// are cancelled at once, and the container is disposed only after the last has returned.
    @Test func aCancelledGroup_disposesTheContainerAfterEveryServiceReturned() async throws {
        let journal = Journal()
        let container = try Self.builder(journal).build()
        let group = try await container.services().group(logger: Logger(label: "test"))
        let running = Task { try await group.run() }
        try await Self.waitUntil { journal.all(startingWith: "start").count == 4 }
        running.cancel()
        _ = await running.result
        let stops = journal.all.filter { $0.hasPrefix("stop") || $0.hasPrefix("dispose") }
        #expect(Set(stops.dropLast()) == ["stop audit", "stop web", "stop database", "stop mailer"])
        #expect(stops.last == "dispose database")
    }

    /// Config marks services with the tag or through the catalog's conformance.
    @Test func config_marksServices_byTagOrByTheCatalogsConformance() async throws {
        let journal = Journal()
        let catalog = TypeCatalog()
        catalog.add(Recorded<Database>.self, names: "Database") { database in
            database.initializer("init()") { Recorded<Database>("database", journal) }
            database.conforms(to: (any Service).self) { $0 }
        }
        catalog.add(Recorded<Mailer>.self, names: "Mailer") { mailer in
            mailer.initializer("init()") { Recorded<Mailer>("mailer", journal) }
            mailer.initializer("init(_:)") { (_: Repository) in Recorded<Mailer>("mailer", journal) }
        }
        catalog.add(Repository.self) { $0.initializer("init(_:)") { (database: Recorded<Database>) in Repository(database.base) } }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        try builder.loadYAML("""
            services:
              mailer: { class: Mailer, arguments: ['@repository'], tags: [lifecycle.service] }
              repository: { class: Repository, arguments: ['@database'] }
              database: { class: Database }
              plain: { class: Mailer }
            """)
        let services = try await builder.build().services()
        #expect(services.names == ["database", "mailer"])
    }

    @Test func aTaggedComponent_thatIsNotAService_isAnErrorNamingItAndTheFix() async throws {
        let builder = ContainerBuilder()
        builder.register { Repository(RecordingService("x", Journal())) }.named("repository").tagged(ContainerServices.tag).singleton()
        let container = try builder.build()
        let error = await #expect(throws: ContainerServiceError.self) { try await container.services() }
        #expect(error?.description == """
            component "repository" (Repository) at IoCServiceLifecycleTests/ContainerServicesTests.swift:\(#line - 3) is tagged \
            'lifecycle.service', but its instance, a IoCServiceLifecycleTests.Repository, is not a ServiceLifecycle Service: \
            conform IoCServiceLifecycleTests.Repository to Service, or remove the tag
            """)
    }

    /// A prototype service would run one instance while its dependents got others.
    @Test func aServiceThatIsNotASingleton_isAnErrorNamingItAndTheFix() async throws {
        let builder = ContainerBuilder()
        builder.register { Recorded<Mailer>("mailer", Journal()) }.as((any Service).self) { $0 }
        let container = try builder.build()
        let error = await #expect(throws: ContainerServiceError.self) { try await container.services() }
        #expect(error?.description == """
            component Recorded<Mailer> at IoCServiceLifecycleTests/ContainerServicesTests.swift:\(#line - 3) is a service, but its \
            scope is prototype: the instance the group runs would not be the one its dependents get; make it a singleton (in \
            code `.singleton()`, in YAML `shared: true` or no `scope`, in XML `scope="singleton"`)
            """)
    }

    /// Waits for `condition`, up to 120 s: a bound only a real failure reaches, however loaded
    /// the machine.
    static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<12_000 where !condition() { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(condition())
    }
}
