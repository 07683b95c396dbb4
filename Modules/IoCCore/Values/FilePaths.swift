#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The two path facts the core's file reads (`%env(file:...)%` inside the config roots) and
/// the config front ends' import rule share.
package enum FilePaths {
    /// Whether `path` is `root` or inside it (both as strings, already standardized).
    package static func isInside(_ path: String, _ root: String) -> Bool {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path == root || path.hasPrefix(prefix)
    }

    /// `path` with every symbolic link, `.` and `..` resolved; `nil` when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
