import Foundation
@testable import IoCCore
import Testing

@Suite("The stack guard's bounds")
struct StackGuardTests {
    @Test func theThreadsStackBounds_areKnown_onThisSystem() {
        // Linux asks CIoCThreadStack (pthread_getattr_np), Darwin pthread_get_stackaddr_np: a
        // limit of 0 would leave deep graphs to overflow the stack instead of failing cleanly.
        let limit = Locked<(UInt, UInt, Bool)>((0, 0, true))
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let bounds = (StackGuard.lowestUsableAddress(), StackGuard.currentAddress(), StackGuard.isNearlyExhausted())
            limit.withLock { $0 = bounds }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        let (lowest, current, nearlyExhausted) = limit.withLock { $0 }
        #expect(lowest != 0)
        // The frame is above the reserve, and within the 512 KB the thread was given.
        #expect(current > lowest)
        #expect(current - lowest < 512 * 1024)
        #expect(!nearlyExhausted)
    }
}
