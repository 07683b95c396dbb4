// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "swift-ioc",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "IoCCore", targets: ["IoCCore"]),
        .executable(name: "weather-report", targets: ["WeatherReport"]),
    ],
    targets: [
        .target(name: "IoCCore", path: "Modules/IoCCore"),
        .testTarget(name: "IoCCoreTests", dependencies: ["IoCCore"], path: "Tests/IoCCoreTests"),
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["IoCCore"],
            path: "Tests/Conformance",
            resources: [.copy("Expected")]
        ),

        .executableTarget(
            name: "WeatherReport",
            dependencies: ["IoCCore"],
            path: "Examples/WeatherReport",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "WeatherReportTests", dependencies: ["WeatherReport", "IoCCore"], path: "Tests/WeatherReportTests"),

    ],
    swiftLanguageModes: [.v6]
)
