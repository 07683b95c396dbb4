import IoCCore
import IoCTesting
import Testing
@testable import Shop

struct EveningClock: Clock {
    func now() -> String { "18:00" }
}

@Test func aReplacedClock_stampsTheReceipt() throws {
    let builder = ContainerBuilder()
    builder.catalog = GeneratedConfig.catalog()
    GeneratedConfig.register(in: builder)
    let shop = try builder.build()
    let test = try shop.overlay { $0.replace((any Clock).self, with: EveningClock()) }
    #expect(try test.resolve(Checkout.self).receipt(for: ["pear"]) == "1 items, 45 cents, at 18:00")
}
