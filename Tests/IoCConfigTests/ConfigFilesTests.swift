import Foundation
@testable import IoCConfig
import IoCCore
import Testing

@Suite("Config files of either format, and contributions together")
struct ConfigFilesTests {
    private func file(_ name: String, _ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ConfigFilesTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func theFormat_isTheExtensions_elseTheFirstCharacter() throws {
        #expect(ConfigFiles.format(of: try file("a.yml", "<x/>")) == .yaml)
        #expect(ConfigFiles.format(of: try file("a.XML", "services: {}")) == .xml)
        #expect(ConfigFiles.format(of: try file("beans.conf", " \n\t<beans/>")) == .xml)
        #expect(ConfigFiles.format(of: try file("services.conf", "services: {}")) == .yaml)
    }

    @Test func aFileWithNoReaderOfItsFormat_isAProblem_notAnotherReadersRead() throws {
        let url = try file("beans.xml", "<beans/>")
        let read = ConfigFiles.check(url, root: nil, readers: [LineFormat()])
        #expect(read.definitions.isEmpty)
        #expect(read.problems.map(\.description) == ["Cannot read \(url.path): no XML reader was given"])
    }

    @Test func appended_contributions_keepOrder_andALaterParameterWins() {
        var first = ConfigContribution(definitions: [Definition(name: "a", typeName: "A", location: .unknown)], files: ["1.yaml"], problems: [], skipped: ["x"])
        first.parameters = ["port": ConfigValue(.int(1)), "host": ConfigValue(.string("h"))]
        var second = ConfigContribution(definitions: [Definition(name: "b", typeName: "B", location: .unknown)], files: ["2.yaml"], problems: [], skipped: ["y"])
        second.parameters = ["port": ConfigValue(.int(2))]
        first.append(second)
        #expect(first.definitions.map(\.name) == ["a", "b"])
        #expect(first.files == ["1.yaml", "2.yaml"] && first.skipped == ["x", "y"])
        #expect(first.parameters == ["port": ConfigValue(.int(2)), "host": ConfigValue(.string("h"))])
    }
}
