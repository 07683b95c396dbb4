import Foundation
import IoCCommands
import Testing

/// The corpus of config files written after real projects' files (Tests/IoCYAMLTests/RealWorld
/// and Tests/IoCXMLTests/RealWorld; PROVENANCE.md in each names the file each mirrors), checked
/// as a user checks theirs: `ioc validate --format json`, without the app's catalog. What is
/// left must be what only the app can settle — a component or value the files do not define
/// (the framework's own services and parameters) — or a refusal that names the construct and
/// why it has no Swift meaning. Never an unknown key, an unknown element or a misreading.
///
/// `IOC_REAL_CORPUS=/path/to/checkouts make test` checks every .yaml, .yml and .xml file under
/// that folder too (files of real projects, kept out of this repository).
@Suite("Real-world corpus")
struct RealWorldCorpusTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let yamlCorpus = tests.appendingPathComponent("IoCYAMLTests/RealWorld")
    static let xmlCorpus = tests.appendingPathComponent("IoCXMLTests/RealWorld")

    /// The kinds of problem that only the app can settle, or that refuse a construct by name.
    static let expectedKinds: Set<String> = [
        "missingComponent",          // a reference to a component defined elsewhere (the framework, code)
        "unknownParent",             // a parent defined elsewhere
        "unknownAliasTarget",        // an alias of a component defined elsewhere
        "unknownDecorated",          // a decorated component defined elsewhere
        "unresolvedPlaceholder",     // a parameter the framework defines (kernel.project_dir)
        "refused",                   // a construct with no Swift meaning, named, with the reason
        "importOutsideRoot",         // an import of a file outside the config folder
    ]

    static func isExpected(_ problem: [String: Any]) -> Bool {
        expectedKinds.contains(problem["kind"] as? String ?? "")
    }

    static func files(under folder: URL) -> [URL] {
        let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return found.filter { ["yaml", "yml", "xml"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }

    static func problems(of file: URL) throws -> [[String: Any]] {
        let result = IoCTool().run(["validate", file.path, "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return report["problems"] as? [[String: Any]] ?? []
    }

    /// The projects a corpus covers, from its PROVENANCE.md table (one row per file).
    static func provenance(of folder: URL) throws -> [(file: String, project: String)] {
        let text = try String(contentsOf: folder.appendingPathComponent("PROVENANCE.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[0].hasPrefix("`") else { return nil }
            return (cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1])
        }
    }

    @Test(arguments: [yamlCorpus, xmlCorpus])
    func corpus_isLargeEnough_andEveryFileHasItsProvenance(_ folder: URL) throws {
        let files = Self.files(under: folder).map { String($0.path.dropFirst(folder.path.count + 1)) }
        let rows = try Self.provenance(of: folder)
        #expect(files.count >= 20, "at least 20 files")
        #expect(Set(rows.map(\.project)).count >= 8, "from at least 8 projects")
        #expect(Set(files) == Set(rows.map(\.file)), "one provenance row per file, and a file per row")
    }

    @Test(arguments: files(under: yamlCorpus) + files(under: xmlCorpus))
    func everyProblemLeft_isAMissingDefinitionOrANamedRefusal(_ file: URL) throws {
        let unexpected = try Self.problems(of: file).filter { !Self.isExpected($0) }
        #expect(unexpected.isEmpty, "\(file.lastPathComponent): \(unexpected.map { $0["message"] as? String ?? "?" })")
    }

    /// A report, not a check: the projects' own files include broken fixtures on purpose, and
    /// files lifted out of a project miss the files they import. Run with IOC_REAL_CORPUS set.
    @Test func report_ofTheFilesOfRealProjects_whenGiven() throws {
        guard let folder = ProcessInfo.processInfo.environment["IOC_REAL_CORPUS"] else { return }
        var byKind: [String: Int] = [:]
        var files = 0
        for file in Self.files(under: URL(fileURLWithPath: folder)) {
            files += 1
            for problem in try Self.problems(of: file) {
                byKind[(Self.isExpected(problem) ? "expected " : "other ") + (problem["kind"] as? String ?? "?"), default: 0] += 1
            }
        }
        print("IOC_REAL_CORPUS: \(files) files; problems by kind: \(byKind.sorted { $0.key < $1.key })")
    }
}
