import Foundation

/// One way swift-ioc's reading of a file differs from its engine's, that no documented
/// difference explains.
struct Disagreement: CustomStringConvertible {
    let file: String
    /// The component (or `alias NAME`, or `file`).
    let component: String
    let field: String
    let oracle: String
    let swift: String
    let format: Format

    var description: String {
        "\(file): \(component): \(field): \(format.engine) reads \(oracle); swift-ioc reads \(swift)"
    }
}

/// The comparison of one file's two readings.
struct Comparison {
    let file: String
    let format: Format
    private(set) var disagreements: [Disagreement] = []
    /// Components both sides hold and whose settings were compared.
    private(set) var compared = 0
    /// Components (or files) that both sides refuse.
    private(set) var bothRefuse = 0

    init(file: String, format: Format, oracle: Reading, swift: Reading, tally: Tally) {
        self.file = file
        self.format = format
        if let error = oracle.fileError {
            // The engine refuses the whole file: swift-ioc must report a problem too.
            if swift.problems.isEmpty {
                disagree("file", "refused", oracle: "it refuses the file: \(error)", swift: "it reads the file without a problem")
            } else {
                bothRefuse += 1
            }
            return
        }
        for name in oracle.components.keys.sorted() {
            guard let expected = oracle.components[name] else { continue }
            guard let found = swift.components[name] else {
                if let problems = swift.leftOutBecause[name] {
                    // Left out for a construct swift-ioc refuses by name, with its reason.
                    if !problems.isEmpty, problems.allSatisfy({ $0.kind == "refused" }) {
                        tally.note(.refusedConstructs)
                        continue
                    }
                    let why = problems.isEmpty ? "no problem found in its text" : problems.map(\.message).joined(separator: " | ")
                    disagree(name, "presence", oracle: "it defines the component", swift: "it leaves it out: \(why)")
                } else {
                    disagree(name, "presence", oracle: "it defines the component", swift: "no component of that name")
                }
                continue
            }
            compared += 1
            compareFields(name, expected, found, tally: tally)
        }
        for name in swift.components.keys.sorted() where oracle.components[name] == nil {
            if let why = oracle.refused[name] {
                disagree(name, "presence", oracle: "it refuses the component: \(why)", swift: "it defines the component")
            } else {
                disagree(name, "presence", oracle: "no component of that name", swift: "it defines the component")
            }
        }
        bothRefuse += Set(oracle.refused.keys).intersection(swift.leftOutBecause.keys).count
        for name in Set(oracle.aliases.keys).union(swift.aliases.keys).sorted() {
            let expected = oracle.aliases[name], found = swift.aliases[name]
            guard expected != found else { continue }
            if let expected, let found {
                compareFields("alias " + name, expected, found, tally: tally)
            } else {
                disagree("alias " + name, "presence", oracle: expected.map { "an alias: \($0)" } ?? "no alias of that name",
                         swift: found.map { "an alias: \($0)" } ?? "no alias of that name")
            }
        }
    }

    private mutating func compareFields(_ name: String, _ expected: Canon, _ found: Canon, tally: Tally) {
        let keys = (expected.entries ?? []).map(\.key) + (found.entries ?? []).map(\.key).filter { expected[$0] == nil }
        for key in keys {
            compare(name, path: [key], expected[key] ?? .null, found[key] ?? .null, tally: tally)
        }
    }

    /// Compares two values part by part, so that a difference deep inside (an inner definition's
    /// setting) is reported, and explained, where it is.
    private mutating func compare(_ name: String, path: [String], _ expected: Canon, _ found: Canon, tally: Tally) {
        guard expected != found else { return }
        if let known = KnownDifference.explaining(format: format, path: path, oracle: expected, swift: found) {
            tally.note(known)
            return
        }
        switch (expected, found) {
        case let (.record(a), .record(b)) where a.map(\.key) == b.map(\.key):
            for (x, y) in zip(a, b) { compare(name, path: path + [x.key], x.value, y.value, tally: tally) }
        case let (.list(a), .list(b)) where a.count == b.count:
            for (index, (x, y)) in zip(a, b).enumerated() { compare(name, path: path + [String(index)], x, y, tally: tally) }
        default:
            disagree(name, path.joined(separator: "."), oracle: expected.description, swift: found.description)
        }
    }

    private mutating func disagree(_ component: String, _ field: String, oracle: String, swift: String) {
        disagreements.append(Disagreement(file: file, component: component, field: field, oracle: oracle, swift: swift, format: format))
    }
}
