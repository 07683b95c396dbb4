import Configuration
import IoCConfiguration
import IoCCore

// The code examples of IoCConfiguration's doc comments and of the docs that show it (see
// SnippetCoverageTests). Compiled, not run: they read files by the paths the docs name.

// Modules/IoCConfiguration/ConfigurationPropertySource.swift: ConfigurationPropertySource
func readingConfiguration(builder: ContainerBuilder) async throws { // scaffold
    let source = ConfigurationPropertySource(providers: [
        EnvironmentVariablesProvider(secretsSpecifier: .specific(["DB_PASSWORD"])),
        try await FileProvider<JSONSnapshot>(filePath: "config/app.json"),
    ])
    builder.addConfiguration(source)   // its values for placeholders, its handles for components
} // scaffold

// ConfigurationPropertySource.init(providers:accessReporter:name:), init(reader:secretKeys:name:), value(for:)
func makingSources(config: ConfigReader, source: ConfigurationPropertySource) { // scaffold
    do { // scaffold
        let source = ConfigurationPropertySource(providers: [EnvironmentVariablesProvider()])
        _ = source // scaffold
    } // scaffold
    do { // scaffold
        let source = ConfigurationPropertySource(reader: config, secretKeys: ["db.password"])
        _ = source // scaffold
    } // scaffold
    let host = source.value(for: "db.host")   // .string("db.internal"), at EnvironmentVariablesProvider
    _ = host // scaffold
} // scaffold

// Modules/IoCConfiguration/ConfigHandle.swift: ConfigHandle
final class RateLimiter {
    let limit: ConfigHandle<Int>
    init(limit: ConfigHandle<Int>) { self.limit = limit }
    func allows(_ count: Int) -> Bool { count < limit.value }
}

struct TooManyRequests: Error {} // scaffold

// ConfigHandle.value
func checking(requests: Int, limit: ConfigHandle<Int>) throws { // scaffold
    if requests >= limit.value { throw TooManyRequests() }
} // scaffold

// ConfigurationPropertySource.handle(_:as:), ContainerBuilder.addConfiguration(_:)
func handlesInCode(builder: ContainerBuilder, source: ConfigurationPropertySource) { // scaffold
    builder.register(RateLimiter.self) { _ in RateLimiter(limit: try source.handle("rate.limit", as: Int.self)) }
    builder.addConfiguration(ConfigurationPropertySource(providers: [EnvironmentVariablesProvider()]))
} // scaffold
