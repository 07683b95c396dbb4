import Foundation
import IoCCore
import IoCYAML

/// The app's wiring: the builder that reads `Config/weather.yaml`. Every class takes its
/// collaborators in its initializer; the YAML file says which ones. The catalog of the types
/// the file names is written at `swift build` by IoCConfigPlugin (`GeneratedConfig`), from
/// these sources.
enum WeatherAssembly {
    /// The builder for the app: `weather.yaml`, the fixture and database paths it asks for, the
    /// output, and the active profiles.
    static func builder(output: any ReportOutput, profiles: Set<String> = [], database: String = defaultDatabase,
                        config: URL? = bundledConfig, fixture: URL? = bundledFixture) throws -> ContainerBuilder {
        guard let config, let fixture else { throw WeatherError.missingResource("Config/weather.yaml or Fixtures/weather.json") }
        let builder = ContainerBuilder()
        builder.catalog = GeneratedConfig.catalog()
        builder.activeProfiles = profiles
        builder.propertySources = [
            EnvironmentPropertySource(),
            DictionaryPropertySource(name: "app", ["weather.fixture": fixture.absoluteString, "weather.database": database]),
        ]
        builder.register(instance: output, as: (any ReportOutput).self).named("output")
        try builder.loadYAML(contentsOf: config)
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
