// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Greeter",
    dependencies: [
        .package(path: "../swift-ioc"),   // swift-ioc, cloned beside this package
    ],
    targets: [
        .executableTarget(
            name: "Greeter",
            dependencies: [.product(name: "IoCCore", package: "swift-ioc")],
            resources: [.copy("services.yaml")],
            plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")]
        ),
        .testTarget(
            name: "GreeterTests",
            dependencies: ["Greeter", .product(name: "IoCTesting", package: "swift-ioc")]
        ),
    ]
)
