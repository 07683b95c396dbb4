import Foundation
import IoCCore

/// Where an imported config file may come from: a relative path that stays inside the config
/// root. Front ends share this rule (absolute paths, URLs, `~` and `..` that leave the root are refused).
public enum ConfigImports {
    /// Where an import leads.
    public enum Destination: Sendable, Equatable {
        /// The file, inside the root (by its path as written, symbolic links left in).
        case inside(URL)
        /// The path leaves the root as written: absolute, a URL, `~`, or `..` past the root.
        case outside
        /// The path stays inside the root as written, but a symbolic link on it leads outside:
        /// `target` is where it really leads.
        case linkedOutside(target: String)
    }

    /// Where `path`, relative to `directory`, leads with respect to `root`. Symbolic links are
    /// followed before the check (links that stay inside the root, as mounted config volumes
    /// use them, are fine); a file that does not exist is left for the read to report.
    ///
    /// ```swift
    /// switch ConfigImports.locate("shared/db.yaml", from: configDirectory, root: root.path) {
    /// case .inside(let url): read(url)
    /// case .outside, .linkedOutside: refuse()
    /// }
    /// ```
    public static func locate(_ path: String, from directory: URL, root: String) -> Destination {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("://"), !path.hasPrefix("~") else { return .outside }
        let target = directory.appendingPathComponent(path).standardizedFileURL
        guard FilePaths.isInside(target.path, root) else { return .outside }
        guard let real = FilePaths.realPath(target.path) else { return .inside(target) }
        return FilePaths.isInside(real, FilePaths.realPath(root) ?? root) ? .inside(target) : .linkedOutside(target: real)
    }

    /// The file `path` (an import, a property file) names relative to `directory`, or the
    /// front end's error for one that leaves `root`, as written or through a symbolic link.
    ///
    /// - Throws: `E.importOutsideRoot` for a path that leaves `root` as written, and
    ///   `E.importLinkedOutsideRoot` for one whose symbolic link leads out of it.
    ///
    /// ```swift
    /// let url = try ConfigImports.target("shared/db.yaml", from: directory, root: root, writtenAt: location, as: YAMLError.self)
    /// ```
    public static func target<E: ConfigFileError>(_ path: String, from directory: URL, root: String,
                                                  writtenAt location: ConfigLocation, as error: E.Type) throws(E) -> URL {
        switch locate(path, from: directory, root: root) {
        case .inside(let url): return url
        case .outside: throw .importOutsideRoot(path: path, root: root, location: location)
        case .linkedOutside(let target): throw .importLinkedOutsideRoot(path: path, target: target, root: root, location: location)
        }
    }

    /// `path` relative to `root` when inside it, for messages.
    ///
    /// ```swift
    /// ConfigImports.relative("/app/config/db.yaml", to: "/app/config")   // "db.yaml"
    /// ```
    public static func relative(_ path: String, to root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// Why the next file of an import chain is not read.
    public enum Refusal: Error, Sendable, Equatable {
        /// The file is already in the chain; the circle, relative to the root.
        case circle([String])
        /// The chain would be longer than the limit; its length.
        case tooDeep(Int)
        /// The file cannot be read; the reason.
        case unreadable(String)
        /// The file is larger than the limit; its size in bytes. It is not read.
        case tooLarge(Int)
    }

    /// The bytes of `url`, the next file after `chain` (the files importing it, outermost first),
    /// or why it is refused: a circle, a chain longer than `maxDepth`, an unreadable file, a
    /// file larger than `maxBytes` (refused by its size, before it is read).
    ///
    /// ```swift
    /// switch ConfigImports.read(url, after: chain, root: root, maxDepth: 16, maxBytes: 16 << 20) {
    /// case .success(let bytes): parse(bytes)
    /// case .failure(let refusal): report(refusal)
    /// }
    /// ```
    public static func read(_ url: URL, after chain: [String], root: String, maxDepth: Int, maxBytes: Int = .max) -> Result<Data, Refusal> {
        let path = url.path
        if chain.contains(path) { return .failure(.circle((chain + [path]).map { relative($0, to: root) })) }
        if chain.count > maxDepth { return .failure(.tooDeep(chain.count)) }
        // The size first: a file far past the limit would otherwise be read whole before the
        // size check refused it (``checkSize(_:maxBytes:file:as:)``).
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path))?[.size] as? Int,
           size > min(maxBytes, largestDocument) {
            return .failure(.tooLarge(size))
        }
        do { return .success(try Data(contentsOf: url)) } catch {
            return .failure(.unreadable(reason(path, error)))
        }
    }

    /// Why a file cannot be read, in a few words (Foundation's own text is long, and differs by platform).
    private static func reason(_ path: String, _ error: any Error) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        // Foundation reads regular files only, and says "permission" of anything else.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if let type = (try? FileManager.default.attributesOfItem(atPath: target))?[.type] as? FileAttributeType, type != .typeRegular {
            return "it is not a regular file (a pipe, socket or device); a config file must be one"
        }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        let text = (error as NSError).localizedDescription
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// The bytes of `url`, the next file after `chain`, or the front end's error for a circle,
    /// a chain longer than `maxDepth`, an unreadable file or one larger than `maxBytes`;
    /// `importedAt` is where the import was written (`nil` for the first file).
    ///
    /// - Throws: `E.importCycle`, `E.limitExceeded` (the import depth) or `E.unreadable`,
    ///   each at `importedAt`; `E.limitExceeded` (the document size, `maxDocumentBytes`) at the
    ///   file's first line.
    ///
    /// ```swift
    /// let bytes = try ConfigImports.read(url, after: chain, root: root, maxDepth: limits.maxImportDepth,
    ///                                   importedAt: location, as: YAMLError.self)
    /// ```
    public static func read<E: ConfigFileError>(_ url: URL, after chain: [String], root: String, maxDepth: Int,
                                                maxBytes: Int = .max, importedAt: ConfigLocation?, as error: E.Type) throws(E) -> Data {
        let path = url.path
        switch read(url, after: chain, root: root, maxDepth: maxDepth, maxBytes: maxBytes) {
        case .success(let bytes):
            return bytes
        case .failure(.circle(let circle)):
            throw .importCycle(chain: circle, location: importedAt ?? ConfigLocation(file: path, line: 1))
        case .failure(.tooDeep(let depth)):
            throw .limitExceeded(limit: "the import depth (maxImportDepth \(maxDepth))", value: depth,
                                 location: importedAt ?? ConfigLocation(file: path, line: 1))
        case .failure(.unreadable(let reason)):
            throw .unreadable(path: path, reason: reason, location: importedAt)
        case .failure(.tooLarge(let size)):
            throw tooLarge(size, maxBytes: maxBytes, file: path)
        }
    }

    /// The most bytes one document can hold, whatever the limits say: the readers number nodes
    /// and bytes in 32 bits, and libxml2 takes a document's length as a 32-bit int.
    public static let largestDocument = Int(Int32.max)

    /// Refuses a document of `size` bytes larger than `maxBytes` (a front end's
    /// `maxDocumentBytes`) or than ``largestDocument``, with the front end's error at its first line.
    ///
    /// - Throws: `E.limitExceeded` naming the limit.
    ///
    /// ```swift
    /// try ConfigImports.checkSize(bytes.count, maxBytes: limits.maxDocumentBytes, file: "app.yaml", as: YAMLError.self)
    /// ```
    public static func checkSize<E: ConfigFileError>(_ size: Int, maxBytes: Int, file: String, as error: E.Type) throws(E) {
        guard size <= min(maxBytes, largestDocument) else { throw tooLarge(size, maxBytes: maxBytes, file: file) }
    }

    /// The error for a document of `size` bytes, past `maxBytes` or ``largestDocument``.
    private static func tooLarge<E: ConfigFileError>(_ size: Int, maxBytes: Int, file: String) -> E {
        let limit = size > maxBytes ? "the document size (maxDocumentBytes \(maxBytes))"
            : "the document size (\(largestDocument) bytes, the most one document can hold)"
        return .limitExceeded(limit: limit, value: size, location: ConfigLocation(file: file, line: 1))
    }

    /// The message front ends give for an import that leaves the root.
    ///
    /// ```swift
    /// let text = ConfigImports.outsideRootMessage(path: "../secrets.yaml", root: root, location: location)
    /// ```
    public static func outsideRootMessage(path: String, root: String, location: ConfigLocation) -> String {
        "Import '\(path)' at \(location) is outside the config root \(root). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused."
    }

    /// The message front ends give for an import that leaves the root through a symbolic link.
    ///
    /// ```swift
    /// let text = ConfigImports.linkedOutsideRootMessage(path: "db.yaml", target: "/etc/db.yaml", root: root, location: location)
    /// ```
    public static func linkedOutsideRootMessage(path: String, target: String, root: String, location: ConfigLocation) -> String {
        "Import '\(path)' at \(location) leads outside the config root \(root) through a symbolic link (to \(target)). Links inside the root must point inside it; copy the file into the root, or choose a root that contains it."
    }

    /// The message front ends give for imports that form a circle.
    ///
    /// ```swift
    /// let text = ConfigImports.circleMessage(chain: ["a.yaml", "b.yaml", "a.yaml"], location: location)
    /// ```
    public static func circleMessage(chain: [String], location: ConfigLocation) -> String {
        "Imports form a circle at \(location): " + chain.joined(separator: " -> ") + "."
    }

    /// The message front ends give for a file they cannot read.
    ///
    /// ```swift
    /// let text = ConfigImports.unreadableMessage(path: "db.yaml", reason: "no such file", importedAt: location)
    /// ```
    public static func unreadableMessage(path: String, reason: String, importedAt location: ConfigLocation?) -> String {
        "Cannot read '\(path)'" + (location.map { " (imported at \($0))" } ?? "") + ": \(reason)."
    }
}

/// The errors a config front end gives for the files it reads: its own error type, with these
/// cases, lets ``ConfigImports/read(_:after:root:maxDepth:importedAt:as:)`` report in it.
public protocol ConfigFileError: Error {
    static func importOutsideRoot(path: String, root: String, location: ConfigLocation) -> Self
    static func importLinkedOutsideRoot(path: String, target: String, root: String, location: ConfigLocation) -> Self
    static func importCycle(chain: [String], location: ConfigLocation) -> Self
    static func limitExceeded(limit: String, value: Int, location: ConfigLocation) -> Self
    static func unreadable(path: String, reason: String, location: ConfigLocation?) -> Self
}
