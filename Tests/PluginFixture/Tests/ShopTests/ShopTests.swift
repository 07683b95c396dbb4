import IoCCore
import IoCTesting
import ShopDelivery
import Testing
@testable import Shop

struct EveningClock: Clock {
    func now() -> String { "18:00" }
}

@Test func aReplacedClock_stampsTheReceipt() throws {
    let builder = ContainerBuilder()
    // Both modules have a generated type of that name: a test that imports both says whose.
    builder.catalog = Shop.GeneratedConfig.catalog()
    ShopDelivery.GeneratedConfig.register(in: builder)
    Shop.GeneratedConfig.register(in: builder)
    let shop = try builder.build()
    let test = try shop.overlay { $0.replace((any Clock).self, with: EveningClock()) }
    #expect(try test.resolve(Checkout.self).receipt(for: ["pear"]) == "1 items, 45 cents, at 18:00")
}
