// swift-tools-version: 6.1
// swift-ioc's examples, as apps use the library: a package of their own that depends on this
// repository by path, so that nothing of theirs enters the build of a package that depends on
// swift-ioc (each applies the config plugin or the macros). `make test` runs their tests;
// `make examples` runs each. TodoServer, beside them, is a package of its own too.
import PackageDescription

let ioc = { (product: String) in Target.Dependency.product(name: product, package: "swift-ioc") }

let package = Package(
    name: "SwiftIoCExamples",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .executable(name: "weather-report", targets: ["WeatherReportMain"]),
        .executable(name: "knights", targets: ["KnightsMain"]),
        .executable(name: "annotated", targets: ["AnnotatedMain"]),
        .executable(name: "controllers", targets: ["ControllersMain"]),
        .executable(name: "lifecycle", targets: ["LifecycleMain"]),
        .executable(name: "bookstore", targets: ["BookstoreMain"]),
    ],
    dependencies: [
        // The default traits (the macros, the config plugin) and the integrations these use.
        .package(name: "swift-ioc", path: "..", traits: [.defaults, "Commands", "Logging", "ServiceLifecycle"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", path: "WeatherReport/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "WeatherReport",
            dependencies: [ioc("IoCCore"), ioc("IoCYAML"), ioc("IoCCommands"), "CSQLite"],
            path: "WeatherReport/App",
            resources: [.copy("Fixtures"), .copy("Config")],
            // Checks Config/weather.yaml at `swift build` and writes its catalog.
            plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")]
        ),
        .executableTarget(name: "WeatherReportMain", dependencies: ["WeatherReport"], path: "WeatherReport/Main"),
        .testTarget(
            name: "WeatherReportTests",
            dependencies: ["WeatherReport", ioc("IoCCore"), ioc("IoCTesting"), ioc("IoCCommands")],
            path: "WeatherReport/Tests"
        ),

        .target(
            name: "KnightsExample",
            dependencies: [ioc("IoCCore"), ioc("IoCXML")],
            path: "Knights/App",
            resources: [.copy("MiddleAgesAssembly.xml"), .copy("ioc-plugin.json")],
            // Checks MiddleAgesAssembly.xml at `swift build`, writes its catalog and registrations.
            plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")]
        ),
        .executableTarget(name: "KnightsMain", dependencies: ["KnightsExample"], path: "Knights/Main"),
        .testTarget(name: "KnightsTests", dependencies: ["KnightsExample", ioc("IoCCore"), ioc("IoCXML")], path: "Knights/Tests"),

        .target(name: "AnnotatedExample", dependencies: [ioc("IoCAnnotations")], path: "Annotated/App"),
        .executableTarget(name: "AnnotatedMain", dependencies: ["AnnotatedExample"], path: "Annotated/Main"),
        .testTarget(name: "AnnotatedExampleTests", dependencies: ["AnnotatedExample", ioc("IoCTesting")], path: "Annotated/Tests"),

        .target(
            name: "ControllersExample",
            dependencies: [ioc("IoCAnnotations"), ioc("IoCYAML")],
            path: "Controllers/App",
            resources: [.copy("Screens.yaml")]
        ),
        .executableTarget(name: "ControllersMain", dependencies: ["ControllersExample"], path: "Controllers/Main"),
        .testTarget(name: "ControllersExampleTests", dependencies: ["ControllersExample", ioc("IoCTesting")], path: "Controllers/Tests"),

        // Services from services.yaml run in a ServiceGroup until SIGTERM (LifecycleTests runs it as a process).
        .target(
            name: "LifecycleExample",
            dependencies: [
                ioc("IoCServiceLifecycle"), ioc("IoCLogging"), ioc("IoCYAML"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Lifecycle/App",
            resources: [.copy("services.yaml")]
        ),
        .executableTarget(name: "LifecycleMain", dependencies: ["LifecycleExample"], path: "Lifecycle/Main"),
        .testTarget(name: "LifecycleTests", dependencies: ["LifecycleExample", ioc("IoCCore")], path: "Lifecycle/Tests"),

        // An app of three modules (docs/Configuration.md, "Apps of many modules"): models without
        // config, a checkout feature with its own, and the app, whose config names both.
        .target(name: "BookstoreModels", path: "Bookstore/Models"),
        .target(
            name: "BookstoreCheckout",
            dependencies: ["BookstoreModels", ioc("IoCCore")],
            path: "Bookstore/Checkout",
            resources: [.copy("services.yaml")],
            plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")]
        ),
        .target(
            name: "BookstoreExample",
            dependencies: ["BookstoreModels", "BookstoreCheckout", ioc("IoCCore")],
            path: "Bookstore/App",
            resources: [.copy("services.yaml")],
            plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")]
        ),
        .executableTarget(name: "BookstoreMain", dependencies: ["BookstoreExample"], path: "Bookstore/Main"),
        .testTarget(
            name: "BookstoreTests",
            dependencies: ["BookstoreExample", "BookstoreModels", ioc("IoCCore"), ioc("IoCTesting")],
            path: "Bookstore/Tests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
