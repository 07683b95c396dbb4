import Foundation
@testable import IoCCore
import Testing

/// Definitions far larger than people write, as a hostile or generated file gives them: the
/// checks and merges that compare settings pairwise for a handful hash them beyond it, and must
/// give the same answers either way.
@Suite("Large definitions: the same answers, by hashing")
struct LargeDefinitionTests {
    private func property(_ name: String, _ value: Int, line: Int) -> PropertyInjection {
        PropertyInjection(name: name, source: .config(.int(value)), location: ConfigLocation(file: "beans.xml", line: line))
    }

    private func definition(_ name: String, properties: [PropertyInjection], tags: [String] = []) -> Definition {
        var definition = Definition(name: name, typeName: "Bag", location: ConfigLocation(file: "beans.xml", line: 1))
        definition.properties = properties
        definition.tags = tags
        return definition
    }

    @Test func aPropertySetTwice_amongMany_isTheFirstRepeat_withBothPlaces() {
        for count in [5, 16, 17, 40, 5_000] {
            var properties = (0..<count).map { property("p\($0)", $0, line: $0 + 2) }
            properties.append(property("p3", 0, line: count + 2))
            properties.append(property("p1", 0, line: count + 3))
            let problem = Preparation.repeatedProperty(in: definition("a", properties: properties))
            #expect(problem?.description
                == "Invalid definition of \"a\" (Bag) at beans.xml:\(count + 2): property 'p3' is set twice, here and at beans.xml:5. Keep one.")
        }
        #expect(Preparation.repeatedProperty(in: definition("a", properties: (0..<100).map { property("p\($0)", $0, line: $0) })) == nil)
    }
}
