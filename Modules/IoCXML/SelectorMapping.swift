/// Maps an Objective-C selector to the Swift signature the catalog knows, after an exact
/// Swift signature is tried:
///
/// | selector | Swift |
/// |---|---|
/// | `initWithQuest:` | `init(quest:)` |
/// | `initWithName:bundle:` | `init(name:bundle:)` |
/// | `URLWithString:` (class method) | `URL(string:)` |
/// | `swordWithSpecification:` | `sword(specification:)` |
/// | `init` | `init()` |
/// | `setName:` | `setName(_:)` |
///
/// The first part splits at `With` followed by an upper-case letter: before it is the base
/// name, after it the first label (its first letter lowered); later parts are labels as written.
public enum SelectorMapping {
    /// The Swift signature for `selector`, or `nil` when it is neither a signature nor a selector.
    ///
    /// ```swift
    /// let signature = SelectorMapping.swiftSignature("initWithQuest:")   // "init(quest:)"
    /// ```
    public static func swiftSignature(_ selector: String) -> String? {
        let text = selector.trimmingCharacters(in: .whitespaces)
        if text.utf8.contains(UInt8(ascii: "(")) { return Signature(text).map(\.description) }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }) else { return nil }
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() } else if parts.count == 1 { return "\(text)()" }
        guard !parts.isEmpty, !parts.contains("") else { return nil }
        var labels: [String] = []
        var base = parts[0]
        if let with = withRange(in: parts[0]) {
            base = String(parts[0][..<with.lowerBound])
            let rest = parts[0][with.upperBound...]
            labels.append(rest.prefix(1).lowercased() + rest.dropFirst())
        } else {
            labels.append("_")
        }
        labels += parts.dropFirst()
        guard !base.isEmpty else { return nil }
        return base + "(" + labels.map { "\($0):" }.joined() + ")"
    }

    /// Whether a selector is an initializer (`init…`) rather than a class method, as
    /// spring-objective-c guessed when `is-class-method` is not given.
    static func looksLikeInitializer(_ selector: String) -> Bool { selector.hasPrefix("init") }

    private static func withRange(in part: String) -> Range<String.Index>? {
        var search = part.startIndex
        while let range = part.range(of: "With", range: search..<part.endIndex) {
            if range.upperBound < part.endIndex, part[range.upperBound].isUppercase, range.lowerBound > part.startIndex { return range }
            search = range.upperBound
        }
        return nil
    }
}

import Foundation
import IoCCore
