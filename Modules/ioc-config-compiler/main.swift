import Foundation
#if SwiftSyntax
import IoCConfigCompiler
#endif

// The tool `IoCConfigPlugin` runs for a target at `swift build`:
//   ioc-config-compiler --module NAME --output FILE [--plugin-config ioc-plugin.json]
//                       --config FILE... --source FILE...
//                       [--dependency MODULE FILE... | --package-dependency MODULE FILE...]... [--library]
//                       [--dependency-config FILE...]
// A dependency's files are the Swift sources of a module the target depends on (a package
// dependency of the same package sees its `package` declarations). `--library`: the target is a
// library, whose generated type is public. `--dependency-config`: the config files of the modules
// the target depends on, whose components the target's config may refer to.
// It prints each problem as `file:line:column: error: …` and exits 1 when there is an error.

#if SwiftSyntax
var module = ""
var output: String?
var pluginConfig: String?
var configs: [URL] = []
var sourcePaths: [String] = []
var dependencies: [(module: String, samePackage: Bool, files: [URL])] = []
var dependencyConfigs: [URL] = []
var list: String?
var isLibrary = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--module": module = arguments.popFirst() ?? ""
    case "--output": output = arguments.popFirst()
    case "--plugin-config": pluginConfig = arguments.popFirst()
    case "--config", "--source", "--dependency-config": list = argument
    case "--library": isLibrary = true
    case "--dependency", "--package-dependency":
        dependencies.append((arguments.popFirst() ?? "", argument == "--package-dependency", []))
        list = "--dependency"
    default:
        if list == "--config" {
            configs.append(URL(fileURLWithPath: argument))
        } else if list == "--source" {
            sourcePaths.append(argument)
        } else if list == "--dependency-config" {
            dependencyConfigs.append(URL(fileURLWithPath: argument))
        } else if list == "--dependency", !dependencies.isEmpty {
            dependencies[dependencies.count - 1].files.append(URL(fileURLWithPath: argument))
        } else {
            FileHandle.standardError.write(Data("error: ioc-config-compiler: unexpected argument '\(argument)'\n".utf8))
            exit(2)
        }
    }
}
guard let output else {
    FileHandle.standardError.write(Data("error: ioc-config-compiler: --output FILE is required\n".utf8))
    exit(2)
}
exit(ConfigCompilerCommand.run(module: module, output: URL(fileURLWithPath: output), pluginConfig: pluginConfig.map(URL.init(fileURLWithPath:)),
                               configs: configs, sources: sourcePaths.map(URL.init(fileURLWithPath:)), dependencies: dependencies,
                               dependencyConfigs: dependencyConfigs, isLibrary: isLibrary))
#else
// Built without the package trait that brings swift-syntax: the plugin's build fails with the fix.
FileHandle.standardError.write(Data("""
    error: IoCConfigPlugin needs swift-ioc's package trait "SwiftSyntax", which is off: \
    give traits: [.defaults] (or list "SwiftSyntax") on swift-ioc's .package line.\n
    """.utf8))
exit(1)
#endif
