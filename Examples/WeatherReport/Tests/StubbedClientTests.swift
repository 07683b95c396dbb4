import Foundation
import IoCCore
import IoCTesting
import Testing
@testable import WeatherReport

/// A client that answers without the fixture file: what a unit test wants instead of the network.
struct StubWeatherClient: WeatherClient {
    var providerName: String { "Stub" }
    func forecast(city: String, days: Int) throws -> [Forecast] {
        [Forecast(day: "Mon", high: 20, low: 10, summary: "stubbed", wind: 1, precipitation: nil)]
    }
}

/// The app's production container, as `weather-report` builds it (printing to standard output).
enum App {
    static let container: Container = {
        do {
            return try WeatherAssembly.builder(output: StandardOutput(), database: temporaryDatabase()).build()
        } catch {
            preconditionFailure("the example's assembly must build: \(error)")
        }
    }()
}

@Suite("WeatherReport with IoCTesting")
struct StubbedClientTests {
    @Test func report_withTheClientStubbed_printsTheStubsForecast() throws {
        let output = CapturedOutput()
        try withOverlay(of: App.container, { overlay in
            overlay.replace((any WeatherClient).self, with: StubWeatherClient())
            overlay.replace((any ReportOutput).self, with: output)
        }) { test in
            try test.resolve(ReportPrinter.self).printReports(cities: ["Oslo", "Atlantis"])
            #expect(!test.wasCreated(BetterWeatherClient.self), "the real client was never built")
        }
        #expect(output.all == [
            "Oslo — 1-day forecast by Stub",
            "  Mon: 10.0…20.0 °C, stubbed, wind 1.0 m/s",
            "Atlantis — 1-day forecast by Stub",
            "  Mon: 10.0…20.0 °C, stubbed, wind 1.0 m/s",
        ])
    }

    @Test func productionAssembly_isValid_andEveryComponentResolves() async throws {
        let container = try #require(expectValid(try testBuilder(output: CapturedOutput())))
        #expect(await expectEveryComponentResolves(container) == 0)
    }
}

/// The same, with the overlay installed by a trait and the printer autowired into the suite.
@Suite(.overlay(of: App.container) { overlay in
    overlay.replace((any WeatherClient).self, with: StubWeatherClient())
    overlay.replace((any ReportOutput).self, with: CapturedOutput())
})
struct AutowiredReportTests {
    @Autowired var printer: ReportPrinter
    @Autowired var output: any ReportOutput

    init() throws { try autowire(self) }

    @Test func printer_writesToThisTestsOutput() throws {
        try printer.printReports(cities: ["Lisbon"])
        let captured = try #require(output as? CapturedOutput)
        #expect(captured.all == ["Lisbon — 1-day forecast by Stub", "  Mon: 10.0…20.0 °C, stubbed, wind 1.0 m/s"])
    }

    @Test func eachTest_getsAFreshOutput() throws {
        let captured = try #require(output as? CapturedOutput)
        #expect(captured.all.isEmpty)
        try printer.printReports(cities: ["Oslo"])
        #expect(captured.all.count == 2)
    }
}
