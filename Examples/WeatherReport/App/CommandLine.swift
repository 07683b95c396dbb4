import Foundation
import IoCCore

/// `weather-report [--free] [CITY...]`: prints forecasts from the fixture file; `--free` swaps
/// the client by overriding one registration. Returns the exit status.
///
/// NB: the example is a library with a one-line executable, so that its tests import a library
/// module (a test target importing an executable's module races the build).
public enum WeatherReportCommand {
    public static func run(_ commandLine: [String]) -> Int32 {
        var arguments = commandLine
        let useFree = arguments.contains("--free")
        arguments.removeAll { $0 == "--free" }
        let cities = arguments.isEmpty ? ["Oslo", "Lisbon"] : arguments
        do {
            guard let fixture = WeatherAssembly.bundledFixture else {
                FileHandle.standardError.write(Data("weather-report: the fixture weather.json is missing from the bundle\n".utf8))
                return 1
            }
            let builder = try WeatherAssembly.builder(fixture: fixture, output: StandardOutput())
            if useFree {
                builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).singleton().overriding()
            }
            let container = try builder.build()
            try container.resolve(ReportPrinter.self).printReports(cities: cities)
            try container.shutdown()
            return 0
        } catch {
            FileHandle.standardError.write(Data("weather-report: \(error)\n".utf8))
            return 1
        }
    }
}
