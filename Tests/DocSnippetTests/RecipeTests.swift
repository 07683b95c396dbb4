import Foundation
import Testing

// The README's recipe is Tests/RecipeFixture/Greeter, which `make plugin-test` builds, runs and
// tests (Tools/Scripts/recipe-fixture.sh): each file the README shows, under the line that names
// it, is that file word for word, and the README shows every file of the fixture.

@Suite("README: the recipe")
struct RecipeTests {
    static let fixture = repository.appendingPathComponent("Tests/RecipeFixture/Greeter")

    /// The fixture's files, by their paths inside it.
    static func fixtureFiles() -> [String: String] {
        let found = FileManager.default.enumerator(at: fixture, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])?.compactMap { $0 as? URL } ?? []
        var files: [String: String] = [:]
        for url in found where !url.hasDirectoryPath {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(fixture.standardizedFileURL.path.count + 1))] = text
        }
        return files
    }

    @Test func theReadmesRecipe_isTheFixture_wordForWord() throws {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
            .components(separatedBy: "\n")
        let files = Self.fixtureFiles()
        #expect(files.keys.sorted() == ["Package.swift", "Sources/Greeter/Greeter.swift", "Sources/Greeter/main.swift",
                                        "Sources/Greeter/services.yaml", "Tests/GreeterTests/GreeterTests.swift"])
        var shown: [String: String] = [:]
        var named: String?
        var index = 0
        while index < readme.count {
            let line = readme[index]
            // A paragraph that starts with a backquoted path names the block after it.
            if line.hasPrefix("`"), !line.hasPrefix("```"), let end = line.dropFirst().firstIndex(of: "`") {
                let path = String(line[line.index(after: line.startIndex)..<end])
                named = files[path] != nil ? path : nil
            }
            if line.hasPrefix("```"), line.count > 3, let path = named {
                var body: [String] = []
                index += 1
                while index < readme.count, readme[index] != "```" { body.append(readme[index]); index += 1 }
                shown[path] = body.joined(separator: "\n") + "\n"
                named = nil
            }
            index += 1
        }
        #expect(shown.keys.sorted() == files.keys.sorted(), "the README shows every file of the recipe")
        for (path, text) in files { #expect(shown[path] == text, "\(path) differs from the README's") }
    }
}
