import Foundation
import IoCCore
import Testing

/// What a container tells `builder.events`: the build's summary or problems, slow singleton
/// creations, dispose failures and the shutdown.
@Suite("Container events")
struct ContainerEventTests {
    final class Recorder: Sendable {
        private let recorded = Locked<[ContainerEvent]>([])
        var events: [ContainerEvent] { recorded.withLock { $0 } }
        func record(_ event: ContainerEvent) { recorded.withLock { $0.append(event) } }
    }

    struct Slow: Sendable {
        init() { Thread.sleep(forTimeInterval: 0.05) }
    }
    struct Fast: Sendable {}
    struct Closing: Sendable {}
    struct NeedsMissing: Sendable { init(_ missing: Closing) {} }
    struct HookFailed: Error, CustomStringConvertible { var description: String { "socket already closed" } }

    static func builder(_ recorder: Recorder) -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.events = { recorder.record($0) }
        return builder
    }

    @Test func aBuild_reportsHowManyComponentsItDefines() throws {
        let recorder = Recorder()
        let builder = Self.builder(recorder)
        builder.register(Fast.init).singleton()
        builder.register(Closing.init).singleton()
        _ = try builder.build()
        guard case let .built(components, seconds)? = recorder.events.first else {
            Issue.record("no build summary: \(recorder.events)")
            return
        }
        #expect(recorder.events.count == 1)
        #expect(components == 2)
        #expect(seconds >= 0)
    }

    @Test func aFailedBuild_reportsTheErrorItThrows() throws {
        let recorder = Recorder()
        let builder = Self.builder(recorder)
        builder.register(NeedsMissing.init)
        let error = #expect(throws: IoCError.self) { try builder.build() }
        #expect(recorder.events == [.buildFailed(try #require(error))])
    }

    /// Only singletons are timed (a prototype is made on every resolve: timing it would cost
    /// every resolve), and only those slower than the limit are reported; async ones too.
    @Test func slowSingletonCreations_areReported_withWhereTheComponentIsDefined() async throws {
        let recorder = Recorder()
        let builder = Self.builder(recorder)
        builder.slowCreationSeconds = 0.01
        builder.register(Slow.init).singleton(); let line = #line
        builder.register(Fast.init).singleton()
        builder.register(Slow.init).named("prototype").prototype()
        builder.register(Closing.self, asyncFactory: { _ in try await Task.sleep(nanoseconds: 50_000_000); return Closing() }).singleton()
        let container = try builder.build()
        _ = try await container.resolve(Slow.self)
        _ = try await container.resolve(Fast.self)
        _ = try await container.resolve(Slow.self, name: "prototype")
        _ = try await container.resolve(Closing.self)
        let slow = recorder.events.compactMap { event -> String? in
            guard case let .slowCreation(component, location, seconds) = event else { return nil }
            #expect(seconds > 0.01)
            return "\(component) at \(location)"
        }
        #expect(slow == ["Slow at IoCCoreTests/ContainerEventTests.swift:\(line)", "Closing at IoCCoreTests/ContainerEventTests.swift:\(line + 3)"])
    }

    @Test func nothingIsTimed_withoutALimit() throws {
        let recorder = Recorder()
        let builder = Self.builder(recorder)
        builder.register(Slow.init).singleton()
        _ = try builder.build().resolve(Slow.self)
        #expect(recorder.events.count == 1)  // the build's summary
    }

    @Test func shutdown_reportsTheHooksThatFailed_thenHowManyItDisposed() throws {
        let recorder = Recorder()
        let builder = Self.builder(recorder)
        builder.register(Fast.init).singleton().onDispose { _ in }
        builder.register(Closing.init).singleton().onDispose(named: "close") { _ in throw HookFailed() }
        let container = try builder.build()
        _ = try container.resolve(Fast.self)
        _ = try container.resolve(Closing.self)
        let error = #expect(throws: IoCError.self) { try container.shutdown() }
        #expect(Array(recorder.events.dropFirst()) == [
            .disposeFailed(["Closing: socket already closed"]), .shutDown(disposed: 2),
        ])
        #expect(error?.description.contains("Closing: socket already closed") == true)
    }

    @Test func aTaskScope_reportsTheHooksThatFailed() throws {
        let recorder = Recorder()
        let builder = Self.builder(recorder)
        builder.register(Closing.init).scope(.taskLocal).onDispose(named: "close") { _ in throw HookFailed() }
        let container = try builder.build()
        #expect(throws: IoCError.self) { try container.withTaskScope { _ = try container.resolve(Closing.self) } }
        #expect(Array(recorder.events.dropFirst()) == [.disposeFailed(["Closing: socket already closed"])])
    }

    @Test func aChild_reportsWhereItsParentDoes() throws {
        let recorder = Recorder()
        let parent = try Self.builder(recorder).build()
        _ = try parent.makeChild { $0.register(Fast.init) }
        #expect(recorder.events.count == 2)
        guard case .built(components: 1, _)? = recorder.events.last else {
            Issue.record("the child's build was not reported: \(recorder.events)")
            return
        }
    }

    @Test func events_printAsOneLineEach() {
        #expect(ContainerEvent.built(components: 12, seconds: 0.0034).description == "built: 12 components in 3 ms")
        #expect(ContainerEvent.slowCreation(component: "\"db\" (Database)", location: ConfigLocation(file: "app.yaml", line: 4), seconds: 0.25)
            .description == "slow creation: \"db\" (Database) at app.yaml:4 took 250 ms")
        #expect(ContainerEvent.disposeFailed(["a", "b"]).description == "dispose failed: a; b")
        #expect(ContainerEvent.shutDown(disposed: 3).description == "shut down: 3 disposed")
    }
}
