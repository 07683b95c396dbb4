import Foundation
import IoCCore
import IoCXML
import IoCYAML
import ShopDelivery

// Builds the shop twice, from the compiled config and from the file read at launch, and
// prints a receipt, its delivery, and whether the two graphs are the same. The delivery
// feature's config is its module's generated type, in both.
func builder(compiled: Bool) throws -> ContainerBuilder {
    let builder = ContainerBuilder()
    builder.catalog = GeneratedConfig.catalog()
    ShopDelivery.GeneratedConfig.register(in: builder)
    if compiled {
        GeneratedConfig.register(in: builder)
    } else if let url = Bundle.module.url(forResource: "beans", withExtension: "xml") {
        // plugin-fixture.sh's bean XML variant.
        try builder.loadXML(contentsOf: url)
    } else if let url = Bundle.module.url(forResource: "services", withExtension: "yaml") {
        try builder.loadYAML(contentsOf: url)
    }
    return builder
}

do {
    let compiled = try builder(compiled: true).build()
    let interpreted = try builder(compiled: false).build()
    let receipt = try compiled.resolve(Checkout.self).receipt(for: ["apple", "pear", "apple"])
    print(receipt)
    print(try ShopDelivery.GeneratedConfig.components(of: compiled).delivery.deliver(receipt))
    if compiled.canonicalDescription == interpreted.canonicalDescription {
        print("same graph")
    } else {
        let (a, b) = (compiled.canonicalDescription.split(separator: "\n"), interpreted.canonicalDescription.split(separator: "\n"))
        print("different graphs: compiled has \(a.filter { !b.contains($0) }), interpreted has \(b.filter { !a.contains($0) })")
    }
} catch {
    print("error: \(error)")
    exit(1)
}
