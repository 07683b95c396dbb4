@testable import IoCServiceLifecycle
import Testing

/// The start order, from each service's dependencies (by position in registration order).
@Suite("Service start order")
struct StartOrderTests {
    @Test func servicesThatDependOnNothing_startInRegistrationOrder() {
        let order = StartOrder([[], [], []])
        #expect(order.positions == [0, 1, 2])
        #expect(order.cycles.isEmpty)
    }

    /// 0 needs 3 and 1; 2 needs 0; 1 needs nothing; 3 needs 1.
    @Test func aService_startsAfterThoseItDependsOn_otherwiseInRegistrationOrder() {
        let order = StartOrder([[1, 3], [], [0], [1]])
        #expect(order.positions == [1, 3, 0, 2])
        #expect(order.cycles.isEmpty)
    }

    /// 0 and 2 depend on each other (through properties, which binding allows); 1 on 2.
    @Test func servicesOnACycle_startInRegistrationOrder_andTheFirstDoesNotWaitForTheOthers() {
        let order = StartOrder([[2], [2], [0]])
        #expect(order.positions == [0, 2, 1])
        #expect(order.cycles == [[0, 2]])
    }
}
