import BookstoreModels

/// Totals a sale with the price list the app provides: the checkout feature, a module with a
/// config of its own (services.yaml), whose generated type the app registers.
public final class Cashier: Sendable {
    let prices: any PriceList
    public init(prices: any PriceList) { self.prices = prices }
    public func total(of isbns: [String]) -> Int { isbns.compactMap { prices.price(of: $0) }.reduce(0, +) }
}
