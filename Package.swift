// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "swift-ioc",
    // What needs more than this floor is gated or replaced: docs/Platforms.md, checked by
    // `make availability`; the paths below iOS 18 / macOS 15 run here under `make test-fallback`.
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "IoCCore", targets: ["IoCCore"]),
        // What the config front ends share (imports, the config graph, writing errors): linked with them.
        .library(name: "IoCConfig", targets: ["IoCConfig"]),
        .library(name: "IoCYAML", targets: ["IoCYAML"]),
        .library(name: "IoCXML", targets: ["IoCXML"]),
        .library(name: "IoCAnnotations", targets: ["IoCAnnotations"]),
        // The container's events (build, slow creations, disposal) on a swift-log Logger.
        .library(name: "IoCLogging", targets: ["IoCLogging"]),
        // Services the container makes, run by swift-service-lifecycle in dependency order.
        .library(name: "IoCServiceLifecycle", targets: ["IoCServiceLifecycle"]),
        // swift-configuration's providers as a property source, and handles on settings that reload.
        .library(name: "IoCConfiguration", targets: ["IoCConfiguration"]),
        // Link from test targets only.
        .library(name: "IoCTesting", targets: ["IoCTesting"]),
        // The `ioc` command-line tool, and its commands for apps to embed with their own catalog.
        .executable(name: "ioc", targets: ["ioc"]),
        .library(name: "IoCCommands", targets: ["IoCCommands"]),
        // Config compiled with the app: checked at `swift build`, its catalog written.
        .plugin(name: "IoCConfigPlugin", targets: ["IoCConfigPlugin"]),
        .executable(name: "weather-report", targets: ["WeatherReportMain"]),
        .executable(name: "knights", targets: ["KnightsMain"]),
        .executable(name: "annotated", targets: ["AnnotatedMain"]),
        .executable(name: "controllers", targets: ["ControllersMain"]),
        .executable(name: "lifecycle", targets: ["LifecycleMain"]),
    ],
    dependencies: [
        // Only IoCAnnotations builds it: apps that link the other modules never do.
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "602.0.0"..<"604.0.0"),
        // The `ioc` tool only (IoCCommands).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs` only: a command plugin, never linked into an app.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // IoCServiceLifecycle and IoCLogging only.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
        // IoCConfiguration only. JSON files are its default; ReloadingFileProvider is a trait, on
        // here so that an app that links IoCConfiguration can use it. Not its YAML trait: that
        // builds Yams, whose own copy of libyaml would replace the system's that IoCYAML links
        // (docs/ServerApps.md, "Configuration sources").
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: [.defaults, "Reloading"]),
    ],
    targets: [
        .target(name: "IoCCore", dependencies: ["CIoCThreadStack", "CIoCAtomics"], path: "Modules/IoCCore"),
        // The calling thread's stack bounds on Linux, for IoCCore's StackGuard (C, because glibc
        // declares `pthread_getattr_np` only under `_GNU_SOURCE`).
        .target(name: "CIoCThreadStack", path: "Modules/CIoCThreadStack"),
        // Atomic operations on a word, for IoCCore where `Synchronization.Atomic` cannot be
        // stored (Apple platforms: unavailable below iOS 18 / macOS 15; IOC_FALLBACK): Unsafe/Atomics.swift.
        .target(name: "CIoCAtomics", path: "Modules/CIoCAtomics"),
        .testTarget(name: "IoCCoreTests", dependencies: ["IoCCore"], path: "Tests/IoCCoreTests"),
        .target(name: "IoCConfig", dependencies: ["IoCCore"], path: "Modules/IoCConfig"),
        .testTarget(name: "IoCConfigTests", dependencies: ["IoCConfig", "IoCCore"], path: "Tests/IoCConfigTests"),

        .systemLibrary(
            name: "CLibYAML", path: "Modules/CLibYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "IoCYAML", dependencies: ["IoCCore", "IoCConfig", "CLibYAML"], path: "Modules/IoCYAML"),
        .systemLibrary(
            name: "CLibXML2", path: "Modules/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "IoCXML", dependencies: ["IoCCore", "IoCConfig", "CLibXML2"], path: "Modules/IoCXML"),
        .testTarget(
            name: "IoCXMLTests",
            dependencies: ["IoCXML", "IoCCore"],
            path: "Tests/IoCXMLTests",
            exclude: ["RealWorld"],
            resources: [.copy("FuzzCorpus")]
        ),
        .testTarget(
            name: "IoCYAMLTests",
            dependencies: ["IoCYAML", "IoCConfig", "IoCCore"],
            path: "Tests/IoCYAMLTests",
            exclude: ["RealWorld"],
            resources: [.copy("FuzzCorpus")]
        ),
        // Reading a type's declaration (initializers, properties, methods, conformances): one
        // implementation for the macros and for the config plugin's generator.
        .target(
            name: "IoCDeclarations",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            path: "Modules/IoCDeclarations"
        ),
        .macro(
            name: "IoCAnnotationsMacros",
            dependencies: [
                "IoCDeclarations",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            path: "Modules/IoCAnnotationsMacros"
        ),
        .target(name: "IoCAnnotations", dependencies: ["IoCCore", "IoCAnnotationsMacros"], path: "Modules/IoCAnnotations"),
        .testTarget(
            name: "IoCAnnotationsMacrosTests",
            dependencies: [
                "IoCAnnotationsMacros",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ],
            path: "Tests/IoCAnnotationsMacrosTests"
        ),
        .testTarget(
            name: "IoCAnnotationsTests",
            dependencies: ["IoCAnnotations", "IoCYAML", "IoCXML"],
            path: "Tests/IoCAnnotationsTests"
        ),
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["IoCCore", "IoCConfig", "IoCYAML", "IoCXML", "IoCAnnotations"],
            path: "Tests/Conformance",
            resources: [.copy("Expected"), .copy("Features"), .copy("ioc-plugin.json")],
            // Each assembly of Expected/ compiled as well (ioc-plugin.json's generatedTypes):
            // the compiled form prints the graph the loaded one does.
            plugins: ["IoCConfigPlugin"]
        ),

        // Differential tests: the real-world corpus read by swift-ioc and by Symfony and Spring
        // (their readings kept in Oracle/, made again by `make fidelity`).
        .testTarget(
            name: "FidelityTests",
            dependencies: ["IoCCore", "IoCConfig", "IoCYAML", "IoCXML"],
            path: "Tests/FidelityTests",
            exclude: ["Oracle"]
        ),

        .testTarget(
            name: "DocSnippetTests",
            dependencies: ["IoCCore", "IoCConfig", "IoCYAML", "IoCXML", "IoCAnnotations", "IoCTesting", "IoCCommands"],
            path: "Tests/DocSnippetTests"
        ),
        .testTarget(name: "DocSnippetAnnotationTests", dependencies: ["IoCAnnotations"], path: "Tests/DocSnippetAnnotationTests"),
        // The code examples of the modules' doc comments, compiled (SnippetCoverageTests checks
        // that each stands in one of its files).
        .testTarget(
            name: "DocCommentSnippetTests",
            dependencies: ["IoCCore", "IoCConfig", "IoCYAML", "IoCXML", "IoCAnnotations", "IoCTesting"],
            path: "Tests/DocCommentSnippetTests"
        ),

        .target(name: "IoCTesting", dependencies: ["IoCCore"], path: "Modules/IoCTesting"),

        .target(name: "IoCLogging", dependencies: ["IoCCore", .product(name: "Logging", package: "swift-log")], path: "Modules/IoCLogging"),
        .testTarget(
            name: "IoCLoggingTests",
            dependencies: ["IoCLogging", "IoCCore", .product(name: "Logging", package: "swift-log")],
            path: "Tests/IoCLoggingTests"
        ),
        .target(
            name: "IoCServiceLifecycle",
            dependencies: [
                "IoCCore",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Modules/IoCServiceLifecycle"
        ),
        .testTarget(
            name: "IoCServiceLifecycleTests",
            dependencies: [
                "IoCServiceLifecycle", "IoCCore", "IoCYAML",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/IoCServiceLifecycleTests"
        ),
        .target(
            name: "IoCConfiguration",
            dependencies: ["IoCCore", .product(name: "Configuration", package: "swift-configuration")],
            path: "Modules/IoCConfiguration"
        ),
        .testTarget(
            name: "IoCConfigurationTests",
            dependencies: [
                "IoCConfiguration", "IoCCore", "IoCYAML",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/IoCConfigurationTests",
            resources: [.copy("Files")]
        ),
        .testTarget(
            name: "IoCTestingTests",
            dependencies: ["IoCTesting", "IoCCore", "IoCYAML"],
            path: "Tests/IoCTestingTests"
        ),

        .target(
            name: "IoCCommands",
            dependencies: ["IoCCore", "IoCConfig", "IoCYAML", "IoCXML", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Modules/IoCCommands"
        ),
        .executableTarget(name: "ioc", dependencies: ["IoCCommands"], path: "Modules/ioc"),

        // The config compiler: what IoCConfigPlugin runs at `swift build`.
        .target(
            name: "IoCConfigCompiler",
            dependencies: [
                "IoCCore", "IoCConfig", "IoCYAML", "IoCXML", "IoCDeclarations",
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            path: "Modules/IoCConfigCompiler"
        ),
        .executableTarget(name: "ioc-config-compiler", dependencies: ["IoCConfigCompiler"], path: "Modules/ioc-config-compiler"),
        .plugin(name: "IoCConfigPlugin", capability: .buildTool(), dependencies: ["ioc-config-compiler"], path: "Plugins/IoCConfigPlugin"),
        .testTarget(name: "IoCConfigCompilerTests", dependencies: ["IoCConfigCompiler", "IoCCore", "IoCYAML"], path: "Tests/IoCConfigCompilerTests"),
        .testTarget(
            name: "IoCCommandsTests",
            dependencies: ["IoCCommands", "IoCCore", "IoCYAML", "IoCXML"],
            path: "Tests/IoCCommandsTests",
            resources: [.copy("Files")]
        ),

        .systemLibrary(
            name: "CSQLite", path: "Examples/WeatherReport/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "WeatherReport",
            dependencies: ["IoCCore", "IoCYAML", "IoCCommands", "CSQLite"],
            path: "Examples/WeatherReport/App",
            resources: [.copy("Fixtures"), .copy("Config")],
            // Checks Config/weather.yaml at `swift build` and writes its catalog.
            plugins: ["IoCConfigPlugin"]
        ),
        .executableTarget(name: "WeatherReportMain", dependencies: ["WeatherReport"], path: "Examples/WeatherReport/Main"),
        .testTarget(name: "WeatherReportTests", dependencies: ["WeatherReport", "IoCCore", "IoCTesting", "IoCCommands"], path: "Tests/WeatherReportTests"),

        .target(
            name: "KnightsExample",
            dependencies: ["IoCCore", "IoCXML"],
            path: "Examples/Knights/App",
            resources: [.copy("MiddleAgesAssembly.xml"), .copy("ioc-plugin.json")],
            // Checks MiddleAgesAssembly.xml at `swift build`, writes its catalog and registrations.
            plugins: ["IoCConfigPlugin"]
        ),
        .executableTarget(name: "KnightsMain", dependencies: ["KnightsExample"], path: "Examples/Knights/Main"),
        .testTarget(name: "KnightsTests", dependencies: ["KnightsExample", "IoCCore", "IoCXML"], path: "Tests/KnightsTests"),

        .target(name: "AnnotatedExample", dependencies: ["IoCAnnotations"], path: "Examples/Annotated/App"),
        .executableTarget(name: "AnnotatedMain", dependencies: ["AnnotatedExample"], path: "Examples/Annotated/Main"),
        .testTarget(name: "AnnotatedExampleTests", dependencies: ["AnnotatedExample", "IoCTesting"], path: "Tests/AnnotatedExampleTests"),

        .target(
            name: "ControllersExample",
            dependencies: ["IoCAnnotations", "IoCYAML"],
            path: "Examples/Controllers/App",
            resources: [.copy("Screens.yaml")]
        ),
        .executableTarget(name: "ControllersMain", dependencies: ["ControllersExample"], path: "Examples/Controllers/Main"),
        .testTarget(name: "ControllersExampleTests", dependencies: ["ControllersExample", "IoCTesting"], path: "Tests/ControllersExampleTests"),

        // Services from services.yaml run in a ServiceGroup until SIGTERM (LifecycleTests runs it as a process).
        .target(
            name: "LifecycleExample",
            dependencies: [
                "IoCServiceLifecycle", "IoCLogging", "IoCYAML",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/Lifecycle/App",
            resources: [.copy("services.yaml")]
        ),
        .executableTarget(name: "LifecycleMain", dependencies: ["LifecycleExample"], path: "Examples/Lifecycle/Main"),
        .testTarget(name: "LifecycleTests", dependencies: ["LifecycleExample", "IoCCore"], path: "Tests/LifecycleTests"),
    ],
    swiftLanguageModes: [.v6]
)

// The tests run on the Mac or simulator that builds them, never on an OS at the floor: they may
// use what the host has (`Duration`, task executors, `Mutex`) without gating each use. Test
// targets are in no product, so an app that depends on the package never sees the flag.
// docs/Platforms.md, "The package's own tests".
for target in package.targets where target.type == .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Xfrontend", "-disable-availability-checking"], .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS])),
    ]
}
