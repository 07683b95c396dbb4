/// "Did you mean" candidates: the known names closest to a misspelt one. Front ends use it for
/// their own keys, so that every "did you mean" reads alike.
package enum Suggestions {
    /// How many searches among the names of a build's components (or a file's) one build or
    /// check makes; the problems after them are reported without a "did you mean". Each search
    /// reads every name, so a large file with thousands of broken references cost their product
    /// (8,000 references to missing services took ten minutes).
    package static let searchesPerBuild = 100

    /// Up to three of `candidates` within a small edit distance of `name`, closest first.
    package static func closest(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(name.lowercased())
        let allowed = max(2, target.count / 3)
        var scored: [(distance: Int, name: String)] = []
        for candidate in Set(candidates) where candidate != name {
            let distance = editDistance(target, Array(candidate.lowercased()), limit: allowed)
            if distance <= allowed { scored.append((distance, candidate)) }
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(limit).map(\.name)
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it exceeds `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// The "did you mean" searches left to one build or check: ``Suggestions/searchesPerBuild``,
/// after which a problem is reported without suggestions.
package struct SuggestionSearches {  // docs/PerformanceLedger.md L5
    private var left = Suggestions.searchesPerBuild

    package init() {}

    /// ``Suggestions/closest(to:in:limit:)`` while searches are left, else none; `candidates`
    /// (often every component's name) is made only for a search.
    package mutating func closest(to name: String, in candidates: @autoclosure () -> [String]) -> [String] {
        guard left > 0 else { return [] }
        left -= 1
        return Suggestions.closest(to: name, in: candidates())
    }

    /// ``closest(to:in:)``, each quoted, for a "did you mean" in a message.
    package mutating func quotedClosest(to name: String, in candidates: @autoclosure () -> [String]) -> [String] {
        closest(to: name, in: candidates()).map { "\"\($0)\"" }
    }
}
