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
        let problems = result.output.split(separator: "\n").filter { $0.first?.isNumber == true }.map(String.init)
        // A YAML file writes the parameter %missing%, an XML file the placeholder ${missing}: each is quoted as written.
        let quoted = file.hasSuffix(".yaml")
            ? "Parameter %missing% at \(path.dropLast(file.count + 1))\(at) has no value: no property source is set. Define missing (under parameters:, or in another property source), or give a default: ${missing:default}."
            : "Placeholder ${missing} at \(path.dropLast(file.count + 1))\(at) has no value: no property source is set. Define missing, or give a default: ${missing:default}."
        #expect(problems == ["1. " + quoted])
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

/// `explain` shows every setting of a definition: a decorator's `decorates`, tags with their
/// attributes, calls (with or without arguments), autowiring turned off, and map keys.
@Suite("ioc explain: every setting")
struct ExplainSettingsTests {
    @Test func explain_showsDecoratesTagAttributesCallsAutowireAndMapKeys() throws {
        let file = try fixture("explained.yaml")
        let logging = ioc("explain", file, "mailer").output.split(separator: "\n").map(String.init)
        #expect(Array(logging.prefix(10)) == [
            "\"logging\" (LoggingMailer)",
            "  defined at \(file):4:3",
            "  scope: singleton — one instance for the container",
            "  built by: an initializer of LoggingMailer, picked by the catalog from the arguments",
            "  decorates: \"mailer\" (reached inside as \"logging.inner\", priority 5)",
            "  aliases: mailer",
            "  tags: kernel.event_listener {event: \"kernel.request\"}, kernel.event_listener {event: \"kernel.response\"}",
            "  calls: warmUp()",
            "  calls: setLogger(@logger)",
            "  autowire: off (every initializer parameter must be given)",
        ])
        let router = ioc("explain", file, "router").output
        #expect(router.contains("├─ argument 0 [\"csv\"] (collection) <- @logger: \"logger\" (Logger), singleton, at \(file):3:3"))
        #expect(router.contains("└─ argument 0 [\"pdf\"] (collection) <- @mailer: \"logging\" (LoggingMailer), singleton, at \(file):4:3"))
    }
}
