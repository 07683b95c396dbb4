import Foundation
import IoCCore
import IoCYAML

/// The app's wiring: `Config/weather.yaml`, compiled with the app by IoCConfigPlugin. At
/// `swift build` the plugin checks the file against these sources and writes `GeneratedConfig`:
/// the catalog of the types the file names, and `register(in:)`, its components as code
/// registrations. Every class takes its collaborators in its initializer; the file says which.
enum WeatherAssembly {
    /// How the app reads its wiring.
    enum Config {
        /// Compiled with the app (`GeneratedConfig.register(in:)`): nothing is read at launch.
        case compiled
        /// Read at launch from a services.yaml (`loadYAML`, against the generated catalog):
        /// for a file changed without a rebuild.
        case file(URL)
    }

    /// The builder for the app: its wiring, the fixture and database paths it asks for, the
    /// output, and the active profiles.
    static func builder(output: any ReportOutput, profiles: Set<String> = [], database: String = defaultDatabase,
                        config: Config = .compiled, fixture: URL? = bundledFixture) throws -> ContainerBuilder {
        guard let fixture else { throw WeatherError.missingResource("Fixtures/weather.json") }
        let builder = ContainerBuilder()
        builder.catalog = GeneratedConfig.catalog()
        builder.activeProfiles = profiles
        builder.propertySources = [
            EnvironmentPropertySource(),
            DictionaryPropertySource(name: "app", ["weather.fixture": fixture.absoluteString, "weather.database": database]),
        ]
        builder.register(instance: output, as: (any ReportOutput).self).named("output")
        switch config {
        case .compiled: GeneratedConfig.register(in: builder)
        case .file(let url): try builder.loadYAML(contentsOf: url)
        }
        return builder
    }

    /// Where reports are kept unless `REPORT_DB` says otherwise.
    static var defaultDatabase: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("weather-reports.sqlite").path
    }

    /// The config and the fixture that ship with the example.
    static var bundledConfig: URL? { Bundle.module.url(forResource: "weather", withExtension: "yaml", subdirectory: "Config") }
    static var bundledFixture: URL? { Bundle.module.url(forResource: "weather", withExtension: "json", subdirectory: "Fixtures") }
}
