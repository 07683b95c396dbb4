// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// IOC_FALLBACK=1 in the environment (`make test-fallback`) builds IoCCore on the paths it takes on
// older Apple releases (docs/Platforms.md), here: a condition of IoCCore's alone, so that nothing
// else (swift-syntax, the other packages) is compiled again for it.
let fallback: [SwiftSetting] = Context.environment["IOC_FALLBACK"] == "1" ? [.define("IOC_FALLBACK")] : []

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
    ],
    // Each integration's packages are resolved only when its trait is on (SwiftPM 6.2 and later
    // leaves out a dependency that every use of is behind an off trait). The default, one trait,
    // keeps the macros and the config plugin, the two front ends that need swift-syntax; an app
    // that wants neither depends with `traits: []` and resolves no package at all. One trait,
    // because SwiftPM before 6.4 passes two or more in a random order, which rebuilds the
    // package's modules (swiftlang/swift-package-manager#10525). README, "Which module".
    traits: [
        .trait(name: "SwiftSyntax", description: "IoCAnnotations' macros and IoCConfigPlugin's config compiler, which build swift-syntax."),
        .trait(name: "Logging", description: "IoCLogging: the container's events on a swift-log Logger."),
        .trait(name: "ServiceLifecycle", description: "IoCServiceLifecycle: the container's services in a swift-service-lifecycle ServiceGroup."),
        .trait(name: "Configuration", description: "IoCConfiguration: swift-configuration's providers as a property source."),
        .trait(name: "Commands", description: "The ioc tool and IoCCommands (builds swift-argument-parser)."),
        .default(enabledTraits: ["SwiftSyntax"]),
    ],
    dependencies: [
        // The SwiftSyntax trait (IoCAnnotations' macros, the config compiler).
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "602.0.0"..<"604.0.0"),
        // The Commands trait: the `ioc` tool and IoCCommands.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs` only: no target names it, so a package that depends on swift-ioc never resolves it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // The ServiceLifecycle and Logging traits (IoCServiceLifecycle, IoCLogging).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
        // The Configuration trait (IoCConfiguration). JSON files are its default; ReloadingFileProvider is a trait, on
        // here so that an app that links IoCConfiguration can use it. Not its YAML trait: that
        // builds Yams, whose own copy of libyaml would replace the system's that IoCYAML links
        // (docs/ServerApps.md, "Configuration sources").
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: [.defaults, "Reloading"]),
    ],
    targets: [
        .target(name: "IoCCore", dependencies: ["CIoCThreadStack", "CIoCAtomics"], path: "Modules/IoCCore", swiftSettings: fallback),
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
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["SwiftSyntax"])),
                .product(name: "SwiftDiagnostics", package: "swift-syntax", condition: .when(traits: ["SwiftSyntax"])),
            ],
            path: "Modules/IoCDeclarations"
        ),
        .macro(
            name: "IoCAnnotationsMacros",
            dependencies: [
                "IoCDeclarations",
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["SwiftSyntax"])),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: .when(traits: ["SwiftSyntax"])),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax", condition: .when(traits: ["SwiftSyntax"])),
                .product(name: "SwiftDiagnostics", package: "swift-syntax", condition: .when(traits: ["SwiftSyntax"])),
            ],
            path: "Modules/IoCAnnotationsMacros"
        ),
        .target(
            name: "IoCAnnotations",
            dependencies: ["IoCCore", .target(name: "IoCAnnotationsMacros", condition: .when(traits: ["SwiftSyntax"]))],
            path: "Modules/IoCAnnotations"
        ),
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

        .target(
            name: "IoCLogging",
            dependencies: ["IoCCore", .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Logging"]))],
            path: "Modules/IoCLogging"
        ),
        .testTarget(
            name: "IoCLoggingTests",
            dependencies: ["IoCLogging", "IoCCore", .product(name: "Logging", package: "swift-log")],
            path: "Tests/IoCLoggingTests"
        ),
        .target(
            name: "IoCServiceLifecycle",
            dependencies: [
                "IoCCore",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["ServiceLifecycle"])),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: .when(traits: ["ServiceLifecycle"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["ServiceLifecycle"])),
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
            dependencies: ["IoCCore", .product(name: "Configuration", package: "swift-configuration", condition: .when(traits: ["Configuration"]))],
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
            dependencies: [
                "IoCCore", "IoCConfig", "IoCYAML", "IoCXML",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Commands"])),
            ],
            path: "Modules/IoCCommands"
        ),
        .executableTarget(name: "ioc", dependencies: ["IoCCommands"], path: "Modules/ioc"),

        // The config compiler: what IoCConfigPlugin runs at `swift build`.
        .target(
            name: "IoCConfigCompiler",
            dependencies: [
                "IoCCore", "IoCConfig", "IoCYAML", "IoCXML", "IoCDeclarations",
                .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["SwiftSyntax"])),
            ],
            path: "Modules/IoCConfigCompiler"
        ),
        // Without its trait the tool only says how to turn the trait on (main.swift).
        .executableTarget(
            name: "ioc-config-compiler",
            dependencies: [.target(name: "IoCConfigCompiler", condition: .when(traits: ["SwiftSyntax"]))],
            path: "Modules/ioc-config-compiler"
        ),
        .plugin(name: "IoCConfigPlugin", capability: .buildTool(), dependencies: ["ioc-config-compiler"], path: "Plugins/IoCConfigPlugin"),
        .testTarget(name: "IoCConfigCompilerTests", dependencies: ["IoCConfigCompiler", "IoCCore", "IoCYAML"], path: "Tests/IoCConfigCompilerTests"),
        .testTarget(
            name: "IoCCommandsTests",
            dependencies: ["IoCCommands", "IoCCore", "IoCYAML", "IoCXML"],
            path: "Tests/IoCCommandsTests",
            resources: [.copy("Files")]
        ),
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
