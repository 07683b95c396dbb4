import IoCCore
import Testing

@Suite("ConfigLocation")
struct ConfigLocationTests {
    @Test func name_doesNotClashWithSwiftTestingsSourceLocation() {
        // This file imports both modules and names Testing's type unqualified: it compiles only
        // while IoCCore declares no usable `SourceLocation` of its own.
        let here: SourceLocation = #_sourceLocation
        let there = ConfigLocation(file: "app.yaml", line: 3, column: 5)
        #expect(here.line > 0)
        #expect(there.description == "app.yaml:3:5")
        #expect(ConfigLocation(file: "App.swift", line: 12).description == "App.swift:12")
    }
}
