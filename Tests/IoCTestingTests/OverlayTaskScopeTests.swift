import IoCCore
import IoCTesting
import Testing

// docs/ServerApps.md's middleware scopes the app's container per request; docs/Testing.md's
// overlays answer for that container in a test. The two together must work.

@Suite("Overlays: code under test that opens a task scope on the base")
struct OverlayTaskScopeTests {
    struct Request: Sendable { let path: String }
    final class Handler: Sendable {
        let request: Request
        let client: any WeatherClient
        init(request: Request, client: any WeatherClient) { self.request = request; self.client = client }
        func handle() -> String { client.forecast(request.path) }
    }

    static func app() throws -> Container {
        let builder = ContainerBuilder()
        builder.register(scopeValue: Request.self)
        builder.register { _ in FreeWeatherClient(log: BuildLog()) as any WeatherClient }.named("weatherClient").scope(.singleton)
        builder.register(Handler.init).scope(.taskLocal)
        return try builder.build()
    }

    /// The middleware's body, as the app writes it: the base container, scoped per request.
    static func serve(_ path: String, on app: Container) throws -> String {
        try app.withTaskScope(providing: Request(path: path)) { try app.resolve(Handler.self).handle() }
    }

    static func serve(_ path: String, on app: Container) async throws -> String {
        try await app.withTaskScope(providing: Request(path: path)) { try await app.resolve(Handler.self).handle() }
    }

    @Test func aScopeValueGivenToTheBase_reachesTheOverlaysComponents() throws {
        let app = try Self.app()
        let answer = try withOverlay(of: app, { $0.replace("weatherClient", with: StubClient("stub:") as any WeatherClient) }) { _ in
            try Self.serve("/todos", on: app)
        }
        #expect(answer == "stub: /todos")
        #expect(try Self.serve("/todos", on: app) == "free: sunny in /todos")
    }

    @Test func anOverlayOfAnUnrelatedComponent_leavesTheScopeValueWorking_async() async throws {
        let app = try Self.app()
        let answer = try await withOverlay(of: app, { _ in }) { _ in try await Self.serve("/async", on: app) }
        #expect(answer == "free: sunny in /async")
    }

    @Test(.overlay(of: OverlayTaskScopeTests.shared) { $0.replace("weatherClient", with: StubClient("trait:") as any WeatherClient) })
    func theTraitsOverlay_answersAScopedRequest() throws {
        #expect(try Self.serve("/trait", on: Self.shared) == "trait: /trait")
    }

    static let shared: Container = {
        do { return try app() } catch { preconditionFailure("the fixture container must build: \(error)") }
    }()
}
