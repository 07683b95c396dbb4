/// What books cost: a protocol of the models module, which has no config. The app's config
/// names `FixedPriceList`; the checkout feature takes a `PriceList` by the name `prices`.
public protocol PriceList: Sendable {
    func price(of isbn: String) -> Int?
}

/// Prices set in config, in cents.
public final class FixedPriceList: PriceList {
    let prices: [String: Int]
    public init(prices: [String: Int]) { self.prices = prices }
    public func price(of isbn: String) -> Int? { prices[isbn] }
}
