import Configuration
import Foundation
import IoCConfiguration
import IoCCore
import Testing

/// A YAML file read by swift-configuration's `FileProvider<YAMLSnapshot>` (its `YAML` trait),
/// behind the environment: the values, the provider's secret mark, a handle.
@Suite("swift-configuration YAML files")
struct YAMLFileTests {
    func source() async throws -> ConfigurationPropertySource {
        let file = try #require(Bundle.module.url(forResource: "app", withExtension: "yaml"))
        return ConfigurationPropertySource(providers: [
            EnvironmentVariablesProvider(environmentVariables: ["DB_HOST": "env.internal"]),
            try await FileProvider<YAMLSnapshot>(
                parsingOptions: .init(secretsSpecifier: .specific(["db.password"])), filePath: .init(stringLiteral: file.path)),
        ])
    }

    @Test func aYAMLFile_givesItsValues_behindTheEnvironment() async throws {
        let source = try await source()
        #expect(source.value(for: "db.host") == .string("env.internal"))
        // swift-configuration's YAML files give scalars as text; IoCCore converts them at build.
        #expect(source.value(for: "db.port") == .string("6543"))
        #expect(source.value(for: "db.port")?.location.description == "FileProvider<YAMLSnapshot>")
        #expect(source.value(for: "db.password")?.description == "<redacted>")
        // A handle reads the text as the type it asks for.
        #expect(try source.handle("rate.limit", as: Int.self).value == 10)
    }
}
