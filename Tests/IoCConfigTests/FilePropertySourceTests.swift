import Foundation
import IoCConfig
import IoCCore
import Testing

private final class Endpoint: @unchecked Sendable {
    var url = ""
    var retries = 0
    init() {}
}

/// IoCConfig's property sources read from files: a `.properties` file and a JSON file.
@Suite("Property sources read from files")
struct FilePropertySourceTests {
    @Test func propertiesFile_parsesSeparatorsCommentsContinuationsAndEscapes() throws {
        let source = try PropertiesFileSource(text: """
            # comment
            ! also a comment
            weather.url = https://api.example.com
            report.days: 5
            greeting Hello \\
                World
            path=C:\\\\temp\\tnext
            unicode=caf\\u00e9
            empty=
            """, name: "app.properties")
        #expect(source.value(for: "weather.url") == .string("https://api.example.com"))
        #expect(source.value(for: "report.days") == .string("5"))
        #expect(source.value(for: "greeting") == .string("Hello World"))
        #expect(source.value(for: "path") == .string("C:\\temp\tnext"))
        #expect(source.value(for: "unicode") == .string("café"))
        #expect(source.value(for: "empty") == .string(""))
        #expect(source.value(for: "greeting")?.location.line == 5)
        #expect(throws: PropertySourceError(source: "bad.properties", line: 1, reason: "bad \\u escape '\\uZZ'")) {
            try PropertiesFileSource(text: "x=\\uZZ", name: "bad.properties")
        }
    }

    @Test func jsonFile_flattensNestedKeys_andKeepsTypes() throws {
        let source = try JSONFilePropertySource(data: Data(#"{"weather": {"url": "https://x", "days": 5, "live": true}}"#.utf8), name: "app.json")
        #expect(source.value(for: "weather.url") == .string("https://x"))
        #expect(source.value(for: "weather.days") == .int(5))
        #expect(source.value(for: "weather.live") == .bool(true))
        #expect(throws: PropertySourceError(source: "list.json", line: 0, reason: "must hold a JSON object at the top")) {
            try JSONFilePropertySource(data: Data("[1]".utf8), name: "list.json")
        }
    }

    @Test func propertyFiles_loadFromDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let properties = directory.appendingPathComponent("app.properties")
        try "host=example.org\n".write(to: properties, atomically: true, encoding: .utf8)
        let json = directory.appendingPathComponent("app.json")
        try #"{"retries": 4}"#.write(to: json, atomically: true, encoding: .utf8)
        let catalog = TypeCatalog()
        catalog.add(Endpoint.self) { endpoint in
            endpoint.initializer("init()") { Endpoint() }
            endpoint.property("url", \.url)
            endpoint.property("retries", \.retries)
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        builder.propertySources = [try PropertiesFileSource(contentsOf: properties), try JSONFilePropertySource(contentsOf: json)]
        var definition = Definition(name: "endpoint", typeName: "Endpoint", location: ConfigLocation(file: "app.yaml", line: 2, column: 3))
        definition.properties = [PropertyInjection(name: "url", source: .config(.string("https://${host}"))),
                                 PropertyInjection(name: "retries", source: .config(.string("${retries}")))]
        builder.add(definition)
        let resolved = try builder.build().resolve(Endpoint.self)
        #expect(resolved.url == "https://example.org" && resolved.retries == 4)
        #expect(throws: PropertySourceError.self) { try PropertiesFileSource(contentsOf: directory.appendingPathComponent("missing.properties")) }
    }
}
