// swift-tools-version: 6.1
// Fuzz targets live in their own package: `make fuzz-yaml` and `make fuzz-xml` build them with libFuzzer.
import PackageDescription

let package = Package(
    name: "IoCFuzz",
    dependencies: [.package(name: "swift-ioc", path: "../..", traits: [])],  // no traits: no swift-syntax
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "IoCCore", package: "swift-ioc")]),
        .executableTarget(
            name: "FuzzYAML",
            dependencies: [
                "FuzzSupport",
                .product(name: "IoCYAML", package: "swift-ioc"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "FuzzXML",
            dependencies: [
                "FuzzSupport",
                .product(name: "IoCXML", package: "swift-ioc"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
