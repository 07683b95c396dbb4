import Foundation

/// Where an imported config file may come from: a relative path that stays inside the config
/// root. Front ends share this rule (absolute paths, URLs, `~` and `..` that leave the root are refused).
public enum ConfigImports {
    /// The file `path` names relative to `directory`, or `nil` when it would leave `root`.
    public static func resolve(_ path: String, from directory: URL, root: String) -> URL? {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("://"), !path.hasPrefix("~") else { return nil }
        let target = directory.appendingPathComponent(path).standardizedFileURL
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return target.path == root || target.path.hasPrefix(prefix) ? target : nil
    }

    /// `path` relative to `root` when inside it, for messages.
    public static func relative(_ path: String, to root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
