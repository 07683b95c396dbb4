#if Commands  // the package trait: Package.swift, "traits"
import ArgumentParser
import Foundation
import IoCConfig
import IoCCore
import IoCXML
import IoCYAML

struct ConvertCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Translate a config file between YAML (services.yaml) and XML (Spring <beans>).",
        discussion: """
            Imports are read and written inline. The seed dialects (<assembly>, <container>) are \
            read too and written as Spring <beans>. What the target format cannot express (tags \
            or method calls in XML, YAML parameters in XML) is an error naming the component and \
            where it was written; nothing is written then.
            """
    )

    @Argument(help: "A YAML or XML config file.")
    var file: String

    @Option(help: "yaml or xml.")
    var to: ConfigSet.Format

    @Option(name: .shortAndLong, help: "Write to this file instead of printing.")
    var output: String?

    @Option(help: "The directory imports may not leave (by default the file's own directory).")
    var root: String?

    func validate() throws { try checkFilesExist([file]) }

    func execute(_ tool: IoCTool, _ out: inout ToolOutput) -> Int32 {
        let config = ConfigSet(files: [file], root: root)
        guard config.problems.isEmpty else {
            out.error("Cannot convert \(file): it has \(config.problems.count) problem(s):")
            for problem in config.problems { out.error(problem.message) }
            return 1
        }
        let text: String
        do throws(ConfigWriteError) {
            text = try Self.convert(config, to: to)
        } catch {
            out.error(error.description)
            return 1
        }
        guard let output else {
            out.write(text)
            return 0
        }
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: output)) } catch {
            out.error("Cannot write \(output): \(error.localizedDescription).")
            return 2
        }
        out.write("Wrote \(output).")
        return 0
    }

    static func convert(_ config: ConfigSet, to format: ConfigSet.Format) throws(ConfigWriteError) -> String {
        switch format {
        case .yaml:
            return try YAMLWriter.string(from: config.definitions, parameters: config.parameters)
        case .xml:
            if let first = config.parameters.first {
                throw ConfigWriteError(component: "the parameters section", location: first.value.location, format: "Spring XML",
                                       feature: "\(config.parameters.count) parameter(s)",
                                       advice: "Move them to a .properties file and give it to the builder as a PropertiesFileSource.")
            }
            return try XMLWriter.string(from: config.definitions)
        }
    }
}

extension ConfigSet.Format: ExpressibleByArgument {}
#endif
