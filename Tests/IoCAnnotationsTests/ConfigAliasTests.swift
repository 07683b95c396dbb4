import Foundation
import IoCAnnotations
import IoCXML
import IoCYAML
import Testing

/// Config aliases of components defined elsewhere: in code, another file, another front end.
@Suite("Aliases of components defined anywhere")
struct ConfigAliasTests {
    final class Logger: Sendable { init() {} }
    final class HTTPSession: Sendable { init() {} }
    final class ReportService: Sendable {
        let metrics: Logger
        init(metrics: Logger) { self.metrics = metrics }
    }

    private func builder() -> ContainerBuilder {
        let builder = ContainerBuilder()
        let catalog = TypeCatalog()
        catalog.add(Logger.self) { $0.initializer("init()") { Logger() } }
        catalog.add(HTTPSession.self, names: "URLSessionClient") { $0.initializer("init()") { HTTPSession() } }
        catalog.add(ReportService.self) { $0.initializer("init(metrics:)") { (logger: Logger) in ReportService(metrics: logger) } }
        builder.catalog = catalog
        builder.register(Logger.self) { _ in Logger() }.named("appLogger").scope(.singleton)
        return builder
    }

    @Test func yamlAliases_ofACodeComponent_reachIt() throws {
        let builder = builder()
        try builder.loadYAML("""
            services:
              logger: '@appLogger'
              audit: { alias: appLogger, public: true }
              console: '@logger'
              reporter: { class: ReportService, arguments: ['@console'] }
            """, name: "services.yaml")
        let container = try builder.build()
        let logger = try container.resolve(Logger.self, name: "appLogger")
        #expect(try container.resolve(Logger.self, name: "logger") === logger)
        #expect(try container.resolve(Logger.self, name: "audit") === logger)
        #expect(try container.resolve(Logger.self, name: "console") === logger, "an alias of an alias")
        #expect(try container.resolve(ReportService.self, name: "reporter").metrics === logger)
    }

    /// A private service, a public alias of it and a plain one, in two files.
    private func privateServiceWithAliases() throws -> Container {
        let builder = builder()
        try builder.loadYAML("services:\n  hidden: { class: Logger, public: false }\n", name: "a.yaml")
        try builder.loadYAML("services:\n  open: { alias: hidden, public: true }\n  closed: '@hidden'\n", name: "b.yaml")
        return try builder.build()
    }

    private let privateRefusal = "\"hidden\" (Logger) is private (public: false, at a.yaml:2:3): it can be injected into other components, not resolved from the container. Mark it public, or resolve a public component that injects it."

    @Test func aPublicAlias_ofAPrivateServiceInAnotherFile_resolves_andAPlainOneDoesNot() throws {
        let container = try privateServiceWithAliases()
        _ = try container.resolve(Logger.self, name: "open")
        #expect(errorText { _ = try container.resolve(Logger.self, name: "closed") } == privateRefusal)
        #expect(errorText { _ = try container.resolve(Logger.self, name: "hidden") } == privateRefusal)
        // Registered under every name: injection (and a child container) reaches it by each.
        #expect(container.isRegistered(Logger.self, name: "closed"))
    }

    @Test func aPrivateService_isRefusedByNameWithAwait_too() async throws {
        // The async resolve looks names up on a path of its own.
        let container = try privateServiceWithAliases()
        _ = try await container.resolve(Logger.self, name: "open")
        do {
            _ = try await container.resolve(Logger.self, name: "closed")
            Issue.record("a private component resolved by name with await")
        } catch {
            #expect("\(error)" == privateRefusal)
        }
    }

    @Test func anAliasRead_beforeTheFileThatDefinesItsTarget_reachesIt() throws {
        let builder = builder()
        try builder.loadXML(#"<beans><alias name="session" alias="http"/></beans>"#, name: "aliases.xml")
        try builder.loadYAML("services:\n  session: { class: URLSessionClient }\n", name: "services.yaml")
        let container = try builder.build()
        #expect(try container.resolve(HTTPSession.self, name: "http") === container.resolve(HTTPSession.self, name: "session"))
    }

    @Test func springAlias_ofACodeComponent_reachesIt() throws {
        let builder = builder()
        try builder.loadXML(#"<beans><alias name="appLogger" alias="log"/></beans>"#, name: "beans.xml")
        let container = try builder.build()
        #expect(try container.resolve(Logger.self, name: "log") === container.resolve(Logger.self, name: "appLogger"))
    }

    @Test func anAliasThatRepeatsAName_isADuplicate() {
        let text = errorText {
            let builder = builder()
            try builder.loadYAML("services:\n  logger: { class: Logger }\n", name: "a.yaml")
            try builder.loadXML(#"<beans><alias name="appLogger" alias="logger"/></beans>"#, name: "b.xml")
            _ = try builder.build()
        }
        #expect(text == """
            Container validation failed with 1 problem:
            1. Duplicate component "logger" at b.xml:1; first defined at a.yaml:2:3. Rename one, or mark the later one as an override.
            """)
    }

    @Test func aliases_ofComponentsDefinedElsewhere_areWrittenAsAliases_andReadBack() throws {
        let yaml = try YAMLLoader().load(string: "services:\n  logger: '@appLogger'\n  audit: { alias: appLogger, public: true }\n", name: "a.yaml").definitions
        let written = try YAMLWriter.string(from: yaml)
        #expect(try YAMLLoader().load(string: written, name: "b.yaml").definitions == yaml)
        let xml = try XMLWriter.string(from: yaml)
        #expect(xml.contains(#"<alias name="appLogger" alias="logger"/>"#) && xml.contains(#"<alias name="appLogger" alias="audit"/>"#))
        let builder = builder()
        try builder.loadXML(xml, name: "c.xml")
        let container = try builder.build()
        #expect(try container.resolve(Logger.self, name: "audit") === container.resolve(Logger.self, name: "logger"))
    }
}
