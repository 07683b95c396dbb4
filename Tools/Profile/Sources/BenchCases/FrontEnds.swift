import Foundation
import IoCCore
import IoCXML
import IoCYAML
import RawScan

/// The catalog of the front-end cases: one service type.
public func serviceCatalog() -> TypeCatalog {
    let catalog = TypeCatalog()
    catalog.add(Service.self) { service in
        service.initializer("init(name:)") { (name: String) in Service(name: name) }
        service.property("next", \.next)
        service.property("peer", \.peer)
        service.property("retries", \.retries)
    }
    return catalog
}

/// 10,000 services, each with a class, a scope, two references (the first service none) and a value.
public func servicesYAML(count: Int = 10_000) -> String {
    var text = "# \(count) services for the yaml-10k benchmark\nservices:\n"
    text.reserveCapacity(count * 290)
    for index in 0..<count {
        let id = String(format: "service_%06d", index)
        // Each service points at two earlier ones (the first at none), so the graph has no cycle.
        let next = String(format: "service_%06d", max(0, index - 1))
        let peer = String(format: "service_%06d", index / 2)
        text += """
              \(id):
                class: Service
                scope: singleton
                arguments: { name: 'service number \(index) of the benchmark graph, built from YAML' }

            """
        if index > 0 { text += "    properties:\n      next: '@\(next)'\n      peer: '@\(peer)'\n" }
    }
    return text
}

/// Loads the YAML into a built container.
public func loadYAML(_ text: String) throws -> IoCCore.Container {
    let builder = ContainerBuilder()
    builder.catalog = serviceCatalog()
    builder.allowsCaptiveDependencies = true
    try builder.loadYAML(text, name: "services.yaml")
    return try builder.build()
}

/// The YAML read and translated into definitions: the front end's part of ``loadYAML(_:)``.
public func yamlDefinitions(_ text: String) throws -> AnyObject {
    try YAMLLoader().load(string: text, name: "services.yaml").definitions as AnyObject
}

/// libyaml's event scan of the same bytes, nothing else.
public func rawYAMLScan(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { Int(ioc_raw_yaml_scan($0.baseAddress, $0.count)) }
}

/// 10,000 beans, each with a class, a scope, two references (the first bean none) and a value.
public func beansXML(count: Int = 10_000) -> String {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- \(count) beans for the xml-10k benchmark -->\n<beans>\n"
    text.reserveCapacity(count * 300)
    for index in 0..<count {
        let id = String(format: "service_%06d", index)
        text += "    <bean id=\"\(id)\" class=\"Service\" scope=\"singleton\">\n"
        text += "        <constructor-arg name=\"name\" value=\"service number \(index) of the benchmark graph, built from XML\"/>\n"
        if index > 0 {
            text += "        <property name=\"next\" ref=\"\(String(format: "service_%06d", index - 1))\"/>\n"
            text += "        <property name=\"peer\" ref=\"\(String(format: "service_%06d", index / 2))\"/>\n"
        }
        text += "    </bean>\n"
    }
    return text + "</beans>\n"
}

/// Loads the XML into a built container.
public func loadXML(_ text: String) throws -> IoCCore.Container {
    let builder = ContainerBuilder()
    builder.catalog = serviceCatalog()
    builder.allowsCaptiveDependencies = true
    try builder.loadXML(text, name: "beans.xml")
    return try builder.build()
}

/// The XML read and translated into definitions: the front end's part of ``loadXML(_:)``.
public func xmlDefinitions(_ text: String) throws -> AnyObject {
    try XMLLoader().load(string: text, name: "beans.xml").definitions as AnyObject
}

/// libxml2's xmlTextReader over the same bytes, nothing else.
public func rawXMLScan(_ bytes: [CChar]) -> Int {
    bytes.withUnsafeBufferPointer { Int(ioc_raw_xml_scan($0.baseAddress, Int32($0.count))) }
}
