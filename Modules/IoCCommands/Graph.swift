#if Commands  // the package trait: Package.swift, "traits"
import ArgumentParser
import Foundation
import IoCConfig
import IoCCore

struct GraphCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the dependency graph as Graphviz DOT or Mermaid, or render it with Graphviz.",
        discussion: """
            Nodes show name, type and scope; edges show the injection point. Dashed edges are \
            Lazy or Provider injections, dotted ones optional, bold ones members of a collection; \
            a reference to a missing component is drawn in red, an optional one that is absent in gray. --output FILE.svg (or .png, .pdf) \
            renders with Graphviz's dot; .dot, .gv and .mmd files get the text.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case dot, mermaid }

    @Argument(help: "YAML and XML config files.")
    var files: [String]

    @Option(help: "dot (Graphviz) or mermaid.")
    var format: Format = .dot

    @Option(name: .shortAndLong, help: "Write to this file; .svg, .png and .pdf are rendered with Graphviz's dot.")
    var output: String?

    @OptionGroup var sources: SourceOptions

    static let rendered = ["svg", "png", "pdf"]

    func validate() throws {
        try checkFilesExist(files)
        if let output, Self.rendered.contains(URL(fileURLWithPath: output).pathExtension.lowercased()), format == .mermaid {
            throw ValidationError("Graphviz renders DOT, not Mermaid: use --format dot with --output \(output), or write the Mermaid text to a .mmd file.")
        }
    }

    func execute(_ tool: IoCTool, _ out: inout ToolOutput) -> Int32 {
        let config = ConfigSet(files: files, root: sources.root)
        guard config.problems.isEmpty else {
            out.error("Cannot draw the graph: the files have \(config.problems.count) problem(s):")
            for problem in config.problems { out.error(problem.message) }
            return 1
        }
        let graph = config.builder(options: sources, tool: tool).configGraph()
        let text = format == .dot ? Self.dot(graph) : Self.mermaid(graph)
        for problem in graph.problems { out.error("warning: \(problem)") }
        guard let output else {
            out.write(text)
            return 0
        }
        let url = URL(fileURLWithPath: output)
        let kind = url.pathExtension.lowercased()
        guard Self.rendered.contains(kind) else {
            do { try Data(text.utf8).write(to: url) } catch {
                out.error("Cannot write \(output): \(error.localizedDescription).")
                return 2
            }
            out.write("Wrote \(output).")
            return 0
        }
        guard let dot = tool.searchPath.map({ URL(fileURLWithPath: $0).appendingPathComponent("dot").path })
            .first(where: FileManager.default.isExecutableFile(atPath:)) else {
            out.error("Graphviz's 'dot' is not on the PATH, so \(output) cannot be rendered. Install Graphviz "
                      + "('apt-get install graphviz' on Debian and Ubuntu, 'brew install graphviz' on macOS), "
                      + "or write the DOT text with --output graph.dot and render it elsewhere.")
            return 2
        }
        return Self.render(text, with: dot, as: kind, to: output, &out)
    }

    private static func render(_ text: String, with dot: String, as kind: String, to output: String, _ out: inout ToolOutput) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-T\(kind)", "-o", output]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        do {
            try process.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
        } catch {
            out.error("Cannot run \(dot): \(error.localizedDescription).")
            return 2
        }
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            out.error("\(dot) failed (status \(process.terminationStatus)): \(message)")
            return 2
        }
        out.write("Wrote \(output).")
        return 0
    }

    // MARK: DOT and Mermaid

    /// A node's three lines: its name (or `(inner)`), its type, its scope.
    static func lines(of component: ConfigGraph.Component) -> [String] {
        [component.definition.name ?? (component.owner == nil ? "(unnamed)" : "(inner)"), component.typeName, component.definition.scope.description]
    }

    static func edgeLabel(_ edge: ConfigGraph.Edge) -> String {
        edge.reach == .direct ? edge.point : "\(edge.point) (\(edge.reach.rawValue))"
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func dot(_ graph: ConfigGraph) -> String {
        var lines = ["digraph components {", "    rankdir=LR;", "    node [shape=box, style=rounded, fontname=\"Helvetica\"];",
                     "    edge [fontname=\"Helvetica\", fontsize=10];"]
        for (index, component) in graph.components.enumerated() {
            let label = Self.lines(of: component).map { $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") }
                .joined(separator: "\\n")
            lines.append("    n\(index) [label=\"\(label)\"];")
        }
        for edge in graph.edges {
            var attributes = ["label=\(quoted(edgeLabel(edge)))"]
            switch edge.reach {
            case .lazy, .provider: attributes.append("style=dashed")
            case .optional: attributes.append("style=dotted")
            case .collection: attributes.append("style=bold")
            case .direct: break
            }
            lines.append("    n\(edge.from) -> n\(edge.to) [\(attributes.joined(separator: ", "))];")
        }
        for (number, missing) in graph.dangling.enumerated() {
            if missing.optional {
                lines.append("    missing\(number) [label=\(quoted("absent: " + missing.name)), color=gray, fontcolor=gray, style=dashed];")
                lines.append("    n\(missing.component) -> missing\(number) [label=\(quoted(missing.point + " (optional)")), color=gray, fontcolor=gray, style=dotted];")
            } else {
                lines.append("    missing\(number) [label=\(quoted("missing: " + missing.name)), color=red, fontcolor=red, style=dashed];")
                lines.append("    n\(missing.component) -> missing\(number) [label=\(quoted(missing.point)), color=red, fontcolor=red];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Mermaid's flowchart: labels in quotes, with `#quot;` for a quote and `<br/>` between lines.
    static func mermaid(_ graph: ConfigGraph) -> String {
        func text(_ value: String) -> String {
            value.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "<", with: "#lt;").replacingOccurrences(of: ">", with: "#gt;")
        }
        var lines = ["flowchart LR"]
        for (index, component) in graph.components.enumerated() {
            lines.append("    n\(index)[\"" + Self.lines(of: component).map(text).joined(separator: "<br/>") + "\"]")
        }
        for edge in graph.edges {
            let arrow = switch edge.reach {
            case .lazy, .provider, .optional: "-.->"
            case .collection: "==>"
            case .direct: "-->"
            }
            lines.append("    n\(edge.from) \(arrow)|\"\(text(edgeLabel(edge)))\"| n\(edge.to)")
        }
        for (number, missing) in graph.dangling.enumerated() {
            if missing.optional {
                lines.append("    missing\(number)[\"absent: \(text(missing.name))\"]")
                lines.append("    n\(missing.component) -.->|\"\(text(missing.point)) (optional)\"| missing\(number)")
                lines.append("    style missing\(number) stroke:#888,color:#888,stroke-dasharray:4")
            } else {
                lines.append("    missing\(number)[\"missing: \(text(missing.name))\"]")
                lines.append("    n\(missing.component) -->|\"\(text(missing.point))\"| missing\(number)")
                lines.append("    style missing\(number) stroke:#d00,color:#d00")
            }
        }
        return lines.joined(separator: "\n")
    }
}
#endif
