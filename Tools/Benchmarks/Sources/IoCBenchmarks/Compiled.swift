import BenchCases
import CompiledXML
import CompiledYAML
import IoCCore

// compiled-yaml-10k and compiled-xml-10k: the launch of a container from 10,000 services
// compiled with the bench by IoCConfigPlugin (registered, built, 100 resolved), against the
// same 10,000 registered by a loop written by hand, with the same sources and settings.

/// The names of the 100 services each launch resolves.
private let resolved = (0..<100).map { String(format: "service_%06d", $0 * 97) }

private func launch(_ register: (ContainerBuilder) -> Void, resolve: (IoCCore.Container, String) throws -> AnyObject) throws {
    let builder = ContainerBuilder()
    builder.allowsCaptiveDependencies = true
    register(builder)
    let container = try builder.build()
    for name in resolved { consume(try resolve(container, name)) }
}

/// One service as the hand-written registration gets it: name, line, argument, links.
private struct HandService {
    let name: String
    let line: Int
    let value: IoCCore.InjectionSource
    let links: (next: String, peer: String)?
}

/// The 10,000 services' names, lines and values, made once before the timed rounds: the
/// generated code has its names and values as literals, so formatting them in the rounds
/// would time the baseline's string work, not its registration.
private func handServices(source: String, file: String) -> [HandService] {
    var services: [HandService] = []
    services.reserveCapacity(10_000)
    for index in 0..<10_000 {
        let value = IoCCore.InjectionSource.config(IoCCore.ConfigValue(.string("service number \(index) of the benchmark graph, built from \(source)"),
                                                                       at: IoCCore.ConfigLocation(file: file, line: index * 7 + 6, column: 24)))
        let links = index > 0 ? (String(format: "service_%06d", index - 1), String(format: "service_%06d", index / 2)) : nil
        services.append(HandService(name: String(format: "service_%06d", index), line: index * 7 + 3, value: value, links: links))
    }
    return services
}

func compiledRows() throws -> [Row] {
    let yamlServices = handServices(source: "YAML", file: "services.yaml")
    let xmlServices = handServices(source: "XML", file: "beans.xml")
    let yamlByHand: (ContainerBuilder) -> Void = { builder in
        for service in yamlServices {
            let registration = builder.register({ (name: String) in CompiledYAML.Service(name: name) }, file: "services.yaml", line: service.line)
                .argument(0, service.value).named(service.name).scope(.singleton)
            if let (next, peer) = service.links {
                registration
                    .property("next", source: .named(next)) { (instance: inout CompiledYAML.Service, value: CompiledYAML.Service?) in instance.next = value }
                    .property("peer", source: .named(peer)) { (instance: inout CompiledYAML.Service, value: CompiledYAML.Service?) in instance.peer = value }
            }
        }
    }
    let yamlTimes = try compare(rounds: 9, [
        (1, { try launch(CompiledYAML.registerCompiled(in:)) { try $0.resolve(CompiledYAML.Service.self, name: $1) } }),
        (1, { try launch(yamlByHand) { try $0.resolve(CompiledYAML.Service.self, name: $1) } }),
    ])
    // XML beans are singletons made at build (Spring's rule): the compiled registrations are eager.
    let xmlByHand: (ContainerBuilder) -> Void = { builder in
        for service in xmlServices {
            let registration = builder.register({ (name: String) in CompiledXML.Service(name: name) }, file: "beans.xml", line: service.line)
                .argument(0, service.value).named(service.name).scope(.singleton).eager()
            if let (next, peer) = service.links {
                registration
                    .property("next", source: .named(next)) { (instance: inout CompiledXML.Service, value: CompiledXML.Service?) in instance.next = value }
                    .property("peer", source: .named(peer)) { (instance: inout CompiledXML.Service, value: CompiledXML.Service?) in instance.peer = value }
            }
        }
    }
    let xmlTimes = try compare(rounds: 9, [
        (1, { try launch(CompiledXML.registerCompiled(in:)) { try $0.resolve(CompiledXML.Service.self, name: $1) } }),
        (1, { try launch(xmlByHand) { try $0.resolve(CompiledXML.Service.self, name: $1) } }),
    ])
    return [
        Row(name: "compiled-yaml-10k", fields: [("ioc_ns", yamlTimes[0]), ("code_ns", yamlTimes[1])]),
        Row(name: "compiled-xml-10k", fields: [("ioc_ns", xmlTimes[0]), ("code_ns", xmlTimes[1])]),
    ]
}
