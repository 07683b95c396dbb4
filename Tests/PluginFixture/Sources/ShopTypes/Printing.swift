/// What prints a receipt: a protocol of the types module, which the delivery feature takes by type.
public protocol ReceiptPrinting: Sendable {
    func print(_ receipt: String) -> String
}

/// Prints a receipt with its currency: a struct, which the app's config names by `as:` protocol.
/// The types module has no config: the plugin reads it from this module's sources.
public struct ReceiptPrinter: ReceiptPrinting {
    public let currency: String
    public init(currency: String) { self.currency = currency }
    public func print(_ receipt: String) -> String { "\(receipt) (\(currency))" }
}

/// Counts the sales: a class of the types module, which the app's config names.
public final class SalesLedger: Sendable {
    public let book: String
    public init(book: String) { self.book = book }
}
