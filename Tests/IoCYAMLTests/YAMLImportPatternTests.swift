import Foundation
import IoCCore
import IoCYAML
import Testing

@Suite("YAML: imports by pattern, as Symfony's glob imports")
struct YAMLImportPatternTests {
    @Test func aPattern_importsEveryFileItMatches_inTheOrderOfTheirPaths() throws {
        let root = try directory([
            "services.yaml": "imports: [{ resource: 'services/*.yml' }, { resource: 'more/**/*.{yml,yaml}' }]\nservices:\n  own: { class: ConsoleReporter, arguments: [own] }\n",
            "services/b.yml": "services:\n  shared: { class: ConsoleReporter, arguments: [b] }\n",
            "services/a.yml": "services:\n  shared: { class: ConsoleReporter, arguments: [a] }\n  first: { class: ConsoleReporter, arguments: [a] }\n",
            "services/notes.txt": "not yaml: [",
            "services/.hidden.yml": "services:\n  hidden: { class: ConsoleReporter, arguments: [hidden] }\n",
            "more/deep/c.yaml": "services:\n  deep: { class: ConsoleReporter, arguments: [deep] }\n",
            "more/d.yml": "services:\n  top: { class: ConsoleReporter, arguments: [top] }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let container = try weatherContainer(loading: root.appendingPathComponent("services.yaml"))
        #expect(try container.resolve(ConsoleReporter.self, name: "shared").id == "b", "b.yml is read after a.yml")
        #expect(try container.resolve(ConsoleReporter.self, name: "first").id == "a")
        #expect(try container.resolve(ConsoleReporter.self, name: "deep").id == "deep")
        #expect(try container.resolve(ConsoleReporter.self, name: "top").id == "top")
        #expect(!container.definitions.contains { $0.name == "hidden" }, "* does not match a leading dot")
    }

    @Test func aPatternOutsideTheRoot_isRefused_andOneInAMissingDirectory_saysSo() throws {
        let root = try directory([
            "config/services.yaml": "imports: [{ resource: '../*.yml' }]\n",
            "config/missing.yaml": "imports: [{ resource: 'nowhere/*.yml' }]\n",
            "config/optional.yaml": "imports: [{ resource: 'nowhere/*.yml', ignore_errors: not_found }]\nservices:\n  a: { class: Logger }\n",
            "outside.yml": "services:\n  a: { class: Logger }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let config = root.appendingPathComponent("config").standardizedFileURL.path
        #expect(errorText { _ = try YAMLLoader().load(contentsOf: root.appendingPathComponent("config/services.yaml")) }
            == "Import '..' at \(config)/services.yaml:1:11 is outside the config root \(config). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.")
        #expect(errorText { _ = try YAMLLoader().load(contentsOf: root.appendingPathComponent("config/missing.yaml")) }
            == "Cannot read '\(config)/nowhere' (imported at \(config)/missing.yaml:1:11): no such directory, for the pattern 'nowhere/*.yml'.")
        #expect(try YAMLLoader().load(contentsOf: root.appendingPathComponent("config/optional.yaml")).definitions.map(\.name) == ["a"])
    }
}
