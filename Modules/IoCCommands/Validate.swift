#if Commands  // the package trait: Package.swift, "traits"
import ArgumentParser
import Foundation
import IoCConfig
import IoCCore

/// The result of checking config files, as `validate --format json` prints it.
public struct ValidationReport: Sendable, Equatable, Codable {
    /// Whether no problem was found.
    public var valid: Bool
    /// Every file read, imports included, in order.
    public var files: [String]
    /// How many components the files define (in the active profiles).
    public var components: Int
    /// Every problem, in the order found: reading the files first, then the graph.
    public var problems: [Problem]
    /// What was not checked, because it needs the app's types.
    public var notChecked: [String]
    /// What is valid but should change: uses of deprecated components and aliases (kind
    /// `deprecatedUse`). Warnings do not make the files invalid.
    public var warnings: [Problem]
}

/// What only the app's types can settle.
let checksNeedingTypes = [
    "types, initializers, properties and methods named in the files",
    "values converted to the types that receive them",
    "injection by type, and exposure as protocols (a lazy component's proxy among them: a cycle through a lazy component is left to the build)",
    "captive dependencies (a singleton holding a shorter-lived component)",
]

struct ValidateCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check config files (imports followed, merged) and report every problem at once.",
        discussion: """
            Checks syntax, unknown keys and elements, duplicate names, references to missing \
            components, dependency cycles with their path, parents, decorators and placeholders. \
            Exit status: 0 valid, 1 problems found, 2 usage error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "YAML (.yaml, .yml) and XML (.xml) config files.")
    var files: [String]

    @Option(help: "text, or json for editors and CI.")
    var format: Format = .text

    @OptionGroup var sources: SourceOptions

    func validate() throws { try checkFilesExist(files) }

    func execute(_ tool: IoCTool, _ output: inout ToolOutput) -> Int32 {
        let report = Self.check(files: files, sources: sources, tool: tool)
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
            output.write(String(decoding: data, as: UTF8.self))
        case .text:
            output.write(Self.text(of: report))
        }
        return report.valid ? 0 : 1
    }

    /// Reads the files past every problem, then checks the graph: with the tool's catalog by
    /// building it (nothing is created), without one by following names.
    static func check(files: [String], sources: SourceOptions, tool: IoCTool) -> ValidationReport {
        let config = ConfigSet(files: files, root: sources.root)
        let builder = config.builder(options: sources, tool: tool)
        let components: Int
        let found: [IoCError]
        let graph = builder.configGraph()
        if tool.catalog != nil {
            (components, found) = builder.validate()
        } else {
            components = graph.components.count { $0.owner == nil }
            found = graph.problems
        }
        let problems = config.problems + found.map(Problem.init)
        let warnings = graph.deprecatedUses.map { Problem(kind: "deprecatedUse", message: $0.message, location: $0.location) }
        return ValidationReport(valid: problems.isEmpty, files: config.files, components: components, problems: problems,
                                notChecked: tool.catalog == nil ? checksNeedingTypes : [], warnings: warnings)
    }

    static func text(of report: ValidationReport) -> String {
        let files = "\(report.files.count) file\(report.files.count == 1 ? "" : "s")"
        let components = "\(report.components) component\(report.components == 1 ? "" : "s")"
        var lines: [String] = []
        if report.valid {
            lines.append("Valid: \(files), \(components), no problems.")
        } else {
            let count = report.problems.count
            lines.append("Invalid: \(files), \(components), \(count) problem\(count == 1 ? "" : "s"):")
            for (index, problem) in report.problems.enumerated() { lines.append("\(index + 1). \(problem.message)") }
        }
        for warning in report.warnings { lines.append("warning: \(warning.message)") }
        if !report.notChecked.isEmpty {
            lines.append("Not checked without the app's type catalog: " + report.notChecked.joined(separator: "; ") + ".")
            lines.append("Embed these commands in the app with its catalog (IoCTool(catalog:)) to check them too.")
        }
        return lines.joined(separator: "\n")
    }
}
#endif
