import Foundation
import IoCCore
import IoCTesting
import IoCYAML
import Testing

// README.md "Testing (IoCTesting)" and docs/Testing.md, against the app in AppFixture.swift.

@Test(.overlay(of: App.container) { $0.replace((any WeatherClient).self, with: StubWeatherClient()) })
func reportUsesTheStub() throws {
    // Code under test resolves from App.container as usual; in this test's task the overlay answers.
    let report = try App.container.resolve(ReportService.self)
    #expect(try report.report(city: "Oslo").first == "Oslo — 1-day forecast by Stub")
    #expect(TestContainer.current?.wasCreated(BetterWeatherClient.self) == false)   // never built
}

@Suite("docs/Testing.md")
struct TestingDocSnippets {
    @Test func overlays() throws {
        let test = try App.container.overlay { overlay in
            overlay.replace((any WeatherClient).self, with: StubWeatherClient())   // by type
            overlay.replace("clock", with: FixedClock() as any Clock)              // by name
            overlay.setValue("3", for: "report.days")                              // a ${placeholder}
        }
        let report = try test.resolve(ReportService.self)
        try test.shutdown()                                                        // disposes its own singletons
        #expect(try report.report(city: "Oslo") == ["Oslo — 3-day forecast by Stub"]) // scaffold
    }

    @Test func observation() throws {
        let test = try App.container.overlay { _ in } // scaffold
        _ = try test.resolve(ReportService.self)
        try test.shutdown()
        #expect(test.events.map(\.description) == [#"resolved "reportService" (ReportService)"#, #"created "reportService" (ReportService)"#])
    }

    @Test func configUnderTest() throws {
        let test = try App.container.overlay { overlay in
            try overlay.override { try $0.loadYAML("""
                services:
                  weatherClient: { class: RecordedClient, as: [WeatherClient], arguments: { city: Bergen } }
                """, name: "stubs.yaml") }
            overlay.setProperty("retries", of: "httpClient", to: "0")
        }
        #expect(try test.resolve(ReportService.self).client.name == "Recorded (Bergen)") // scaffold
        #expect(try test.resolve(HTTPClient.self, name: "httpClient").retries == 0) // scaffold
    }
}

// Swift Testing: one overlay per test (per case of a parameterized test; per test of a suite)
@Test(.overlay(of: App.container) { $0.replace((any WeatherClient).self, with: StubWeatherClient()) })
func printsTheStubsForecast() throws {
    let test = try #require(TestContainer.current)      // the installed overlay
    try App.container.resolve(ReportPrinter.self).printReports(cities: ["Oslo"])
    #expect(!test.wasCreated(BetterWeatherClient.self))
}

@Test func inlineOverlay() async throws { // scaffold
// Inline, and in XCTest
try withOverlay(of: App.container, { $0.replace("clock", with: FixedClock() as any Clock) }) { test in
    let clock = try test.resolve((any Clock).self, name: "clock")
    #expect(clock is FixedClock)
}
} // scaffold

@Test func productionConfigIsValid() async throws {
    let builder = ContainerBuilder()
    builder.catalog = App.catalog
    try builder.loadYAML(contentsOf: servicesURL)
    let container = try #require(expectValid(builder))     // one issue listing every problem
    await expectEveryComponentResolves(container)          // resolves each component once
}

@Suite(.overlay(of: App.container) { $0.replace((any WeatherClient).self, with: StubWeatherClient()) })
struct ReportTests {
    @Autowired var printer: ReportPrinter
    @Autowired("weatherClient") var client: any WeatherClient
    init() throws { try autowire(self) }

    @Test func printsTheStub() throws { #expect(client is StubWeatherClient) }
}
