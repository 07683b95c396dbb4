import IoCCore

// What both fuzz targets share: one catalogued type that config can build in every way the
// catalog offers, and the run from config text to a built container that resolves everything.

public final class Service: @unchecked Sendable {
    public var next: Service?
    public var value = 0
    public var text = ""
    public init() {}
    public init(name: String) { text = name }
}

private let catalog: TypeCatalog = {
    let catalog = TypeCatalog()
    catalog.add(Service.self, names: "Knight", "Logger", "NSString") { service in
        service.initializer("init()") { Service() }
        service.initializer("init(name:)") { (name: String) in Service(name: name) }
        service.staticFactory("service(name:)") { (name: String) in Service(name: name) }
        service.factoryMethod("make(name:)") { (_: Service, name: String) in Service(name: name) }
        service.property("next", \.next)
        service.property("value", \.value)
        service.property("text", \.text)
        service.method("ready") { _ in }
    }
    return catalog
}()

/// Fuzzer bytes as text (invalid UTF-8 repaired, as a file read would be).
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

/// Loads with `load`, builds, and resolves every named component. Any step may fail with an
/// error; none may crash or hang.
public func fuzzBuild(_ load: (ContainerBuilder) throws -> Void) {
    let builder = ContainerBuilder()
    builder.catalog = catalog
    builder.allowsCaptiveDependencies = true
    do {
        try load(builder)
        let container = try builder.build()
        for definition in container.definitions {
            if let name = definition.name { _ = try? container.resolve(Service.self, name: name) }
        }
    } catch {}
}
