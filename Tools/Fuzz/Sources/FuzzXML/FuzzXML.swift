import IoCCore
import IoCXML

// libFuzzer entry: XML bytes -> definitions -> build. Any input may fail with an error;
// none may crash, hang, read a file or reach the network.

final class Service: @unchecked Sendable {
    var next: Service?
    var value = 0
    var text = ""
    init() {}
    init(name: String) { text = name }
}

private let catalog: TypeCatalog = {
    let catalog = TypeCatalog()
    catalog.add(Service.self, names: "Knight", "NSString") { service in
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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let builder = ContainerBuilder()
    builder.catalog = catalog
    builder.allowsCaptiveDependencies = true
    do {
        try builder.loadXML(text, name: "fuzz.xml")
        let container = try builder.build()
        for definition in container.definitions {
            if let name = definition.name { _ = try? container.resolve(Service.self, name: name) }
        }
    } catch {}
    return 0
}
