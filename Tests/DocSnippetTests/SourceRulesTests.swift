import Foundation
import Testing

// The rules issue 55 set for the code, checked on every `make test` so that a change cannot
// break one unnoticed: IoCCore's unchecked constructs are the counts docs/PerformanceLedger.md lists
// (at most half of the 2026-11-27 baseline each), IoCCore is at most 10,000 lines of code and
// names no config dialect in its code, and no Swift file of the project is over 600 lines.

enum SourceFiles {
    /// The Swift files below `folder` (relative to the repository), hidden folders (`.build`) left out.
    static func swift(under folder: String) -> [(path: String, lines: [String])] {
        let root = repository.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.compactMap { url in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            return (String(url.path.dropFirst(repository.path.count + 1)), text.components(separatedBy: "\n"))
        }.sorted { $0.path < $1.path }
    }

    /// Whether `line` is code: not blank, not a comment.
    static func isCode(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }
}

/// A row of docs/PerformanceLedger.md's table of unusual constructs: the construct, its sites
/// (code lines / files) at the 2026-11-27 baseline and now.
struct ConstructRow {
    let construct: String
    let baseline: (lines: Int, files: Int)
    let now: (lines: Int, files: Int)

    static func all() throws -> [ConstructRow] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/PerformanceLedger.md"), encoding: .utf8)
        return text.components(separatedBy: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 4, cells[1].hasPrefix("`"), cells[1].hasSuffix("`"),
                  let baseline = pair(cells[2]), let now = pair(cells[3]) else { return nil }
            return ConstructRow(construct: String(cells[1].dropFirst().dropLast()), baseline: baseline, now: now)
        }
    }

    /// "26 / 10" as (26, 10).
    private static func pair(_ cell: String) -> (Int, Int)? {
        let parts = cell.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let lines = Int(parts[0]), let files = Int(parts[1]) else { return nil }
        return (lines, files)
    }
}

@Suite("Source rules")
struct SourceRulesTests {
    @Test func ioCCoresUncheckedConstructs_areTheCountsTheDocsList_atMostHalfTheBaseline() throws {
        let rows = try ConstructRow.all()
        #expect(rows.map(\.construct) == ["@exclusivity(unchecked)", "Unmanaged", "_withUnsafeGuaranteedRef", "@unchecked Sendable",
                                          "unsafeDowncast", "nonisolated(unsafe)", "unsafeBitCast"])
        let core = SourceFiles.swift(under: "Modules/IoCCore")
        #expect(core.count > 50)
        for row in rows {
            let sites = core.map { file in (file.path, file.lines.filter { SourceFiles.isCode($0) && $0.contains(row.construct) }.count) }
                .filter { $0.1 > 0 }
            let lines = sites.reduce(0) { $0 + $1.1 }
            #expect(lines == row.now.lines && sites.count == row.now.files,
                    "\(row.construct): \(lines) lines in \(sites.count) files, docs/PerformanceLedger.md says \(row.now.lines) / \(row.now.files): \(sites.map { "\($0.0) \($0.1)" })")
            #expect(lines <= row.baseline.lines / 2, "\(row.construct): \(lines) sites, more than half of \(row.baseline.lines)")
        }
    }

    /// Every shipped module's unchecked exclusivity, IoCCore's and the front ends' together, at most
    /// 32 lines (issue 72): a new hot field earns the attribute only with a ledger figure.
    @Test func modulesUncheckedExclusivity_isAtMost32Lines() {
        let sites = SourceFiles.swift(under: "Modules").flatMap { file in
            file.lines.enumerated().filter { SourceFiles.isCode($0.element) && $0.element.contains("@exclusivity(unchecked)") }
                .map { "\(file.path):\($0.offset + 1)" }
        }
        #expect(sites.count > 20)
        #expect(sites.count <= 32, "\(sites.count) lines: \(sites)")
    }

    @Test func ioCCore_isAtMost10000LinesOfCode() {
        // Lines of code as cloc counts them: blank and comment lines left out (its doc comments are
        // another 3,800 lines; README.md, "Inside IoCCore").
        let lines = SourceFiles.swift(under: "Modules/IoCCore").reduce(0) { $0 + $1.lines.filter(SourceFiles.isCode).count }
        #expect(lines > 5000)
        #expect(lines <= 10000, "IoCCore has \(lines) lines of code: move what only a front end needs behind the seam (docs/Configuration.md, \"Settings of a module's own\")")
    }

    @Test func ioCCoresCode_namesNoConfigDialect() {
        // Doc comments may compare with Symfony and Spring; code and messages may not (issue 55).
        let core = SourceFiles.swift(under: "Modules/IoCCore")
        #expect(core.count > 50)
        var found: [String] = []
        for file in core {
            for (index, line) in file.lines.enumerated() where SourceFiles.isCode(line) {
                let lower = line.lowercased()
                if ["symfony", "spring", "php"].contains(where: { lower.contains($0) }) { found.append("\(file.path):\(index + 1)") }
            }
        }
        #expect(found.isEmpty, "dialect names in IoCCore's code: \(found)")
    }

    @Test func noSwiftFile_isOver600Lines() {
        let files = ["Modules", "Tests", "Tools", "Examples"].flatMap { SourceFiles.swift(under: $0) }
        #expect(files.count > 300)
        let long = files.filter { $0.lines.count - 1 > 600 }.map { "\($0.path) (\($0.lines.count - 1) lines)" }
        #expect(long.isEmpty, "split these along their seams: \(long)")
    }

    /// The README states what a first build costs, and which apps compile swift-syntax: those
    /// that apply the plugin or link IoCAnnotations. `make plugin-test` checks the claim
    /// (Tools/Scripts/dependency-fixtures.sh: an app of IoCCore alone compiles none, whatever
    /// its traits), and Tools/Scripts/first-build.sh measured the figures.
    @Test func readme_statesTheFirstBuildsRealCost() throws {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        #expect(readme.contains("The first build compiles swift-syntax and the config compiler, once:"))
        #expect(readme.contains("An app that does not apply the plugin or link IoCAnnotations compiles no swift-syntax."))
        #expect(readme.contains("`make first-build` measures both"))
    }
}
