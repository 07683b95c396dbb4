import Foundation

/// How many days a report covers.
struct ReportSettings: Sendable {
    var days: Int
}

/// Turns forecasts into report lines. It knows `any WeatherClient`, never which one.
final class ReportService: Sendable {
    let client: any WeatherClient
    let settings: ReportSettings

    init(client: any WeatherClient, settings: ReportSettings) {
        self.client = client
        self.settings = settings
    }

    func report(city: String) throws -> [String] {
        let days = try client.forecast(city: city, days: settings.days)
        var lines = ["\(city) — \(days.count)-day forecast by \(client.providerName)"]
        for day in days {
            var line = "  \(day.day): \(format(day.low))…\(format(day.high)) °C, \(day.summary)"
            if let wind = day.wind { line += ", wind \(format(wind)) m/s" }
            if let rain = day.precipitation { line += ", \(format(rain)) mm" }
            lines.append(line)
        }
        return lines
    }

    private func format(_ value: Double) -> String { String(format: "%.1f", value) }
}

/// Where report lines go.
protocol ReportOutput: Sendable {
    func write(_ line: String)
}

struct StandardOutput: ReportOutput {
    func write(_ line: String) { print(line) }
}

/// Prints reports for a list of cities; the app's one entry point into the container.
final class ReportPrinter: Sendable {
    let service: ReportService
    let output: any ReportOutput

    init(service: ReportService, output: any ReportOutput) {
        self.service = service
        self.output = output
    }

    func printReports(cities: [String]) throws {
        for city in cities {
            for line in try service.report(city: city) { output.write(line) }
        }
    }
}
