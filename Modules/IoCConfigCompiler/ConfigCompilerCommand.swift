import Foundation

/// The command line's work, kept here so that tests run it without a process.
package enum ConfigCompilerCommand {
    /// What a target's `ioc-plugin.json` may say.
    struct PluginConfig: Decodable {
        init() {}
        /// Types of other modules the app adds to the catalog by hand.
        var externalTypes: [String]?
        /// Components the app registers in code, which config refers to.
        var provided: [String]?
        /// The name of the generated type (default `GeneratedConfig`).
        var generatedTypeName: String?
        /// Config files compiled apart, each group into a type of its own: type name → the
        /// files' names (or the ends of their paths). The files no group lists are
        /// `generatedTypeName`'s.
        var generatedTypes: [String: [String]]?
        /// The app's builder lets a component hold a shorter-lived one (default `false`).
        var allowsCaptiveDependencies: Bool?
        /// Parameters (`%key%`) the app gives at launch, which no `parameters:` entry defines.
        var launchParameters: [String]?
    }

    /// The groups `configs` are compiled in: each type's name with its files, in the order
    /// of the names; the files no group lists in `defaultName`'s, and what a group lists that
    /// no file is.
    package static func groups(_ configs: [URL], _ listed: [String: [String]], defaultName: String) -> (groups: [(String, [URL])], unmatched: [String]) {
        var left = configs
        var groups: [(String, [URL])] = []
        var unmatched: [String] = []
        for name in listed.keys.sorted() {
            var files: [URL] = []
            for entry in listed[name] ?? [] {
                let matching = left.filter { $0.path == entry || $0.path.hasSuffix("/" + entry) }
                if matching.isEmpty { unmatched.append("\(name): \(entry)") }
                files += matching
                left.removeAll { matching.contains($0) }
            }
            if !files.isEmpty { groups.append((name, files)) }
        }
        if !left.isEmpty { groups.insert((defaultName, left), at: 0) }
        return (groups, unmatched)
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
    package static func run(module: String, output: URL, pluginConfig: URL?, configs: [URL], sources: [URL],
                            dependencies: [(module: String, samePackage: Bool, files: [URL])] = [], dependencyConfigs: [URL] = [],
                            isLibrary: Bool = false) -> Int32 {
        var failures: [String] = []
        func read(_ files: [URL]) -> [(path: String, text: String)] {
            files.compactMap { source in
                do {
                    return (source.path, try String(contentsOf: source, encoding: .utf8))
                } catch {
                    failures.append("\(source.path): error: cannot read this Swift source: \(error.localizedDescription)")
                    return nil
                }
            }
        }
        let texts = read(sources)
        let modules = dependencies.map { SourceIndex.Dependency(module: $0.module, samePackage: $0.samePackage, sources: read($0.files)) }
        var settings = PluginConfig()
        if let pluginConfig {
            do {
                settings = try JSONDecoder().decode(PluginConfig.self, from: Data(contentsOf: pluginConfig))
            } catch {
                failures.append("\(pluginConfig.path): error: cannot read ioc-plugin.json: \(describe(error)). It is a JSON object: "
                                + "{\"externalTypes\": [\"URL\"], \"provided\": [\"output\"], \"generatedTypeName\": \"GeneratedConfig\", "
                                + "\"generatedTypes\": {\"TestConfig\": [\"test.yaml\"]}, \"allowsCaptiveDependencies\": false, \"launchParameters\": [\"db.host\"]}")
            }
        }
        let (groups, unmatched) = groups(configs, settings.generatedTypes ?? [:], defaultName: settings.generatedTypeName ?? "GeneratedConfig")
        for entry in unmatched {
            failures.append("\(pluginConfig?.path ?? "ioc-plugin.json"): error: \"generatedTypes\" lists \(entry), which is not a config file of target \(module)")
        }
        var imports: [String] = []
        var declarations: [String] = []
        var diagnostics: [ConfigDiagnostic] = []
        for (typeName, files) in groups {
            var compiler = ConfigCompiler(configFiles: files, sources: texts, module: module)
            compiler.externalTypes = Set(settings.externalTypes ?? [])
            compiler.dependencies = modules
            compiler.isLibrary = isLibrary
            compiler.dependencyConfigs = dependencyConfigs
            compiler.providedNames = Set(settings.provided ?? [])
            compiler.generatedTypeName = typeName
            compiler.allowsCaptiveDependencies = settings.allowsCaptiveDependencies ?? false
            compiler.launchParameters = Set(settings.launchParameters ?? [])
            let result = compiler.compile()
            imports += result.imports
            declarations.append(result.declaration)
            diagnostics += result.diagnostics
        }
        let code = GeneratedCodeWriter.file(configFiles: configs, imports: imports, declarations: declarations)
        let lines = failures + diagnostics.map(\.description)
        if !lines.isEmpty { FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8)) }
        let existing = try? String(contentsOf: output, encoding: .utf8)
        if existing != code {
            do {
                try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
                try code.write(to: output, atomically: true, encoding: .utf8)
            } catch {
                FileHandle.standardError.write(Data("\(output.path): error: cannot write the generated code: \(error.localizedDescription)\n".utf8))
                return 1
            }
        }
        return diagnostics.contains { $0.severity == .error } || !failures.isEmpty ? 1 : 0
    }
}
