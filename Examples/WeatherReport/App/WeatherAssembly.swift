import Foundation
import IoCCore
import IoCYAML

/// The app's wiring: the types config may name (the catalog), and the builder that reads
/// `Config/weather.yaml`. Every class takes its collaborators in its initializer; the YAML file
/// says which ones.
enum WeatherAssembly {
    /// Every type `weather.yaml` names, with the initializers, methods and protocols it may use.
    static func catalog() -> TypeCatalog {
        let catalog = TypeCatalog()
        catalog.add(protocol: (any WeatherClient).self, names: "WeatherClient")
        catalog.add(WeatherFixture.self) { fixture in
            fixture.initializer("init(path:)") { (path: String) in try WeatherFixture(url: URL(fileURLWithPath: path)) }
        }
        catalog.add(FreeWeatherClient.self) { client in
            client.initializer("init(fixture:)") { (fixture: WeatherFixture) in FreeWeatherClient(fixture: fixture) }
            client.conforms(to: (any WeatherClient).self) { $0 }
        }
        catalog.add(BetterWeatherClient.self) { client in
            client.initializer("init(fixture:)") { (fixture: WeatherFixture) in BetterWeatherClient(fixture: fixture) }
            client.conforms(to: (any WeatherClient).self) { $0 }
        }
        catalog.add(ReportSettings.self) { settings in
            settings.initializer("init(days:)") { (days: Int) in ReportSettings(days: days) }
        }
        catalog.add(ReportService.self) { service in
            service.initializer("init(client:settings:)") { (client: any WeatherClient, settings: ReportSettings) in
                ReportService(client: client, settings: settings)
            }
        }
        catalog.add(DatabaseFactory.self) { factory in
            factory.initializer("init(path:)") { (path: String) in DatabaseFactory(path: path) }
            factory.factoryMethod("open()") { (factory: DatabaseFactory) in try factory.open() }
        }
        catalog.add(SQLiteDatabase.self) { database in
            database.method("close()") { $0.close() }
        }
        catalog.add(ReportStore.self) { store in
            store.initializer("init(database:)") { (database: SQLiteDatabase) in ReportStore(database: database) }
        }
        catalog.add(ReportPrinter.self) { printer in
            printer.initializer("init(service:output:store:)") { (service: ReportService, output: any ReportOutput, store: ReportStore) in
                ReportPrinter(service: service, output: output, store: store)
            }
        }
        return catalog
    }

    /// The builder for the app: `weather.yaml`, the fixture and database paths it asks for, the
    /// output, and the active profiles.
    static func builder(output: any ReportOutput, profiles: Set<String> = [], database: String = defaultDatabase,
                        config: URL? = bundledConfig, fixture: URL? = bundledFixture) throws -> ContainerBuilder {
        guard let config, let fixture else { throw WeatherError.missingResource("Config/weather.yaml or Fixtures/weather.json") }
        let builder = ContainerBuilder()
        builder.catalog = catalog()
        builder.activeProfiles = profiles
        builder.propertySources = [
            EnvironmentPropertySource(),
            DictionaryPropertySource(name: "app", ["weather.fixture": fixture.path, "weather.database": database]),
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
