import Foundation
import IoCCommands
import IoCCore
import IoCYAML
import Testing

final class Clock: Sendable { init() {} }
final class PriceList: Sendable {
    let currency: String
    init(currency: String) { self.currency = currency }
}
final class Basket: @unchecked Sendable {
    let prices: PriceList
    var discount = 0
    init(prices: PriceList) { self.prices = prices }
}

/// What an app gives its embedded commands: its types.
func shopCatalog() -> TypeCatalog {
    let catalog = TypeCatalog()
    catalog.add(Clock.self) { $0.initializer("init()") { Clock() } }
    catalog.add(PriceList.self) { $0.initializer("init(currency:)") { (currency: String) in PriceList(currency: currency) } }
    catalog.add(Basket.self) { basket in
        basket.initializer("init(prices:)") { (prices: PriceList) in Basket(prices: prices) }
        basket.property("discount", \.discount)
    }
    return catalog
}

/// A config file in the temporary directory, removed by the caller.
func write(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-test-\(UUID().uuidString).yaml")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

@Suite("ioc embedded in an app, with its catalog")
struct EmbeddingTests {

    @Test func validate_withTheCatalog_checksTypesPropertiesAndValues() throws {
        let path = try write("""
            services:
              clock: { class: Clok }
              prices: { class: PriceList, arguments: { currency: EUR } }
              basket: { class: Basket, arguments: { prices: '@prices' }, properties: { discount: lots } }
              other: { class: Basket, arguments: { prices: '@prices' }, properties: { colour: red } }
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = IoCTool(catalog: shopCatalog()).run(["validate", path, "--no-environment"])
        #expect(result.status == 1)
        #expect(result.output == """
            Invalid: 1 file, 4 components, 3 problems:
            1. Unknown type "Clok" for "clock" (Clok) at \(path):2:19: it is not in the type catalog. Did you mean "Clock"? \
            Add it with catalog.add(Clok.self) (or @Component), or correct the name.
            2. Basket has no property colour (for "other" (Basket) at \(path):5:83). It has: discount.
            3. Value "lots" at \(path):4:86 cannot become Int for "basket" (Basket), property 'discount': not a whole number.

            """)
    }

    @Test func validate_withTheCatalog_nothingNotChecked_andNothingCreated() throws {
        let path = try write("""
            services:
              prices: { class: PriceList, arguments: { currency: EUR }, eager: true, scope: singleton }
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let created = Locked(0)
        let catalog = TypeCatalog()
        catalog.add(PriceList.self) { list in
            list.initializer("init(currency:)") { (currency: String) in
                created.withLock { $0 += 1 }
                return PriceList(currency: currency)
            }
        }
        let result = IoCTool(catalog: catalog).run(["validate", path, "--no-environment"])
        #expect(result == IoCTool.Result(status: 0, output: "Valid: 1 file, 1 component, no problems.\n", errors: ""))
        #expect(created.withLock { $0 } == 0, "validating built nothing, not even the eager singleton")
        let builder = ContainerBuilder()
        builder.catalog = catalog
        try builder.loadYAML(contentsOf: URL(fileURLWithPath: path))
        _ = try builder.build()
        #expect(created.withLock { $0 } == 1, "the same file, built, makes it")
    }

    @Test func validate_withThePluginsCatalog_saysToNameAnUnknownTypeInTheConfig() throws {
        let path = try write("""
            services:
              prices: { class: PriceLst, arguments: { currency: EUR } }
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let catalog = TypeCatalog(compiledFromConfig: true)   // as GeneratedConfig.catalog() makes it
        catalog.add(PriceList.self) { list in list.initializer("init(currency:)") { (currency: String) in PriceList(currency: currency) } }
        let result = IoCTool(catalog: catalog).run(["validate", path, "--no-environment"])
        #expect(result.output == """
            Invalid: 1 file, 1 component, 1 problem:
            1. Unknown type "PriceLst" for "prices" (PriceLst) at \(path):2:20: it is not in the type catalog. Did you mean "PriceList"? \
            The catalog is the one IoCConfigPlugin compiled, which lists the types its config files name: name PriceLst in one of them \
            (class: PriceLst) and build again, or correct the name.

            """)
    }

    @Test func configure_preparesTheBuilder() throws {
        let path = try write("""
            services:
              prices: { class: PriceList, arguments: { currency: '${currency}' } }
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tool = IoCTool(catalog: shopCatalog()) { builder in
            builder.propertySources.append(DictionaryPropertySource(["currency": "NOK"]))
        }
        #expect(tool.run(["validate", path, "--no-environment"]).status == 0)
        #expect(IoCTool(catalog: shopCatalog()).run(["validate", path, "--no-environment"]).status == 1)
    }
}
