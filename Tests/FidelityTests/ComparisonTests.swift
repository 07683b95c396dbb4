import Testing

/// The comparison itself: it reports what differs, where it differs, and lets through only the
/// documented differences (so that "no disagreement" over the corpus means something).
@Suite("Fidelity: the comparison")
struct ComparisonTests {
    static func service(class name: String, public isPublic: Bool = false, arguments: [Canon] = []) -> Canon {
        .record(["class": .string(name), "public": .bool(isPublic), "arguments": .list(arguments)])
    }

    @Test func aSettingThatDiffers_isReportedWithItsPath() {
        var oracle = Reading(), swift = Reading()
        oracle.components["mailer"] = Self.service(class: "App.Mailer", arguments: [.record(["key": .string("0"), "value": .string("smtp")])])
        swift.components["mailer"] = Self.service(class: "App.Mailer", arguments: [.record(["key": .string("0"), "value": .string("smtps")])])
        let comparison = Comparison(file: "services.yaml", format: .yaml, oracle: oracle, swift: swift, tally: Tally())
        #expect(comparison.compared == 1)
        #expect(comparison.disagreements.map(\.description)
            == [#"services.yaml: mailer: arguments.0.value: Symfony reads "smtp"; swift-ioc reads "smtps""#])
    }

    @Test func aDocumentedDifference_isCounted_notReported() {
        var oracle = Reading(), swift = Reading()
        oracle.components["mailer"] = Self.service(class: "App.Mailer", public: false)
        swift.components["mailer"] = Self.service(class: "App.Mailer", public: true)
        let tally = Tally()
        let comparison = Comparison(file: "services.yaml", format: .yaml, oracle: oracle, swift: swift, tally: tally)
        #expect(comparison.disagreements.isEmpty)
        #expect(tally.counts == [.publicByDefault: 1])
        // The same difference the other way round is no documented one.
        let reversed = Comparison(file: "services.yaml", format: .yaml, oracle: swift, swift: oracle, tally: Tally())
        #expect(reversed.disagreements.map(\.field) == ["public"])
    }

    @Test func aComponentOneSideLacks_andAFileOnlyTheEngineRefuses_areReported() {
        var oracle = Reading(), swift = Reading()
        oracle.components["mailer"] = Self.service(class: "App.Mailer")
        swift.components["clock"] = Self.service(class: "App.Clock")
        let comparison = Comparison(file: "services.yaml", format: .yaml, oracle: oracle, swift: swift, tally: Tally())
        #expect(comparison.disagreements.map { "\($0.component) \($0.field)" } == ["mailer presence", "clock presence"])
        var refused = Reading()
        refused.fileError = "There is no extension able to load the configuration for \"framework\""
        #expect(Comparison(file: "f.yaml", format: .yaml, oracle: refused, swift: Reading(), tally: Tally()).disagreements.count == 1)
        var both = Reading()
        both.problems = [Problem(kind: "unknownKey", message: "Unknown key 'framework'", line: 1)]
        #expect(Comparison(file: "f.yaml", format: .yaml, oracle: refused, swift: both, tally: Tally()).disagreements.isEmpty)
    }
}
