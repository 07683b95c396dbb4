/// A Swift member signature as text: `init(quest:)`, `URL(string:)`, `configure(_:level:)`,
/// or a bare name (`configure`) that matches any member of that name. A static factory of
/// another type is named with it: `Factory.create(host:)`.
public struct Signature: Hashable, Sendable, CustomStringConvertible {
    /// The base name: `init`, `URL`, `configure`.
    public let baseName: String
    /// The argument labels, `nil` for `_`; `nil` as a whole for a bare name.
    public let labels: [String?]?

    /// Parses `name(label:_:other:)` or `name`; `nil` when the text is not of that form.
    ///
    /// ```swift
    /// let signature = Signature("init(quest:)")   // base name "init", labels ["quest"]
    /// ```
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let open = trimmed.firstIndex(of: "(") else {
            let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else { return nil }
            baseName = trimmed
            labels = nil
            return
        }
        guard trimmed.hasSuffix(")") else { return nil }
        let base = String(trimmed[..<open])
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        guard !base.isEmpty else { return nil }
        var parsed: [String?] = []
        if !inner.isEmpty {
            guard inner.hasSuffix(":") else { return nil }
            for part in inner.dropLast().split(separator: ":", omittingEmptySubsequences: false) {
                let label = part.trimmingCharacters(in: .whitespaces)
                guard !label.isEmpty else { return nil }
                parsed.append(label == "_" ? nil : label)
            }
        }
        baseName = base
        labels = parsed
    }

    init(baseName: String, labels: [String?]) {
        self.baseName = baseName
        self.labels = labels
    }

    public var description: String {
        guard let labels else { return baseName }
        return baseName + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    /// Whether this (possibly bare) signature names `other`.
    package func matches(_ other: Signature) -> Bool {
        baseName == other.baseName && (labels == nil || labels == other.labels)
    }
}

import Foundation
