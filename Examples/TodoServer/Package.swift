// swift-tools-version: 6.1
// A to-do JSON API on Hummingbird 2, wired by services.yaml (IoCConfigPlugin checks it at
// `swift build`): a repository on SQLite, a clock and an id generator, components made once per
// request, and the container's services run by the application's ServiceGroup. A package of its
// own, beside swift-ioc (a path dependency on this repository), so that swift-ioc's users never
// resolve Hummingbird. `make run-server` starts it; `make test-server` drives it over HTTP.
import PackageDescription

let package = Package(
    name: "TodoServer",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "todo-server", targets: ["TodoServerMain"])],
    dependencies: [
        .package(name: "swift-ioc", path: "../..", traits: [.defaults, "ServiceLifecycle", "Logging"]),
        // Not its swift-configuration support, which this app does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite3", path: "Sources/CSQLite3", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "TodoServer",
            dependencies: [
                "CSQLite3",
                .product(name: "IoCCore", package: "swift-ioc"),
                .product(name: "IoCYAML", package: "swift-ioc"),
                .product(name: "IoCServiceLifecycle", package: "swift-ioc"),
                .product(name: "IoCLogging", package: "swift-ioc"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("services.yaml")],
            plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")]
        ),
        .executableTarget(name: "TodoServerMain", dependencies: ["TodoServer"]),
        .testTarget(
            name: "TodoServerTests",
            dependencies: [
                "TodoServer",
                .product(name: "IoCCore", package: "swift-ioc"),
                .product(name: "IoCTesting", package: "swift-ioc"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
