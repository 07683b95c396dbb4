import Foundation
import IoCCore

// weather-report [--free] [CITY...]
// Prints forecasts from the fixture file; `--free` swaps the client by overriding one registration.
var arguments = Array(CommandLine.arguments.dropFirst())
let useFree = arguments.contains("--free")
arguments.removeAll { $0 == "--free" }
let cities = arguments.isEmpty ? ["Oslo", "Lisbon"] : arguments

do {
    guard let fixture = WeatherAssembly.bundledFixture else {
        FileHandle.standardError.write(Data("weather-report: the fixture weather.json is missing from the bundle\n".utf8))
        exit(1)
    }
    let builder = try WeatherAssembly.builder(fixture: fixture, output: StandardOutput())
    if useFree {
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).singleton().overriding()
    }
    let container = try builder.build()
    try container.resolve(ReportPrinter.self).printReports(cities: cities)
    try container.shutdown()
} catch {
    FileHandle.standardError.write(Data("weather-report: \(error)\n".utf8))
    exit(1)
}
