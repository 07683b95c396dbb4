import Foundation

/// The command line's work, kept here so that tests run it without a process.
package enum ConfigCompilerCommand {
    /// What a target's `ioc-plugin.json` may say.
    struct PluginConfig: Decodable {
        /// Types of other modules the app adds to the catalog by hand.
        var externalTypes: [String]?
        /// Components the app registers in code, which config refers to.
        var provided: [String]?
        /// The name of the generated type (default `GeneratedConfig`).
        var generatedTypeName: String?
    }

    /// What is wrong with ioc-plugin.json, in a sentence.
    package static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted: return "it is not valid JSON"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        default: return error.localizedDescription
        }
    }

    /// Compiles `configs` against `sources`, writes `output` (only when its text changes, so
    /// that an unchanged target does not recompile), prints every problem; the exit status.
    package static func run(module: String, output: URL, pluginConfig: URL?, configs: [URL], sources: [URL]) -> Int32 {
        var compiler = ConfigCompiler(configFiles: configs, sources: [], module: module)
        var failures: [String] = []
        for source in sources {
            do {
                compiler.sources.append((source.path, try String(contentsOf: source, encoding: .utf8)))
            } catch {
                failures.append("\(source.path): error: cannot read this Swift source: \(error.localizedDescription)")
            }
        }
        if let pluginConfig {
            do {
                let settings = try JSONDecoder().decode(PluginConfig.self, from: Data(contentsOf: pluginConfig))
                compiler.externalTypes = Set(settings.externalTypes ?? [])
                compiler.providedNames = Set(settings.provided ?? [])
                if let name = settings.generatedTypeName { compiler.generatedTypeName = name }
            } catch {
                failures.append("\(pluginConfig.path): error: cannot read ioc-plugin.json: \(describe(error)). It is a JSON object: {\"externalTypes\": [\"URL\"], \"provided\": [\"output\"], \"generatedTypeName\": \"GeneratedConfig\"}")
            }
        }
        let result = compiler.compile()
        let lines = failures + result.diagnostics.map(\.description)
        if !lines.isEmpty { FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8)) }
        let existing = try? String(contentsOf: output, encoding: .utf8)
        if existing != result.code {
            do {
                try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
                try result.code.write(to: output, atomically: true, encoding: .utf8)
            } catch {
                FileHandle.standardError.write(Data("\(output.path): error: cannot write the generated code: \(error.localizedDescription)\n".utf8))
                return 1
            }
        }
        return result.hasErrors || !failures.isEmpty ? 1 : 0
    }
}
