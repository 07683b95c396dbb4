import Foundation
import WeatherReport

exit(WeatherReportCommand.run(Array(CommandLine.arguments.dropFirst())))
