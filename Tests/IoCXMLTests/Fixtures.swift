import Foundation
import IoCCore
import IoCXML

final class ExampleServiceImpl2: @unchecked Sendable { init() {} }
final class ServiceExecutorImpl1: @unchecked Sendable {
    var service: ExampleServiceImpl2?
    init() {}
}
final class Bag: @unchecked Sendable {
    var names: [String] = []
    var limits: [String: Int] = [:]
    var settings: [String: String] = [:]
    var helpers: [ServiceExecutorImpl1] = []
    var nothing: String? = "set"
    var order: [String] = []
    init() {}
    func start() { order.append("start") }
    func stop() { order.append("stop") }
}

final class Endpoint: @unchecked Sendable {
    let host: String
    let port: Int
    let executor: ServiceExecutorImpl1
    init(host: String, port: Int, executor: ServiceExecutorImpl1) { self.host = host; self.port = port; self.executor = executor }
}

func xmlCatalog() -> TypeCatalog {
    let catalog = TypeCatalog()
    catalog.add(Endpoint.self) { endpoint in
        endpoint.initializer("init(host:port:executor:)") { (host: String, port: Int, executor: ServiceExecutorImpl1) in
            Endpoint(host: host, port: port, executor: executor)
        }
    }
    catalog.add(ExampleServiceImpl2.self) { $0.initializer("init()") { ExampleServiceImpl2() } }
    catalog.add(ServiceExecutorImpl1.self) { executor in
        executor.initializer("init()") { ServiceExecutorImpl1() }
        executor.property("service", \.service)
    }
    catalog.add(Bag.self) { bag in
        bag.initializer("init()") { Bag() }
        bag.property("names", \.names)
        bag.property("limits", \.limits)
        bag.property("settings", \.settings)
        bag.property("helpers", \.helpers)
        bag.property("nothing", \.nothing)
        bag.method("start") { $0.start() }
        bag.method("stop") { $0.stop() }
    }
    return catalog
}

func buildXML(_ xml: String, profiles: Set<String> = []) throws -> Container {
    let builder = ContainerBuilder()
    builder.catalog = xmlCatalog()
    builder.activeProfiles = profiles
    try builder.loadXML(xml, name: "beans.xml")
    return try builder.build()
}

func errorText(_ body: () throws -> Void) -> String {
    do { try body(); return "no error" } catch { return String(describing: error) }
}

func loadError(_ xml: String, limits: XMLLimits = XMLLimits()) -> String {
    errorText { _ = try XMLLoader(limits: limits).load(string: xml, name: "beans.xml") }
}

func directory(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-xml-\(UUID().uuidString)")
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
}
