import Foundation
import IoCCore
import IoCXML
import IoCYAML
import Testing

// Every code and config snippet of README.md and docs/*.md, and every Swift example of the
// modules' doc comments, is checked here, so that no
// example can drift from the code:
// - a Swift snippet must stand, line by line, in one of this target's files, which compile it
//   and (where it does not exit the process or read files by the paths the doc names) run it.
//   Between its lines a file may only add blank lines and lines marked `// scaffold`; `import`
//   lines of the snippet are left out (the file imports what it needs);
// - a YAML or XML snippet must load through its front end without a problem;
// - a block preceded by `<!-- not compiled: reason -->` is skipped, for the reason given.
// Shell commands and printed output (```sh, ```json and plain ``` blocks) are not code.

/// The repository, from this file's place in it.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One fenced block of a Markdown file.
struct Snippet: CustomStringConvertible {
    let file: String
    let line: Int
    let language: String
    let lines: [String]
    /// The reason given in `<!-- not compiled: ... -->` right before the fence.
    let exemption: String?

    var description: String { "\(file):\(line) (\(language))" }
    var text: String { lines.joined(separator: "\n") + "\n" }
}

enum Snippets {
    /// README.md and every Markdown file of docs/, in name order.
    static var documents: [URL] {
        let docs = repository.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [repository.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    static func all() throws -> [Snippet] {
        try documents.flatMap { try blocks(in: $0) }
    }

    /// The fenced blocks of a Markdown file, their indentation removed.
    static func blocks(in url: URL) throws -> [Snippet] {
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let name = url.path.hasPrefix(repository.path + "/") ? String(url.path.dropFirst(repository.path.count + 1)) : url.path
        var result: [Snippet] = []
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].drop { $0 == " " }
            guard trimmed.hasPrefix("```") else { index += 1; continue }
            let indent = lines[index].count - trimmed.count
            let language = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            let exemption = previous.hasPrefix("<!-- not compiled:") && previous.hasSuffix("-->")
                ? String(previous.dropFirst("<!-- not compiled:".count).dropLast(3)).trimmingCharacters(in: .whitespaces) : nil
            var body: [String] = []
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(String(lines[end].dropFirst(min(indent, lines[end].prefix { $0 == " " }.count))))
                end += 1
            }
            result.append(Snippet(file: name, line: index + 1, language: language, lines: body, exemption: exemption))
            index = end + 1
        }
        return result
    }

    /// The ```swift blocks of the modules' doc comments (`///` lines), in file order.
    static func docComments() throws -> [Snippet] {
        SourceFiles.swift(under: "Modules").flatMap { path, lines -> [Snippet] in
            var result: [Snippet] = []
            var index = 0
            while index < lines.count {
                guard lines[index].trimmingCharacters(in: .whitespaces) == "/// ```swift" else { index += 1; continue }
                var body: [String] = []
                var end = index + 1
                while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "/// ```" {
                    let line = lines[end].trimmingCharacters(in: .whitespaces)
                    body.append(String(line.dropFirst(line.hasPrefix("/// ") ? 4 : 3)))
                    end += 1
                }
                result.append(Snippet(file: path, line: index + 1, language: "swift", lines: body, exemption: nil))
                index = end + 1
            }
            return result
        }
    }

    /// The lines of the snippet targets' Swift files (this one's, the macro snippets' whose
    /// types must stand at file scope, and the doc comments'), trimmed, by file.
    static func sources() throws -> [(name: String, lines: [String])] {
        let tests = repository.appendingPathComponent("Tests")
        // IoCServiceLifecycle's, IoCLogging's and IoCConfiguration's stand in their own tests:
        // DocCommentSnippetTests' fixture has types named Logger and Logging, which swift-log's
        // module and type would clash with (and Configuration's ConfigValue with IoCCore's).
        let targets = ["DocSnippetTests", "DocSnippetAnnotationTests", "DocCommentSnippetTests", "IoCServiceLifecycleTests", "IoCLoggingTests",
                       "IoCConfigurationTests"]
        return try targets.flatMap { target in
            let folder = tests.appendingPathComponent(target)
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted().map { name in
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                return ("\(target)/\(name)", text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            }
        }
    }

    /// Whether `snippet`'s lines stand in `source` in order, with nothing between them but
    /// blank lines and lines marked `// scaffold`.
    static func contains(_ source: [String], _ snippet: [String]) -> Bool {
        guard let first = snippet.first else { return true }
        for start in source.indices where source[start] == first {
            var at = start + 1
            var matched = 1
            while matched < snippet.count, at < source.count {
                if source[at] == snippet[matched] {
                    matched += 1
                } else if !(source[at].isEmpty || source[at].hasSuffix("// scaffold")) {
                    break
                }
                at += 1
            }
            if matched == snippet.count { return true }
        }
        return false
    }
}

@Suite("Documentation snippets")
struct SnippetCoverageTests {
    @Test func everySwiftSnippet_standsInACompiledTest() throws {
        let sources = try Snippets.sources()
        var missing: [String] = []
        var checked = 0
        for snippet in try Snippets.all() where snippet.language == "swift" && snippet.exemption == nil {
            let lines = snippet.lines.map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
            checked += 1
            if !sources.contains(where: { Snippets.contains($0.lines, lines) }) { missing.append(snippet.description) }
        }
        #expect(checked >= 20, "the documents hold \(checked) Swift snippets")
        #expect(missing.isEmpty, "Swift snippets no test compiles: \(missing.joined(separator: ", "))")
    }

    @Test func everyDocCommentExample_standsInACompiledTest() throws {
        // The same rule for the ```swift blocks of doc comments (Tests/DocCommentSnippetTests).
        let sources = try Snippets.sources()
        let snippets = try Snippets.docComments()
        let missing = snippets.filter { snippet in
            let lines = snippet.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
            return !sources.contains { Snippets.contains($0.lines, lines) }
        }
        #expect(snippets.count >= 250, "the modules' doc comments hold \(snippets.count) Swift examples")
        #expect(missing.isEmpty, "Doc-comment examples no test compiles: \(missing.map(\.description).joined(separator: ", "))")
    }

    @Test func everyYAMLSnippet_loadsWithoutAProblem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-doc-snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var checked = 0
        for snippet in try Snippets.all() where snippet.language == "yaml" && snippet.exemption == nil {
            checked += 1
            // The files a snippet imports are there, empty.
            for line in snippet.lines where line.contains("resource:") {
                guard let name = line.split(separator: ":", maxSplits: 1).last?.split(separator: "#").first?
                    .trimmingCharacters(in: .whitespaces), !name.isEmpty else { continue }
                try "services: {}\n".write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let outcome: String
            do {
                _ = try YAMLLoader().load(string: snippet.text, name: snippet.description, root: root)
                outcome = "loaded"
            } catch {
                outcome = String(describing: error)
            }
            #expect(outcome == "loaded", "\(snippet)")
        }
        #expect(checked >= 2)
    }

    @Test func everyXMLSnippet_loadsWithoutAProblem() throws {
        var checked = 0
        for snippet in try Snippets.all() where snippet.language == "xml" && snippet.exemption == nil {
            checked += 1
            let outcome: String
            do {
                _ = try XMLLoader().load(string: snippet.text, name: snippet.description)
                outcome = "loaded"
            } catch {
                outcome = String(describing: error)
            }
            #expect(outcome == "loaded", "\(snippet)")
        }
        #expect(checked >= 1)
    }

    @Test func theCheckerFindsADriftedSnippet() {
        // The matching itself: a changed line, or an unmarked line in between, is not a match.
        let source = ["let a = 1", "let b = 2 // scaffold", "", "let c = 3"]
        #expect(Snippets.contains(source, ["let a = 1", "let c = 3"]))
        #expect(!Snippets.contains(source, ["let a = 1", "let c = 4"]))
        #expect(!Snippets.contains(["let a = 1", "let b = 2", "let c = 3"], ["let a = 1", "let c = 3"]))
    }
}
