#if Commands  // the package trait: Package.swift, "traits"
import ArgumentParser
import Foundation
import IoCCore

/// The `ioc` commands — `validate`, `graph`, `convert`, `explain` — as a value an executable
/// runs. The `ioc` tool runs it without types; an app embeds it with its own ``TypeCatalog``,
/// so that `validate` also checks types, initializers, properties and value conversions:
///
/// ```swift
/// // Sources/my-app-config/main.swift
/// import IoCCommands
/// IoCTool(catalog: MyApp.catalog()) { builder in
///     builder.converters.register(Money.self) { value in try Money(text: value.scalarText ?? "") }
/// }.main()
/// ```
///
/// Exit status: 0 when the config is valid (or the command did its work), 1 when the config is
/// wrong, 2 for a usage error (unknown option, missing file, Graphviz missing for `--output`).
public struct IoCTool {
    /// The app's types; `nil` for the stand-alone tool, which checks what needs no types.
    public var catalog: TypeCatalog?
    /// Prepares each builder the commands make (converters, custom scopes, property sources).
    public var configure: ((ContainerBuilder) -> Void)?
    /// Where `graph --output` looks for Graphviz's `dot`; by default the `PATH` directories.
    public var searchPath: [String]

    public init(catalog: TypeCatalog? = nil, configure: ((ContainerBuilder) -> Void)? = nil) {
        self.catalog = catalog
        self.configure = configure
        self.searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    /// What a command printed, and its exit status.
    public struct Result: Sendable, Equatable {
        public var status: Int32
        public var output: String
        public var errors: String

        public init(status: Int32, output: String, errors: String) {
            self.status = status
            self.output = output
            self.errors = errors
        }
    }

    /// Runs one command line (without the program's name) and returns what it printed.
    public func run(_ arguments: [String]) -> Result {
        var output = ToolOutput()
        let status: Int32
        do {
            let parsed = try IoCCommand.parseAsRoot(arguments)
            guard let command = parsed as? ToolCommand else {
                output.write(IoCCommand.helpMessage())
                return Result(status: 0, output: output.text, errors: output.errorText)
            }
            status = command.execute(self, &output)
        } catch {
            let code = IoCCommand.exitCode(for: error)
            let message = IoCCommand.fullMessage(for: error)
            if code == .success {
                output.write(message)
                status = 0
            } else {
                output.error(message)
                output.error("Run 'ioc help' or 'ioc <command> --help' for usage.")
                status = 2
            }
        }
        return Result(status: status, output: output.text, errors: output.errorText)
    }

    /// Runs the process's command line, prints, and exits with the command's status.
    public func main() -> Never {
        let result = run(Array(CommandLine.arguments.dropFirst()))
        FileHandle.standardOutput.write(Data(result.output.utf8))
        FileHandle.standardError.write(Data(result.errors.utf8))
        exit(result.status)
    }
}

/// What a command prints: its result, and its problems and notes.
struct ToolOutput {
    private(set) var text = ""
    private(set) var errorText = ""

    mutating func write(_ line: String) { text += line.hasSuffix("\n") ? line : line + "\n" }
    mutating func error(_ line: String) { errorText += line.hasSuffix("\n") ? line : line + "\n" }
}

/// A subcommand: run with the tool's catalog rather than ArgumentParser's `run()`.
protocol ToolCommand: ParsableCommand {
    func execute(_ tool: IoCTool, _ output: inout ToolOutput) -> Int32
}

struct IoCCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ioc",
        abstract: "Check, draw, convert and explain swift-ioc config files (YAML and XML).",
        discussion: """
            Exit status: 0 when the config is valid, 1 when it is wrong, 2 for a usage error.
            Without the app's type catalog, types, initializers and properties are not checked; \
            an app can embed these commands with its catalog (IoCCommands.IoCTool).
            """,
        subcommands: [ValidateCommand.self, GraphCommand.self, ConvertCommand.self, ExplainCommand.self]
    )
}

/// Options every command that reads config shares.
struct SourceOptions: ParsableArguments {
    @Option(name: .customLong("profile"), help: "A profile to activate (repeatable); none means 'default'.")
    var profiles: [String] = []

    @Option(name: .customLong("define"), help: ArgumentHelp("A placeholder value, KEY=VALUE (repeatable).", valueName: "key=value"))
    var defines: [String] = []

    @Flag(name: .customLong("no-environment"), help: "Do not read placeholders from environment variables.")
    var noEnvironment = false

    @Flag(name: .customLong("allow-captive-dependencies"), help: "Let singletons hold shorter-lived components (checked with a catalog).")
    var allowCaptive = false

    @Option(help: "The directory imports may not leave (by default each file's own directory).")
    var root: String?

    @Option(name: .customLong("provided"), help: ArgumentHelp("A component the app registers in code (repeatable): references to it are not missing.",
                                                               valueName: "name"))
    var provided: [String] = []

    func validate() throws {
        for define in defines where !define.contains("=") || define.hasPrefix("=") {
            throw ValidationError("--define takes KEY=VALUE, not '\(define)'.")
        }
    }
}

/// Files named on the command line must exist: a missing one is a usage error, not a config error.
func checkFilesExist(_ files: [String]) throws {
    for file in files where !FileManager.default.isReadableFile(atPath: file) {
        throw ValidationError("Cannot read '\(file)': no such file, or not readable.")
    }
}
#endif
