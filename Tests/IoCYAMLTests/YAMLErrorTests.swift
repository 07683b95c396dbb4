import Foundation
import IoCCore
import IoCYAML
import Testing

private func loadError(_ yaml: String, limits: YAMLLimits = YAMLLimits()) -> String {
    errorText { _ = try YAMLLoader(limits: limits).load(string: yaml, name: "app.yaml") }
}

@Suite("YAML: errors name file, line and column")
struct YAMLErrorTests {
    /// The error thrown by a load of `yaml`, or nil.
    private func configError(_ yaml: String) -> ConfigError? {
        do { _ = try YAMLLoader().load(string: yaml, name: "app.yaml"); return nil } catch { return error }
    }

    @Test func anError_hasAKindAFormatAndAPlace() throws {
        let unknown = try #require(configError("services:\n  a: { clas: Logger }\n"))
        #expect(unknown.kind == .unknownKey && unknown.format == .yaml && unknown.problems == [unknown])
        #expect(unknown.location == ConfigLocation(file: "app.yaml", line: 2, column: 8))
        let duplicate = try #require(configError("services:\n  a: {}\n  a: {}\n"))
        #expect(duplicate.kind == .conflict && duplicate.format == .yaml)
        #expect(configError("services:\n  a: !foo {}\n")?.kind == .unknownTag)
        // Two problems of one map come as one error of kind several, placed at the first.
        let several = try #require(configError("services:\n  a: { clas: Logger, scop: singleton }\n"))
        #expect(several.kind == .several && several.problems.map(\.kind) == [.unknownKey, .unknownKey])
        #expect(several.location == several.problems.first?.location)
        #expect(several.description.hasPrefix("2 problems:\n1. Unknown key 'clas'"))
    }

    @Test func syntaxError() {
        #expect(loadError("services:\n  a: [1, 2\n") == "YAML syntax error at app.yaml:3:1: did not find expected ',' or ']' while parsing a flow sequence started at app.yaml:2:6.")
    }

    @Test func unknownKey_suggestsTheClosest() {
        #expect(loadError("services:\n  a: { clas: Logger }\n")
            == "Unknown key 'clas' in service 'a' at app.yaml:2:8. Did you mean 'class'? Known keys: class, as, arguments, properties, calls, factory, scope, shared, lazy, eager, primary, tags, parent, abstract, aliases, profile, before-injection, after-injection, dispose, decorates, depends-on, autowire, autoconfigure, public, bind, synthetic, deprecated, $<argument>, resource, exclude, decoration_inner_name, decoration_priority, decoration_on_invalid, decorates_tag, constructor, namespace.")
        #expect(loadError("service:\n  a: {}\n")
            == "Unknown key 'service' in the document at app.yaml:1:1. Did you mean 'services'? Known keys: parameters, imports, services, when@<profile>.")
    }

    @Test func bundleConfiguration_isRefusedByName() {
        #expect(loadError("framework:\n  secret: abc\nservices:\n  a: { class: Logger }\n")
            == "'framework' at app.yaml:1:1 has no Swift meaning: in a Symfony config file a top-level key other than parameters, imports, services and when@ configures a bundle (framework, security, doctrine...), which is a PHP library's own setup; configure that library in Swift code, and keep the services of this file under services:.")
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
            == "The key 'a' at app.yaml:3:3 is given twice; it was first given at app.yaml:2:3. Keep one.")
    }

    @Test func duplicateKey_inALargeMap() {
        // Large maps (more than 16 keys) find repeats through an index instead of a search.
        let services = (0..<20).map { "  s\($0): { class: Logger }\n" }.joined()
        #expect(loadError("services:\n" + services + "  s3: { class: Logger }\n")
            == "The key 's3' at app.yaml:22:3 is given twice; it was first given at app.yaml:5:3. Keep one.")
        #expect(loadError("services:\n" + services + "  s19: { class: Logger }\n")
            == "The key 's19' at app.yaml:22:3 is given twice; it was first given at app.yaml:21:3. Keep one.")
    }

    @Test func duplicateKey_sameTextInOtherBytes() {
        // "café" with a precomposed é and with e and a combining accent: equal as Swift strings,
        // so one key, in a small map (searched) and in a large one (indexed) alike.
        #expect(loadError("services:\n  caf\u{E9}: { class: Logger }\n  cafe\u{301}: { class: Logger }\n")
            == "The key 'cafe\u{301}' at app.yaml:3:3 is given twice; it was first given at app.yaml:2:3. Keep one.")
        let services = (0..<20).map { "  s\($0): { class: Logger }\n" }.joined()
        #expect(loadError("services:\n  caf\u{E9}: { class: Logger }\n" + services + "  cafe\u{301}: { class: Logger }\n")
            == "The key 'cafe\u{301}' at app.yaml:23:3 is given twice; it was first given at app.yaml:2:3. Keep one.")
    }

    @Test func unknownTag() {
        #expect(loadError("services:\n  a: !php/const FOO\n")
            == "!php/const at app.yaml:2:6 has no Swift meaning: it makes a PHP constant, object or enum case; give the value itself, or register it in code.")
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
            1. Unknown type "Loger" for "a" (Loger) at services.yaml:2:15: it is not in the type catalog. Did you mean "Logger"? \
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
            2. Unknown type "URLSesionClient" for "session" (URLSesionClient) at services.yaml:2:21: it is not in the type catalog. Did you mean "URLSessionClient"? Add it with catalog.add(URLSesionClient.self) (or @Component), or correct the name.
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
        _ = try build(text).resolve(Logger.self, name: "s19999")
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
        #expect(s0.tagEntries.filter { $0.name == "t7" }.map(\.attributes) == [[:], [:], ["priority": ConfigValue(.int(3))]])
        #expect(s0.tagEntries.filter { $0.name == "t4999" }.map(\.attributes) == [[:], [:]])
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
