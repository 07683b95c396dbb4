import Foundation
import IoCConfig
import IoCCore
import Testing

/// A format of one statement per line, so that the shared loader is tested apart from YAML's
/// and XML's parsers:
///
///     import parts/more.conf      import? optional.conf
///     name: Type                  alias other -> name
///     set key = value
extension ConfigError.Format {
    static let lines = ConfigError.Format("LINES")
}

extension ConfigError.Kind {
    /// A kind of the LINES format's own: a front end adds kinds without editing IoCConfig.
    static let badLine = ConfigError.Kind("badLine")
}

extension ConfigError {
    static func badLine(_ line: String, location: ConfigLocation) -> ConfigError {
        ConfigError(.badLine, format: .lines, message: "Cannot read '\(line)' at \(location).", location: location)
    }
}

struct LineFile: ConfigTranslation {
    var definitions: [Definition] = []
    var aliases: [ConfigAlias] = []
    var imports: [ConfigImport] = []
    var problems: [ConfigError] = []
    var skipped: [String] = []
    var settings: [String: String] = [:]
}

struct LineFormat: ConfigFormat {
    static let format = ConfigError.Format.lines
    static let laterFilesReplace = true
    var maxImportDepth = 8
    var maxDocumentBytes = 1 << 20
    var maxFilesRead = 1_000
    var maxBytesRead = 4 << 20
    var noExtras: [String: String] { [:] }

    func translate(_ bytes: [UInt8], file: String, collecting: Bool) throws(ConfigError) -> LineFile {
        var translated = LineFile()
        for (number, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n").enumerated() {
            let location = ConfigLocation(file: file, line: number + 1, column: 1)
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case "import" where words.count == 2, "import?" where words.count == 2:
                translated.imports.append(ConfigImport(path: words[1], location: location, ifPresent: words[0] == "import?"))
            case "alias" where words.count == 4 && words[2] == "->":
                translated.aliases.append(ConfigAlias(name: words[1], target: words[3], location: location, isPublic: false))
            case "set" where words.count == 4 && words[2] == "=":
                translated.settings[words[1]] = words[3]
            case let name? where words.count == 2 && name.hasSuffix(":"):
                translated.definitions.append(Definition(name: String(name.dropLast()), typeName: words[1], location: location))
            default:
                guard collecting else { throw .badLine(String(line), location: location) }
                translated.problems.append(.badLine(String(line), location: location))
                if let name = words.first, name.hasSuffix(":") { translated.skipped.append(String(name.dropLast())) }
            }
        }
        return translated
    }

    func keep(_ file: LineFile, at place: ConfigPlace<LineFormat>, in load: inout ConfigLoad<LineFormat>) {
        load.extras.merge(file.settings) { $1 }
    }
}

private func directory(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-config-\(UUID().uuidString)")
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}

func errorText(_ body: () throws -> Void) -> String {
    do { try body() } catch { return "\(error)" }
    return "no error"
}

private let loader = ConfigLoader(LineFormat())

@Suite("Config loading shared by the front ends")
struct ConfigLoaderTests {
    @Test func aFormatOfItsOwn_reportsItsOwnKind_andTheSharedOnesInItsName() {
        do {
            _ = try loader.load(string: "a: A\n???\n", name: "<text>", root: nil)
            Issue.record("expected the line to be refused")
        } catch {
            #expect(error.kind == .badLine && error.format == .lines)
            #expect(error.description == "Cannot read '???' at <text>:2:1.")
        }
        do {
            _ = try loader.load(string: "import more.conf", name: "<text>", root: nil)
            Issue.record("expected the import to be refused")
        } catch {
            #expect(error.kind == .importOutsideRoot && error.format == .lines)
        }
    }

    @Test func importsAreReadFirst_andWhatAFileReadLaterSaysReplacesWhatCameBefore() throws {
        let root = try directory([
            "app.conf": "import parts/a.conf\nimport parts/b.conf\nmailer: AppMailer\nset level = app\nalias mail -> mailer",
            "parts/a.conf": "mailer: SMTPMailer\nclock: SystemClock\nset level = a\nset colour = a",
            "parts/b.conf": "clock: FixedClock\nset colour = b",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let load = try loader.load(contentsOf: root.appendingPathComponent("app.conf"), root: nil)
        let base = root.standardizedFileURL.path
        #expect(load.files == ["app.conf", "parts/a.conf", "parts/b.conf"].map { "\(base)/\($0)" })
        #expect(load.definitions.map(\.name) == ["mailer", "clock", "clock", "mailer", "mail"])
        #expect(load.definitions.map(\.typeName) == ["SMTPMailer", "SystemClock", "FixedClock", "AppMailer", nil])
        #expect(load.definitions.map(\.isOverride) == [false, false, true, true, false])
        #expect(load.definitions.last?.aliasTarget == "mailer" && load.definitions.last?.isPublic == false)
        #expect(load.extras == ["level": "app", "colour": "b"])
    }

    @Test func theRootRule_circles_theDepthLimit_andMissingFiles() throws {
        let root = try directory([
            "config/escape.conf": "import ../outside.conf",
            "config/absolute.conf": "import /etc/passwd",
            "config/loop.conf": "import again.conf",
            "config/again.conf": "import loop.conf",
            "config/deep.conf": "import deep1.conf",
            "config/deep1.conf": "import deep2.conf",
            "config/deep2.conf": "a: A",
            "config/gone.conf": "import? nowhere.conf\nimport missing.conf",
            "outside.conf": "evil: Evil",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let config = root.appendingPathComponent("config").standardizedFileURL.path
        func load(_ file: String, depth: Int = 8) -> String {
            errorText { _ = try ConfigLoader(LineFormat(maxImportDepth: depth)).load(contentsOf: root.appendingPathComponent("config/\(file)"), root: nil) }
        }
        #expect(load("escape.conf")
            == "Import '../outside.conf' at \(config)/escape.conf:1:1 is outside the config root \(config). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.")
        #expect(load("absolute.conf")
            == "Import '/etc/passwd' at \(config)/absolute.conf:1:1 is outside the config root \(config). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.")
        #expect(load("loop.conf") == "Imports form a circle at \(config)/again.conf:1:1: loop.conf -> again.conf -> loop.conf.")
        #expect(load("deep.conf", depth: 1) == "LINES limit exceeded at \(config)/deep1.conf:1:1: the import depth (maxImportDepth 1) is 2. Raise LINESLimits if the file is meant to be this large.")
        #expect(load("deep.conf", depth: 2) == "no error")
        #expect(load("gone.conf") == "Cannot read '\(config)/missing.conf' (imported at \(config)/gone.conf:2:1): no such file.")
    }

    @Test func aFileLargerThanTheLimit_isRefusedByItsSize_beforeItIsRead() throws {
        let root = try directory(["app.conf": "import huge.conf", "small.conf": "a: A"])
        defer { try? FileManager.default.removeItem(at: root) }
        // A sparse file of 4 GiB: reading it would take 4 GiB of memory and seconds.
        let huge = root.appendingPathComponent("huge.conf")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 4 << 30)
        try handle.close()
        let base = root.standardizedFileURL.path
        #expect(ConfigImports.read(huge, after: [], root: base, maxDepth: 8, maxBytes: 1 << 20) == .failure(.tooLarge(4 << 30)))
        #expect(ConfigImports.read(root.appendingPathComponent("small.conf"), after: [], root: base, maxDepth: 8, maxBytes: 4)
            == .success(Data("a: A".utf8)))
        #expect(errorText { _ = try loader.load(contentsOf: root.appendingPathComponent("app.conf"), root: nil) }
            == "LINES limit exceeded at \(base)/huge.conf:1: the document size (maxDocumentBytes 1048576) is 4294967296. Raise LINESLimits if the file is meant to be this large.")
    }

    @Test func sizeCheck_refusesPastTheLimit_andPastTwoGibibytesWhateverTheLimit() {
        func check(_ size: Int, maxBytes: Int) -> String {
            errorText { try ConfigImports.checkSize(size, maxBytes: maxBytes, file: "app.conf", format: .lines) }
        }
        #expect(check(16, maxBytes: 16) == "no error")
        #expect(check(17, maxBytes: 16) == "LINES limit exceeded at app.conf:1: the document size (maxDocumentBytes 16) is 17. Raise LINESLimits if the file is meant to be this large.")
        #expect(check(Int(Int32.max), maxBytes: .max) == "no error")
        #expect(check(Int(Int32.max) + 1, maxBytes: .max)
            == "LINES limit exceeded at app.conf:1: the document size (2147483647 bytes, the most one document can hold) is 2147483648. Raise LINESLimits if the file is meant to be this large.")
        // Text is checked by the loader as files are: the format's limit, before it translates.
        let small = ConfigLoader(LineFormat(maxDocumentBytes: 4))
        #expect(errorText { _ = try small.load(string: "a: A\nb: B", name: "<text>", root: nil) }
            == "LINES limit exceeded at <text>:1: the document size (maxDocumentBytes 4) is 9. Raise LINESLimits if the file is meant to be this large.")
    }

    @Test func importsThatRepeatFiles_areHeldToTheFilesAndBytesOneLoadReads() throws {
        // Each file imports the next four times: eight levels ask for 4^8 = 65,536 reads.
        var files: [String: String] = ["f8.conf": "a: A"]
        for level in 0..<8 { files["f\(level).conf"] = Array(repeating: "import f\(level + 1).conf", count: 4).joined(separator: "\n") }
        let root = try directory(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let base = root.standardizedFileURL.path
        var format = LineFormat()
        format.maxFilesRead = 100
        #expect(errorText { _ = try ConfigLoader(format).load(contentsOf: root.appendingPathComponent("f0.conf"), root: nil) }
            == "LINES limit exceeded at \(base)/f7.conf:3:1: the files one load reads, a file imported twice counted twice (maxFilesRead 100) is 101. Raise LINESLimits if the file is meant to be this large.")
        // A diamond within the limits reads the shared file twice, and its second reading replaces the first.
        let diamond = try directory(["app.conf": "import left.conf\nimport right.conf", "left.conf": "import common.conf",
                                     "right.conf": "import common.conf", "common.conf": "a: A"])
        defer { try? FileManager.default.removeItem(at: diamond) }
        let load = try loader.load(contentsOf: diamond.appendingPathComponent("app.conf"), root: nil)
        #expect(load.files.count == 5)
        #expect(load.definitions.map { "\($0.name ?? "")\($0.isOverride ? " (override)" : "")" } == ["a", "a (override)"])
        format = LineFormat()
        format.maxBytesRead = 20
        let bytes = try directory(["app.conf": "import b.conf\nc: C", "b.conf": "b: B\nd: D"])
        defer { try? FileManager.default.removeItem(at: bytes) }
        #expect(errorText { _ = try ConfigLoader(format).load(contentsOf: bytes.appendingPathComponent("app.conf"), root: nil) }
            == "LINES limit exceeded at \(bytes.standardizedFileURL.path)/app.conf:1:1: the bytes one load reads, every file and import (maxBytesRead 20) is 27. Raise LINESLimits if the file is meant to be this large.")
        // Text given directly counts as well.
        #expect(errorText { _ = try ConfigLoader(format).load(string: String(repeating: "a: A\n", count: 5), name: "<text>", root: nil) }
            == "LINES limit exceeded at <text>:1: the bytes one load reads, every file and import (maxBytesRead 20) is 25. Raise LINESLimits if the file is meant to be this large.")
    }

    @Test func importOfAPipe_isRefusedWithItsReason_notReadUntilAWriterComes() throws {
        let root = try directory(["app.conf": "import events.conf"])
        defer { try? FileManager.default.removeItem(at: root) }
        let pipe = root.appendingPathComponent("events.conf").standardizedFileURL.path
        #expect(mkfifo(pipe, 0o600) == 0)
        let base = root.standardizedFileURL.path
        #expect(errorText { _ = try loader.load(contentsOf: root.appendingPathComponent("app.conf"), root: nil) }
            == "Cannot read '\(pipe)' (imported at \(base)/app.conf:1:1): it is not a regular file (a pipe, socket or device); a config file must be one.")
    }

    @Test func text_readsImportsFromItsRoot_andRefusesThemWithoutOne() throws {
        let root = try directory(["more.conf": "b: B"])
        defer { try? FileManager.default.removeItem(at: root) }
        let load = try loader.load(string: "import more.conf\na: A", name: "<text>", root: root)
        #expect(load.definitions.map(\.name) == ["b", "a"])
        #expect(load.files == ["<text>", root.appendingPathComponent("more.conf").standardizedFileURL.path])
        #expect(errorText { _ = try loader.load(string: "import more.conf", name: "<text>", root: nil) }
            == "Import 'more.conf' at <text>:1:1 is outside the config root (none: LINES given as text has no config root). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.")
    }

    @Test func check_goesOnPastEveryProblem_inTheOrderFilesAreRead() throws {
        let root = try directory([
            "app.conf": "import broken.conf\nimport ../outside.conf\nimport missing.conf\nkept: Kept\nlost: Two Words",
            "broken.conf": "what is this\nfine: Fine",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let load = loader.check(contentsOf: root.appendingPathComponent("app.conf"), root: nil)
        let base = root.standardizedFileURL.path
        #expect(load.definitions.map(\.name) == ["fine", "kept"])
        #expect(load.skipped == ["lost"])
        #expect(load.problems.map(\.description) == [
            "Cannot read 'lost: Two Words' at \(base)/app.conf:5:1.",
            "Cannot read 'what is this' at \(base)/broken.conf:1:1.",
            "Import '../outside.conf' at \(base)/app.conf:2:1 is outside the config root \(base). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.",
            "Cannot read '\(base)/missing.conf' (imported at \(base)/app.conf:3:1): no such file.",
        ])
        // A load stops at the first.
        #expect(errorText { _ = try loader.load(contentsOf: root.appendingPathComponent("app.conf"), root: nil) }
            == "Cannot read 'lost: Two Words' at \(base)/app.conf:5:1.")
    }
}
