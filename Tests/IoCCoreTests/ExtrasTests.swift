@testable import IoCCore
import Testing

private final class Plain: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

private final class Ready: @unchecked Sendable {
    var isReady = false
    init() {}
    func ready() { isReady = true }
}

/// A definition keeps the rare settings (`Definition.Extras`) only once one of them is set to
/// something other than its default (docs/PerformanceLedger.md, "Where the memory goes"): binding sets
/// method calls, hooks and exposures on every catalogued definition, most often to none.
/// White-box: whether a definition keeps them is not visible through the public API.
@Suite("Rare settings kept only when set")
struct ExtrasTests {
    @Test func settingADefaultToAFreshDefinition_keepsNoExtras_andAValueKeepsThem() {
        var definition = Definition(name: "plain", typeName: "Plain", location: .unknown)
        definition.tags = []
        definition.methodCalls = []
        definition.exposedAs.removeAll()
        #expect(!definition.hasExtras)
        definition.tags.append("reporter")
        #expect(definition.hasExtras && definition.tags == ["reporter"])
    }

    @Test func catalogBinding_ofADefinitionWithoutRareSettings_keepsNone_andAHookStillBinds() throws {
        let catalog = TypeCatalog()
        catalog.add(Plain.self) { $0.initializer("init(name:)") { (name: String) in Plain(name: name) } }
        catalog.add(Ready.self) { ready in
            ready.initializer("init()") { Ready() }
            ready.method("ready") { $0.ready() }
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        for index in 0..<3 {
            builder.add(Definition(name: "plain\(index)", typeName: "Plain",
                                   construction: .initializer(arguments: [InjectionPoint(label: "name", source: .config(.string("p\(index)")))]),
                                   location: .unknown))
        }
        var ready = Definition(name: "ready", typeName: "Ready", location: .unknown)
        ready.hooks.append(LifecycleHook(kind: .afterInjection, method: "ready"))
        builder.add(ready)
        let container = try builder.build()

        // The first plain definition binds through the catalog, the others through its plan.
        #expect(container.definitions.filter { $0.name?.hasPrefix("plain") == true }.allSatisfy { !$0.hasExtras })
        #expect(try container.resolve(Plain.self, name: "plain2").name == "p2")
        #expect(try container.resolve(Ready.self).isReady)
    }
}
