import Foundation
import PackagePlugin

/// Compiles a target's config with it: for the services.yaml and bean XML files among the
/// target's resources, runs `ioc-config-compiler` at `swift build`, which checks them against
/// the target's Swift sources and the public types of the modules it depends on (problems
/// reported at the config file's line) and writes `GeneratedConfig.swift`, the catalog of the
/// types they name.
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
        // A library's generated type is public: the app that depends on it calls it.
        if module.kind == .generic { arguments.append("--library") }
        arguments += ["--config"] + configs.map(\.path) + ["--source"] + sources.map(\.path)
        // The modules the target depends on, of this package and of package dependencies, whose
        // public types config may name (a same-package one's `package` types too).
        var dependencySources: [URL] = []
        var dependencyConfigs: [URL] = []
        for dependency in Self.sourceModules(dependedOnBy: target) {
            let files = dependency.sourceFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
            // A feature module's config: the target's config may refer to its components.
            dependencyConfigs += dependency.sourceFiles.filter { $0.type != .source }.flatMap { Self.files(at: $0.url) }.filter(Self.isConfig)
            guard !files.isEmpty else { continue }
            let samePackage = context.package.targets.contains { $0.id == dependency.id }
            arguments += [samePackage ? "--package-dependency" : "--dependency", dependency.moduleName] + files.map(\.path)
            dependencySources += files
        }
        if !dependencyConfigs.isEmpty { arguments += ["--dependency-config"] + dependencyConfigs.map(\.path) }
        return [
            .buildCommand(
                displayName: "Compiling the config of \(module.moduleName) (\(configs.map(\.lastPathComponent).joined(separator: ", ")))",
                executable: try context.tool(named: "ioc-config-compiler").url,
                arguments: arguments,
                // Every resource, not only the config files: a bean file's property files are
                // compiled in, and an imported file is read with the one that imports it.
                inputFiles: resources + sources + dependencySources + dependencyConfigs,
                outputFiles: [output]
            ),
        ]
    }

    /// The source modules `target` depends on, directly or not, each once, dependencies first;
    /// not a macro's (it runs in the compiler, and its own dependencies are swift-syntax's).
    static func sourceModules(dependedOnBy target: Target) -> [SourceModuleTarget] {
        var result: [SourceModuleTarget] = []
        var seen: Set<Target.ID> = []
        func visit(_ dependencies: [TargetDependency]) {
            for dependency in dependencies {
                let targets: [Target]
                switch dependency {
                case .target(let target): targets = [target]
                case .product(let product): targets = product.targets
                @unknown default: targets = []
                }
                for target in targets where seen.insert(target.id).inserted {
                    guard let module = target.sourceModule, module.kind != .macro else { continue }
                    visit(target.dependencies)
                    result.append(module)
                }
            }
        }
        visit(target.dependencies)
        return result
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
