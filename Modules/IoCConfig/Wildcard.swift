/// Names with `*` wildcards, where `*` stands for any run of characters: Symfony's `exclude:`
/// patterns and Spring's `default-autowire-candidates` (`*Service`).
package enum Wildcard {
    package static func matches(_ name: String, pattern: String) -> Bool {
        matches(Array(name.utf8), Array(pattern.utf8))
    }

    /// Linear in practice: the last star is retried, never all of them.
    private static func matches(_ text: [UInt8], _ pattern: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        var t = 0, p = 0
        var retryText = -1, retryPattern = -1
        while t < text.count {
            if p < pattern.count, pattern[p] == star {
                retryPattern = p
                retryText = t
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if retryPattern >= 0 {
                retryText += 1
                t = retryText
                p = retryPattern + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
