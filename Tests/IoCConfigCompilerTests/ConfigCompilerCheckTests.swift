import Foundation
import IoCConfigCompiler
import IoCCore
import IoCYAML
import Testing

@Suite("Config compiler: members checked against the declarations")
struct ConfigCompilerMemberTests {
    @Test func compile_wrongInitializerLabel_isTheErrorBuildGives() throws {
        let (output, folder) = try compile(["services.yaml": """
            services:
              client: { class: FreeWeatherClient, arguments: { fixtrue: '@fixture' } }
              fixture: { class: Fixture, arguments: { path: /tmp/f } }
            """], sources: weatherSources)
        let file = folder.appendingPathComponent("services.yaml").path
        #expect(output.diagnostics.map(\.description) == [
            "\(file):2:61: error: FreeWeatherClient has no initializer taking (fixtrue:) (for \"client\" (FreeWeatherClient) at \(file):2:61). It has: init(fixture:).",
        ])
    }

    @Test func compile_propertyTheTypeLacks_isTheErrorBuildGives() throws {
        let (output, folder) = try compile(["services.yaml": """
            services:
              fixture:
                class: Fixture
                arguments: { path: /tmp/f }
                properties: { retriez: 2 }
            """], sources: weatherSources)
        let file = folder.appendingPathComponent("services.yaml").path
        #expect(output.diagnostics.map(\.description) == [
            "\(file):5:28: error: Fixture has no property retriez (for \"fixture\" (Fixture) at \(file):5:28). Did you mean retries? It has: path, retries.",
        ])
    }

    @Test func compile_methodsTheTypeLacks_calledHookedOrFactory_areTheErrorsBuildGives() throws {
        let (output, folder) = try compile(["services.yaml": """
            services:
              report: { class: ReportService, arguments: [3], calls: [[reopen]], dispose: clsoe }
              database: { class: Storage.Database, arguments: [/tmp/db] }
              connection: { factory: ['@database', 'opne'] }
              kept: { class: ReportService, arguments: [4], calls: [[close]], after-injection: close }
            """], sources: weatherSources)
        let file = folder.appendingPathComponent("services.yaml").path
        #expect(output.diagnostics.map(\.description) == [
            "\(file):2:3: error: ReportService has no method reopen (for \"report\" (ReportService) at \(file):2:3). It has: close().",
            "\(file):2:3: error: ReportService has no method clsoe (for \"report\" (ReportService) at \(file):2:3). It has: close().",
            "\(file):4:3: error: Database has no factory method opne (for \"connection\" at \(file):4:3). It has: open().",
        ])
    }

    @Test func compile_filesOfOneType_areOneGraph_referencesAcrossThem_andDuplicatesBetweenThem() throws {
        let folder = try folder([
            "services.yaml": "services:\n  client: { class: FreeWeatherClient, arguments: ['@fixture'] }\n",
            "data.yaml": "services:\n  fixture: { class: Fixture, arguments: { path: /tmp/f } }\n  client: { class: FreeWeatherClient, arguments: ['@fixture'] }\n",
        ])
        let compiler = ConfigCompiler(configFiles: ["services.yaml", "data.yaml"].map { folder.appendingPathComponent($0) },
                                      sources: weatherSources.map { ("/src/\($0.key)", $0.value) }, module: "App")
        let file = folder.appendingPathComponent("data.yaml").path
        // "fixture" is found in the other file; "client", defined in both, is a duplicate, as
        // two loads into one builder make it.
        let first = folder.appendingPathComponent("services.yaml").path
        #expect(compiler.compile().diagnostics.map(\.description) == [
            "\(file):3:3: error: Duplicate component \"client\" at \(file):3:3; first defined at \(first):2:3. Rename one, or mark the later one as an override.",
        ])
    }

    @Test func compile_aFileAnotherImports_isReadWithIt_notAgainAlone() throws {
        let folder = try folder([
            "services.yaml": "imports: [data.yaml]\nservices:\n  client: { class: FreeWeatherClient, arguments: ['@fixture'] }\n",
            "data.yaml": "services:\n  fixture: { class: Fixture, arguments: { path: /tmp/f } }\n",
        ])
        let compiler = ConfigCompiler(configFiles: ["data.yaml", "services.yaml"].map { folder.appendingPathComponent($0) },
                                      sources: weatherSources.map { ("/src/\($0.key)", $0.value) }, module: "App")
        let output = compiler.compile()
        #expect(output.diagnostics.map(\.description) == [])
        #expect(output.code.components(separatedBy: "make0(builder, \"fixture\"").count == 2, "registered once")
        #expect(output.code.contains("private static let file1 = \"\(folder.appendingPathComponent("data.yaml").path)\""))
    }

    @Test func compile_positionalArgumentsNoInitializerTakes_andUnknownStaticFactory_areReported() throws {
        let (output, folder) = try compile(["services.yaml": """
            services:
              client: { class: FreeWeatherClient, arguments: ['@fixture', 2] }
              fixture: { class: Fixture, arguments: [/tmp/f] }
              report: { class: ReportService, constructor: 'make(weeks:)', arguments: [2] }
              other: { class: ReportService, constructor: 'make(days:)', arguments: [2] }
            """], sources: weatherSources)
        let file = folder.appendingPathComponent("services.yaml").path
        #expect(output.diagnostics.map(\.description) == [
            "\(file):2:51: error: FreeWeatherClient has no initializer taking (_:_:) (for \"client\" (FreeWeatherClient) at \(file):2:51). It has: init(fixture:).",
            "\(file):4:3: error: ReportService has no static factory make(weeks:) (for \"report\" (ReportService) at \(file):4:3). Did you mean make(days:)? It has: make(days:).",
        ])
    }

    @Test func compile_classOfAnotherModulesSuperclass_isLeftToTheBuild() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              view: { class: Screen, arguments: { frame: 3 }, properties: { tint: red } }
            """], sources: ["Screen.swift": "import UIKitLike\nfinal class Screen: BaseView { var title = \"\" }"])
        #expect(output.diagnostics == [])
    }
}

// The same types as `weatherSources`, compiled, with the catalog the plugin writes for them:
// what build() says of a config, to compare with what the compiler says of it.
private struct Fixture: Sendable {
    var path: String
    var retries: Int = 3
}

private final class Settings: Sendable {
    let days: Int
    let timeout: Duration
    init(days: Int, timeout: Duration) { self.days = days; self.timeout = timeout }
}

private final class Holder: Sendable {
    let fixture: Fixture
    init(fixture: Fixture) { self.fixture = fixture }
}

private let checkedSources = ["Types.swift": """
    struct Fixture: Sendable {
        var path: String
        var retries: Int = 3
    }
    final class Settings: Sendable {
        let days: Int
        let timeout: Duration
        init(days: Int, timeout: Duration) { self.days = days; self.timeout = timeout }
    }
    final class Holder: Sendable {
        let fixture: Fixture
        init(fixture: Fixture) { self.fixture = fixture }
    }
    """]

/// What `build()` reports of `yaml`, with the catalog the plugin would write.
private func buildProblems(_ yaml: String, name: String) throws -> [String] {
    let catalog = TypeCatalog()
    catalog.add(Fixture.self) { type in
        type.initializer("init(path:)") { (p0: String) in Fixture(path: p0) }
        type.initializer("init(path:retries:)") { (p0: String, p1: Int) in Fixture(path: p0, retries: p1) }
        type.property("path", \Fixture.path)
        type.property("retries", \Fixture.retries)
    }
    catalog.add(Settings.self) { type in
        type.initializer("init(days:timeout:)") { (p0: Int, p1: Duration) in Settings(days: p0, timeout: p1) }
    }
    catalog.add(Holder.self) { type in type.initializer("init(fixture:)") { (p0: Fixture) in Holder(fixture: p0) } }
    let builder = ContainerBuilder()
    builder.catalog = catalog
    // A placeholder's value is the launch's to give.
    builder.propertySources = [DictionaryPropertySource(["DAYS": "5"])]
    try builder.loadYAML(yaml, name: name)
    do {
        _ = try builder.build()
        return []
    } catch let error as IoCError {
        return error.problems.map(\.description)
    }
}

@Suite("Config compiler: values and lifetimes checked as build() checks them")
struct ConfigCompilerValueTests {
    @Test func compile_literalsThatDoNotConvert_andCaptiveDependencies_areBuildsOwnProblems() throws {
        let yaml = """
            services:
              settings: { class: Settings, arguments: { days: five, timeout: 2 weeks } }
              fixture: { class: Fixture, arguments: { path: /tmp/f }, properties: { retries: many }, scope: prototype }
              holder: { class: Holder, arguments: ['@fixture'], scope: singleton }
              fine: { class: Settings, arguments: { days: '${DAYS}', timeout: 250ms } }
            """
        let (output, folder) = try compile(["services.yaml": yaml], sources: checkedSources)
        let file = folder.appendingPathComponent("services.yaml").path
        let expected = try buildProblems(yaml, name: file)
        #expect(expected.count == 4)
        #expect(output.diagnostics.map(\.message).sorted() == expected.sorted())
        #expect(output.diagnostics.map { "\($0.location?.line ?? 0)" } == ["2", "2", "3", "4"])
    }
}

@Suite("Config compiler: parameters checked at build")
struct ConfigCompilerParameterTests {
    @Test func compile_aParameterNoFileDefines_isAnError_withDidYouMean_unlessTheAppGivesItAtLaunch() throws {
        let yaml = """
            parameters: { fixture.path: /tmp/f, fixture.retries: 3 }
            services:
              fixture: { class: Fixture, arguments: { path: '%fixture.pth%' } }
              other: { class: Fixture, arguments: { path: '%launch.path%' } }
              fine: { class: Fixture, arguments: { path: '%fixture.path%' } }
              env: { class: Fixture, arguments: { path: '%env(FIXTURE_PATH)%' } }
            """
        let (output, folder) = try compile(["services.yaml": yaml], sources: checkedSources)
        let file = folder.appendingPathComponent("services.yaml").path
        #expect(output.diagnostics.map(\.description) == [
            "\(file):3:49: error: Parameter %fixture.pth% at \(file):3:49 has no value: not found in parameters, the values read at launch. Define fixture.pth (under parameters:, or in another property source), or give a default: ${fixture.pth:default}. Did you mean %fixture.path%? A parameter the app gives at launch is listed in ioc-plugin.json: \"launchParameters\": [\"fixture.pth\"].",
            "\(file):4:47: error: Parameter %launch.path% at \(file):4:47 has no value: not found in parameters, the values read at launch. Define launch.path (under parameters:, or in another property source), or give a default: ${launch.path:default}. A parameter the app gives at launch is listed in ioc-plugin.json: \"launchParameters\": [\"launch.path\"].",
        ])
        var compiler = ConfigCompiler(configFiles: [folder.appendingPathComponent("services.yaml")],
                                      sources: checkedSources.map { ("/src/\($0.key)", $0.value) }, module: "App")
        compiler.launchParameters = ["launch.path", "fixture.pth"]
        #expect(compiler.compile().diagnostics.map(\.description) == [])
    }

    @Test func compile_aParameterWhoseValueDoesNotConvert_isTheBuildsBadValue() throws {
        let yaml = """
            parameters: { days: five }
            services:
              settings: { class: Settings, arguments: { days: '%days%', timeout: 2s } }
            """
        let (output, folder) = try compile(["services.yaml": yaml], sources: checkedSources)
        let expected = try buildProblems(yaml, name: folder.appendingPathComponent("services.yaml").path)
        #expect(expected.count == 1)
        #expect(output.diagnostics.map(\.message) == expected)
    }
}

@Suite("Config compiler: every problem of a file, each once at its place")
struct ConfigCompilerReportTests {
    @Test func compile_anUnknownKey_doesNotHideTheFilesOtherProblems() throws {
        let (output, folder) = try compile(["services.yaml": """
            services:
              fixture: { class: Fixture, argumnets: { path: /tmp/f } }
              client: { class: FreeWeatherClient, arguments: { fixtrue: '@fixture' } }
              report: { class: ReportService, arguments: ['@clinet'] }
            """], sources: weatherSources)
        let file = folder.appendingPathComponent("services.yaml").path
        #expect(output.diagnostics.map(\.description) == [
            "\(file):2:30: error: Unknown key 'argumnets' in service 'fixture' at \(file):2:30. Did you mean 'arguments'? Known keys: \(serviceKeys).",
            "\(file):4:47: error: No component \"clinet\" is registered; required by \"report\" (ReportService), argument 0, at \(file):4:47. Did you mean client? Register it, or correct the reference.",
            "\(file):3:61: error: FreeWeatherClient has no initializer taking (fixtrue:) (for \"client\" (FreeWeatherClient) at \(file):3:61). It has: init(fixture:).",
        ])
    }

    @Test func compile_aSyntaxError_saysItsPlaceOnce_andWhereTheOpenBracketIs() throws {
        let (output, folder) = try compile(["services.yaml": "services:\n  fixture: { class: Fixture\n  other: 1\n"], sources: weatherSources)
        let file = folder.appendingPathComponent("services.yaml").path
        #expect(output.diagnostics.map(\.description) == [
            "\(file):3:8: error: YAML syntax error: did not find expected ',' or '}' while parsing a flow mapping started at \(file):2:12.",
        ])
    }
}

private let serviceKeys = "class, as, arguments, properties, calls, factory, scope, shared, lazy, eager, primary, tags, parent, abstract, aliases, profile, before-injection, after-injection, dispose, decorates, depends-on, autowire, autoconfigure, public, bind, synthetic, deprecated, $<argument>, resource, exclude, decoration_inner_name, decoration_priority, decoration_on_invalid, decorates_tag, constructor, namespace"

@Suite("Config compiler: references through aliases")
struct ConfigCompilerAliasTests {
    @Test func compile_aSingletonThatInjectsAnAliasOfASingleton_isNoCaptiveDependency() throws {
        let (output, folder) = try compile(["services.yaml": """
            services:
              fixture: { class: Fixture, arguments: { path: /tmp/f } }
              mainFixture: '@fixture'
              otherFixture: { alias: fixture }
              oldFixture: { alias: fixture, deprecated: { package: acme/app, version: '1.2', message: 'use fixture' } }
              holder: { class: Holder, arguments: ['@mainFixture'], scope: singleton }
              second: { class: Holder, arguments: ['@otherFixture'], scope: singleton }
              third: { class: Holder, arguments: ['@oldFixture'], scope: singleton }
            """], sources: checkedSources)
        let file = folder.appendingPathComponent("services.yaml").path
        #expect(output.diagnostics.map(\.description) == [
            "\(file):8:39: warning: \"third\" (Holder) argument 0 at \(file):8:39 uses \"oldFixture\", which is deprecated: use fixture (since acme/app 1.2).",
        ], "the deprecated alias's warning, and no captive dependency")
    }

    @Test func compile_aSingletonThatInjectsAnAliasOfAPrototype_isTheCaptiveDependencyBuildReports() throws {
        let yaml = """
            services:
              fixture: { class: Fixture, arguments: { path: /tmp/f }, scope: prototype }
              mainFixture: '@fixture'
              holder: { class: Holder, arguments: ['@mainFixture'], scope: singleton }
            """
        let (output, folder) = try compile(["services.yaml": yaml], sources: checkedSources)
        let expected = try buildProblems(yaml, name: folder.appendingPathComponent("services.yaml").path)
        #expect(expected.count == 1)
        #expect(output.diagnostics.map(\.message) == expected)
    }
}

@Suite("Config compiler: typed accessors")
struct ConfigCompilerAccessorTests {
    @Test func identifier_isTheNameOrItsWordsInLowerCamelCase() {
        #expect(RegistrationWriter.identifier("reportService") == "reportService")
        #expect(RegistrationWriter.identifier("report.service") == "reportService")
        #expect(RegistrationWriter.identifier("App\\Mailer") == "appMailer")
        #expect(RegistrationWriter.identifier("default") == "`default`")
        #expect(RegistrationWriter.identifier("2fa") == nil)
        #expect(RegistrationWriter.identifier("...") == nil)
    }
}

@Suite("Config compiler: code that stays cheap to compile")
struct ConfigCompilerShapeTests {
    @Test func componentsOfOneShape_shareAFunction_consecutiveOnesATable_inTheConfigsOrder() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              a: { class: Fixture, arguments: [/tmp/a] }
              b: { class: Fixture, arguments: [/tmp/b] }
              c: { class: Fixture, arguments: [/tmp/c] }
              client: { class: FreeWeatherClient, arguments: ['@a'] }
              d: { class: Fixture, arguments: [/tmp/d] }
            """], sources: weatherSources)
        #expect(output.diagnostics == [])
        let register = output.code.components(separatedBy: "static func register(in builder: IoCCore.ContainerBuilder) {").last ?? ""
        let body = register.components(separatedBy: "\n    }\n").first?.split(separator: "\n").filter { !$0.hasPrefix("#sourceLocation") } ?? []
        #expect(body == [
            "        for row in rows0() { make0(builder, row.0, file0, row.1, configText(row.2, file0, row.3, row.4)) }",
            "        make1(builder, \"client\", file0, 5, .named(\"a\"))",
            "        make0(builder, \"d\", file0, 6, configText(\"/tmp/d\", file0, 6, 36))",
        ])
        #expect(output.code.contains("""
                @_optimize(none)
                private static func rows0() -> [(String?, Int, String, Int, Int)] {
                    [
                        ("a", 2, "/tmp/a", 2, 36),
                        ("b", 3, "/tmp/b", 3, 36),
                        ("c", 4, "/tmp/c", 4, 36),
                    ]
                }
            """))
        #expect(output.code.components(separatedBy: "private static func make").count == 3)
    }
}
