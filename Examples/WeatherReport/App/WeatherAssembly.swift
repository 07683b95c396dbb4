import Foundation
import IoCCore

/// The app's wiring, in code. Every class above takes its collaborators in its initializer;
/// this is the one place that says which ones.
enum WeatherAssembly {
    static func builder(fixture: URL, output: any ReportOutput, days: Int = 5) throws -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.register(instance: try WeatherFixture(url: fixture))
        builder.register(instance: ReportSettings(days: days))
        builder.register(instance: output, as: (any ReportOutput).self)
        // The one line that picks the provider: FreeWeatherClient.init here goes back to the free one.
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).singleton()
        builder.register(ReportService.init).singleton()
        builder.register(ReportPrinter.init)
        return builder
    }

    /// The fixture that ships with the example.
    static var bundledFixture: URL? {
        Bundle.module.url(forResource: "weather", withExtension: "json", subdirectory: "Fixtures")
    }
}
