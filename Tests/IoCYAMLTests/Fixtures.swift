import Foundation
import IoCCore
import IoCYAML

protocol WeatherClient: Sendable { var name: String { get } }
protocol Reporter: Sendable { var id: String { get } }

final class HTTPSession: @unchecked Sendable { init() {} }
final class Logger: @unchecked Sendable {
    var lines: [String] = []
    init() {}
}

final class FreeWeatherClient: WeatherClient, @unchecked Sendable {
    let baseURL: URL
    let session: HTTPSession
    var timeout: Duration = .seconds(1)
    var retries = 0
    var logger: Logger?
    var name: String { "free" }
    init(baseURL: URL, session: HTTPSession) { self.baseURL = baseURL; self.session = session }
    func configure(_ logger: Logger) { self.logger = logger }
}

final class ConsoleReporter: Reporter, @unchecked Sendable {
    let id: String
    init(id: String) { self.id = id }
    init() { self.id = "console" }
}

struct Limits: Decodable, Equatable, Sendable { let retries: Int; let hosts: [String] }

final class ReportService: @unchecked Sendable {
    let reporters: [any Reporter]
    let metrics: Logger?
    var limits: Limits?
    var ready = false
    init(reporters: [any Reporter], metrics: Logger?) { self.reporters = reporters; self.metrics = metrics }
    func start() { ready = true }
}

func weatherCatalog() -> TypeCatalog {
    let catalog = TypeCatalog()
    catalog.add(HTTPSession.self, names: "URLSessionClient") { $0.initializer("init()") { HTTPSession() } }
    catalog.add(Logger.self) { $0.initializer("init()") { Logger() } }
    catalog.add(FreeWeatherClient.self) { client in
        client.initializer("init(baseURL:session:)") { (url: URL, session: HTTPSession) in FreeWeatherClient(baseURL: url, session: session) }
        client.property("timeout", \.timeout)
        client.property("retries", \.retries)
        client.method("configure") { (client: FreeWeatherClient, logger: Logger) in client.configure(logger) }
        client.conforms(to: (any WeatherClient).self) { $0 }
    }
    catalog.add(ConsoleReporter.self) { reporter in
        reporter.initializer("init()") { ConsoleReporter() }
        reporter.initializer("init(id:)") { (id: String) in ConsoleReporter(id: id) }
        reporter.conforms(to: (any Reporter).self) { $0 }
    }
    catalog.add(ReportService.self) { service in
        service.initializer("init(reporters:metrics:)") { (reporters: [any Reporter], metrics: Logger?) in
            ReportService(reporters: reporters, metrics: metrics)
        }
        service.property("limits", \.limits)
        service.method("start") { $0.start() }
    }
    catalog.add(URL.self) { url in
        url.staticFactory("URL(string:)") { (text: String) throws -> URL in
            guard let url = URL(string: text) else { throw CocoaError(.formatting) }
            return url
        }
    }
    return catalog
}

/// A builder with the weather catalog (and what `extend` adds to it), `env` as the
/// environment, and `yaml` loaded.
func yamlBuilder(_ yaml: String, name: String = "services.yaml", env: [String: String] = [:],
                 catalog extend: (TypeCatalog) -> Void = { _ in }) throws -> ContainerBuilder {
    let builder = ContainerBuilder()
    let catalog = weatherCatalog()
    extend(catalog)
    builder.catalog = catalog
    builder.propertySources = [EnvironmentPropertySource(env)]
    try builder.loadYAML(yaml, name: name)
    return builder
}

/// The container of ``yamlBuilder(_:name:env:catalog:)``.
func build(_ yaml: String, name: String = "services.yaml", env: [String: String] = [:],
           catalog extend: (TypeCatalog) -> Void = { _ in }) throws -> Container {
    try yamlBuilder(yaml, name: name, env: env, catalog: extend).build()
}

/// The message a throwing call produced, or "no error".
func errorText(_ body: () throws -> Void) -> String {
    do { try body(); return "no error" } catch { return String(describing: error) }
}

/// A container built from the YAML file at `url` (and what it imports), with the weather catalog
/// and, when given, these environment variables as its property source.
func weatherContainer(loading url: URL, environment: [String: String]? = nil) throws -> Container {
    let builder = ContainerBuilder()
    builder.catalog = weatherCatalog()
    if let environment { builder.propertySources = [EnvironmentPropertySource(environment)] }
    try builder.loadYAML(contentsOf: url)
    return try builder.build()
}

/// A temporary directory with files, removed by the caller.
func directory(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-yaml-\(UUID().uuidString)")
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
}

/// Counts, from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}
