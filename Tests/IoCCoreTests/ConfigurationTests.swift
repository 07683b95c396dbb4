import Foundation
import IoCCore
import Testing

private final class Endpoint: @unchecked Sendable {
    var url = ""
    var retries = 0
    var label = ""
    init() {}
}

/// A builder with `Endpoint` catalogued, for unbound definitions.
private func endpointBuilder(_ sources: [any PropertySource] = []) -> ContainerBuilder {
    let catalog = TypeCatalog()
    catalog.add(Endpoint.self) { endpoint in
        endpoint.initializer("init()") { Endpoint() }
        endpoint.property("url", \.url)
        endpoint.property("retries", \.retries)
        endpoint.property("label", \.label)
    }
    let builder = ContainerBuilder()
    builder.catalog = catalog
    builder.propertySources = sources
    return builder
}

private let here = ConfigLocation(file: "app.yaml", line: 4, column: 9)

private func endpoint(_ name: String = "endpoint", url: String? = nil, retries: String? = nil, label: String? = nil) -> Definition {
    var definition = Definition(name: name, typeName: "Endpoint", location: ConfigLocation(file: "app.yaml", line: 2, column: 3))
    if let url { definition.properties.append(PropertyInjection(name: "url", source: .config(.string(url, at: here)))) }
    if let retries { definition.properties.append(PropertyInjection(name: "retries", source: .config(.string(retries, at: here)))) }
    if let label { definition.properties.append(PropertyInjection(name: "label", source: .config(.string(label, at: here)))) }
    return definition
}

@Suite("Placeholders and property sources")
struct PlaceholderTests {
    @Test func placeholder_isReplacedFromTheFirstSourceThatHasIt() throws {
        let builder = endpointBuilder([
            EnvironmentPropertySource(["API_HOST": "env.example.com"]),
            DictionaryPropertySource(name: "parameters", ["API_HOST": "param.example.com", "api.path": "/v1"]),
        ])
        builder.add(endpoint(url: "https://${API_HOST}${api.path}"))
        #expect(try builder.build().resolve(Endpoint.self).url == "https://env.example.com/v1")
    }

    @Test func placeholder_defaultIsUsedWhenNoSourceHasTheKey() throws {
        let builder = endpointBuilder([EnvironmentPropertySource([:])])
        builder.add(endpoint(url: "${URL:https://fallback.example.com}", retries: "${RETRIES:3}"))
        let resolved = try builder.build().resolve(Endpoint.self)
        #expect(resolved.url == "https://fallback.example.com" && resolved.retries == 3)
    }

    /// Every `${` is found wherever it stands, and a `$` that starts none is text.
    @Test(arguments: [
        ("${X}", "v"), ("a${X}", "av"), ("price: 5$ and ${X}", "price: 5$ and v"), ("€ ${X}!", "€ v!"),
        ("$", "$"), ("ends with $", "ends with $"), ("a$b{c}", "a$b{c}"), ("$ {X}", "$ {X}"), ("$$", "$$"),
    ])
    func placeholder_isFoundAnywhere_andADollarAloneIsText(_ text: String, _ expected: String) throws {
        let builder = endpointBuilder([DictionaryPropertySource(name: "parameters", ["X": "v"])])
        builder.add(endpoint(url: text))
        #expect(try builder.build().resolve(Endpoint.self).url == expected)
    }

    @Test func placeholder_wholeValueKeepsTheSourcesType() throws {
        let builder = endpointBuilder([DictionaryPropertySource(name: "json", ["retries": ConfigValue.int(7)])])
        builder.add(endpoint(retries: "${retries}"))
        #expect(try builder.build().resolve(Endpoint.self).retries == 7)
    }

    @Test func placeholder_valuesMayHoldPlaceholders_andDefaultsToo() throws {
        let builder = endpointBuilder([DictionaryPropertySource(["host": "example.com", "base": "https://${host}"])])
        builder.add(endpoint(url: "${base}/x", label: "${missing:${host}}"))
        let resolved = try builder.build().resolve(Endpoint.self)
        #expect(resolved.url == "https://example.com/x" && resolved.label == "example.com")
    }

    @Test func placeholder_escapedDollarIsLiteral() throws {
        let builder = endpointBuilder()
        builder.add(endpoint(label: "cost: $${price}"))
        #expect(try builder.build().resolve(Endpoint.self).label == "cost: ${price}")
    }

    @Test func placeholder_inReferenceNames() throws {
        let builder = endpointBuilder([DictionaryPropertySource(["client": "better"])])
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free")
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better")
        builder.register(ReportService.init).arguments(.named("${client}"))
        #expect(try builder.build().resolve(ReportService.self).client is BetterWeatherClient)
    }

    @Test func unresolvedPlaceholder_namesKeySourcesAndHowToFix() {
        let builder = endpointBuilder([EnvironmentPropertySource([:]), DictionaryPropertySource(name: "parameters", [String: String]())])
        builder.add(endpoint(url: "https://${API_HOST}/v1"))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Placeholder ${API_HOST} at app.yaml:4:9 has no value: not found in environment, parameters. \
            Define API_HOST, or give a default: ${API_HOST:default}.
            """)
    }

    @Test func unresolvedPlaceholder_reachedThroughAnother_showsTheChain() {
        let builder = endpointBuilder([DictionaryPropertySource(["url": "${host}/v1"])])
        builder.add(endpoint(url: "${url}"))
        #expect(errorText { _ = try builder.build() }.hasSuffix(
            "1. Placeholder ${host} at app.yaml:4:9 (reached through ${url}) has no value: not found in code. Define host, or give a default: ${host:default}."))
    }

    @Test func aKeyConfigSpellsOtherwise_isQuotedAsConfigWritesIt() {
        let builder = endpointBuilder([DictionaryPropertySource(["url": "${host}/v1"])])
        let setting = PlaceholderSpelling(noun: "Setting", opening: "#{", closing: "}", whereToDefine: "in settings.ini")
        builder.spellPlaceholders(["host", "url"], as: setting)
        builder.add(endpoint(url: "${url}"))
        #expect(errorText { _ = try builder.build() }.hasSuffix(
            "1. Setting #{host} at app.yaml:4:9 (reached through #{url}) has no value: not found in code. Define host (in settings.ini), or give a default: ${host:default}."))
    }

    @Test func circularPlaceholders_areReportedWithTheirChain() {
        let builder = endpointBuilder([DictionaryPropertySource(["a": "${b}", "b": "x${a}"])])
        builder.add(endpoint(url: "${a}"))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Placeholders at app.yaml:4:9 refer to each other in a circle: ${a} -> ${b} -> ${a}.
            """)
    }

    @Test func malformedPlaceholder_isReported() {
        let builder = endpointBuilder()
        builder.add(endpoint(url: "https://${host"))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Malformed placeholder in "https://${host" at app.yaml:4:9: '${' is not closed. Write ${key} or ${key:default}; $${ stands for a literal ${.
            """)
    }

    @Test func placeholderFunction_isCalledWithItsArgument_andItsDefaultTakenWhenItHasNoValue() throws {
        let builder = endpointBuilder([DictionaryPropertySource(["app.name": "weather", "host": "example.com"])])
        builder.placeholderFunctions["upper"] = Upper()
        builder.add(endpoint(url: "https://${upper(host)}/${upper(app.name)}", label: "${upper(missing):${host}}"))
        let resolved = try builder.build().resolve(Endpoint.self)
        #expect(resolved.url == "https://EXAMPLE.COM/WEATHER" && resolved.label == "example.com")
    }

    @Test func placeholderFunction_withoutValueOrDefault_isUnresolved_withItsAdvice() {
        let builder = endpointBuilder([DictionaryPropertySource([String: String]())])
        builder.placeholderFunctions["upper"] = Upper()
        builder.add(endpoint(url: "${upper(host)}"))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Placeholder ${upper(host)} at app.yaml:4:9 has no value: not found in code. Define host in a property source, or ${upper(host):default}.
            """)
    }

    @Test func placeholderFunction_reportsAProblemOfItsOwnKind() throws {
        let builder = endpointBuilder([DictionaryPropertySource(["host": "example.com"])])
        builder.placeholderFunctions["upper"] = Upper()
        builder.add(endpoint(url: "${upper(host:port)}"))
        let error = try #require(#expect(throws: IoCError.self) { try builder.build() })
        #expect(error.problems.map(\.kind) == [Upper.badArgument])
        #expect(error.problems.first?.location == here)
        #expect(error.description == """
            Container validation failed with 1 problem:
            1. upper(host:port) at app.yaml:4:9 takes one key, not "host:port".
            """)
    }

    @Test func placeholderFunction_unterminatedCall_isMalformed_andAnUnknownNameIsAKey() throws {
        let builder = endpointBuilder([DictionaryPropertySource(["upper(host)": "as written", "host": "example.com"])])
        builder.add(endpoint(url: "${upper(host)}"))
        // No function `upper`: the text is a key like any other.
        #expect(try builder.build().resolve(Endpoint.self).url == "as written")

        let malformed = endpointBuilder([DictionaryPropertySource(["host": "example.com"])])
        malformed.placeholderFunctions["upper"] = Upper()
        malformed.add(endpoint(url: "${upper(host)x}"))
        #expect(errorText { _ = try malformed.build() } == """
            Container validation failed with 1 problem:
            1. Malformed placeholder in "${upper(host)x}" at app.yaml:4:9: '${upper(...)' must end after its ')', or give a default as ${upper(...):default}. Write ${key} or ${key:default}; $${ stands for a literal ${.
            """)
    }
}

@Suite("Profiles")
struct ProfileTests {
    private func builder(active: Set<String>) -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.activeProfiles = active
        var production = builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("client").component
        production.definition.profiles = ["production"]
        var test = builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("client").component
        test.definition.profiles = ["test", "default"]
        var notTest = builder.register(D.init).named("expensive").component
        notTest.definition.profiles = ["!test"]
        let fresh = ContainerBuilder()
        fresh.activeProfiles = active
        fresh.add(contentsOf: [production, test, notTest])
        return fresh
    }

    @Test func activeProfile_selectsItsDefinitions_withoutDuplicateErrors() throws {
        #expect(try builder(active: ["production"]).build().resolve((any WeatherClient).self, name: "client") is BetterWeatherClient)
        #expect(try builder(active: ["test"]).build().resolve((any WeatherClient).self, name: "client") is FreeWeatherClient)
    }

    @Test func noActiveProfile_meansDefault() throws {
        #expect(try builder(active: []).build().resolve((any WeatherClient).self, name: "client") is FreeWeatherClient)
    }

    @Test func negatedProfile_excludesIt() throws {
        #expect(try builder(active: ["test"]).build().isRegistered(D.self, name: "expensive") == false)
        #expect(try builder(active: ["production"]).build().isRegistered(D.self, name: "expensive"))
    }
}

@Suite("Collections and merged sources")
struct CollectionSourceTests {
    final class Board: @unchecked Sendable {
        var clients: [any WeatherClient] = []
        var limits: [String: Int] = [:]
        var names: Set<String> = []
        init() {}
    }

    @Test func listsAndMaps_mixReferencesValuesAndInnerDefinitions() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free")
        let inner = builder.keepingCode(of: ContainerBuilder().register(BetterWeatherClient.init, as: (any WeatherClient).self).component)
        builder.register(Board.init)
            .property(\.clients, .list([.named("free"), .inner(inner)]), name: "clients")
            .property(\.limits, .map(["a": .config(.int(1)), "b": .config(.string("2"))]), name: "limits")
            .property(\.names, .list([.config(.string("x")), .config(.string("x")), .value("y")]), name: "names")
        let board = try builder.build().resolve(Board.self)
        #expect(board.clients.map { $0.forecast(city: "c") } == ["free forecast for c", "better forecast for c"])
        #expect(board.limits == ["a": 1, "b": 2])
        #expect(board.names == ["x", "y"])
    }

    @Test func codeAndFileDefinitions_mergeIntoOneBuilder_andAFileMayOverrideOnPurpose() throws {
        let builder = endpointBuilder()
        builder.register(Endpoint.init).named("endpoint").property(\.url, .value("from code"), name: "url")
        var fromFile = endpoint(url: "from file")
        fromFile.isOverride = true
        builder.add(fromFile)
        let container = try builder.build()
        #expect(try container.resolve(Endpoint.self, name: "endpoint").url == "from file")
        #expect(container.definitions.map(\.location.file) == ["app.yaml"])
    }
}

/// A placeholder function of a test's own: `${upper(key)}` is the key's value in capitals.
private struct Upper: PlaceholderFunction {
    static let badArgument = IoCError.Kind("badUpperArgument")

    func value(of argument: String, in call: PlaceholderCall) throws(IoCError) -> ConfigValue? {
        guard !argument.contains(":") else {
            throw IoCError(Self.badArgument, message: "\(call.text) at \(call.location) takes one key, not \"\(argument)\".", location: call.location)
        }
        return call.lookup(argument).flatMap(\.scalarText).map { ConfigValue(.string($0.uppercased()), at: call.location) }
    }

    func adviceWhenUnset(_ argument: String) -> String? { "Define \(argument) in a property source" }
}
