import Foundation
import PackagePlugin

/// Compiles a target's config with it: for the services.yaml and bean XML files among the
/// target's resources, runs `ioc-config-compiler` at `swift build`, which checks them against
/// the target's Swift sources (problems reported at the config file's line) and writes
/// `GeneratedConfig.swift`, the catalog of the types they name.
///
/// ```swift
/// .executableTarget(name: "App", dependencies: [.product(name: "IoCYAML", package: "swift-ioc")],
///                   resources: [.copy("services.yaml")],
///                   plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")])
/// ```
@main
struct IoCConfigPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        var sources: [URL] = []
        var configs: [URL] = []
        var resources: [URL] = []
        var pluginConfig: URL?
        for file in module.sourceFiles {
            switch file.type {
            case .source where file.url.pathExtension == "swift":
                sources.append(file.url)
            default:
                for url in Self.files(at: file.url) {
                    resources.append(url)
                    if url.lastPathComponent == "ioc-plugin.json" {
                        pluginConfig = url
                    } else if Self.isConfig(url) {
                        configs.append(url)
                    }
                }
            }
        }
        guard !configs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedConfig.swift")
        var arguments = ["--module", module.moduleName, "--output", output.path]
        if let pluginConfig { arguments += ["--plugin-config", pluginConfig.path] }
        arguments += ["--config"] + configs.map(\.path) + ["--source"] + sources.map(\.path)
        return [
            .buildCommand(
                displayName: "Compiling the config of \(module.moduleName) (\(configs.map(\.lastPathComponent).joined(separator: ", ")))",
                executable: try context.tool(named: "ioc-config-compiler").url,
                arguments: arguments,
                // Every resource, not only the config files: a bean file's property files are
                // compiled in, and an imported file is read with the one that imports it.
                inputFiles: resources + sources,
                outputFiles: [output]
            ),
        ]
    }

    /// The file, or the files under a folder a target copies as one resource.
    static func files(at url: URL) -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { return [url] }
        let found = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects.compactMap { $0 as? URL } ?? []
        return found.sorted { $0.path < $1.path }
    }

    /// A services.yaml (a YAML file with a top-level `services:` or `imports:` key) or a bean
    /// XML file (root element `beans`, or the seed's `assembly`); other YAML and XML resources
    /// are left alone.
    static func isConfig(_ url: URL) -> Bool {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
        switch url.pathExtension.lowercased() {
        case "yaml", "yml":
            return text.split(separator: "\n").contains { $0.hasPrefix("services:") || $0.hasPrefix("imports:") }
        case "xml":
            return text.contains("<beans") || text.contains("<assembly")
        default:
            return false
        }
    }
}
