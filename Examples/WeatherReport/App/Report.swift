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

/// Prints reports for a list of cities and keeps them; the app's one entry point into the container.
final class ReportPrinter: Sendable {
    let service: ReportService
    let output: any ReportOutput
    let store: ReportStore?

    init(service: ReportService, output: any ReportOutput, store: ReportStore? = nil) {
        self.service = service
        self.output = output
        self.store = store
    }

    func printReports(cities: [String]) throws {
        for city in cities {
            let lines = try service.report(city: city)
            for line in lines { output.write(line) }
            try store?.save(city: city, provider: service.client.providerName, lines: lines)
        }
    }
}
