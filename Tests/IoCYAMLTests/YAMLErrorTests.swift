import Foundation
import IoCCore
import IoCYAML
import Testing

private func loadError(_ yaml: String, limits: YAMLLimits = YAMLLimits()) -> String {
    errorText { _ = try YAMLLoader(limits: limits).load(string: yaml, name: "app.yaml") }
}

@Suite("YAML: errors name file, line and column")
struct YAMLErrorTests {
    @Test func syntaxError() {
        #expect(loadError("services:\n  a: [1, 2\n") == "YAML syntax error at app.yaml:3:1: did not find expected ',' or ']' while parsing a flow sequence.")
    }

    @Test func unknownKey_suggestsTheClosest() {
        #expect(loadError("services:\n  a: { clas: Logger }\n")
            == "Unknown key 'clas' in service 'a' at app.yaml:2:8. Did you mean 'class'? Known keys: class, as, arguments, properties, calls, factory, scope, shared, lazy, eager, primary, tags, parent, abstract, aliases, profile, before-injection, after-injection, dispose, decorates, depends-on, autowire, autoconfigure, public, bind, synthetic, deprecated, $<argument>, resource, exclude, decoration_inner_name, decoration_priority, decoration_on_invalid, decorates_tag, constructor, namespace.")
        #expect(loadError("service:\n  a: {}\n")
            == "Unknown key 'service' in the document at app.yaml:1:1. Did you mean 'services'? Known keys: parameters, imports, services, when@<profile>.")
    }

    @Test func bundleConfiguration_isRefusedByName() {
        #expect(loadError("framework:\n  secret: abc\nservices:\n  a: { class: Logger }\n")
            == "'framework' at app.yaml:1:1 has no Swift meaning here: in a Symfony config file a top-level key other than parameters, imports, services and when@ configures a bundle (framework, security, doctrine...), which is a PHP library's own setup; configure that library in Swift code, and keep the services of this file under services:.")
    }


    @Test func wrongKinds() {
        #expect(loadError("services: [a, b]\n") == "services at app.yaml:1:11 must be a map, not a list.")
        #expect(loadError("services:\n  a: { class: Logger, arguments: text }\n")
            == "arguments at app.yaml:2:34 must be a list (positional) or a map (labelled), not a scalar.")
        #expect(loadError("services:\n  a: { class: Logger, lazy: maybe }\n") == "lazy at app.yaml:2:29 must be true or false, not 'maybe'.")
    }

    @Test func badReference() {
        #expect(loadError("services:\n  a: { class: Logger, arguments: ['@'] }\n")
            == "Bad value '@' at app.yaml:2:35: a reference is '@' followed by a service id ('@?id' when optional, '@@' for a literal '@').")
    }

    @Test func scopeAndShared_together_conflict() {
        #expect(loadError("services:\n  a: { class: Logger, shared: false, scope: singleton }\n")
            == "'scope' at app.yaml:2:38 and 'shared' both set the scope; keep one.")
        #expect(loadError("services:\n  _defaults: { scope: prototype, shared: true }\n")
            == "'shared' at app.yaml:2:34 and 'scope' both set the scope; keep one.")
    }

    @Test func duplicateKey() {
        #expect(loadError("services:\n  a: { class: Logger }\n  a: { class: Logger }\n")
            == "Duplicate key 'a' at app.yaml:3:3; it was first given at app.yaml:2:3. Keep one.")
    }

    @Test func duplicateKey_inALargeMap() {
        // Large maps (more than 16 keys) find repeats through an index instead of a search.
        let services = (0..<20).map { "  s\($0): { class: Logger }\n" }.joined()
        #expect(loadError("services:\n" + services + "  s3: { class: Logger }\n")
            == "Duplicate key 's3' at app.yaml:22:3; it was first given at app.yaml:5:3. Keep one.")
        #expect(loadError("services:\n" + services + "  s19: { class: Logger }\n")
            == "Duplicate key 's19' at app.yaml:22:3; it was first given at app.yaml:21:3. Keep one.")
    }

    @Test func duplicateKey_sameTextInOtherBytes() {
        // "café" with a precomposed é and with e and a combining accent: equal as Swift strings,
        // so one key, in a small map (searched) and in a large one (indexed) alike.
        #expect(loadError("services:\n  caf\u{E9}: { class: Logger }\n  cafe\u{301}: { class: Logger }\n")
            == "Duplicate key 'cafe\u{301}' at app.yaml:3:3; it was first given at app.yaml:2:3. Keep one.")
        let services = (0..<20).map { "  s\($0): { class: Logger }\n" }.joined()
        #expect(loadError("services:\n  caf\u{E9}: { class: Logger }\n" + services + "  cafe\u{301}: { class: Logger }\n")
            == "Duplicate key 'cafe\u{301}' at app.yaml:23:3; it was first given at app.yaml:2:3. Keep one.")
    }

    @Test func unknownTag() {
        #expect(loadError("services:\n  a: !php/const FOO\n")
            == "!php/const at app.yaml:2:6 has no Swift meaning here: it makes a PHP constant, object or enum case; give the value itself, or register it in code.")
    }

    @Test func aliasTargetMissing_isABuildError_withTheClosestNames() {
        #expect(errorText { _ = try build("services:\n  logger: { class: Logger }\n  main: '@loger'\n") } == """
            Container validation failed with 1 problem:
            1. Alias "main" at services.yaml:3:3 names "loger", which no definition has. Did you mean "logger"?
            """)
    }

    @Test func unknownTypeAndValues_areReportedByTheBuilder_atTheYAMLLocation() {
        #expect(errorText { _ = try build("services:\n  a: { class: Loger }\n") } == """
            Container validation failed with 1 problem:
            1. Unknown type "Loger" for "a" (Loger) at services.yaml:2:3: it is not in the type catalog. Did you mean "Logger"? \
            Add it with catalog.add(Loger.self) (or @Component), or correct the name.
            """)
        #expect(errorText {
            _ = try build("services:\n  s: { class: URLSessionClient }\n  c:\n    class: FreeWeatherClient\n    arguments: { baseURL: 'https://x', session: '@s' }\n    properties: { retries: lots }\n")
        } == """
            Container validation failed with 1 problem:
            1. Value "lots" at services.yaml:6:28 cannot become Int for "c" (FreeWeatherClient), property 'retries': not a whole number.
            """)
    }
}

extension YAMLErrorTests {
    @Test func aComponentDroppedForItsOwnProblem_isNotReportedAgainWhereItIsReferenced() {
        // "client" has a placeholder without a value, "session" a type the catalog lacks: each
        // is reported once, and the references to them ("report", "other") are not reported
        // again as missing components.
        let text = errorText {
            _ = try build("""
                services:
                  session: { class: URLSesionClient }
                  client: { class: FreeWeatherClient, arguments: { baseURL: '${weather.url}', session: '@session' } }
                  report: { class: ReportService, arguments: { reporters: [], metrics: '@logger' }, properties: {} }
                  logger: { class: Logger, depends-on: [client] }
                  other: { class: FreeWeatherClient, arguments: { baseURL: 'https://x.example', session: '@session' } }
                """)
        }
        #expect(text == """
            Container validation failed with 2 problems:
            1. Placeholder ${weather.url} at services.yaml:3:61 has no value: not found in environment. Define weather.url, or give a default: ${weather.url:default}.
            2. Unknown type "URLSesionClient" for "session" (URLSesionClient) at services.yaml:2:3: it is not in the type catalog. Did you mean "URLSessionClient"? Add it with catalog.add(URLSesionClient.self) (or @Component), or correct the name.
            """)
    }
}

@Suite("YAML: untrusted input is bounded")
struct YAMLLimitTests {
    @Test func billionLaughs_failsFast_withANamedLimit() {
        let bomb = """
            a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
            b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
            c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
            d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
            e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
            f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
            g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
            h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
            i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
            """
        // Stopped at the first alias that takes the expansion past the budget, not at the end.
        #expect(loadError(bomb)
            == "YAML limit exceeded at app.yaml:6:8: the nodes aliases expand to (maxAliasExpansion 100000) is 141148. Raise YAMLLimits if the file is meant to be this large.")
    }

    @Test func aliasesOfLongScalars_areBoundedByTheTextTheyRepeat() {
        // 90 aliases of a 100,000-byte scalar are few nodes, and nine megabytes of strings.
        let scalar = String(repeating: "x", count: 100_000)
        let many = "parameters:\n  big: &b '\(scalar)'\n  many: [" + Array(repeating: "*b", count: 90).joined(separator: ", ") + "]\n"
        var limits = YAMLLimits()
        limits.maxDocumentBytes = 1_000_000
        #expect(loadError(many, limits: limits)
            == "YAML limit exceeded at app.yaml:3:50: the text aliases repeat (maxDocumentBytes 1000000) is 1100000. Raise YAMLLimits if the file is meant to be this large.")
        // Counted through collections, each member as often as it is repeated.
        let nested = "parameters:\n  a: &a ['\(String(repeating: "y", count: 400))', '\(String(repeating: "z", count: 100))']\n  b: &b [*a, *a]\n  c: [*b, *b]\n"
        limits.maxDocumentBytes = 2_500
        #expect(loadError(nested, limits: limits)
            == "YAML limit exceeded at app.yaml:4:11: the text aliases repeat (maxDocumentBytes 2500) is 3000. Raise YAMLLimits if the file is meant to be this large.")
        limits.maxDocumentBytes = 3_000
        #expect(loadError(nested, limits: limits) == "no error")
    }

    @Test func parametersThatRepeatEachOther_areResolvedOnce_andHeldToATextLimit() throws {
        // Forty parameters, each the one before twice: 2^40 resolutions and 16 TB of text as written.
        var lines = ["parameters:", "  p0: 'xxxxxxxxxxxxxxxx'"]
        for level in 1..<40 { lines.append("  p\(level): '%p\(level - 1)%%p\(level - 1)%'") }
        lines.append("services:\n  a: { class: ConsoleReporter, arguments: ['%p39%'] }")
        #expect(errorText { _ = try build(lines.joined(separator: "\n")) } == """
            Container validation failed with 1 problem:
            1. Placeholders in "${p19}${p19}" at services.yaml:43:44 make more text than one build allows (16777216 bytes in all): a value that puts other values together, which themselves repeat others, grows this way. Shorten the values, or raise ContainerBuilder.maxPlaceholderTextBytes if the config truly needs this much text.
            """)
        // Below the limit the text is made, once a parameter: twelve levels give 65,536 bytes.
        lines = Array(lines.prefix(14)) + ["services:\n  a: { class: ConsoleReporter, arguments: ['%p12%'] }"]
        #expect(try build(lines.joined(separator: "\n")).resolve(ConsoleReporter.self, name: "a").id == String(repeating: "x", count: 65_536))
        let builder = try yamlBuilder(lines.joined(separator: "\n"))
        builder.maxPlaceholderTextBytes = 65_535
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Placeholders in "${p11}${p11}" at services.yaml:16:44 make more text than one build allows (65535 bytes in all): a value that puts other values together, which themselves repeat others, grows this way. Shorten the values, or raise ContainerBuilder.maxPlaceholderTextBytes if the config truly needs this much text.
            """)
    }

    @Test func parentChains_ofAnyLength_merge_andWhatChildrenCopyIsBounded() throws {
        // 20,000 services, each the parent of the next: merged in a loop, not a call per link.
        var text = "services:\n  s0: { class: Logger }\n"
        for index in 1..<20_000 { text += "  s\(index): { parent: s\(index - 1) }\n" }
        #expect(try build(text).resolve(Logger.self, name: "s19999") !== nil)
        // Each child copies what its parent has: a chain that adds a setting a link copies
        // their triangle (100 links: 5,050 settings), held to the builder's limit. (Calls: a
        // Symfony child adds its calls to its parent's, and never takes its parent's tags.)
        var calling = "services:\n  s0: { class: ReportService, arguments: [[], ~], calls: [[start]] }\n"
        for index in 1..<100 { calling += "  s\(index): { parent: s\(index - 1), calls: [[start]] }\n" }
        let builder = try yamlBuilder(calling)
        #expect(try builder.build().definitions.first { $0.name == "s99" }?.methodCalls.count == 100)
        builder.maxInheritedSettings = 4_000
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "s87" at services.yaml:89:3: children copy more settings from their parents than one build allows (4000 properties, arguments, calls and tags in all), and the build stopped merging here. A long chain of parents, or many children of a parent with many settings, copies this much; make the chain shorter or the parent smaller.
            """)
    }

    @Test func manyBrokenReferences_suggestNamesForTheFirstHundred_only() {
        // Each search for a "did you mean" reads every name: of 150 broken references of each
        // kind, 100 are searched (missing parents while merging, missing services while binding).
        var text = "services:\n"
        for index in 0..<150 { text += "  s\(index): { class: ConsoleReporter, arguments: ['@m\(index)'] }\n" }
        for index in 0..<150 { text += "  c\(index): { parent: q\(index) }\n" }
        let problems = errorText { _ = try build(text) }.split(separator: "\n").dropFirst()
        #expect(problems.count == 300)
        #expect(problems.filter { $0.contains("No component \"m") && $0.contains("Did you mean") }.count == 100)
        #expect(problems.filter { $0.contains("names parent \"q") && $0.contains("Did you mean") }.count == 100)
        #expect(problems.first { $0.contains("\"m7\"") } == """
            158. No component "m7" is registered; required by "s7" (ConsoleReporter), argument 0 'id', at services.yaml:9:45. Did you mean "s0", "s1" or "s17"? Register it, or correct the reference.
            """)
    }

    @Test func aServiceWithThousandsOfTags_keepsEachNameOnce_andEachRepeatAsAnotherEntry() throws {
        let names = (0..<5_000).map { "t\($0)" }
        let container = try build("services:\n  s0: { class: Logger, tags: [\(names.joined(separator: ", ")), t7, t4999, { name: t7, priority: 3 }] }\n")
        #expect(try container.resolveAll(Logger.self, tagged: "t4999").count == 1)
        #expect(try container.resolveAll(Logger.self, tagged: "t7").count == 1, "in a tagged list once, as in Symfony")
        let s0 = try #require(container.definitions.first { $0.name == "s0" })
        #expect(s0.tags == names)
        #expect(s0.moreTagAttributes == ["t7": [[:], ["priority": ConfigValue(.int(3))]], "t4999": [[:]]])
        #expect(s0.tagEntries.count == 5_003)
    }

    @Test func deepNesting_isBounded() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(loadError(deep)
            == "YAML limit exceeded at app.yaml:1:65: the nesting depth (maxDepth 64) is 65. Raise YAMLLimits if the file is meant to be this large.")
    }

    @Test func longScalars_andLargeDocuments_areBounded() {
        var limits = YAMLLimits()
        limits.maxScalarBytes = 10
        #expect(loadError("parameters: { a: '0123456789ABC' }\n", limits: limits)
            == "YAML limit exceeded at app.yaml:1:18: a scalar's length (maxScalarBytes 10) is 13. Raise YAMLLimits if the file is meant to be this large.")
        limits = YAMLLimits()
        limits.maxDocumentBytes = 16
        #expect(loadError("parameters: { a: 'long enough to fail' }\n", limits: limits)
            == "YAML limit exceeded at app.yaml:1: the document size (maxDocumentBytes 16) is 41. Raise YAMLLimits if the file is meant to be this large.")
    }

    @Test func imports_outsideTheRoot_areRefused() throws {
        let root = try directory([
            "config/services.yaml": "imports: ['../secrets.yaml']\n",
            "config/absolute.yaml": "imports: ['/etc/passwd']\n",
            "config/url.yaml": "imports: ['http://example.com/x.yaml']\n",
            "secrets.yaml": "parameters: { password: hunter2 }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let config = root.appendingPathComponent("config").standardizedFileURL.path
        for (file, path, column) in [("services.yaml", "../secrets.yaml", 11), ("absolute.yaml", "/etc/passwd", 11), ("url.yaml", "http://example.com/x.yaml", 11)] {
            let text = errorText { _ = try YAMLLoader().load(contentsOf: root.appendingPathComponent("config/\(file)")) }
            #expect(text == "Import '\(path)' at \(config)/\(file):1:\(column) is outside the config root \(config). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.")
        }
    }

    @Test func imports_throughASymbolicLinkLeavingTheRoot_areRefused_andLinksInsideKeepWorking() throws {
        let root = try directory([
            "config/services.yaml": "imports: [linked.yaml]\n",
            "config/mounted.yaml": "imports: [current/parameters.yaml]\n",
            "config/data/parameters.yaml": "parameters: { region: north }\n",
            "config/viadir.yaml": "imports: [outsidedir/secrets.yaml]\n",
            "secrets.yaml": "parameters: { password: hunter2 }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = FileManager.default
        try files.createSymbolicLink(atPath: root.appendingPathComponent("config/linked.yaml").path,
                                     withDestinationPath: root.appendingPathComponent("secrets.yaml").path)
        try files.createSymbolicLink(atPath: root.appendingPathComponent("config/outsidedir").path, withDestinationPath: "..")
        // A mounted config volume: `current` links to a directory inside the root.
        try files.createSymbolicLink(atPath: root.appendingPathComponent("config/current").path, withDestinationPath: "data")
        let config = root.appendingPathComponent("config").standardizedFileURL.path
        let secrets = URL(fileURLWithPath: root.appendingPathComponent("secrets.yaml").path).resolvingSymlinksInPath().path
        #expect(errorText { _ = try YAMLLoader().load(contentsOf: root.appendingPathComponent("config/services.yaml")) }
            == "Import 'linked.yaml' at \(config)/services.yaml:1:11 leads outside the config root \(config) through a symbolic link (to \(secrets)). Links inside the root must point inside it; copy the file into the root, or choose a root that contains it.")
        #expect(errorText { _ = try YAMLLoader().load(contentsOf: root.appendingPathComponent("config/viadir.yaml")) }
            == "Import 'outsidedir/secrets.yaml' at \(config)/viadir.yaml:1:11 leads outside the config root \(config) through a symbolic link (to \(secrets)). Links inside the root must point inside it; copy the file into the root, or choose a root that contains it.")
        let mounted = try YAMLLoader().load(contentsOf: root.appendingPathComponent("config/mounted.yaml"))
        #expect(mounted.parameters["region"] == .string("north"))
        // The collecting check reports the escape too, and reads on.
        let checked = YAMLLoader().check(contentsOf: root.appendingPathComponent("config/services.yaml"))
        #expect(checked.problems.count == 1 && checked.parameters.isEmpty)
    }

    @Test func importCycles_andDepth_areReported() throws {
        let root = try directory([
            "a.yaml": "imports: [b.yaml]\n",
            "b.yaml": "imports: [a.yaml]\n",
            "chain0.yaml": "imports: [chain1.yaml]\n",
            "chain1.yaml": "imports: [chain2.yaml]\n",
            "chain2.yaml": "imports: [chain3.yaml]\n",
            "chain3.yaml": "services: {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let base = root.standardizedFileURL.path
        #expect(errorText { _ = try YAMLLoader().load(contentsOf: root.appendingPathComponent("a.yaml")) }
            == "Imports form a circle at \(base)/b.yaml:1:11: a.yaml -> b.yaml -> a.yaml.")
        var limits = YAMLLimits()
        limits.maxImportDepth = 2
        #expect(errorText { _ = try YAMLLoader(limits: limits).load(contentsOf: root.appendingPathComponent("chain0.yaml")) }
            == "YAML limit exceeded at \(base)/chain2.yaml:1:11: the import depth (maxImportDepth 2) is 3. Raise YAMLLimits if the file is meant to be this large.")
    }

    @Test func textWithoutRoot_refusesImports() {
        #expect(loadError("imports: [other.yaml]\n")
            == "Import 'other.yaml' at app.yaml:1:11 is outside the config root (none: YAML given as text has no config root). Imports are relative paths inside the root; absolute paths, URLs and '..' that leave the root are refused.")
    }

    @Test func secondDocument_isRefused() {
        #expect(loadError("services: {}\n---\nservices: {}\n")
            == "Bad value '---' at app.yaml:2:1: a config file holds one YAML document; split the others into files and import them.")
    }
}

@Suite("YAML: Symfony habits")
struct SymfonyHabitTests {
    @Test func everyUnknownKeyOfAService_isReportedAtOnce() {
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, scop: singleton, lazzy: true }\n", name: "app.yaml") }
            == """
            2 problems:
            1. Unknown key 'scop' in service 'a' at app.yaml:2:23. Did you mean 'scope'? Known keys: \(YAMLTranslatorKeys.service).
            2. Unknown key 'lazzy' in service 'a' at app.yaml:2:40. Did you mean 'lazy'? Known keys: \(YAMLTranslatorKeys.service).
            """)
    }

    @Test func dollarArgumentNames_areParameterLabels() throws {
        let container = try build("""
            services:
              Logger: ~
              reporter: { class: ConsoleReporter, arguments: { $id: nightly } }
            """)
        #expect(try container.resolve(ConsoleReporter.self, name: "reporter").id == "nightly")
    }

    @Test func whenBlocks_areProfiles() throws {
        let yaml = """
            services:
              reporter: { class: ConsoleReporter, arguments: [production] }
            when@test:
              services:
                reporter: { class: ConsoleReporter, arguments: [test] }
                extra: { class: ConsoleReporter, arguments: [extra] }
                extraAlias: '@extra'
                testReporter: { alias: reporter, public: true }
            """
        let config = try YAMLLoader().load(string: yaml, name: "app.yaml")
        #expect(config.definitions.map(\.profiles) == [[], ["test"], ["test"], ["test"], ["test"]])
        for (profiles, expected) in [(Set<String>(), "production"), (["test"], "test")] {
            let builder = try yamlBuilder(yaml, name: "app.yaml")
            builder.activeProfiles = profiles
            let container = try builder.build()
            #expect(try container.resolve(ConsoleReporter.self, name: "reporter").id == expected)
            #expect(container.isRegistered(ConsoleReporter.self, name: "extra") == (expected == "test"))
            // Aliases of the block exist in its profile only, as its services do.
            #expect(container.isRegistered(ConsoleReporter.self, name: "extraAlias") == (expected == "test"))
            #expect(container.isRegistered(ConsoleReporter.self, name: "testReporter") == (expected == "test"))
        }
        #expect(errorText { _ = try YAMLLoader().load(string: "when@test:\n  parameters: { a: 1 }\n", name: "app.yaml") }
            == "'parameters' inside when@test at app.yaml:2:3 has no Swift meaning here: it would apply to one profile only, which property sources and imports cannot do here; put them in a file of their own and load it for that profile.")
    }

    @Test func expressions_areRefusedWithAReason() {
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, arguments: ['@=service(\"x\").y()'] }\n", name: "app.yaml") }
            == "'@=service(\"x\").y()' at app.yaml:2:35 has no Swift meaning here: '@=' starts an expression of Symfony's expression language, which has no Swift counterpart: compute the value in a factory, or give it as a parameter.")
    }
}

private enum YAMLTranslatorKeys {
    static let service = "class, as, arguments, properties, calls, factory, scope, shared, lazy, eager, primary, tags, parent, abstract, aliases, profile, before-injection, after-injection, dispose, decorates, depends-on, autowire, autoconfigure, public, bind, synthetic, deprecated, $<argument>, resource, exclude, decoration_inner_name, decoration_priority, decoration_on_invalid, decorates_tag, constructor, namespace"
}

@Suite("YAML: Symfony's service options")
struct SymfonyServiceOptionTests {
    private func builder(_ yaml: String) throws -> ContainerBuilder { try yamlBuilder(yaml) }

    @Test func defaultsOfEveryModernFile_areUnderstood() throws {
        let container = try builder("""
            parameters:
              reporter_id: from-binding
            services:
              _defaults:
                autowire: true
                autoconfigure: true
                public: false
                bind:
                  $id: '%reporter_id%'
              reporter: { class: ConsoleReporter }
              exposed: { class: ConsoleReporter, public: true, arguments: [own] }
              report: { class: ReportService, public: true, arguments: { reporters: !tagged_iterator none, metrics: ~ } }
            """).build()
        // Private: injectable, not resolvable at the top level.
        #expect(errorText { _ = try container.resolve(ConsoleReporter.self, name: "reporter") }
            == "\"reporter\" (ConsoleReporter) is private (public: false, at services.yaml:10:3): it can be injected into other components, not resolved from the container. Mark it public, or resolve a public component that injects it.")
        #expect(try container.resolve(ConsoleReporter.self, name: "exposed").id == "own")
        _ = try container.resolve(ReportService.self, name: "report")
        let reporter = container.definitions.first { $0.name == "reporter" }
        #expect(reporter?.bindings.map(\.description) == [#"$id <- value "from-binding""#])
    }

    @Test func bindings_fillParametersByNameAndType() throws {
        // Bindings fill parameters of the initializer the arguments choose; they do not choose one.
        let container = try builder("""
            services:
              _defaults: { bind: { URL $baseURL: 'https://typed.example', $unused: 3 } }
              URLSessionClient: ~
              a: { class: FreeWeatherClient }
              b: { class: FreeWeatherClient, bind: { $baseURL: 'https://own.example' } }
              c: { class: FreeWeatherClient, arguments: { baseURL: 'https://given.example' } }
              d: { class: ConsoleReporter, bind: { string $id: typed }, arguments: { id: given } }
              e: { class: FreeWeatherClient, bind: { $baseURL: 'https://other.example' } }
              f: { class: FreeWeatherClient }
            """).build()
        #expect(try container.resolve(FreeWeatherClient.self, name: "a").baseURL.host == "typed.example")
        #expect(try container.resolve(FreeWeatherClient.self, name: "b").baseURL.host == "own.example")
        // Definitions of one shape share a binding plan: their bindings are part of the shape.
        #expect(try container.resolve(FreeWeatherClient.self, name: "e").baseURL.host == "other.example")
        #expect(try container.resolve(FreeWeatherClient.self, name: "f").baseURL.host == "typed.example")
        #expect(try container.resolve(FreeWeatherClient.self, name: "c").baseURL.host == "given.example")
        #expect(try container.resolve(ConsoleReporter.self, name: "d").id == "given")
    }

    @Test func autowireOff_requiresEveryParameter() {
        #expect(errorText { _ = try builder("""
            services:
              _defaults: { autowire: false }
              client: { class: FreeWeatherClient, arguments: { baseURL: 'https://a.example' } }
            """).build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "client" (FreeWeatherClient) at services.yaml:3:3: init(baseURL:session:) parameter 1 'session' is not given, and autowiring is off for it (autowire: false). Give it in arguments, bind it, or turn autowiring on.
            """)
        // Definitions of one shape share a binding plan: autowiring is part of the shape.
        #expect(errorText { _ = try builder("""
            services:
              URLSessionClient: ~
              first: { class: FreeWeatherClient, arguments: { baseURL: 'https://a.example' } }
              client: { class: FreeWeatherClient, arguments: { baseURL: 'https://b.example' }, autowire: false }
            """).build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "client" (FreeWeatherClient) at services.yaml:4:3: init(baseURL:session:) parameter 1 'session' is not given, and autowiring is off for it (autowire: false). Give it in arguments, bind it, or turn autowiring on.
            """)
    }

    @Test func autoconfigureOff_exposesOnlyTheOwnType() throws {
        let container = try builder("""
            services:
              plain: { class: ConsoleReporter, autoconfigure: false }
              exposed: { class: ConsoleReporter }
              alsoPlain: { class: ConsoleReporter, autoconfigure: false }
              alsoExposed: { class: ConsoleReporter }
            """).build()
        // Definitions of one shape share a binding plan: autoconfigure is part of the shape.
        #expect(try container.resolveAll((any Reporter).self).count == 2)
    }

    @Test func tagAttributes_areKept_andPriorityOrdersTaggedCollections() throws {
        let container = try builder("""
            services:
              low: { class: ConsoleReporter, arguments: [low], tags: [{ name: reporter, priority: -5 }] }
              plain: { class: ConsoleReporter, arguments: [plain], tags: [reporter] }
              high: { class: ConsoleReporter, arguments: [high], tags: [reporter: { priority: 20, channel: audit }] }
              report: { class: ReportService, arguments: [!tagged_iterator reporter, ~] }
            """).build()
        #expect(try container.resolve(ReportService.self, name: "report").reporters.map(\.id) == ["high", "plain", "low"])
        let high = container.definitions.first { $0.name == "high" }
        #expect(high?.tagAttributes["reporter"]?["channel"] == .string("audit"))
    }

    @Test func syntheticServices_areLeftToCode_andDeprecationsKept() throws {
        let builder = try builder("""
            services:
              request: { class: Logger, synthetic: true }
              old: { class: Logger, deprecated: { package: acme/app, version: '1.2', message: 'use "new" instead' } }
              user: { class: ReportService, arguments: [[], '@request'] }
            """)
        builder.register(instance: Logger(), name: "request")
        let container = try builder.build()
        #expect(container.definitions.first { $0.name == "old" }?.deprecation == "use \"new\" instead (since acme/app 1.2)")
        _ = try container.resolve(ReportService.self, name: "user")
    }

    @Test func deprecatedAliases_resolve_andKeepWhy_whereverTheirTargetIs() throws {
        let builder = try builder("""
            services:
              mailer: { class: Logger }
              old_mailer: { alias: mailer, deprecated: 'use "mailer"' }
              legacy: { alias: clock, public: true, deprecated: { package: acme/mail, version: '2.1', message: gone } }
            """)
        builder.register(instance: Logger(), name: "clock")
        let container = try builder.build()
        _ = try container.resolve(Logger.self, name: "old_mailer")
        _ = try container.resolve(Logger.self, name: "legacy")
        #expect(container.definitions.first { $0.name == "mailer" }?.deprecatedAliases == ["old_mailer": "use \"mailer\""])
        #expect(container.definitions.first { $0.name == "clock" }?.deprecatedAliases == ["legacy": "gone (since acme/mail 2.1)"])
        #expect(container.definitions.first { $0.name == "mailer" }?.description.contains("  deprecated alias old_mailer: use \"mailer\"") == true)
    }

    @Test func staticFactoryOfAnotherType_isFoundUnderItsQualifiedName_inTheEntryOfTheTypeItMakes() throws {
        let yaml = """
            services:
              greeting: { class: Greeting, factory: [\\App\\Greetings, 'make(text:)'], arguments: [hello] }
            """
        let config = try YAMLLoader().load(string: yaml, name: "services.yaml")
        #expect(config.definitions.first?.construction.kind == .staticFactory("App.Greetings.make(text:)"))
        let container = try yamlBuilder(yaml) { catalog in
            catalog.add(Greeting.self) { greeting in
                greeting.staticFactory("App.Greetings.make(text:)") { (text: String) in Greeting(text: text + "!") }
            }
        }.build()
        #expect(try container.resolve(Greeting.self, name: "greeting").text == "hello!")
        let withoutIt = try yamlBuilder(yaml) { catalog in
            catalog.add(Greeting.self) { greeting in greeting.initializer("init(text:)") { (text: String) in Greeting(text: text) } }
        }
        #expect(throws: IoCError.self) { try withoutIt.build() }
        do { _ = try withoutIt.build() } catch {
            #expect("\(error)" == """
                Container validation failed with 1 problem:
                1. Greeting has no static factory App.Greetings.make(text:) (for "greeting" (Greeting) at services.yaml:2:3). \
                Its catalog entry lists none. A static factory of another type is listed in the entry of the type it makes: \
                Greeting.staticFactory("App.Greetings.make(text:)") { ... }.
                """)
        }
    }

    @Test func phpClassNames_andStaticFactoriesOfAClass_mapToTheCatalog() throws {
        let config = try YAMLLoader().load(string: """
            services:
              App\\Mailer: ~
              url: { factory: ['URL', 'URL(string:)'], arguments: ['https://a.example'] }
              App\\Transport: { class: \\App\\SmtpTransport, factory: [\\App\\SmtpTransport, create] }
            """, name: "services.yaml")
        #expect(config.definitions.map(\.typeName) == ["App.Mailer", "URL", "App.SmtpTransport"], "a leading backslash is PHP's fully qualified name")
        #expect(config.definitions.last?.construction.kind == .staticFactory("create"))
    }
}

@Suite("YAML: Symfony's service shapes")
struct SymfonyServiceShapeTests {
    @Test func servicesAreShared_unlessTheySayOtherwise_asInSymfony() throws {
        let container = try build("""
            services:
              shared: { class: Logger }
              fresh: { class: Logger, shared: false }
              _defaults_free: { class: Logger, scope: prototype }
            """)
        #expect(try container.resolve(Logger.self, name: "shared") === container.resolve(Logger.self, name: "shared"))
        #expect(try container.resolve(Logger.self, name: "fresh") !== container.resolve(Logger.self, name: "fresh"))
        #expect(try container.resolve(Logger.self, name: "_defaults_free") !== container.resolve(Logger.self, name: "_defaults_free"))
        let defaulted = try build("""
            services:
              _defaults: { shared: false }
              logger: { class: Logger }
            """)
        #expect(try defaulted.resolve(Logger.self, name: "logger") !== defaulted.resolve(Logger.self, name: "logger"))
    }

    @Test func aListIsTheArguments_andNullSettingsAreSettingsNotGiven() throws {
        let container = try build("""
            services:
              _defaults: { autowire: false, public: ~ }
              URLSessionClient: { autowire: ~ }
              ConsoleReporter: [short-form]
            """)
        #expect(try container.resolve(ConsoleReporter.self, name: "ConsoleReporter").id == "short-form")
        // `autowire: ~` left _defaults' false in place, and `public: ~` left the service public.
        let session = container.definitions.first { $0.name == "URLSessionClient" }
        #expect(session?.autowires == false && session?.isPublic == true)
    }

    @Test func callsInTheirLongForm_andWithersAreRefused() throws {
        let container = try build("""
            services:
              logger: { class: Logger }
              client:
                class: FreeWeatherClient
                arguments: ['https://a.example', { class: URLSessionClient }]
                calls:
                  - method: configure
                    arguments: ['@logger']
            """)
        #expect(try container.resolve(FreeWeatherClient.self, name: "client").logger === container.resolve(Logger.self, name: "logger"))
        #expect(errorText { _ = try YAMLLoader().load(string: """
            services:
              client: { class: FreeWeatherClient, calls: [{ method: withLogger, arguments: ['@logger'], returns_clone: true }] }
            """, name: "services.yaml") } == "returns_clone at services.yaml:2:93 has no Swift meaning here: it calls a PHP 'wither' that returns a changed copy; Swift classes are set in place: make the method set the value, or give it as an initializer argument.")
        #expect(errorText { _ = try YAMLLoader().load(string: """
            services:
              client: { class: FreeWeatherClient, calls: [{ withLogger: !returns_clone ['@logger'] }] }
            """, name: "services.yaml") } == "returns_clone at services.yaml:2:61 has no Swift meaning here: it calls a PHP 'wither' that returns a changed copy; Swift classes are set in place: make the method set the value, or give it as an initializer argument.")
        // Symfony reads `{ method: [...] }` as a call of a method named `method` (the long form's
        // `method` is a name).
        let calls = try YAMLLoader().load(string: """
            services:
              client: { class: FreeWeatherClient, calls: [{ method: ['@logger'] }] }
            """, name: "services.yaml").definitions[0].methodCalls
        #expect(calls.map(\.method) == ["method"] && calls[0].arguments.map(\.source) == [.named("logger")])
    }

    @Test func constructor_isAStaticFactoryOfTheClass_andInlineServicesAreInner() throws {
        let container = try build("""
            services:
              URL: { constructor: 'URL(string:)', arguments: ['https://made.example'] }
              client:
                class: FreeWeatherClient
                arguments: ['@URL', !service { class: URLSessionClient }]
            """)
        #expect(try container.resolve(FreeWeatherClient.self, name: "client").baseURL.host == "made.example")
        #expect(errorText { _ = try YAMLLoader().load(string: """
            services:
              URL: { constructor: make, factory: ['@f', make] }
            """, name: "services.yaml") } == "'constructor' at services.yaml:2:10 and 'factory' both set how the service is made; keep one.")
    }

    @Test func lazyNamingAProtocol_isLazy_andSeenThroughIt() throws {
        let config = try YAMLLoader().load(string: """
            services:
              client: { class: FreeWeatherClient, lazy: WeatherClient }
              plain: { class: Logger, lazy: True }
            """, name: "services.yaml")
        #expect(config.definitions.map(\.isLazy) == [true, true])
        #expect(config.definitions[0].exposedAs.map(\.typeName) == ["WeatherClient"])
    }

    @Test func namespace_givesAResourceItsPrefix_underAnyKey() {
        let config = try? YAMLLoader().load(string: """
            services:
              reporting:
                namespace: App\\Reporting\\
                resource: '../src/Reporting/*'
            """, name: "services.yaml")
        #expect(config?.definitions.first?.resource?.namePrefix == "App.Reporting.")
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, namespace: App\\ }\n", name: "services.yaml") }
            == "Bad value 'App\\' at services.yaml:2:3: 'namespace' only goes with 'resource'.")
    }

    @Test func importsThatMayBeMissing_arePassedOver_butAWrongOneIsReported() throws {
        let root = try directory([
            "services.yaml": """
                imports:
                  - { resource: local.yaml, ignore_errors: not_found }
                  - { resource: broken.yaml, ignore_errors: true }
                services:
                  logger: { class: Logger }
                """,
            "broken.yaml": "services:\n  a: { clas: Logger }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let config = YAMLLoader().check(contentsOf: root.appendingPathComponent("services.yaml"))
        #expect(config.definitions.map(\.name) == ["logger"])
        #expect(config.problems.count == 1)
        #expect(config.problems.first?.description.hasPrefix("Unknown key 'clas' in service 'a' at \(root.appendingPathComponent("broken.yaml").path):2:8.") == true)
    }

    @Test func instanceof_appliesToTheServicesWhoseTypeConforms_overridingDefaultsButNotTheServicesOwnSettings() throws {
        let container = try build("""
            services:
              _defaults: { public: true }
              _instanceof:
                Reporter:
                  tags: [{ name: reporter, priority: 5 }]
                  public: false
                  shared: false
              console: { class: ConsoleReporter, arguments: [console] }
              own: { class: ConsoleReporter, arguments: [own], public: true, shared: true }
              logger: { class: Logger }
              report: { class: ReportService, shared: false, arguments: [!tagged_iterator reporter, '@logger'] }
            """)
        #expect(try container.resolve(ReportService.self, name: "report").reporters.map(\.id).sorted() == ["console", "own"])
        let console = container.definitions.first { $0.name == "console" }
        #expect(console?.isPublic == false && console?.scope == .prototype && console?.tagAttributes["reporter"]?["priority"] == .int(5))
        let own = container.definitions.first { $0.name == "own" }
        #expect(own?.isPublic == true && own?.scope == .singleton)
        #expect(container.definitions.first { $0.name == "logger" }?.tags == [], "Logger is no Reporter")
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  _instanceof: { Reporter: { tag: [x] } }\n", name: "services.yaml") }
            == "Unknown key 'tag' in _instanceof Reporter at services.yaml:2:30. Did you mean 'tags'? Known keys: tags, calls, properties, bind, shared, scope, lazy, public, autowire.")
    }

    @Test func configuratorAndPHPFiles_areRefusedWithTheSwiftWay() {
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, configurator: ['@c', configure] }\n", name: "services.yaml") }
            == "configurator at services.yaml:2:23 has no Swift meaning here: it hands the new service to another service's (or a PHP callable's) method to finish it; in Swift, give the type an after-injection method that takes what it needs through calls:, or make it with a factory service (factory: ['@configurator', 'make']).")
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, file: '%kernel.project_dir%/a.php' }\n", name: "services.yaml") }
            == "file at services.yaml:2:23 has no Swift meaning here: it loads a PHP file before the service is made; Swift code is compiled into the app.")
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  mailer:\n    stack: [{ class: Logger }]\n", name: "services.yaml") }
            == "stack at services.yaml:3:5 has no Swift meaning here: Symfony builds a chain of decorators from the list; write each layer as a service with decorates: and decoration_priority (the highest wraps the original first).")
    }

    @Test func binaryValues_areRefusedWithAReason() {
        #expect(errorText { _ = try YAMLLoader().load(string: "parameters:\n  key: !!binary aGVsbG8=\n", name: "services.yaml") }
            == "!!binary at services.yaml:2:8 has no Swift meaning here: config values here are text, numbers, booleans, lists and maps, not raw bytes; give the text itself, or a base64 string that the component decodes.")
    }
}

@Suite("YAML: resource registers catalogued types")
struct ResourceTests {
    @Test func resource_registersEveryCataloguedTypeOfTheNamespace_butExcludedAndExplicitOnes() throws {
        let builder = try yamlBuilder(#"""
            services:
              _defaults: { public: true }
              IoCYAMLTests\:
                resource: '../Sources/'
                exclude: ['../Sources/{FreeWeatherClient,ReportService.swift}']
                tags: [app]
              IoCYAMLTests\ConsoleReporter: { arguments: [explicit] }
            """#)
        let container = try builder.build()
        let ids = container.definitions.compactMap(\.name).sorted()
        #expect(ids == [#"IoCYAMLTests\ConsoleReporter"#, #"IoCYAMLTests\HTTPSession"#, #"IoCYAMLTests\Logger"#])
        #expect(try container.resolve(ConsoleReporter.self).id == "explicit")
        #expect(container.definitions.first { $0.name == #"IoCYAMLTests\Logger"# }?.tags == ["app"])
        _ = try container.resolve(Logger.self)
    }

    @Test func aliasesOfServicesTheResourceRegisters_nameThem_orSayTheCatalogHasNone() throws {
        let builder = try yamlBuilder(#"""
            services:
              IoCYAMLTests\:
                resource: '../Sources/'
                exclude: ['../Sources/{FreeWeatherClient,ReportService}']
                public: false
              mainLogger: '@IoCYAMLTests\Logger'
              exposed: { alias: 'IoCYAMLTests\HTTPSession', public: true }
            """#)
        let container = try builder.build()
        #expect(container.definitions.first { $0.name == #"IoCYAMLTests\Logger"# }?.aliases == ["mainLogger"])
        _ = try container.resolve(HTTPSession.self, name: "exposed")
        #expect(errorText { _ = try yamlBuilder(#"""
            services:
              IoCYAMLTests\:
                resource: '../Sources/'
                exclude: ['../Sources/{FreeWeatherClient,ReportService}']
              clock: '@IoCYAMLTests\Clock'
            """#).build() } == #"""
            Container validation failed with 1 problem:
            1. No component "IoCYAMLTests\Clock" is registered; required by alias "clock", its target, at services.yaml:2:3. Register it, or correct the reference.
            """#)
    }

    @Test func resource_withoutACatalog_registersNothing_andMisplacedKeysAreRefused() throws {
        let config = try YAMLLoader().load(string: "services:\n  App\\:\n    resource: ../src/\n", name: "services.yaml")
        #expect(config.definitions.first?.resource == CatalogResource(namePrefix: "App.", idPrefix: "App\\", idSeparator: "\\"))
        let builder = ContainerBuilder()
        builder.add(contentsOf: config.definitions)
        #expect(try builder.build().definitions.isEmpty)
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  mailer: { resource: ../src/ }\n", name: "app.yaml") }
            == #"Bad value '../src/' at app.yaml:2:23: a 'resource' belongs to a service whose id (or 'namespace') is a namespace ending in '\' (App\:) and that names no class."#)
    }

    @Test func excludePaths_becomeNamesAfterTheNamespace() throws {
        func excluded(_ exclude: String, under resource: String) throws -> [String] {
            let yaml = "services:\n  App\\:\n    resource: '\(resource)'\n    exclude: \(exclude)\n"
            return try YAMLLoader().load(string: yaml, name: "services.yaml").definitions.first?.resource?.excluding ?? []
        }
        #expect(try excluded("['../src/DependencyInjection/', '../src/Entity/', '../src/Kernel.php']", under: "../src/")
            == ["DependencyInjection", "Entity", "Kernel"])
        #expect(try excluded("'../src/{Entity,Migrations,Tests,Kernel.php}'", under: "../src/*") == ["Entity", "Migrations", "Tests", "Kernel"])
        let resource = CatalogResource(namePrefix: "App.", excluding: ["Entity", "*Test"], idPrefix: "App\\")
        #expect(resource.description == "resource App.* excluding Entity, *Test")
    }
}

@Suite("YAML: decorators")
struct DecorationTests {
    final class Layer: Reporter, @unchecked Sendable {
        let inner: any Reporter
        var id: String { "layer(\(inner.id))" }
        init(inner: any Reporter) { self.inner = inner }
    }

    private func container(_ yaml: String) throws -> Container {
        try build(yaml) { catalog in
            catalog.add(Layer.self) { layer in
                layer.initializer("init(inner:)") { (inner: any Reporter) in Layer(inner: inner) }
                layer.conforms(to: (any Reporter).self) { $0 }
            }
        }
    }

    @Test func decorators_stackByPriority_andNameTheirInner() throws {
        // Symfony: the higher the priority, the sooner the decorator is applied (closest to the original).
        let built = try container("""
            services:
              mailer: { class: ConsoleReporter, arguments: [mailer], as: [Reporter] }
              outer: { class: Layer, decorates: mailer, arguments: ['@.inner'], decoration_priority: 1 }
              inner: { class: Layer, decorates: mailer, decoration_priority: 5, decoration_inner_name: mailer.original, arguments: ['@.inner'] }
            """)
        #expect(built.definitions.compactMap(\.name).sorted() == ["inner", "mailer.original", "outer"])
        #expect(built.definitions.first { $0.name == "outer" }?.aliases == ["mailer"])
        #expect(built.definitions.first { $0.name == "inner" }?.aliases == ["outer.inner"])
        #expect(try built.resolve((any Reporter).self, name: "mailer").id == "layer(layer(mailer))")
    }

    @Test func decoratingNothing_isAnError_orIgnored_orNil_asAsked() throws {
        let ignored = try container("""
            services:
              audit: { class: ConsoleReporter, decorates: missing, decoration_on_invalid: ignore }
            """)
        #expect(ignored.definitions.isEmpty)
        // Kept, with nil for what it decorates (its metrics would be a Logger it wraps).
        let nulled = try container("""
            services:
              audit: { class: ReportService, decorates: missing, decoration_on_invalid: null, arguments: [[], '@?.inner'] }
            """)
        #expect(try nulled.resolve(ReportService.self, name: "audit").metrics == nil)
        #expect(nulled.definitions.first?.aliases == ["missing"])
        #expect(errorText { _ = try container("services:\n  audit: { class: ConsoleReporter, decorates: missing }\n") } == """
            Container validation failed with 1 problem:
            1. "audit" (ConsoleReporter) at services.yaml:2:3 decorates "missing", which no definition has.
            """)
    }
}

@Suite("YAML: Symfony's tags")
struct SymfonyTagTests {
    final class Router: @unchecked Sendable {
        let handlers: ServiceLocator<any Reporter>
        init(handlers: ServiceLocator<any Reporter>) { self.handlers = handlers }
    }
    final class Index: @unchecked Sendable {
        let byKey: [String: any Reporter]
        init(byKey: [String: any Reporter]) { self.byKey = byKey }
    }
    final class Counted: Reporter, @unchecked Sendable {
        static let made = Counter()
        let id: String
        init(id: String) { self.id = id; Counted.made.increment() }
    }

    private func container(_ yaml: String) throws -> Container {
        try build(yaml) { catalog in
            catalog.add(Router.self) { $0.initializer("init(handlers:)") { (handlers: ServiceLocator<any Reporter>) in Router(handlers: handlers) } }
            catalog.add(Index.self) { $0.initializer("init(byKey:)") { (byKey: [String: any Reporter]) in Index(byKey: byKey) } }
            catalog.add(Counted.self) { counted in
                counted.initializer("init(id:)") { (id: String) in Counted(id: id) }
                counted.conforms(to: (any Reporter).self) { $0 }
            }
        }
    }

    @Test func taggedLocator_resolvesEachEntryOnlyWhenAskedFor() throws {
        let built = try container("""
            services:
              pdf: { class: Counted, arguments: [pdf], tags: [{ name: exporter, format: pdf }] }
              csv: { class: Counted, arguments: [csv], tags: [{ name: exporter, format: csv }] }
              byName: { class: Router, arguments: [!tagged_locator exporter] }
              byFormat: { class: Router, arguments: [!tagged_locator { tag: exporter, index_by: format }] }
              listed: { class: Router, arguments: [!service_locator ['@pdf']] }
              mapped: { class: Router, arguments: [!service_locator { x: '@csv' }] }
              index: { class: Index, arguments: [!tagged_iterator { tag: exporter, index_by: format }] }
            """)
        let before = Counted.made.count
        let router = try built.resolve(Router.self, name: "byFormat")
        #expect(Counted.made.count == before, "injecting a locator builds nothing")
        #expect(router.handlers.keys == ["csv", "pdf"] && router.handlers.has("pdf"))
        #expect(try router.handlers.get("csv").id == "csv" && Counted.made.count == before + 1)
        #expect(try built.resolve(Router.self, name: "byName").handlers.keys == ["csv", "pdf"])
        #expect(try built.resolve(Router.self, name: "listed").handlers.keys == ["pdf"])
        #expect(try built.resolve(Router.self, name: "mapped").handlers.get("x").id == "csv")
        #expect(try built.resolve(Index.self, name: "index").byKey.keys.sorted() == ["csv", "pdf"])
        #expect(errorText { _ = try router.handlers.get("pfd") }
            == "No component \"pfd\" is registered. Did you mean \"pdf\"? Register it, or correct the reference.")
    }

    @Test func abstractArguments_mustBeGivenByAChild() throws {
        let yaml = """
            services:
              base: { class: ConsoleReporter, abstract: true, arguments: [!abstract 'the reporter id, set per report'] }
              given: { parent: base, arguments: { index_0: given } }
            """
        #expect(try container(yaml).resolve(ConsoleReporter.self, name: "given").id == "given")
        #expect(errorText { _ = try container(yaml + "\n  missing: { parent: base }\n") } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "missing" (ConsoleReporter) at services.yaml:4:3: argument 0 'id' is abstract (the reporter id, set per report, at services.yaml:2:63): a child definition, or the app, must give it.
            """)
    }

    @Test func phpOnlyTags_areRefusedWithTheSwiftWay() {
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, arguments: [!closure '@b'] }\n", name: "app.yaml") }
            == "!closure at app.yaml:2:35 has no Swift meaning here: it wraps a service in a PHP closure; inject Provider<T> (a new resolve per call) or Lazy<T> (built once, on first use).")
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { class: Logger, arguments: [!tagged { tag: x, default_index_method: key }] }\n", name: "app.yaml") }
            == "default_index_method at app.yaml:2:53 has no Swift meaning here: it names a PHP static method that gives each tagged class its key or priority; give the tag the attribute instead (tags: [{ name: handler, key: pdf, priority: 10 }]).")
    }
}

@Suite("YAML: alias entries")
struct AliasEntryTests {
    @Test func aliasEntries_nameTheirTarget_andPublicOnesResolveAPrivateService() throws {
        let builder = try yamlBuilder("""
            services:
              _defaults: { public: false }
              Logger: ~
              app.logger: { alias: Logger, public: true }
              quiet.logger: { alias: '@Logger' }
            """)
        let container = try builder.build()
        let logger = try container.resolve(Logger.self, name: "app.logger")
        #expect(errorText { _ = try container.resolve(Logger.self, name: "quiet.logger") }
            == "\"Logger\" (Logger) is private (public: false, at services.yaml:3:3): it can be injected into other components, not resolved from the container. Mark it public, or resolve a public component that injects it.")
        #expect(container.definitions.first?.aliases == ["app.logger", "quiet.logger"] && logger.lines.isEmpty)
        #expect(errorText { _ = try YAMLLoader().load(string: "services:\n  a: { alias: b, class: Logger }\n", name: "app.yaml") }
            == "Bad value 'class' at app.yaml:2:18: an alias entry ('alias: b') takes only 'public' and 'deprecated'; a service of its own gives further names with 'aliases'.")
    }
}


/// What a static factory of another type makes (`factory: [App\\Greetings, make]`).
final class Greeting: Sendable {
    let text: String
    init(text: String) { self.text = text }
}
