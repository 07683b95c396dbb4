import Foundation
import IoCCommands
import Testing

/// A component left out for its own problem is reported once: the aliases, children and
/// decorators that name it, and the references to them, are left out without another word
/// (docs/Tool.md), and `explain` says they are left out, not missing.
@Suite("ioc: components left out for their own problem")
struct LeftOutTests {
    @Test(arguments: [("left-out.yaml", "/left-out.yaml:2:40"), ("left-out.xml", "/left-out.xml:2")])
    func whatNamesALeftOutComponent_isNotReportedAgain(file: String, at: String) throws {
        let path = try fixture(file)
        let result = ioc("validate", path)
        #expect(result.status == 1)
        let problems = result.output.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(problems == ["1. Placeholder ${missing} at \(path.dropLast(file.count + 1))\(at) has no value: no property source is set. Define missing, or give a default: ${missing:default}."])
    }

    @Test func explain_saysAReferenceReachesALeftOutComponent() throws {
        let output = ioc("explain", try fixture("left-out.yaml"), "user").output
        #expect(output.contains("├─ argument 0 <- @child: left out for a problem validate reports (in its definition, or in the parent, alias target or decorated component it needs)"))
        #expect(output.contains("└─ argument 2 <- @decorator: left out for a problem validate reports (in its definition, or in the parent, alias target or decorated component it needs)"))
        #expect(!output.contains("MISSING"))
    }
}

/// A Spring child's collection added to its parent's (`merge="true"`) is never dropped by a
/// conversion: XML writes it back, YAML (whose children replace) refuses it by name.
@Suite("ioc convert: merged collections")
struct MergedCollectionConvertTests {
    @Test func aMergedCollection_isWrittenBackToXML_andRefusedByYAML() throws {
        let file = try fixture("merged-child.xml")
        let xml = ioc("convert", file, "--to", "xml")
        #expect(xml.status == 0)
        #expect(xml.output.contains(#"<bean id="child" parent="base" primary="false">"#))
        #expect(xml.output.contains(#"<list merge="true">"#))
        #expect(ioc("convert", file, "--to", "yaml").errors == """
            Cannot write "child", defined at \(file):5, as YAML: it has a collection added to its parent's (merge="true"), which YAML cannot express. Write this setting in code, or keep this file in Spring XML.

            """)
    }
}
