import Foundation
import IoCConfig
import IoCCore
import Testing

private final class Server: @unchecked Sendable {
    var port = 0
    var debug = false
    init() {}
}

/// A builder whose `Server` takes `port` and `debug` from config text.
private func serverBuilder(port: String, debug: String = "false", environment: [String: String]) -> ContainerBuilder {
    let catalog = TypeCatalog()
    catalog.add(Server.self) { server in
        server.initializer("init()") { Server() }
        server.property("port", \.port)
        server.property("debug", \.debug)
    }
    let builder = ContainerBuilder()
    builder.catalog = catalog
    builder.propertySources = [EnvironmentPropertySource(environment)]
    let here = ConfigLocation(file: "main.swift", line: 3, column: 5)
    var definition = Definition(name: "server", typeName: "Server", location: here)
    definition.properties = [
        PropertyInjection(name: "port", source: .config(.string(port, at: here))),
        PropertyInjection(name: "debug", source: .config(.string(debug, at: here))),
    ]
    builder.add(definition)
    return builder
}

@Suite("EnvironmentFunction: env(…) placeholders in code")
struct EnvironmentFunctionTests {
    @Test func codeThatAddsTheFunction_readsVariablesThroughTheProcessors() throws {
        let builder = serverBuilder(port: "${env(int:PORT)}", debug: "${env(not:QUIET)}", environment: ["PORT": "8080", "QUIET": "no"])
        builder.addEnvironmentFunction()
        let server = try builder.build().resolve(Server.self)
        #expect(server.port == 8080 && server.debug)
    }

    @Test func addingTheFunction_keepsAnEnvFunctionTheAppSet() throws {
        let builder = serverBuilder(port: "${env(int:PORT)}", environment: ["PORT": "8080"])
        builder.placeholderFunctions["env"] = FixedPort()
        builder.addEnvironmentFunction()
        #expect(builder.placeholderFunctions["env"] is FixedPort)
        #expect(try builder.build().resolve(Server.self).port == 1234)
    }

    @Test func withoutTheFunction_envIsAnOrdinaryKey() throws {
        // The core knows no `env`: `${env(int:PORT)}` is the key "env(int" with the default "PORT)".
        let builder = serverBuilder(port: "${env(int:PORT)}", environment: ["PORT": "8080"])
        #expect(builder.placeholderFunctions.isEmpty)
        let error = try #require(#expect(throws: IoCError.self) { try builder.build() })
        #expect(error.problems.map(\.kind) == [.badValue])
    }

    @Test func aProcessorItDoesNotKnow_isABadEnvironmentExpression_atThePlaceholder() throws {
        let builder = serverBuilder(port: "${env(integer:PORT)}", environment: ["PORT": "8080"])
        builder.addEnvironmentFunction()
        let error = try #require(#expect(throws: IoCError.self) { try builder.build() })
        #expect(error.problems.map(\.kind) == [.badEnvironmentExpression])
        #expect(error.problems.first?.location == ConfigLocation(file: "main.swift", line: 3, column: 5))
        #expect(error.problems.first?.description == """
            Cannot evaluate env(integer:PORT) at main.swift:3:5: 'integer:' is not a processor; known: string, int, float, bool, not, json, csv, base64, trim, file, key, default, resolve. An app adds its own in code: builder.addEnvironmentProcessor("integer") { value in ... }.
            """)
    }

    @Test func anAppsOwnProcessor_processesTheValueToItsRight_andItsErrorIsTheExpressions() throws {
        let builder = serverBuilder(port: "${env(doubled:int:PORT)}", environment: ["PORT": "4000"])
        builder.addEnvironmentFunction()
        builder.addEnvironmentProcessor("doubled") { value in
            guard case .int(let number) = value.kind else { throw Refusal(reason: "not a number") }
            return ConfigValue(.int(number * 2), at: value.location)
        }
        #expect(try builder.build().resolve(Server.self).port == 8000)
        let refused = serverBuilder(port: "${env(doubled:PORT)}", environment: ["PORT": "4000"])
        refused.addEnvironmentProcessor("doubled") { _ in throw Refusal(reason: "not a number") }
        #expect(errorText { _ = try refused.build() } == """
            Container validation failed with 1 problem:
            1. Cannot evaluate env(doubled:PORT) at main.swift:3:5: the processor 'doubled:' failed: not a number.
            """)
    }

    @Test func anUnsetVariable_saysHowToSetItOrGiveADefault() {
        let builder = serverBuilder(port: "${env(int:PORT)}", environment: [:])
        builder.addEnvironmentFunction()
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Placeholder ${env(int:PORT)} at main.swift:3:5 has no value: not found in environment. \
            Set the variable PORT, or give it a default: the parameter env(PORT), or ${env(int:PORT):default}.
            """)
    }
}

/// An `env` function of an app's own: every call is 1234.
private struct FixedPort: PlaceholderFunction {
    func value(of argument: String, in call: PlaceholderCall) throws(IoCError) -> ConfigValue? { ConfigValue(.int(1234), at: call.location) }
}

/// Why an app's processor refused a value.
private struct Refusal: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
