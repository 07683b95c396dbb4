import BookstoreCheckout
import IoCCore

/// The bookstore's front, which sells through the checkout feature's cashier.
public final class Storefront: Sendable {
    let name: String
    let cashier: Cashier
    init(name: String, cashier: Cashier) {
        self.name = name
        self.cashier = cashier
    }

    public func sell(_ isbns: [String]) -> String {
        "\(name): \(isbns.count) books, \(cashier.total(of: isbns)) cents"
    }
}

/// The app's container: the checkout feature's config first, then the app's own, each compiled
/// by IoCConfigPlugin in its module.
public func bookstoreContainer() throws -> Container {
    let builder = ContainerBuilder()
    BookstoreCheckout.GeneratedConfig.register(in: builder)
    GeneratedConfig.register(in: builder)
    return try builder.build()
}
