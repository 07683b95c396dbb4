import Foundation
import IoCConfig
import IoCCore

/// One config file as one side reads it: its components (by name, each a record of the
/// settings compared), its aliases, and what was refused.
struct Reading {
    /// Components by name; each a ``Canon/record(_:)`` of fields.
    var components: [String: Canon] = [:]
    /// Aliases by name: their target and settings.
    var aliases: [String: Canon] = [:]
    /// Components the reader left out, with why.
    var refused: [String: String] = [:]
    /// Why the whole file was refused, when it was.
    var fileError: String?
    /// Every problem the reader reported (swift-ioc: the front end's and the merge's).
    var problems: [Problem] = []
    /// For components swift-ioc left out: the problems found in their text.
    var leftOutBecause: [String: [Problem]] = [:]
}

/// A problem swift-ioc reported: its kind (`refused`, `unknownKey`, ...), words and line.
struct Problem: CustomStringConvertible {
    let kind: String
    let message: String
    let line: Int?

    init(kind: String, message: String, line: Int?) {
        self.kind = kind
        self.message = message
        self.line = line
    }

    init(_ error: ConfigError) {
        kind = error.kind.name
        message = error.description
        line = error.location.flatMap { $0 == .unknown ? nil : $0.line }
    }

    var description: String { message }
}

extension Reading {
    /// swift-ioc's reading begun: a front end's definitions merged with their parents as
    /// written (nothing else resolved), and its problems with the merge's.
    static func merging(_ definitions: [Definition], problems: [Problem]) -> (reading: Reading, merged: [Definition]) {
        var reading = Reading()
        reading.problems = problems
        let builder = ContainerBuilder()
        builder.add(contentsOf: definitions)
        let merged = builder.mergedAsWritten()
        reading.problems += merged.problems.map { Problem(kind: $0.kind.name, message: String(describing: $0), line: $0.location?.line) }
        return (reading, merged.definitions)
    }

    /// The name a comparison gives a definition without one: `(unnamed 2) Type`.
    static func unnamed(_ count: Int, _ definition: Definition) -> String {
        "(unnamed \(count)) " + (definition.typeName ?? "?")
    }

    /// Attributes the problems of a file to the components it left out: each left-out
    /// component's text runs from the line that names it (`firstLine`) to the next component's.
    mutating func attribute(leftOut names: [String], firstLine: (String) -> Int?, componentLines: [Int]) {
        var starts = componentLines
        let found = names.compactMap { name in firstLine(name).map { (name, $0) } }
        starts += found.map(\.1)
        starts.sort()
        for (name, line) in found {
            let end = starts.first { $0 > line } ?? Int.max
            leftOutBecause[name] = problems.filter { ($0.line ?? 0) >= line && ($0.line ?? 0) < end }
        }
        for name in names where leftOutBecause[name] == nil { leftOutBecause[name] = [] }
    }
}

/// The side a reading comes from, for messages.
enum Side: String {
    case oracle, swift
}

/// Which engine a file is compared with.
enum Format: String, CaseIterable {
    /// services.yaml, against Symfony's DependencyInjection.
    case yaml
    /// Spring `<beans>`, against Spring's beans.
    case xml

    var engine: String { self == .yaml ? "Symfony" : "Spring" }
}

/// Tallies the documented differences met while making an oracle's reading comparable.
final class Tally {
    private(set) var counts: [KnownDifference: Int] = [:]

    func note(_ difference: KnownDifference) { counts[difference, default: 0] += 1 }

    /// Adds another tally's counts to this one's.
    func add(_ other: Tally) { counts.merge(other.counts, uniquingKeysWith: +) }

    var total: Int { counts.values.reduce(0, +) }
}

extension Canon {
    /// A ConfigValue as both sides write a scalar or a collection of them.
    init(_ value: ConfigValue) {
        switch value.kind {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .list(let items): self = .list(items.map(Canon.init))
        case .map(let entries): self = .sortedMap(entries.map { Entry($0.key, Canon($0.value)) })
        }
    }
}
