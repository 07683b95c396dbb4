import Foundation

// Import patterns (Symfony's `resource: 'services/*.yaml'`, Spring's `resource="conf/*.xml"`):
// the files a pattern matches, in a stable order. Each match is then checked against the config
// root as a written path is.

/// A path pattern of an import: `*` and `?` within a name, `[abc]` and `[!a-c]`, `{a,b}`
/// alternatives, and `**` for any number of directories. `*` and `?` do not match a name's
/// leading `.`, as the shell's glob does not.
package enum ConfigGlob {
    /// Whether `path` is a pattern rather than one file's path.
    package static func isPattern(_ path: String) -> Bool {
        path.contains { $0 == "*" || $0 == "?" || $0 == "[" || $0 == "{" }
    }

    /// The directory a pattern starts from (the components before the first one with a pattern,
    /// `.` when there are none) and the components left to match.
    package static func split(_ pattern: String) -> (base: String, rest: [String]) {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let first = components.firstIndex(where: isPattern) ?? components.count
        let base = components[..<first].joined(separator: "/")
        return (base.isEmpty ? "." : base, Array(components[first...]))
    }

    /// The regular files under `directory` that `components` match, as paths relative to it,
    /// sorted. Directories reached through a symbolic link are not walked by `**`, so a link
    /// that loops cannot make the walk endless; `maxDepth` bounds how deep `**` goes.
    package static func files(matching components: [String], in directory: URL, maxDepth: Int = 32) -> [String] {
        var found: Set<String> = []
        for alternative in expandingBraces(components.joined(separator: "/")) {
            let parts = alternative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            walk(parts[...], in: directory, relative: "", depth: 0, maxDepth: maxDepth, into: &found)
        }
        return found.sorted()
    }

    private static func walk(_ parts: ArraySlice<String>, in directory: URL, relative: String, depth: Int, maxDepth: Int,
                             into found: inout Set<String>) {
        guard let part = parts.first else { return }
        let rest = parts.dropFirst()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        if part == "**" {
            // Zero directories, then each directory one level down (the `**` kept).
            walk(rest, in: directory, relative: relative, depth: depth, maxDepth: maxDepth, into: &found)
            guard depth < maxDepth else { return }
            for name in entries where !name.hasPrefix(".") {
                let url = directory.appendingPathComponent(name)
                guard kind(of: url) == .directory else { continue }
                walk(parts, in: url, relative: join(relative, name), depth: depth + 1, maxDepth: maxDepth, into: &found)
            }
            return
        }
        for name in entries where matches(Array(name), Array(part)) {
            let url = directory.appendingPathComponent(name)
            let entryKind = kind(of: url)
            if rest.isEmpty {
                if entryKind == .file || entryKind == .linkToFile { found.insert(join(relative, name)) }
            } else if entryKind == .directory || entryKind == .linkToDirectory {
                walk(rest, in: url, relative: join(relative, name), depth: depth, maxDepth: maxDepth, into: &found)
            }
        }
    }

    private enum Kind { case file, directory, linkToFile, linkToDirectory, other }

    private static func kind(of url: URL) -> Kind {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path), let type = attributes[.type] as? FileAttributeType else { return .other }
        switch type {
        case .typeRegular: return .file
        case .typeDirectory: return .directory
        case .typeSymbolicLink:
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .other }
            return isDirectory.boolValue ? .linkToDirectory : .linkToFile
        default: return .other
        }
    }

    private static func join(_ relative: String, _ name: String) -> String {
        relative.isEmpty ? name : relative + "/" + name
    }

    /// `pattern` with each `{a,b}` spelled out: `{x,y}.yaml` is `x.yaml` and `y.yaml`. An
    /// unclosed `{` is a plain character.
    package static func expandingBraces(_ pattern: String) -> [String] {
        let characters = Array(pattern)
        guard let open = characters.firstIndex(of: "{") else { return [pattern] }
        var depth = 0
        var close: Int?
        var commas: [Int] = []
        for index in open..<characters.count {
            switch characters[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { close = index }
            case "," where depth == 1: commas.append(index)
            default: break
            }
            if close != nil { break }
        }
        let head = String(characters[..<open])
        guard let close else { return expandingBraces(String(characters[(open + 1)...])).map { head + "{" + $0 } }
        let tail = String(characters[(close + 1)...])
        let bounds = [open] + commas + [close]
        var result: [String] = []
        for index in 0..<(bounds.count - 1) {
            let option = String(characters[(bounds[index] + 1)..<bounds[index + 1]])
            result += expandingBraces(head + option + tail)
        }
        return result
    }

    /// Whether `name` matches one component's `pattern` (`*`, `?`, `[…]`).
    package static func matches(_ name: [Character], _ pattern: [Character]) -> Bool {
        if name.first == ".", pattern.first != "." { return false }
        return match(name[...], pattern[...])
    }

    private static func match(_ name: ArraySlice<Character>, _ pattern: ArraySlice<Character>) -> Bool {
        // Iterative, with one point to return to after `*`: linear in practice, never exponential.
        var n = name.startIndex, p = pattern.startIndex
        var star: (pattern: Int, name: Int)?
        while n < name.endIndex {
            if p < pattern.endIndex {
                switch pattern[p] {
                case "*":
                    star = (p, n)
                    p += 1
                    continue
                case "?":
                    n += 1; p += 1
                    continue
                case "[":
                    if let (matched, next) = bracket(name[n], pattern, from: p) {
                        if matched { n += 1; p = next; continue }
                    } else if name[n] == "[" {
                        n += 1; p += 1
                        continue
                    }
                default:
                    if pattern[p] == name[n] { n += 1; p += 1; continue }
                }
            }
            guard let last = star else { return false }
            star = (last.pattern, last.name + 1)
            p = last.pattern + 1
            n = last.name + 1
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }

    /// Whether `character` is in the class `[…]` opening at `start`, and the index after it;
    /// `nil` when the bracket is not closed (then it is a plain `[`).
    private static func bracket(_ character: Character, _ pattern: ArraySlice<Character>, from start: Int) -> (Bool, Int)? {
        var index = start + 1
        var negated = false
        if index < pattern.endIndex, pattern[index] == "!" || pattern[index] == "^" { negated = true; index += 1 }
        var found = false
        var first = true
        while index < pattern.endIndex, pattern[index] != "]" || first {
            first = false
            let low = pattern[index]
            if index + 2 < pattern.endIndex, pattern[index + 1] == "-", pattern[index + 2] != "]" {
                if low <= character && character <= pattern[index + 2] { found = true }
                index += 3
            } else {
                if low == character { found = true }
                index += 1
            }
        }
        guard index < pattern.endIndex else { return nil }
        return (found != negated, index + 1)
    }
}
