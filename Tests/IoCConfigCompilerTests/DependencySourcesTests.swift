import Foundation
import IoCConfigCompiler
import Testing

/// Config that names the types of a module the target depends on, read from that module's
/// sources as the target sees them (issue 73, item 1): public types and members only.
@Suite("Config compiler: types of the modules the target depends on")
struct DependencySourcesTests {
    private let types = SourceIndex.Dependency(module: "Types", samePackage: true, sources: [("/deps/Types/Money.swift", """
        public protocol PriceSource: Sendable { func price() -> Int }

        public struct Money: Sendable {
            public let cents: Int
            public init(cents: Int) { self.cents = cents }
            init(secret: Int) { self.cents = secret }
        }

        public final class FixedPrice: PriceSource, @unchecked Sendable {
            public var currency = "EUR"
            public internal(set) var rounding = 1
            let money: Money
            public init(money: Money) { self.money = money }
            public func price() -> Int { money.cents }
        }

        final class Hidden { init() {} }
        """), ("/deps/Types/Clock.swift", "public final class SystemClock: Sendable { public init() {} }\n")])

    private func compile(_ yaml: String) throws -> ConfigCompiler.Output {
        let folder = try folder(["services.yaml": yaml])
        var compiler = ConfigCompiler(configFiles: [folder.appendingPathComponent("services.yaml")],
                                      sources: [("/src/App.swift", "import Types\nfinal class Checkout { init(source: any PriceSource) {} }\n")], module: "App")
        compiler.dependencies = [types]
        return compiler.compile()
    }

    @Test func config_namesAnotherModulesPublicTypes_andTheGeneratedCodeCallsThem() throws {
        let output = try compile("""
            services:
              money: { class: Money, arguments: { cents: 250 } }
              price: { class: Types.FixedPrice, as: [PriceSource], arguments: ['@money'], properties: { currency: USD } }
              checkout: { class: Checkout, arguments: ['@price'] }
            """)
        #expect(output.diagnostics.map(\.message) == [])
        #expect(output.imports.contains("import Types"))
        // Written as the target names them, with their module; an internal type has no alias.
        #expect(output.code.contains("builder.register({ (p0: Int) in Types.Money(cents: p0) }, file: file, line: line)"))
        #expect(output.code.contains("""
            builder.register({ (p0: Types.Money) in Types.FixedPrice(money: p0) }, file: file, line: line).argument(0, h0).named(name).scope(.singleton)\
            .as((any Types.PriceSource).self) { $0 }.property("currency", source: h1) { (instance: inout Types.FixedPrice, value: String) in instance.currency = value }
            """))
        #expect(output.code.contains("catalog.add(protocol: (any Types.PriceSource).self, names: \"Types.PriceSource\")"))
        #expect(!output.code.contains("Hidden"))
        // Only the public initializer and settable properties are catalogued.
        #expect(output.code.contains("type.initializer(\"init(cents:)\")") && !output.code.contains("init(secret:)"))
        #expect(output.code.contains("type.property(\"currency\"") && !output.code.contains("\"rounding\""))
    }

    @Test func config_thatNamesWhatTheModuleDoesNotMakePublic_failsAtItsLine() throws {
        let output = try compile("""
            services:
              hidden: { class: Hidden }
              money: { class: Money, arguments: { secret: 1 } }
              price: { class: FixedPrice, arguments: ['@money'], properties: { rounding: 2 } }
              typo: { class: Mony }
              clock: { class: SystemClok }
            """)
        let messages = output.diagnostics.map { "\($0.location?.line ?? 0): \($0.message.replacingOccurrences(of: output.diagnostics[0].location?.file ?? "-", with: "services.yaml"))" }
        #expect(messages == [
            "3: Money has no initializer taking (secret:) (for \"money\" (Money) at services.yaml:3:47). It has: init(cents:).",
            "4: FixedPrice has no property rounding (for \"price\" (FixedPrice) at services.yaml:4:78). It has: currency.",
            "2: Type \"Hidden\" for \"hidden\" (Hidden) is not public in module Types, which the target App cannot use. Make it public "
                + "(and the initializer config calls).",
            "5: Unknown type \"Mony\" for \"typo\" (Mony): no class, struct, actor or protocol of that name is declared in the Swift sources of "
                + "target App or of the modules it depends on. Did you mean \"Money\"? A type of a module without sources here (Foundation's URL) is known by what "
                + "the target declares in an extension of it (and a typealias, for another name): declare there the initializer or static factory config calls.",
            // A file config's names do not appear in is read only then, for the suggestion.
            "6: Unknown type \"SystemClok\" for \"clock\" (SystemClok): no class, struct, actor or protocol of that name is declared in the Swift sources of "
                + "target App or of the modules it depends on. Did you mean \"SystemClock\"? A type of a module without sources here (Foundation's URL) is known by what "
                + "the target declares in an extension of it (and a typealias, for another name): declare there the initializer or static factory config calls.",
        ])
    }

    @Test func aLibrarysGeneratedType_isPublic_withAccessorsOfItsPublicTypes() throws {
        let folder = try folder(["services.yaml": """
            services:
              checkout: { class: Checkout, arguments: ['@price'] }
              price: { class: Till }
            """])
        var compiler = ConfigCompiler(configFiles: [folder.appendingPathComponent("services.yaml")], sources: [("/src/Checkout.swift", """
            public protocol PriceSource: Sendable {}
            public final class Checkout: Sendable { public init(source: any PriceSource) {} }
            final class Till: PriceSource { init() {} }
            """)], module: "Checkout")
        compiler.isLibrary = true
        let output = compiler.compile()
        #expect(output.diagnostics.map(\.message) == [])
        for line in [
            "public enum GeneratedConfig {", "    public static func catalog() -> IoCCore.TypeCatalog {", "    public struct Components {",
            "        public var checkout: Checkout { get throws { try component(\"checkout\") } }",
            // An internal type's accessor stays internal: a public one would not compile.
            "        var price: Till { get throws { try component(\"price\") } }",
            "    public static func components(of container: IoCCore.Container) -> Components { Components(container) }",
            "    public static func register(in builder: IoCCore.ContainerBuilder) {",
        ] {
            #expect(output.code.contains(line + "\n"), "\(line)")
        }
    }

    @Test func aFeaturesComponents_areInTheGraph_andWhatItDeclaresSynthetic_isTheAppsToProvide() throws {
        let feature = try folder(["Delivery/services.yaml": """
            services:
              printer: { synthetic: true }
              delivery: { class: Delivery, arguments: { printer: '@printer', backup: '@missing.in.feature' } }
              broken: { class: Delivery, unknwon: 1 }
            """])
        func compile(_ yaml: String) throws -> [String] {
            let folder = try folder(["services.yaml": yaml])
            var compiler = ConfigCompiler(configFiles: [folder.appendingPathComponent("services.yaml")],
                                          sources: [("/src/App.swift", "final class Courier { init(delivery: Int) {} }\n")], module: "App")
            compiler.dependencyConfigs = [feature.appendingPathComponent("Delivery/services.yaml")]
            return compiler.compile().diagnostics.map { diagnostic in
                let file = diagnostic.location.map { URL(fileURLWithPath: $0.file).deletingLastPathComponent().lastPathComponent + "/" + URL(fileURLWithPath: $0.file).lastPathComponent } ?? "-"
                return "\(file):\(diagnostic.location?.line ?? 0): " + diagnostic.message.replacingOccurrences(of: feature.path + "/", with: "")
            }
        }
        // The app's reference to the feature's component is checked, with "did you mean"; the
        // feature's own problems (an unknown key, its missing reference) are its build's.
        let misspelled = try compile("services:\n  courier: { class: Courier, arguments: ['@delivry'] }\n  printer: { class: Courier, arguments: [1] }\n")
        #expect(misspelled.count == 1)
        #expect(misspelled.first?.contains(#"services.yaml:2: No component "delivry" is registered; required by "courier" (Courier), argument 0, at "#) == true)
        #expect(misspelled.first?.contains("Did you mean delivery? Register it, or correct the reference.") == true)
        // What the feature declares synthetic, the app provides: else it is reported at the feature's line.
        let unprovided = try compile("services:\n  courier: { class: Courier, arguments: ['@delivery'] }\n")
        #expect(unprovided.count == 1)
        #expect(unprovided.first?.hasPrefix(#"Delivery/services.yaml:3: No component "printer" is registered; required by "delivery""#) == true)
        #expect(unprovided.first?.hasSuffix(#"Target App provides it: define "printer" in its config, or register it in code and list it in its ioc-plugin.json ("provided": ["printer"])."#) == true)
        #expect(try compile("services:\n  courier: { class: Courier, arguments: ['@delivery'] }\n  printer: { class: Courier, arguments: [1] }\n") == [])
    }

    @Test func whatAFeatureNeedsByType_isCheckedAtTheAppsBuild() throws {
        let feature = try folder(["Delivery/services.yaml": "services:\n  delivery: { class: Delivery }\n"])
        let modules = [
            SourceIndex.Dependency(module: "ShopTypes", samePackage: true, sources: [("/deps/ShopTypes/Printing.swift", """
                public protocol ReceiptPrinting: Sendable {}
                public final class ReceiptPrinter: ReceiptPrinting { public init() {} }
                """)]),
            SourceIndex.Dependency(module: "ShopDelivery", samePackage: true, sources: [("/deps/ShopDelivery/Delivery.swift", """
                import ShopTypes
                public final class Delivery: Sendable { public init(printer: any ReceiptPrinting, tries: Int = 3) {} }
                """)]),
        ]
        func compile(_ yaml: String, provided: Set<String> = []) throws -> [String] {
            let folder = try folder(["services.yaml": yaml])
            var compiler = ConfigCompiler(configFiles: [folder.appendingPathComponent("services.yaml")], sources: [], module: "Shop")
            compiler.dependencies = modules
            compiler.dependencyConfigs = [feature.appendingPathComponent("Delivery/services.yaml")]
            compiler.providedNames = provided
            return compiler.compile().diagnostics.map { "\(URL(fileURLWithPath: $0.location?.file ?? "").lastPathComponent):\($0.location?.line ?? 0): \($0.message)" }
        }
        #expect(try compile("services:\n  receipts: { class: ReceiptPrinter }\n") == [])
        #expect(try compile("services: {}\n", provided: ["ReceiptPrinting"]) == [])

        #expect(try compile("services: {}\n") == [
            "services.yaml:2: \"delivery\" (Delivery) takes parameter 0 'printer' (any ReceiptPrinting) by its type, and neither target Shop's config nor its "
                + "features' define a ReceiptPrinting. Define one in Shop's config, or list \"ReceiptPrinting\" in its ioc-plugin.json (\"provided\") when Shop "
                + "registers one in code.",
        ])
    }

    @Test func aTypeInAPublicExtension_isPublic_andOneItKeepsInternal_isNot() throws {
        let index = SourceIndex(sources: [], dependencies: [SourceIndex.Dependency(module: "Types", samePackage: false, sources: [("/deps/Types/Shop.swift", """
            public enum Shop {}
            public extension Shop {
                final class Till: Sendable { public init() {} }
                internal final class Drawer {}
            }
            extension Shop {
                package final class Safe {}
            }
            """)])])
        #expect(index.type(named: "Shop.Till", module: "App")?.isVisible == true)
        #expect(index.type(named: "Shop.Drawer", module: "App")?.isVisible == false)
        // `package`, from another package: not seen.
        #expect(index.type(named: "Shop.Safe", module: "App")?.isVisible == false)
    }
}
