// swift-tools-version: 6.1
// An app that uses IoCConfigPlugin as users do: through a dependency on swift-ioc (a path
// dependency on this repository; Tools/Scripts/plugin-fixture.sh builds a copy whose path it sets),
// with swift-ioc's default traits. It links IoCYAML, IoCXML, the plugin and IoCTesting, and must resolve
// one package, swift-syntax (Tools/Scripts/dependency-fixtures.sh checks it).
import PackageDescription

let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v12), .iOS(.v15)],  // the package's floor: the generated code compiles there
    dependencies: [.package(name: "swift-ioc", path: "../..")],
    targets: [
        // A types module without config, and a feature module with its own: the app's config
        // names the types module's public types, and the app registers the feature's config.
        .target(name: "ShopTypes"),
        .target(
            name: "ShopDelivery",
            dependencies: ["ShopTypes", .product(name: "IoCCore", package: "swift-ioc")],
            resources: [.copy("services.yaml")],
            plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")]
        ),
        .executableTarget(
            name: "Shop",
            dependencies: ["ShopTypes", "ShopDelivery", .product(name: "IoCCore", package: "swift-ioc"), .product(name: "IoCYAML", package: "swift-ioc"),
                           .product(name: "IoCXML", package: "swift-ioc")],
            resources: [.copy("services.yaml")],  // the app's config (plugin-fixture.sh swaps in Variants/beans.xml)
            plugins: [.plugin(name: "IoCConfigPlugin", package: "swift-ioc")]
        ),
        .testTarget(name: "ShopTests", dependencies: ["Shop", "ShopDelivery", .product(name: "IoCTesting", package: "swift-ioc")]),
    ]
)
