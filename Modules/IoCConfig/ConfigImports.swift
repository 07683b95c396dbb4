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
    /// - Throws: ``ConfigError/Kind/importOutsideRoot`` for a path that leaves `root` as
    ///   written, and ``ConfigError/Kind/importLinkedOutsideRoot`` for one whose symbolic link
    ///   leads out of it, in `format`.
    ///
    /// ```swift
    /// let url = try ConfigImports.target("shared/db.yaml", from: directory, root: root, writtenAt: location, format: .yaml)
    /// ```
    public static func target(_ path: String, from directory: URL, root: String,
                              writtenAt location: ConfigLocation, format: ConfigError.Format) throws(ConfigError) -> URL {
        switch locate(path, from: directory, root: root) {
        case .inside(let url): return url
        case .outside: throw .importOutsideRoot(path: path, root: root, location: location, format: format)
        case .linkedOutside(let target): throw .importLinkedOutsideRoot(path: path, target: target, root: root, location: location, format: format)
        }
    }

    /// `path` relative to `root` when inside it, for messages.
    ///
    /// ```swift
    /// let name = ConfigImports.relative("/app/config/db.yaml", to: "/app/config")   // "db.yaml"
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
    /// - Throws: ``ConfigError`` in `format`: an import cycle, a limit (the import depth) or an
    ///   unreadable file, each at `importedAt`; a limit (the document size, `maxDocumentBytes`)
    ///   at the file's first line.
    ///
    /// ```swift
    /// let bytes = try ConfigImports.read(url, after: chain, root: root, maxDepth: limits.maxImportDepth,
    ///                                   importedAt: location, format: .yaml)
    /// ```
    public static func read(_ url: URL, after chain: [String], root: String, maxDepth: Int,
                            maxBytes: Int = .max, importedAt: ConfigLocation?, format: ConfigError.Format) throws(ConfigError) -> Data {
        let path = url.path
        switch read(url, after: chain, root: root, maxDepth: maxDepth, maxBytes: maxBytes) {
        case .success(let bytes):
            return bytes
        case .failure(.circle(let circle)):
            throw .importCycle(chain: circle, location: importedAt ?? ConfigLocation(file: path, line: 1), format: format)
        case .failure(.tooDeep(let depth)):
            throw .limitExceeded(limit: "the import depth (maxImportDepth \(maxDepth))", value: depth,
                                 location: importedAt ?? ConfigLocation(file: path, line: 1), format: format)
        case .failure(.unreadable(let reason)):
            throw .unreadable(path: path, reason: reason, location: importedAt, format: format)
        case .failure(.tooLarge(let size)):
            throw tooLarge(size, maxBytes: maxBytes, file: path, format: format)
        }
    }

    /// The most bytes one document can hold, whatever the limits say: the readers number nodes
    /// and bytes in 32 bits, and libxml2 takes a document's length as a 32-bit int.
    public static let largestDocument = Int(Int32.max)

    /// Refuses a document of `size` bytes larger than `maxBytes` (a front end's
    /// `maxDocumentBytes`) or than ``largestDocument``, with the front end's error at its first line.
    ///
    /// - Throws: ``ConfigError/Kind/limitExceeded`` naming the limit, in `format`.
    ///
    /// ```swift
    /// try ConfigImports.checkSize(bytes.count, maxBytes: limits.maxDocumentBytes, file: "app.yaml", format: .yaml)
    /// ```
    public static func checkSize(_ size: Int, maxBytes: Int, file: String, format: ConfigError.Format) throws(ConfigError) {
        guard size <= min(maxBytes, largestDocument) else { throw tooLarge(size, maxBytes: maxBytes, file: file, format: format) }
    }

    /// The error for a document of `size` bytes, past `maxBytes` or ``largestDocument``.
    private static func tooLarge(_ size: Int, maxBytes: Int, file: String, format: ConfigError.Format) -> ConfigError {
        let limit = size > maxBytes ? "the document size (maxDocumentBytes \(maxBytes))"
            : "the document size (\(largestDocument) bytes, the most one document can hold)"
        return .limitExceeded(limit: limit, value: size, location: ConfigLocation(file: file, line: 1), format: format)
    }
}
