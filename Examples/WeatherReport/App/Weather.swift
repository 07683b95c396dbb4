import Foundation

/// One day of a forecast. The free provider fills only temperatures and a summary.
struct Forecast: Decodable, Sendable, Equatable {
    let day: String
    let high: Double
    let low: Double
    let summary: String
    var wind: Double?
    var precipitation: Double?
}

/// Where the weather comes from: a cloud service in a real app, a fixture file here so the
/// example runs offline.
protocol WeatherClient: Sendable {
    var providerName: String { get }
    func forecast(city: String, days: Int) throws -> [Forecast]
}

enum WeatherError: Error, CustomStringConvertible, Equatable {
    case unknownCity(String, provider: String)
    case missingResource(String)
    var description: String {
        switch self {
        case let .unknownCity(city, provider): return "\(provider) has no forecast for \(city)"
        case let .missingResource(name): return "\(name) is missing from the example's bundle"
        }
    }
}

/// The recorded answers of both providers, read once from `weather.json`.
final class WeatherFixture: Sendable {
    let forecasts: [String: [String: [Forecast]]]

    init(url: URL) throws {
        forecasts = try JSONDecoder().decode([String: [String: [Forecast]]].self, from: Data(contentsOf: url))
    }

    func forecast(provider: String, city: String, days: Int) throws -> [Forecast] {
        guard let recorded = forecasts[provider]?[city] else { throw WeatherError.unknownCity(city, provider: provider) }
        return Array(recorded.prefix(days))
    }
}

/// The free provider the app started with: temperatures and a summary, three days at most.
final class FreeWeatherClient: WeatherClient {
    let fixture: WeatherFixture
    init(fixture: WeatherFixture) { self.fixture = fixture }
    var providerName: String { "FreeWeather" }
    func forecast(city: String, days: Int) throws -> [Forecast] {
        try fixture.forecast(provider: "free", city: city, days: min(days, 3))
    }
}

/// The better provider it moved to: wind and precipitation too, five days.
final class BetterWeatherClient: WeatherClient {
    let fixture: WeatherFixture
    init(fixture: WeatherFixture) { self.fixture = fixture }
    var providerName: String { "BetterWeather" }
    func forecast(city: String, days: Int) throws -> [Forecast] {
        try fixture.forecast(provider: "better", city: city, days: days)
    }
}
