import Foundation
import Testing

/// Differential tests against the real engines: every file of the real-world corpus
/// (Tests/IoCYAMLTests/RealWorld, Tests/IoCXMLTests/RealWorld) read by swift-ioc and compared,
/// component by component, with Symfony's DependencyInjection 5.4 (services.yaml) and Spring's
/// beans 4.3 (`<beans>`) reading the same file. What the engines read is kept in
/// Tests/FidelityTests/Oracle, written by `make fidelity-oracle`; `make fidelity` reads the files
/// with the engines again, checks the kept readings are theirs, and runs these tests against
/// them. Every difference must be one that docs/Fidelity.md lists (``KnownDifference``).
///
/// `IOC_REAL_CORPUS=/path make fidelity` compares every file under that folder as well.
@Suite("Fidelity to Symfony and Spring")
struct FidelityTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let corpora: [(format: Format, folder: URL)] = [
        (.yaml, tests.appendingPathComponent("IoCYAMLTests/RealWorld")),
        (.xml, tests.appendingPathComponent("IoCXMLTests/RealWorld")),
    ]
    /// Where the engines' readings are: the kept ones, or `IOC_FIDELITY_ORACLE` (`make fidelity`
    /// points it at the readings it just made).
    static let oracleFolder = ProcessInfo.processInfo.environment["IOC_FIDELITY_ORACLE"].map(URL.init(fileURLWithPath:))
        ?? tests.appendingPathComponent("FidelityTests/Oracle")

    struct CorpusFile: CustomTestStringConvertible, Sendable {
        let format: Format
        let root: URL
        /// The path below the corpus folder, as the oracle names it.
        let path: String
        /// The oracle's subfolder: `yaml`, `xml`, or `real/…` for a folder given.
        let oracleGroup: String
        var url: URL { root.appendingPathComponent(path) }
        var testDescription: String { "\(oracleGroup)/\(path)" }
    }

    static func files(under folder: URL, format: Format, group: String) -> [CorpusFile] {
        let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let extensions = format == .yaml ? ["yaml", "yml"] : ["xml"]
        return found.filter { extensions.contains($0.pathExtension) }
            .map { String($0.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)) }
            .sorted()
            .map { CorpusFile(format: format, root: folder, path: $0, oracleGroup: group) }
    }

    static let corpus: [CorpusFile] = corpora.flatMap { files(under: $0.folder, format: $0.format, group: $0.format.rawValue) }

    /// The files of `IOC_REAL_CORPUS`, when given and read by the engines (`make fidelity`).
    static let realCorpus: [CorpusFile] = {
        guard let folder = ProcessInfo.processInfo.environment["IOC_REAL_CORPUS"] else { return [] }
        let url = URL(fileURLWithPath: folder)
        return Format.allCases.flatMap { files(under: url, format: $0, group: "real/" + $0.rawValue) }
    }()

    /// The file compared: its disagreements, and the documented differences met. Its config
    /// root is its folder, as `ioc validate` takes it; the oracle finds `classpath:` there too.
    static func compare(_ file: CorpusFile) throws -> (comparison: Comparison, tally: Tally) {
        let oracleURL = oracleFolder.appendingPathComponent(file.oracleGroup).appendingPathComponent(file.path + ".json")
        let json = try JSONDocument.parse(try Data(contentsOf: oracleURL))
        let tally = Tally()
        let oracle: Reading, swift: Reading
        switch file.format {
        case .yaml:
            oracle = SymfonyReading.oracle(json, tally: tally)
            swift = SymfonyReading.swift(file.url, root: file.url.deletingLastPathComponent())
        case .xml:
            oracle = SpringReading.oracle(json, tally: tally)
            swift = SpringReading.swift(file.url, root: file.url.deletingLastPathComponent())
        }
        return (Comparison(file: file.path, format: file.format, oracle: oracle, swift: swift, tally: tally), tally)
    }

    @Test(arguments: corpus)
    func eachComponent_readsAsItsEngineReadsIt(_ file: CorpusFile) throws {
        let (comparison, _) = try Self.compare(file)
        for disagreement in comparison.disagreements {
            Issue.record(Comment(rawValue: disagreement.description))
        }
    }

    /// The totals `make fidelity` prints, and docs/Fidelity.md quotes.
    @Test func summary_ofTheWholeCorpus() throws {
        var components = 0, refusedByBoth = 0, undocumented = 0
        let total = Tally()
        var files = 0
        for file in Self.corpus + Self.realCorpus {
            let (comparison, tally) = try Self.compare(file)
            files += 1
            components += comparison.compared
            refusedByBoth += comparison.bothRefuse
            undocumented += comparison.disagreements.count
            total.add(tally)
            if file.oracleGroup.hasPrefix("real/") {
                for disagreement in comparison.disagreements { print("fidelity: \(disagreement)") }
            }
        }
        let byKind = total.counts.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
        print("fidelity: \(files) files, \(components) components compared with Symfony and Spring, \(refusedByBoth) refused by both; "
              + "\(total.total) documented differences (\(byKind)); \(undocumented) undocumented")
        #expect(files == Self.corpus.count + Self.realCorpus.count)
    }

    @Test func everyCorpusFile_hasTheEnginesReading_andNoReadingIsLeftOver() throws {
        for file in Self.corpus {
            let oracle = Self.oracleFolder.appendingPathComponent(file.oracleGroup).appendingPathComponent(file.path + ".json")
            #expect(FileManager.default.fileExists(atPath: oracle.path), "no reading of \(file.testDescription): run make fidelity-oracle")
        }
        let readings = (FileManager.default.enumerator(at: Self.oracleFolder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "json" }
            .map { String($0.standardizedFileURL.path.dropFirst(Self.oracleFolder.standardizedFileURL.path.count + 1).dropLast(".json".count)) }
            .filter { !$0.hasPrefix("real/") }
        #expect(Set(readings) == Set(Self.corpus.map(\.testDescription)))
    }

    /// docs/Fidelity.md lists each documented difference once, by id, and only those.
    @Test func everyKnownDifference_isListedInTheDocs_once() throws {
        let docs = try String(contentsOf: Self.tests.deletingLastPathComponent().appendingPathComponent("docs/Fidelity.md"), encoding: .utf8)
        let listed = docs.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
        #expect(listed.sorted() == KnownDifference.allCases.map(\.rawValue).sorted())
    }
}
