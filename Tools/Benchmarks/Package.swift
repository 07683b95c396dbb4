// swift-tools-version: 6.1
// Benchmarks live in their own package so the library's manifest stays lean:
// only `make bench` builds Swinject.
import PackageDescription

let package = Package(
    name: "IoCBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-ioc", path: "../.."),
        // The graph's types, the config generators and the profile cases, shared with `make instructions`.
        .package(name: "IoCProfile", path: "../Profile"),
        .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
        // The second peer: a value resolved, a shared instance, the 5-class graph.
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
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
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "BenchCases", package: "IoCProfile"),
                "CompiledYAML", "CompiledXML",
            ]
        ),
        // The compiled-yaml-10k and compiled-xml-10k cases: 10,000 services compiled with the
        // bench by IoCConfigPlugin (their configs written by write-configs.py, run by `make bench`).
        .target(
            name: "CompiledYAML",
            dependencies: [.product(name: "IoCCore", package: "swift-ioc")],
            resources: [.copy("services.yaml")],
            plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")]
        ),
        .target(
            name: "CompiledXML",
            dependencies: [.product(name: "IoCCore", package: "swift-ioc")],
            resources: [.copy("beans.xml")],
            plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
