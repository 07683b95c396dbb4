import IoCCore
import IoCYAML

// libFuzzer entry: YAML bytes -> definitions -> build. Any input may fail with an error;
// none may crash, hang or grow without bound.

final class Service: @unchecked Sendable {
    var next: Service?
    var value = 0
    var text = ""
    init() {}
    init(name: String) { text = name }
}

private let catalog: TypeCatalog = {
    let catalog = TypeCatalog()
    catalog.add(Service.self, names: "Knight", "Logger") { service in
        service.initializer("init()") { Service() }
        service.initializer("init(name:)") { (name: String) in Service(name: name) }
        service.property("next", \.next)
        service.property("value", \.value)
        service.property("text", \.text)
        service.method("ready") { _ in }
    }
    return catalog
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let builder = ContainerBuilder()
    builder.catalog = catalog
    var limits = YAMLLimits()
    limits.maxAliasExpansion = 10_000
    do {
        try builder.loadYAML(text, name: "fuzz.yaml", limits: limits)
        let container = try builder.build()
        for definition in container.definitions {
            if let name = definition.name { _ = try? container.resolve(Service.self, name: name) }
        }
    } catch {}
    return 0
}
