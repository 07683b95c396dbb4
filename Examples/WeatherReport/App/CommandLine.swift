import Foundation
import IoCCommands
import IoCCore

/// `weather-report [--profile NAME]... [--config FILE] [CITY...]`: prints forecasts from the
/// fixture file and keeps them in a SQLite file; `--profile free` switches to the free provider;
/// `--config FILE` reads the wiring from a services.yaml at launch instead of the compiled one.
/// `weather-report ioc COMMAND ...` runs the `ioc` tool's commands with the app's types, so that
/// `weather-report ioc validate weather.yaml` checks initializers, properties and values too.
/// Returns the exit status.
///
/// NB: the example is a library with a one-line executable, so that its tests import a library
/// module (a test target importing an executable's module races the build).
public enum WeatherReportCommand {
    public static func run(_ commandLine: [String]) -> Int32 {
        if commandLine.first == "ioc" {
            let result = tool.run(Array(commandLine.dropFirst()))
            FileHandle.standardOutput.write(Data(result.output.utf8))
            FileHandle.standardError.write(Data(result.errors.utf8))
            return result.status
        }
        var profiles: Set<String> = []
        var config = WeatherAssembly.Config.compiled
        var cities: [String] = []
        var arguments = commandLine[...]
        while let argument = arguments.popFirst() {
            if argument == "--profile" {
                guard let profile = arguments.popFirst() else { return fail("--profile needs a name (free)") }
                profiles.insert(profile)
            } else if argument == "--config" {
                guard let path = arguments.popFirst() else { return fail("--config needs a services.yaml file") }
                config = .file(URL(fileURLWithPath: path))
            } else {
                cities.append(argument)
            }
        }
        do {
            let builder = try WeatherAssembly.builder(output: StandardOutput(), profiles: profiles, config: config)
            let container = try builder.build()
            // Typed accessors, written by the plugin: a component's name or type written wrong is a compile error.
            let components = GeneratedConfig.components(of: container)
            try components.printer.printReports(cities: cities.isEmpty ? ["Oslo", "Lisbon"] : cities)
            let store = try components.reportStore
            let kept = try store.counts().map { "\($0.city) \($0.lines)" }.joined(separator: ", ")
            print("Report lines kept in \(store.database.path): \(kept).")
            try container.shutdown()
            return 0
        } catch {
            return fail("\(error)")
        }
    }

    /// The `ioc` commands with the app's catalog, and what the app adds to every builder: the
    /// output component and the paths `weather.yaml` asks for.
    static var tool: IoCTool {
        IoCTool(catalog: GeneratedConfig.catalog()) { builder in
            builder.register(instance: StandardOutput() as any ReportOutput, as: (any ReportOutput).self).named("output")
            builder.propertySources.append(DictionaryPropertySource(name: "app", [
                "weather.fixture": WeatherAssembly.bundledFixture?.path ?? "weather.json",
                "weather.database": WeatherAssembly.defaultDatabase,
            ]))
        }
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("weather-report: \(message)\n".utf8))
        return 1
    }
}
