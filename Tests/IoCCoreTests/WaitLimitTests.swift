@testable import IoCCore
import Testing

/// The creation wait limit: one setting in seconds (every platform) or as a `Duration` (from
/// iOS 16 / macOS 13), which any `Double` may hold since it is set in code.
@Suite("Creation wait limit")
struct WaitLimitTests {
    @Test func theLimit_inSecondsOrAsADuration_isOneSetting() {
        let builder = ContainerBuilder()
        #expect(builder.creationWaitSeconds == 30)
        #expect(builder.creationWaitLimit == .seconds(30))
        builder.creationWaitLimit = .milliseconds(250)
        #expect(builder.creationWaitSeconds == 0.25)
        builder.creationWaitSeconds = 1.5
        #expect(builder.creationWaitLimit == .milliseconds(1500))
        builder.creationWaitSeconds = nil
        #expect(builder.creationWaitLimit == nil)
    }

    /// What an `async` wait sleeps: nothing for a limit that is negative or not a number, the
    /// longest sleep for one too long to count (a conversion that traps would stop the process).
    @Test func anyLimit_becomesASleepWithoutTrapping() {
        #expect(CreationCoordinator.nanoseconds(0.25) == 250_000_000)
        #expect(CreationCoordinator.nanoseconds(0) == 0)
        #expect(CreationCoordinator.nanoseconds(-1) == 0)
        #expect(CreationCoordinator.nanoseconds(.nan) == 0)
        #expect(CreationCoordinator.nanoseconds(1e300) == UInt64.max)
        #expect(CreationCoordinator.nanoseconds(.infinity) == UInt64.max)
    }

    /// How the timeout's message prints a limit: rounded to milliseconds when it is a plain
    /// one, as Swift prints it otherwise.
    @Test func anyLimit_printsInTheMessageWithoutTrapping() {
        #expect(IoCError.seconds(30) == "30 s")
        #expect(IoCError.seconds(0.25) == "0.25 s")
        #expect(IoCError.seconds(0.0004) == "0 s")
        #expect(IoCError.seconds(.nan) == "nan s")
        #expect(IoCError.seconds(-1) == "-1.0 s")
        #expect(IoCError.seconds(.infinity) == "inf s")
    }
}
