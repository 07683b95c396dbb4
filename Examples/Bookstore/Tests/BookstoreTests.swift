import BookstoreExample
import BookstoreModels
import IoCCore
import IoCTesting
import Testing

/// Every book at one price: a test's price list, in place of the app's.
private struct FlatPrice: PriceList {
    func price(of isbn: String) -> Int? { 1000 }
}

@Suite("Bookstore: an app of three modules")
struct BookstoreTests {
    @Test func theAppsPriceList_reachesTheFeaturesCashier() throws {
        let storefront = try bookstoreContainer().resolve(Storefront.self, name: "storefront")
        #expect(storefront.sell(["978-0-13-468599-1", "978-1-4919-1889-0"]) == "Corner Books: 2 books, 8400 cents")
    }

    @Test func aTestPriceList_replacesTheAppsForTheFeature() throws {
        let test = try bookstoreContainer().overlay { $0.replace((any PriceList).self, with: FlatPrice()) }
        #expect(try test.resolve(Storefront.self, name: "storefront").sell(["a", "b", "c"]) == "Corner Books: 3 books, 3000 cents")
    }
}
