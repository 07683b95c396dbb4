import Foundation
import IoCCommands
import IoCCore
import Testing
@testable import WeatherReport

/// A builder for the app with a database file of its own (in the temporary directory).
func testBuilder(output: any ReportOutput, profiles: Set<String> = []) throws -> ContainerBuilder {
    try WeatherAssembly.builder(output: output, profiles: profiles, database: temporaryDatabase())
}

func temporaryDatabase() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("weather-test-\(UUID().uuidString).sqlite").path
}

/// Collects what the printer writes.
final class CapturedOutput: ReportOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func write(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

@Suite("WeatherReport example")
struct WeatherReportTests {
    @Test func report_withBetterClient_printsFiveDaysWithWind() throws {
        let output = CapturedOutput()
        let container = try testBuilder(output: output).build()
        try container.resolve(ReportPrinter.self).printReports(cities: ["Oslo"])
        #expect(output.all == [
            "Oslo — 5-day forecast by BetterWeather",
            "  Mon: -1.8…4.2 °C, cloudy, wind 5.5 m/s, 0.2 mm",
            "  Tue: 0.4…5.9 °C, rain, wind 8.1 m/s, 6.5 mm",
            "  Wed: -3.1…2.7 °C, snow, wind 3.0 m/s, 4.0 mm",
            "  Thu: -4.0…1.5 °C, clear, wind 2.2 m/s, 0.0 mm",
            "  Fri: -2.5…3.3 °C, cloudy, wind 4.1 m/s, 0.0 mm",
        ])
    }

    @Test func freeProfile_switchesToTheFreeClient() throws {
        let output = CapturedOutput()
        try testBuilder(output: output, profiles: ["free"]).build().resolve(ReportPrinter.self).printReports(cities: ["Lisbon"])
        #expect(output.all == [
            "Lisbon — 3-day forecast by FreeWeather",
            "  Mon: 11.0…17.0 °C, sunny",
            "  Tue: 12.0…18.0 °C, sunny",
            "  Wed: 12.0…16.0 °C, showers",
        ])
    }

    @Test func movingThePrimaryLine_switchesToTheFreeClient() throws {
        // The config file with its one line moved, as a user would edit it.
        let config = try #require(WeatherAssembly.bundledConfig)
        let original = try String(contentsOf: config, encoding: .utf8)
        let primary = "    primary: true     # the one line that picks it: move it to freeClient to go back to the free provider\n"
        #expect(original.contains(primary))
        let edited = original.replacingOccurrences(of: primary, with: "")
            .replacingOccurrences(of: "    class: FreeWeatherClient\n", with: "    class: FreeWeatherClient\n    primary: true\n")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weather-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("weather.yaml")
        try edited.write(to: url, atomically: true, encoding: .utf8)
        let output = CapturedOutput()
        let builder = try WeatherAssembly.builder(output: output, database: temporaryDatabase(), config: .file(url))
        try builder.build().resolve(ReportPrinter.self).printReports(cities: ["Oslo"])
        #expect(output.all.first == "Oslo — 3-day forecast by FreeWeather")
    }

    @Test func compiledAndInterpretedWiring_buildTheSameGraph() throws {
        let config = try #require(WeatherAssembly.bundledConfig)
        for profiles: Set<String> in [[], ["free"]] {
            let database = temporaryDatabase()
            let compiled = try WeatherAssembly.builder(output: CapturedOutput(), profiles: profiles, database: database).build()
            let interpreted = try WeatherAssembly.builder(output: CapturedOutput(), profiles: profiles, database: database,
                                                          config: .file(config)).build()
            #expect(compiled.canonicalDescription == interpreted.canonicalDescription)
            #expect(compiled.canonicalDescription.contains("reportService"))
        }
    }

    @Test func reports_areKeptInSQLite_acrossConnections() throws {
        let database = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: database) }
        for _ in 0..<2 {
            let container = try WeatherAssembly.builder(output: CapturedOutput(), profiles: ["free"], database: database).build()
            try container.resolve(ReportPrinter.self).printReports(cities: ["Lisbon", "Oslo"])
            try container.shutdown()
        }
        let reopened = try WeatherAssembly.builder(output: CapturedOutput(), database: database).build()
        let store = try reopened.resolve(ReportStore.self)
        #expect(try store.counts().map { "\($0.city) \($0.lines)" } == ["Lisbon 8", "Oslo 8"])
        #expect(try store.lines(city: "Oslo").first == "Oslo — 3-day forecast by FreeWeather")
        try reopened.shutdown()
    }

    @Test func shutdown_closesTheConnection() throws {
        let container = try testBuilder(output: CapturedOutput()).build()
        let store = try container.resolve(ReportStore.self)
        #expect(try store.counts().isEmpty)
        try container.shutdown()
        #expect(throws: DatabaseError(message: "the connection is closed")) { try store.counts() }
    }

    @Test func unopenableDatabase_failsWithSQLitesReason() throws {
        let builder = try WeatherAssembly.builder(output: CapturedOutput(), database: "/nonexistent-dir/reports.sqlite")
        let container = try builder.build()
        let error = try #require(throws: IoCError.self) { try container.resolve(ReportStore.self) }
        #expect(error.underlying as? DatabaseError == DatabaseError(message: "unable to open database file (/nonexistent-dir/reports.sqlite)"))
    }

    @Test func embeddedIocCommands_validateTheConfigWithTheAppsTypes() throws {
        let config = try #require(WeatherAssembly.bundledConfig)
        let result = WeatherReportCommand.tool.run(["validate", config.path, "--no-environment"])
        #expect(result == IoCTool.Result(status: 0, output: "Valid: 1 file, 10 components, no problems.\n", errors: ""))
        let free = WeatherReportCommand.tool.run(["validate", config.path, "--no-environment", "--profile", "free"])
        #expect(free.output == "Valid: 1 file, 9 components, no problems.\n")
    }

    @Test func unknownCity_isReportedByClient() throws {
        let container = try testBuilder(output: CapturedOutput()).build()
        #expect(throws: WeatherError.unknownCity("Atlantis", provider: "better")) {
            try container.resolve(ReportPrinter.self).printReports(cities: ["Atlantis"])
        }
    }

    @Test func assembly_isValidAndSharesTheClient() throws {
        let container = try testBuilder(output: CapturedOutput()).build()
        let client = try container.resolve((any WeatherClient).self)
        #expect(try container.resolve(ReportService.self).client as AnyObject === client as AnyObject)
    }
}
