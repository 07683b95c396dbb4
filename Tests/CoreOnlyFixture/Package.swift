// swift-tools-version: 6.1
// An app that links IoCCore only and turns every trait off: it must resolve no package and
// compile no swift-syntax (Tools/Scripts/dependency-fixtures.sh checks both, in `make plugin-test`).
import PackageDescription

let package = Package(
    name: "CoreOnly",
    dependencies: [.package(name: "swift-ioc", path: "../..", traits: [])],
    targets: [
        .executableTarget(name: "CoreOnly", dependencies: [.product(name: "IoCCore", package: "swift-ioc")]),
    ]
)
