@testable import IoCServiceLifecycle
import ServiceLifecycle
import Testing

/// The gate that orders the starts: a wrapped service's `run()` is not called before the
/// previous service's was, whichever task the group happens to run first.
@Suite("Service start gate")
struct StartGateTests {
    @Test func aService_doesNotStart_untilTheOneBeforeItHas() async throws {
        let journal = Journal()
        let running = Countdown(2)
        let firstStarted = Countdown(1)
        let first = ComponentService(name: "first", service: RecordingService("first", journal), after: nil,
                                     started: firstStarted, running: running, logger: nil)
        let second = ComponentService(name: "second", service: RecordingService("second", journal, fails: true), after: firstStarted,
                                      started: Countdown(1), running: running, logger: nil)
        // The second's task runs first: it must wait.
        let secondRun = Task { try await second.run() }
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(journal.all.isEmpty)
        let firstRun = Task { try await first.run() }
        await #expect(throws: RecordingService.Failure(name: "second")) { try await secondRun.value }
        firstRun.cancel()
        _ = await firstRun.result
        await running.wait()
        // Both started, in either order: the gate opens when the first's `run()` is called, so
        // the second may get to its first line before the first's task does (seen under TSan).
        #expect(journal.all.count == 3)
        #expect(Set(journal.all.prefix(2)) == ["start first", "start second"])
        #expect(journal.all.last == "stop first")
    }
}
