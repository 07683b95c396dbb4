import BookstoreExample
import Foundation

// An app of three modules: models (no config), a checkout feature with its config, and this app.
do {
    let storefront = try GeneratedConfig.components(of: bookstoreContainer()).storefront
    print(storefront.sell(["978-0-13-468599-1", "978-1-4919-1889-0"]))
} catch {
    print("error: \(error)")
    exit(1)
}
