import ShopTypes

/// Delivers receipts with the printer the app registers, which it takes by type: a feature
/// module with a config of its own, whose generated type is public.
public final class Delivery: Sendable {
    let printer: any ReceiptPrinting
    public init(printer: any ReceiptPrinting) { self.printer = printer }
    public func deliver(_ receipt: String) -> String { "delivered: " + printer.print(receipt) }
}
