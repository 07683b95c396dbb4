// swift-tools-version: 6.1
// Benchmarks live in their own package so the library's manifest stays lean:
// only `make bench` builds Swinject.
import PackageDescription

let package = Package(
    name: "IoCBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-ioc", path: "../.."),
        .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "IoCBenchmarks",
            dependencies: [
                .product(name: "IoCCore", package: "swift-ioc"),
                .product(name: "IoCYAML", package: "swift-ioc"),
                .product(name: "IoCXML", package: "swift-ioc"),
                .product(name: "IoCAnnotations", package: "swift-ioc"),
                .product(name: "Swinject", package: "Swinject"),
                "RawScan",
            ]
        ),
        // The floors the front ends are measured against: libyaml's and libxml2's own parsers.
        .target(
            name: "RawScan",
            cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])],
            linkerSettings: [.linkedLibrary("yaml"), .linkedLibrary("xml2")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
