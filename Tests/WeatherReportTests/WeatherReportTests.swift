import Foundation
import IoCCore
import Testing
@testable import WeatherReport

/// Collects what the printer writes.
final class CapturedOutput: ReportOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func write(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

@Suite("WeatherReport example")
struct WeatherReportTests {
    private func fixture() throws -> URL { try #require(WeatherAssembly.bundledFixture) }

    @Test func report_withBetterClient_printsFiveDaysWithWind() throws {
        let output = CapturedOutput()
        let container = try WeatherAssembly.builder(fixture: fixture(), output: output).build()
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

    @Test func swappingOneRegistration_switchesToFreeClient() throws {
        let output = CapturedOutput()
        let builder = try WeatherAssembly.builder(fixture: fixture(), output: output)
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).singleton().overriding()
        try builder.build().resolve(ReportPrinter.self).printReports(cities: ["Lisbon"])
        #expect(output.all == [
            "Lisbon — 3-day forecast by FreeWeather",
            "  Mon: 11.0…17.0 °C, sunny",
            "  Tue: 12.0…18.0 °C, sunny",
            "  Wed: 12.0…16.0 °C, showers",
        ])
    }

    @Test func unknownCity_isReportedByClient() throws {
        let container = try WeatherAssembly.builder(fixture: fixture(), output: CapturedOutput()).build()
        #expect(throws: WeatherError.unknownCity("Atlantis", provider: "better")) {
            try container.resolve(ReportPrinter.self).printReports(cities: ["Atlantis"])
        }
    }

    @Test func assembly_isValidAndSharesTheClient() throws {
        let container = try WeatherAssembly.builder(fixture: fixture(), output: CapturedOutput()).build()
        let client = try container.resolve((any WeatherClient).self)
        #expect(try container.resolve(ReportService.self).client as AnyObject === client as AnyObject)
    }
}
