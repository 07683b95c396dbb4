import Foundation
import ShopDelivery

/// What time it is, for receipts.
protocol Clock: Sendable {
    func now() -> String
}

final class FixedClock: Clock {
    let time: String
    init(time: String) { self.time = time }
    func now() -> String { time }
}

/// What the shop has, and what each thing costs.
final class Inventory: Sendable {
    let prices: [String: Int]
    init(prices: [String: Int]) { self.prices = prices }
}

/// A basket checked out: its total, stamped with the time, at most `limit` items.
final class Checkout: Sendable {
    let clock: any Clock
    let inventory: Inventory
    let limit: Int
    init(clock: any Clock, inventory: Inventory, limit: Int = 10) {
        self.clock = clock
        self.inventory = inventory
        self.limit = limit
    }

    func receipt(for items: [String]) -> String {
        let total = items.prefix(limit).compactMap { inventory.prices[$0] }.reduce(0, +)
        return "\(items.count) items, \(total) cents, at \(clock.now())"
    }
}

/// Records what happened, for the audit; a new one for every checkout.
final class AuditLog: Sendable {
    init() {}
}

/// Takes the delivery feature's component by its name, which the app's config refers to.
final class Courier: Sendable {
    let delivery: Delivery
    init(delivery: Delivery) { self.delivery = delivery }
}
