// swift-tools-version: 6.1
// IoCConfiguration over swift-configuration's YAML files, as an app that enables the `YAML`
// trait uses it: a package of its own, because the trait builds Yams, whose own copy of libyaml
// would stand in for the system's that IoCYAML links in swift-ioc's test binary
// (docs/ServerApps.md, "Configuration sources"). `make test-config-yaml` runs it (in CI).
import PackageDescription

let package = Package(
    name: "ConfigurationYAMLFixture",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The one trait it uses: no macros or plugin, so no swift-syntax.
        .package(name: "swift-ioc", path: "../..", traits: ["Configuration"]),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: [.defaults, "YAML"]),
        // NB: named here too: without it, SwiftPM 6.3.1 fails to resolve ("'yams' unresolved"),
        // swift-ioc's own dependency on swift-configuration leaving the trait off.
        .package(url: "https://github.com/jpsim/Yams", "5.4.0"..<"7.0.0"),
    ],
    targets: [
        .testTarget(
            name: "ConfigurationYAMLTests",
            dependencies: [
                .product(name: "IoCConfiguration", package: "swift-ioc"),
                .product(name: "IoCCore", package: "swift-ioc"),
                .product(name: "Configuration", package: "swift-configuration"),
            ],
            resources: [.copy("app.yaml")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
