#if Commands  // the package trait: Package.swift, "traits"
import ArgumentParser
import Foundation
import IoCConfig
import IoCCore

struct ExplainCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show how one component is built: its definition, and where each injection comes from.",
        discussion: """
            Give the config files, then the component's name or alias: ioc explain app.yaml \
            services.xml reportService. Every component involved is shown with its scope and \
            the file:line of its definition.
            """
    )

    @Argument(help: ArgumentHelp("Config files, then the component's name or alias.", valueName: "file... key"))
    var items: [String]

    @OptionGroup var sources: SourceOptions

    var files: [String] { Array(items.dropLast()) }
    var key: String { items.last ?? "" }

    func validate() throws {
        guard items.count >= 2 else { throw ValidationError("Give at least one config file, then the component's name.") }
        try checkFilesExist(files)
    }

    func execute(_ tool: IoCTool, _ out: inout ToolOutput) -> Int32 {
        let config = ConfigSet(files: files, root: sources.root)
        let graph = config.builder(options: sources, tool: tool).configGraph()
        for problem in config.problems { out.error("warning: \(problem.message)") }
        guard let index = graph.component(named: key) else {
            var message = "No component named '\(key)' in " + files.joined(separator: ", ") + "."
            let suggestions = Suggestions.closest(to: key, in: graph.names)
            if !suggestions.isEmpty { message += " Did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?" }
            out.error(message + " Names defined: " + graph.names.joined(separator: ", ") + ".")
            return 1
        }
        out.write(Self.explain(index, in: graph, written: config.definitions))
        return 0
    }

    static func explain(_ index: Int, in graph: ConfigGraph, written: [Definition]) -> String {
        let component = graph.components[index]
        let definition = component.definition
        var lines = ["\(component.label)", "  defined at \(definition.location)", "  scope: \(definition.scope) — \(definition.scope.meaning)"]
        lines.append("  built by: " + construction(of: definition))
        let original = written.first { $0.location == definition.location && ($0.name == definition.name || $0.decorates != nil) }
        if let parent = original?.parent {
            let place = written.first { $0.name == parent }.map { " at \($0.location)" } ?? ""
            lines.append("  inherits from: \"\(parent)\"\(place)")
        }
        if let original, let decorated = original.decorates {
            var settings = ["reached inside as \"\(original.decoration.innerName ?? (original.name ?? decorated + ".decorator") + ".inner")\""]
            if original.decoration.priority != 0 { settings.append("priority \(original.decoration.priority)") }
            if original.decoration.missing != .error { settings.append("when missing: \(original.decoration.missing.rawValue)") }
            lines.append("  decorates: \"\(decorated)\" (" + settings.joined(separator: ", ") + ")")
        }
        if !definition.aliases.isEmpty { lines.append("  aliases: " + definition.aliases.joined(separator: ", ")) }
        if !definition.exposedAs.isEmpty { lines.append("  injectable as: " + definition.exposedAs.map { $0.typeName ?? "?" }.joined(separator: ", ")) }
        if !definition.tags.isEmpty {
            lines.append("  tags: " + definition.tagEntries.map { entry in
                entry.attributes.isEmpty ? entry.name
                    : entry.name + " {" + entry.attributes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
            }.joined(separator: ", "))
        }
        for call in definition.methodCalls {
            lines.append("  calls: \(call.method)(" + call.arguments.map { argument in
                (argument.label.map { $0 + ": " } ?? "") + argument.source.description
            }.joined(separator: ", ") + ")")
        }
        if let mode = definition.propertyAutowiring {
            lines.append("  autowire: \(mode.rawValue) (settable properties it does not set are autowired)")
        } else if !definition.autowires {
            lines.append("  autowire: off (every initializer parameter must be given)")
        }
        if !definition.profiles.isEmpty { lines.append("  profiles: " + definition.profiles.joined(separator: ", ")) }
        for hook in definition.hooks { lines.append("  \(hook.kind): \(hook.name)") }
        var flags: [String] = []
        if definition.isPrimary { flags.append("primary") }
        if definition.isLazy { flags.append("lazy (a proxy until first use)") }
        if definition.isEager { flags.append("eager (created at build)") }
        if !flags.isEmpty { lines.append("  " + flags.joined(separator: ", ")) }

        lines.append("")
        lines.append("How it is built:")
        var expanded: Set<Int> = []
        lines.append(summary(index, graph))
        tree(index, graph, prefix: "", path: [index], expanded: &expanded, into: &lines)

        let users = graph.dependents(of: index)
        lines.append("")
        if users.isEmpty {
            lines.append("Injected into: nothing in these files (resolved by the app directly, or unused).")
        } else {
            lines.append("Injected into:")
            for edge in users {
                lines.append("  \(graph.components[edge.from].label), \(GraphCommand.edgeLabel(edge)), at \(edge.location)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func summary(_ index: Int, _ graph: ConfigGraph) -> String {
        let component = graph.components[index]
        return "\(component.label), \(component.definition.scope), at \(component.definition.location)"
    }

    /// The injections of `index`, each with its source and what it reaches, to the bottom of
    /// the graph; a component already shown is not expanded again.
    private static func tree(_ index: Int, _ graph: ConfigGraph, prefix: String, path: [Int], expanded: inout Set<Int>, into lines: inout [String]) {
        expanded.insert(index)
        var rows: [(text: String, child: Int?)] = []
        for edge in graph.dependencies(of: index) {
            rows.append(("\(GraphCommand.edgeLabel(edge)) <- \(edge.source): \(summary(edge.to, graph))", edge.to))
        }
        for value in graph.values where value.of == index { rows.append(("\(value.point) <- value \(value.value)", nil)) }
        for missing in graph.dangling where missing.component == index {
            if graph.isLeftOut(missing.name) {
                rows.append(("\(missing.point) <- @\(missing.name): left out for a problem validate reports (in its definition, or in the parent, alias target or decorated component it needs)", nil))
            } else {
                rows.append(missing.optional ? ("\(missing.point) <- @?\(missing.name): absent, so nil (an optional reference)", nil)
                                             : ("\(missing.point) <- @\(missing.name): MISSING, no component has this name", nil))
            }
        }
        for open in graph.unsettled where open.component == index {
            rows.append(("\(open.point) <- \(open.source): no definition in these files matches; settled by the app's types", nil))
        }
        for (number, row) in rows.enumerated() {
            let last = number == rows.count - 1
            guard let child = row.child else {
                lines.append(prefix + (last ? "└─ " : "├─ ") + row.text)
                continue
            }
            let note = path.contains(child) ? " (cycle)" : expanded.contains(child) ? " (shown above)" : ""
            lines.append(prefix + (last ? "└─ " : "├─ ") + row.text + note)
            if note.isEmpty {
                tree(child, graph, prefix: prefix + (last ? "   " : "│  "), path: path + [child], expanded: &expanded, into: &lines)
            }
        }
    }

    private static func construction(of definition: Definition) -> String {
        let construction = definition.construction
        switch construction.kind {
        case .initializer(nil):
            return construction.arguments.isEmpty ? "an initializer of \(definition.typeName ?? "its type") (init() unless the catalog picks another)"
                : "an initializer of \(definition.typeName ?? "its type"), picked by the catalog from "
                    + (construction.arguments.contains { $0.label != nil } ? "the argument labels" : "the arguments")
        case .factoryMethod(let signature):
            return "factory method \(signature) of \(construction.factory.map(\.description) ?? "?")"
        default:
            return construction.kind.description
        }
    }
}
#endif
