import Foundation
import IoCCore

/// An import a config file writes (YAML's `imports:`, XML's `<import resource>`).
package struct ConfigImport: Sendable {
    package var path: String
    package var location: ConfigLocation
    /// Symfony's `ignore_errors: not_found`: a file that is not there is passed over.
    package var ifPresent: Bool
    /// The path is in the config root, not beside the file (Spring's `classpath:`).
    package var fromRoot: Bool

    package init(path: String, location: ConfigLocation, ifPresent: Bool = false, fromRoot: Bool = false) {
        self.path = path
        self.location = location
        self.ifPresent = ifPresent
        self.fromRoot = fromRoot
    }
}

/// An alias a config file writes: `name` stands for the component named `target`, wherever
/// that is defined. The build gives it to its target.
package struct ConfigAlias: Sendable {
    package var name: String
    package var target: String
    package var location: ConfigLocation
    /// Set for an alias written in a profile's block: it exists only in those profiles.
    package var profiles: [String]
    /// Whether the alias can be resolved even when its target is private (Symfony's `public`).
    package var isPublic: Bool
    /// Why the alias is deprecated, when it is.
    package var deprecation: String?

    package init(name: String, target: String, location: ConfigLocation, profiles: [String] = [], isPublic: Bool,
                 deprecation: String? = nil) {
        self.name = name
        self.target = target
        self.location = location
        self.profiles = profiles
        self.isPublic = isPublic
        self.deprecation = deprecation
    }

    /// The alias definition the build gives to its target.
    var definition: Definition {
        var definition = Definition.alias(name, of: target, isPublic: isPublic, location: location)
        definition.deprecation = deprecation
        definition.profiles = profiles
        return definition
    }
}

/// One file of a config format, translated: what the shared loader needs from it.
package protocol ConfigTranslation {
    var definitions: [Definition] { get }
    var aliases: [ConfigAlias] { get }
    var imports: [ConfigImport] { get }
    /// The problems of the file, when translated collecting them.
    var problems: [ConfigError] { get }
    /// The names left out because of those problems.
    var skipped: [String] { get }
}

/// A config format a front end reads with ``ConfigLoader``: how one file is parsed and
/// translated, and what the format keeps beside definitions (YAML's parameters, XML's property
/// files and `util:` values).
package protocol ConfigFormat: Sendable {
    associatedtype Translation: ConfigTranslation
    associatedtype Extras: Sendable

    /// The format of its errors, and its name in messages: `YAML`, `XML`.
    static var format: ConfigError.Format { get }
    /// Whether a definition of a file read later replaces one of the same name read before
    /// (Symfony's rule). Otherwise the build reports the name as defined twice.
    static var laterFilesReplace: Bool { get }
    /// How long a chain of imports may be.
    var maxImportDepth: Int { get }
    /// The largest file read, in bytes: a larger one is refused by its size before it is read.
    var maxDocumentBytes: Int { get }
    /// How many files one load may read, a file imported twice counted twice.
    var maxFilesRead: Int { get }
    /// How many bytes one load may read in all.
    var maxBytesRead: Int { get }
    /// What ``Extras`` holds before any file is read.
    var noExtras: Extras { get }

    /// Parses and translates one file; with `collecting`, a part that is wrong is left out and
    /// its problem kept in the translation instead of thrown.
    func translate(_ bytes: [UInt8], file: String, collecting: Bool) throws(ConfigError) -> Translation

    /// Keeps what the format reads beside definitions from a file read at `place`. Called after
    /// the files it imports, so that what a file says replaces what its imports said.
    func keep(_ translation: Translation, at place: ConfigPlace<Self>, in load: inout ConfigLoad<Self>) throws(ConfigError)

    /// Runs once every file is read.
    func finish(_ load: inout ConfigLoad<Self>) throws(ConfigError)

    /// What the files read contribute to a container: the definitions and what ``Extras`` kept.
    static func contribution(_ load: ConfigLoad<Self>) -> ConfigContribution
}

extension ConfigFormat {
    package func keep(_ translation: Translation, at place: ConfigPlace<Self>, in load: inout ConfigLoad<Self>) throws(ConfigError) {}
    package func finish(_ load: inout ConfigLoad<Self>) throws(ConfigError) {}

    /// A format that keeps nothing beside definitions contributes them and what the load saw.
    package static func contribution(_ load: ConfigLoad<Self>) -> ConfigContribution {
        ConfigContribution(definitions: load.definitions, files: load.files, problems: load.problems, skipped: load.skipped)
    }
}

/// What a file and the files it imports define, as a ``ConfigLoader`` reads them.
package struct ConfigLoad<Format: ConfigFormat>: Sendable {
    package var definitions: [Definition] = []
    /// Every file read, in order.
    package var files: [String] = []
    /// Every problem found, in the order files were read (``ConfigLoader/check(contentsOf:root:)``).
    package var problems: [ConfigError] = []
    /// The names left out because of one of those problems: references to them are not
    /// missing, only broken.
    package var skipped: [String] = []
    package var extras: Format.Extras
    /// Whether problems are kept (a check) or the first is thrown (a load).
    package let collecting: Bool
    /// The bytes read so far, every file and import counted each time it is read.
    var bytesRead = 0
    /// The names the definitions so far give (aliases left out), for the rule that later files replace.
    var definedNames: Set<String> = []

    init(extras: Format.Extras, collecting: Bool) {
        self.extras = extras
        self.collecting = collecting
    }

    /// The value of `body`, or `nil` when it fails and problems are kept; otherwise its
    /// problem is thrown.
    package mutating func attempt<T>(_ body: () throws(ConfigError) -> T) throws(ConfigError) -> T? {
        do {
            return try body()
        } catch {
            try report(error)
            return nil
        }
    }

    /// Throws `problem`, or keeps it when problems are kept.
    package mutating func report(_ problem: ConfigError) throws(ConfigError) {
        guard collecting else { throw problem }
        problems.append(problem)
    }
}

/// Where a file was read: the directory its relative paths start from and the root they must
/// stay inside. Text read without a root has neither, and names no other file.
package struct ConfigPlace<Format: ConfigFormat>: Sendable {
    /// The file, as locations name it.
    package let file: String
    let directory: URL?
    let root: String?

    /// The file `path` (an import, a property file) names, with the root it stays inside, or the
    /// format's error for one that leaves the root, and for any in text read without a root.
    /// With `fromRoot`, `path` is taken from the root, not from the file's directory.
    package func target(_ path: String, fromRoot: Bool = false, writtenAt location: ConfigLocation) throws(ConfigError) -> (url: URL, root: String) {
        guard let directory, let root else {
            throw .importOutsideRoot(path: path, root: "(none: \(Format.format.name) given as text has no config root)", location: location, format: Format.format)
        }
        let base = fromRoot ? URL(fileURLWithPath: root, isDirectory: true) : directory
        return (try ConfigImports.target(path, from: base, root: root, writtenAt: location, format: Format.format), root)
    }
}

/// Reads a config file and the files it imports, for any ``ConfigFormat``: the root rule for
/// imports (``ConfigImports``), circles and the depth limit, the order in which later files
/// replace earlier ones, aliases, and problems either thrown (load) or all kept (check).
package struct ConfigLoader<Format: ConfigFormat>: Sendable {
    package let format: Format

    package init(_ format: Format) {
        self.format = format
    }

    /// Reads a file and its imports; `root` (by default the file's directory) bounds where
    /// imports may come from. The first problem is thrown.
    package func load(contentsOf url: URL, root: URL?) throws(ConfigError) -> ConfigLoad<Format> {
        var load = ConfigLoad<Format>(extras: format.noExtras, collecting: false)
        try read(url.standardizedFileURL, root: Self.rootPath(of: url, root), chain: [], importedAt: nil, into: &load)
        try format.finish(&load)
        return load
    }

    /// Reads a file and its imports like ``load(contentsOf:root:)``, but goes on past problems:
    /// a file that cannot be read or parsed, or a part that is wrong, is left out and its
    /// problem kept in ``ConfigLoad/problems``.
    package func check(contentsOf url: URL, root: URL?) -> ConfigLoad<Format> {
        var load = ConfigLoad<Format>(extras: format.noExtras, collecting: true)
        do throws(ConfigError) {
            try read(url.standardizedFileURL, root: Self.rootPath(of: url, root), chain: [], importedAt: nil, into: &load)
            try format.finish(&load)
        } catch {
            load.problems.append(error)
        }
        return load
    }

    /// Reads text; `name` stands for the file in locations. The files it names (imports,
    /// property files) are read from `root` when given and refused otherwise.
    package func load(string text: String, name: String, root: URL?) throws(ConfigError) -> ConfigLoad<Format> {
        var load = ConfigLoad<Format>(extras: format.noExtras, collecting: false)
        load.files.append(name)
        try count(text.utf8.count, of: name, importedAt: nil, into: &load)
        let translation = try translate(Array(text.utf8), file: name, collecting: false)
        let directory = root?.standardizedFileURL
        try take(translation, at: ConfigPlace(file: name, directory: directory, root: directory?.path), chain: [name], into: &load)
        try format.finish(&load)
        return load
    }

    /// Adds `bytes` read from `path` to the load's count, or refuses them past ``ConfigFormat/maxBytesRead``.
    private func count(_ bytes: Int, of path: String, importedAt: ConfigLocation?, into load: inout ConfigLoad<Format>) throws(ConfigError) {
        load.bytesRead += bytes
        guard load.bytesRead <= format.maxBytesRead else {
            throw .limitExceeded(limit: "the bytes one load reads, every file and import (maxBytesRead \(format.maxBytesRead))",
                                 value: load.bytesRead, location: importedAt ?? ConfigLocation(file: path, line: 1), format: Format.format)
        }
    }

    /// One file's bytes translated, once their size is checked: the limit every format has
    /// (``ConfigFormat/maxDocumentBytes``) and the most any document can hold.
    private func translate(_ bytes: [UInt8], file: String, collecting: Bool) throws(ConfigError) -> Format.Translation {
        try ConfigImports.checkSize(bytes.count, maxBytes: format.maxDocumentBytes, file: file, format: Format.format)
        return try format.translate(bytes, file: file, collecting: collecting)
    }

    private static func rootPath(of url: URL, _ root: URL?) -> String {
        (root ?? url.deletingLastPathComponent()).standardizedFileURL.path
    }

    private func read(_ url: URL, root: String, chain: [String], importedAt: ConfigLocation?,
                      into load: inout ConfigLoad<Format>) throws(ConfigError) {
        let path = url.path
        let (format, collecting) = (format, load.collecting)
        // Before reading: imports that repeat a file that repeats its own would read their product.
        guard load.files.count < format.maxFilesRead else {
            throw .limitExceeded(limit: "the files one load reads, a file imported twice counted twice (maxFilesRead \(format.maxFilesRead))",
                                 value: load.files.count + 1, location: importedAt ?? ConfigLocation(file: path, line: 1), format: Format.format)
        }
        guard let data = try load.attempt({ () throws(ConfigError) in
            try ConfigImports.read(url, after: chain, root: root, maxDepth: format.maxImportDepth, maxBytes: format.maxDocumentBytes,
                                   importedAt: importedAt, format: Format.format)
        }) else { return }
        try count(data.count, of: path, importedAt: importedAt, into: &load)
        load.files.append(path)
        guard let translation = try load.attempt({ () throws(ConfigError) in
            try translate(Array(data), file: path, collecting: collecting)
        }) else { return }
        let place = ConfigPlace<Format>(file: path, directory: url.deletingLastPathComponent(), root: root)
        try take(translation, at: place, chain: chain + [path], into: &load)
    }

    /// Adds a translated file: its problems, then the files it imports, then what it defines,
    /// which replaces what they defined.
    private func take(_ translation: Format.Translation, at place: ConfigPlace<Format>, chain: [String],
                      into load: inout ConfigLoad<Format>) throws(ConfigError) {
        load.problems += translation.problems
        load.skipped += translation.skipped
        for item in translation.imports {
            if ConfigGlob.isPattern(item.path) {
                try takeMatches(of: item, at: place, chain: chain, into: &load)
                continue
            }
            guard let target = try load.attempt({ () throws(ConfigError) in try place.target(item.path, fromRoot: item.fromRoot, writtenAt: item.location) })
            else { continue }
            if item.ifPresent, !FileManager.default.fileExists(atPath: target.url.path) { continue }
            try read(target.url, root: target.root, chain: chain, importedAt: item.location, into: &load)
        }
        try format.keep(translation, at: place, in: &load)
        let first = load.definitions.count
        load.definitions += translation.definitions
        if Format.laterFilesReplace {
            // The names of the files before, kept as files are read: collecting them again for
            // every file grew as files times definitions.
            for index in load.definitions.indices[first...] where load.definitions[index].name.map(load.definedNames.contains) == true {
                load.definitions[index].isOverride = true
            }
            // The first file is taken last, after its imports: no file comes after it to ask.
            if chain.count > 1 { load.definedNames.formUnion(translation.definitions.lazy.filter { $0.aliasTarget == nil }.compactMap(\.name)) }
        }
        load.definitions += translation.aliases.map(\.definition)
    }

    /// Reads every file an import pattern matches (`services/*.yaml`), in the order of their
    /// paths, each checked against the root as a written path is. A pattern whose directory is
    /// missing is the error of a missing file (passed over with `ignore_errors`); one that
    /// matches nothing in a directory that is there imports nothing, as Symfony's does.
    private func takeMatches(of item: ConfigImport, at place: ConfigPlace<Format>, chain: [String],
                             into load: inout ConfigLoad<Format>) throws(ConfigError) {
        let (base, rest) = ConfigGlob.split(item.path)
        guard let directory = try load.attempt({ () throws(ConfigError) in try place.target(base, fromRoot: item.fromRoot, writtenAt: item.location) })
        else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            if item.ifPresent { return }
            _ = try load.attempt({ () throws(ConfigError) in
                throw .unreadable(path: directory.url.path, reason: "no such directory, for the pattern '\(item.path)'", location: item.location, format: Format.format)
            })
            return
        }
        for match in ConfigGlob.files(matching: rest, in: directory.url) {
            let path = base == "." ? match : base + "/" + match
            guard let target = try load.attempt({ () throws(ConfigError) in try place.target(path, fromRoot: item.fromRoot, writtenAt: item.location) })
            else { continue }
            try read(target.url, root: target.root, chain: chain, importedAt: item.location, into: &load)
        }
    }
}
