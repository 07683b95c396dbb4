@testable import IoCConfig
import Testing

@Suite("Import patterns")
struct ConfigGlobTests {
    @Test func aName_matchesStarsQuestionMarksAndClasses() {
        func matches(_ name: String, _ pattern: String) -> Bool { ConfigGlob.matches(Array(name), Array(pattern)) }
        #expect(matches("a.yaml", "*.yaml") && matches("a.yaml", "?.yaml") && !matches("ab.yaml", "?.yaml"))
        #expect(matches("b.yml", "[abc].yml") && !matches("d.yml", "[abc].yml") && matches("d.yml", "[!abc].yml"))
        #expect(matches("x7.yml", "x[0-9].yml") && !matches(".hidden.yml", "*.yml") && matches(".hidden.yml", ".*.yml"))
        #expect(matches("a[b", "a[b"), "an unclosed class is a plain [")
        #expect(!matches(String(repeating: "a", count: 200), String(repeating: "*a", count: 100) + "b"), "no exponential backtracking")
    }

    @Test func braces_spellOutEachAlternative() {
        #expect(ConfigGlob.expandingBraces("{a,b}.{yml,yaml}") == ["a.yml", "a.yaml", "b.yml", "b.yaml"])
        #expect(ConfigGlob.expandingBraces("x{a,{b,c}}") == ["xa", "xb", "xc"])
        #expect(ConfigGlob.expandingBraces("x{a") == ["x{a"])
    }

    @Test func aPattern_startsFromTheDirectoryBeforeItsFirstPattern() {
        #expect(ConfigGlob.split("services/*.yml") == ("services", ["*.yml"]))
        #expect(ConfigGlob.split("*.yml") == (".", ["*.yml"]))
        #expect(ConfigGlob.split("a/b/**/c/*.xml") == ("a/b", ["**", "c", "*.xml"]))
    }
}
