import Foundation
import IoCCore

/// A problem the config compiler finds, printed as compilers print theirs
/// (`services.yaml:12:5: error: …`), so that `swift build` and editors show it at the config
/// file's line.
package struct ConfigDiagnostic: Equatable, Sendable, CustomStringConvertible {
    package enum Severity: String, Sendable {
        case error, warning
    }

    package let severity: Severity
    package let message: String
    /// Where in the config (or Swift) file; `nil` for a problem of no one place.
    package let location: ConfigLocation?

    package init(_ severity: Severity, _ message: String, at location: ConfigLocation?) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `path:line:column: error: message`; the column is left out when unknown, the place when
    /// there is none (`error: message`).
    package var description: String {
        guard let location, !location.file.isEmpty else { return "\(severity.rawValue): \(message)" }
        var place = location.file
        if location.line > 0 {
            place += ":\(location.line)"
            if location.column > 0 { place += ":\(location.column)" }
        }
        return "\(place): \(severity.rawValue): \(Self.message(message, withoutRepeating: place))"
    }

    /// `message` without its own ` at path:line:column:` when that is the place the diagnostic
    /// starts with already (`YAML syntax error at app.yaml:3:1: …` is `YAML syntax error: …`).
    static func message(_ message: String, withoutRepeating place: String) -> String {
        guard let range = message.range(of: " at \(place): ") else { return message }
        return message.replacingCharacters(in: range, with: ": ")
    }
}
