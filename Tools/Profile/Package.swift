// swift-tools-version: 6.1
// The cases a profiler runs (`ioc-profile CASE`) and the fixtures `make bench` shares with
// them, in a package of their own that links only IoCCore and the two front ends: its release
// build takes minutes, so CI can count their instructions (`make instructions`) where the
// bench's package (Swinject, swift-dependencies, the config plugin) would take most of an hour.
import PackageDescription

let package = Package(
    name: "IoCProfile",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ioc-profile", targets: ["IoCProfile"]),
        .library(name: "BenchCases", targets: ["BenchCases", "RawScan"]),
    ],
    dependencies: [
        // No traits: IoCCore and the front ends need none, and swift-syntax is not built.
        .package(name: "swift-ioc", path: "../..", traits: []),
    ],
    targets: [
        .target(
            name: "BenchCases",
            dependencies: [
                .product(name: "IoCCore", package: "swift-ioc"),
                .product(name: "IoCYAML", package: "swift-ioc"),
                .product(name: "IoCXML", package: "swift-ioc"),
                "RawScan",
            ]
        ),
        .executableTarget(name: "IoCProfile", dependencies: ["BenchCases"]),
        // The floors the front ends are measured against: libyaml's and libxml2's own parsers.
        .target(
            name: "RawScan",
            cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])],
            linkerSettings: [.linkedLibrary("yaml"), .linkedLibrary("xml2")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
