/// What prints a receipt: a protocol of the types module, which the delivery feature takes by type.
public protocol ReceiptPrinting: Sendable {
    func print(_ receipt: String) -> String
}

/// Prints a receipt with its currency. The types module has no config: the app's config names
/// this class, read from this module's sources by the plugin.
public final class ReceiptPrinter: ReceiptPrinting {
    public let currency: String
    public init(currency: String) { self.currency = currency }
    public func print(_ receipt: String) -> String { "\(receipt) (\(currency))" }
}
