import IoCCore
import Testing

// What a definition is made of stays small: every definition keeps a location, a type, a
// construction and a record of what it states, and most injection points a source and a
// location (bytes_per_definition in docs/PerformanceLedger.md).
@Suite("Definition layout")
struct LayoutTests {
    @Test func locationAndTypeRef_stayCompact_andKeepTheirNumbers() {
        // Every definition and most injection points keep one of each (bytes_per_definition).
        #expect(MemoryLayout<ConfigLocation>.size == 24)
        #expect(MemoryLayout<TypeRef>.size == 8)
        #expect(MemoryLayout<StatedFields>.size == 1)   // beside the definition's flags
        // A value's secret flag sits in its kind's tail padding: a value is as large as before it.
        #expect(MemoryLayout<ConfigValue>.size == 48)
        var location = ConfigLocation(file: "big.yaml", line: 2_000_000, column: 4_000)
        #expect(location.line == 2_000_000 && location.column == 4_000)
        location.line = Int.max   // past what any file the loaders accept can reach: clamped
        #expect(location.line == Int(Int32.max))
        #expect(TypeRef(Int.self) == TypeRef(Int.self) && TypeRef(Int.self) != TypeRef(String.self))
    }

    @Test func sourceAndConstruction_keepTheirRarePayloadsBoxed() {
        // Every injection point keeps a source and every definition a construction: the
        // payloads few of them have (two strings of `taggedIndexed`, a factory-method
        // construction's factory) are boxed, and read back unchanged.
        #expect(MemoryLayout<InjectionSource>.size == 17)
        // 49, not 56: its 17-byte kind is stored last, so that the definition's six one-byte
        // fields fill the rest of its last word (its code ref and product type take 8 bytes each).
        #expect(MemoryLayout<Construction>.size == 49)
        let indexed = InjectionSource.taggedIndexed(tag: "handler", indexBy: "key")
        #expect(indexed == .taggedIndexed(tag: "handler", indexBy: "key") && indexed != .taggedIndexed(tag: "handler", indexBy: "id"))
        let construction = Construction.factoryMethod("sword(specification:)", of: .named("swordFactory"))
        #expect(construction.factory == .named("swordFactory"))
        #expect(construction != .factoryMethod("sword(specification:)", of: .named("shieldFactory")))
        #expect(Construction.initializer().factory == nil)
    }

    @Test func scope_isOneWord_andACustomScopeKeepsItsName() {
        // Every definition keeps a scope: a custom scope's name is boxed, so a scope is one word.
        #expect(MemoryLayout<Scope>.size == 8)
        let request = Scope.custom("request")
        #expect(request.name == "request" && request.description == "request")
        #expect(request == .custom("request") && request != .custom("session") && request != .prototype)
        #expect(Set([request, .custom("request"), .custom("session"), .singleton]).count == 3)
        #expect(Scope.builtIn(named: "request") == nil && Scope.builtIn(named: "weak-singleton") == .weakSingleton)
    }
}
