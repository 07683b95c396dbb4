import Foundation
import IoCCommands
import IoCCore
import Testing

/// A fixture file's path.
func fixture(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: name)
    return try #require(Bundle.module.url(forResource: url.deletingPathExtension().lastPathComponent, withExtension: url.pathExtension,
                                          subdirectory: "Files")).path
}

/// A seed assembly from the conformance tests (one copy of each in the repository).
func conformance(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/Expected/\(name)").path
}

/// Runs `ioc` in process, without the environment's variables (the tests must not depend on them).
func ioc(_ arguments: String..., tool: IoCTool = IoCTool()) -> IoCTool.Result {
    tool.run(arguments + (["validate", "graph", "explain"].contains(arguments.first) ? ["--no-environment"] : []))
}

let notChecked = """
    Not checked without the app's type catalog: types, initializers, properties and methods named in the files; \
    values converted to the types that receive them; injection by type, and exposure as protocols (a lazy component's proxy among them: a cycle through a lazy component is left to the build); \
    captive dependencies (a singleton holding a shorter-lived component).
    Embed these commands in the app with its catalog (IoCTool(catalog:)) to check them too.

    """

@Suite("ioc validate")
struct ValidateTests {
    @Test func validFile_exitsZero_andSaysWhatItCouldNotCheck() throws {
        let result = ioc("validate", try fixture("shop.yaml"))
        #expect(result == IoCTool.Result(status: 0, output: "Valid: 1 file, 6 components, no problems.\n" + notChecked, errors: ""))
    }

    @Test func seedAssembly_isValid() {
        #expect(ioc("validate", conformance("MiddleAgesAssembly.xml")).status == 0)
    }

    @Test func brokenFiles_reportEveryProblemAtOnce_inOrder_andExitOne() throws {
        let yaml = try fixture("broken.yaml"), xml = try fixture("broken.xml"), syntax = try fixture("syntax.yaml")
        let result = ioc("validate", yaml, xml, syntax)
        #expect(result.status == 1)
        #expect(result.errors == "")
        #expect(result.output == """
            Invalid: 3 files, 4 components, 8 problems:
            1. Unknown key 'scop' in service 'clock' at \(yaml):3:32. Did you mean 'scope'? Known keys: class, as, arguments, \
            properties, calls, factory, scope, shared, lazy, eager, primary, tags, parent, abstract, aliases, profile, \
            before-injection, after-injection, dispose, decorates, depends-on, autowire, autoconfigure, public, bind, synthetic, deprecated, $<argument>, resource, exclude, decoration_inner_name, decoration_priority, decoration_on_invalid, decorates_tag, constructor, namespace.
            2. Unknown element <propery> in <bean> at \(xml):6. Did you mean <property>? Allowed: <constructor-arg>, <property>, <description>, <meta>, <qualifier>, <lookup-method>, <replaced-method>, <aop:scoped-proxy>.
            3. Bad value 'maybe' at \(xml):8: expected true/false or yes/no.
            4. YAML syntax error at \(syntax):3:9: did not find expected ',' or '}' while parsing a flow mapping started at \(syntax):2:10.
            5. Placeholder ${shop.currency} at \(yaml):6:28 has no value: no property source is set. Define shop.currency, \
            or give a default: ${shop.currency:default}.
            6. "mailer" (Mailer) at \(yaml):12:3 names parent "baseMailer", which no definition has.
            7. No component "price" is registered; required by "basket" (Basket), argument 0 'prices', at \(yaml):9:26. \
            Register it, or correct the reference.
            8. Dependency cycle: "ping" (Ping) -> "pong" (Pong) -> "ping" (Ping) (defined at \(yaml):10:3). Break it by \
            injecting one side as Lazy<T> or Provider<T>, or through a property or method call of a shared (not prototype) class.

            """ + notChecked)
    }

    @Test func cycles_closedBySharedProperties_areValid_andOnlyAPrototypesPropertyIsEndless() throws {
        let yaml = try fixture("cycles.yaml")
        let result = ioc("validate", yaml)
        #expect(result.status == 1)
        #expect(result.output == """
            Invalid: 1 file, 6 components, 1 problem:
            1. Dependency cycle: "draft" (Draft) -> "review" (Review) -> "draft" (Draft) (defined at \(yaml):7:3) never ends: \
            "draft" (Draft) is a prototype, so the property or method call that closes the cycle makes a new one each time. \
            Give "draft" (Draft) a shared scope (singleton, object graph, weak singleton or a custom scope), or inject one side \
            as Lazy<T> or Provider<T>.

            """ + notChecked)
    }

    @Test func define_feedsPlaceholders() throws {
        let yaml = try fixture("broken.yaml")
        let result = ioc("validate", yaml, "--define", "shop.currency=EUR")
        #expect(!result.output.contains("Placeholder"))
        #expect(result.output.hasPrefix("Invalid: 1 file, 4 components, 4 problems:"), "prices is back; mailer is left out (unknown parent)")
        #expect(!result.output.contains("No component \"clock\""), "clock is wrong itself, reported once, not again as missing")
    }

    @Test func profile_leavesOutTheComponentsOfOtherProfiles() throws {
        let path = try write("""
            services:
              live: { class: LiveClock, profile: production }
              fake: { class: FakeClock, profile: '!production' }
              user: { class: User, arguments: ['@live'] }
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(ioc("validate", path, "--profile", "production").output.hasPrefix("Valid: 1 file, 2 components, no problems.\n"))
        #expect(ioc("validate", path).output.hasPrefix("""
            Invalid: 1 file, 2 components, 1 problem:
            1. No component "live" is registered; required by "user" (User), argument 0, at \(path):4:36. Register it, or correct the reference.
            """))
    }

    @Test func usesOfDeprecatedServicesAndAliases_areWarnings_notProblems() throws {
        let path = try write("""
            services:
              mailer: { class: Mailer }
              old_mailer: { alias: mailer, deprecated: 'use "mailer" instead' }
              fax: { class: Fax, deprecated: true }
              newsletter: { class: Newsletter, arguments: ['@old_mailer', '@mailer'] }
              office: { class: Office, properties: { fax: '@fax' } }
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ioc("validate", path)
        #expect(result.status == 0)
        #expect(result.output == """
            Valid: 1 file, 4 components, no problems.
            warning: "newsletter" (Newsletter) argument 0 at \(path):5:48 uses "old_mailer", which is deprecated: use "mailer" instead.
            warning: "office" (Office) property 'fax' at \(path):6:47 uses "fax", which is deprecated.

            """ + notChecked)
        let report = try JSONDecoder().decode(ValidationReport.self, from: Data(ioc("validate", "--format", "json", path).output.utf8))
        #expect(report.valid && report.warnings.map(\.kind) == ["deprecatedUse", "deprecatedUse"])
        #expect(report.warnings.map(\.line) == [5, 6] && report.warnings.map(\.column) == [48, 47])
    }

    @Test func componentsRegisteredInCode_areNamedWithProvided() throws {
        // WeatherReport's config refers to "output", which the app registers in code, and to
        // paths the app supplies; a component dropped for a placeholder is not reported again.
        let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/WeatherReport/App/Config/weather.yaml").path
        let bare = ioc("validate", config)
        #expect(bare.output.hasPrefix("Invalid: 1 file, 7 components, 3 problems:\n1. Placeholder ${weather.fixture} at \(config):15:55 has no value"))
        #expect(bare.output.contains("3. No component \"output\" is registered; required by \"printer\" (ReportPrinter), argument 1 'output'"))
        #expect(!bare.output.contains("No component \"fixture\""), "fixture was dropped for its placeholder, already reported")
        let provided = ioc("validate", config, "--provided", "output", "--define", "weather.fixture=weather.json",
                           "--define", "weather.database=reports.sqlite")
        #expect(provided.status == 0)
        #expect(provided.output.hasPrefix("Valid: 1 file, 9 components, no problems.\n"))
    }

    @Test func duplicateNamesAcrossFiles_areReported_withBothPlaces() {
        let xml = conformance("MiddleAgesAssembly.xml"), yaml = conformance("knights.yaml")
        let result = ioc("validate", xml, yaml)
        #expect(result.status == 1)
        #expect(result.output.contains("""
            1. Duplicate component "knight" at \(yaml):5:3; first defined at \(xml):14. Rename one, or mark the later one as an override.
            """))
    }

    @Test func jsonFormat_hasTheDocumentedShape() throws {
        let xml = try fixture("broken.xml")
        let result = ioc("validate", "--format", "json", xml)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["valid", "files", "components", "problems", "notChecked", "warnings"])
        #expect(object["valid"] as? Bool == false)
        #expect(object["files"] as? [String] == [xml])
        #expect(object["components"] as? Int == 1)
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(problems.count == 2)
        #expect(problems[0]["kind"] as? String == "unknownElement")
        #expect(problems[0]["file"] as? String == xml)
        #expect(problems[0]["line"] as? Int == 6)
        #expect(problems[0]["column"] == nil, "libxml2 gives lines only")
        #expect(problems[1]["message"] as? String == "Bad value 'maybe' at \(xml):8: expected true/false or yes/no.")
        let report = try JSONDecoder().decode(ValidationReport.self, from: Data(result.output.utf8))
        #expect(report.notChecked.count == 4)
    }

    @Test func jsonFormat_givesColumnsWhereTheParserHasThem() throws {
        let yaml = try fixture("broken.yaml")
        let report = try JSONDecoder().decode(ValidationReport.self, from: Data(ioc("validate", "--format", "json", yaml).output.utf8))
        let first = try #require(report.problems.first)
        #expect(first.kind == "unknownKey" && first.line == 3 && first.column == 32)
        #expect(report.problems.map(\.kind) == ["unknownKey", "unresolvedPlaceholder", "unknownParent", "missingComponent", "cycle"])
    }

    @Test(arguments: [
        (["validate"], "Error: Missing expected argument '<files> ...'"),
        (["validate", "/no/such/file.yaml"], "Error: Cannot read '/no/such/file.yaml': no such file, or not readable."),
        (["validate", "x.yaml", "--format", "html"], "Error: The value 'html' is invalid for '--format <format>'. Please provide one of 'text' and 'json'."),
        (["validate", "x.yaml", "--define", "novalue"], "Error: --define takes KEY=VALUE, not 'novalue'."),
        (["frobnicate"], "Error: Unexpected argument 'frobnicate'"),
    ])
    func usageErrors_exitTwo_withTheReason(arguments: [String], message: String) {
        let result = IoCTool().run(arguments)
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix(message + "\n"), "\(result.errors)")
        #expect(result.errors.hasSuffix("Run 'ioc help' or 'ioc <command> --help' for usage.\n"))
    }

    @Test func help_exitsZero() {
        let result = IoCTool().run(["--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("SUBCOMMANDS:") && result.output.contains("validate") && result.output.contains("explain"))
    }
}

@Suite("ioc graph")
struct GraphTests {
    @Test func seedAssembly_asDOT() {
        let result = ioc("graph", conformance("MiddleAgesAssembly.xml"))
        #expect(result == IoCTool.Result(status: 0, output: """
            digraph components {
                rankdir=LR;
                node [shape=box, style=rounded, fontname="Helvetica"];
                edge [fontname="Helvetica", fontsize=10];
                n0 [label="knight\\nKnight\\nsingleton"];
                n1 [label="quest\\nCampaignQuest\\nprototype"];
                n2 [label="anotherKnight\\nCavalryMan\\nsingleton"];
                n3 [label="serviceUrl\\nNSURL\\nsingleton"];
                n4 [label="swordFactory\\nSwordFactory\\nsingleton"];
                n5 [label="blueSword\\nSword\\nsingleton"];
                n0 -> n1 [label="property 'quest'"];
                n2 -> n1 [label="argument 0"];
                n5 -> n4 [label="factory"];
            }

            """, errors: ""))
    }

    @Test func shop_asMermaid_withCollectionsAndAbsentOptionals() throws {
        let result = ioc("graph", try fixture("shop.yaml"), "--format", "mermaid")
        #expect(result.status == 0)
        #expect(result.output == """
            flowchart LR
                n0["clock<br/>SystemClock<br/>singleton"]
                n1["prices<br/>PriceList<br/>singleton"]
                n2["basket<br/>Basket<br/>prototype"]
                n3["checkout<br/>Checkout<br/>singleton"]
                n4["card<br/>CardPayment<br/>singleton"]
                n5["cash<br/>CashPayment<br/>singleton"]
                n2 -->|"argument 0 'prices'"| n1
                n2 -->|"argument 1 'clock'"| n0
                n3 -->|"argument 0"| n2
                n3 ==>|"argument 1 (collection)"| n4
                n3 ==>|"argument 1 (collection)"| n5
                missing0["absent: auditLog"]
                n2 -.->|"property 'audit' (optional)"| missing0
                style missing0 stroke:#888,color:#888,stroke-dasharray:4

            """)
    }

    @Test func filesWithProblems_areNotDrawn() throws {
        let yaml = try fixture("broken.yaml")
        let result = ioc("graph", yaml, "--define", "shop.currency=EUR")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("Cannot draw the graph: the files have 1 problem(s):\nUnknown key 'scop'"))
        #expect(result.output == "")
    }

    @Test func missingReference_isDrawnInRed_andWarned() throws {
        let path = try write("""
            services:
              user: { class: User, arguments: ['@clok'] }
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ioc("graph", path)
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("""
                n0 [label="user\\nUser\\nsingleton"];
                missing0 [label="missing: clok", color=red, fontcolor=red, style=dashed];
                n0 -> missing0 [label="argument 0", color=red, fontcolor=red];
            }

            """))
        #expect(result.errors == "warning: No component \"clok\" is registered; required by \"user\" (User), argument 0, at \(path):2:36. Register it, or correct the reference.\n")
    }

    @Test func renderedOutput_withoutGraphviz_saysHowToInstallIt() throws {
        var tool = IoCTool()
        tool.searchPath = []
        let result = tool.run(["graph", conformance("MiddleAgesAssembly.xml"), "--output", "/tmp/never.svg"])
        #expect(result.status == 2)
        #expect(result.errors == """
            Graphviz's 'dot' is not on the PATH, so /tmp/never.svg cannot be rendered. Install Graphviz ('apt-get install \
            graphviz' on Debian and Ubuntu, 'brew install graphviz' on macOS), or write the DOT text with --output graph.dot \
            and render it elsewhere.

            """)
    }

    @Test func renderedOutput_pipesTheDOTTextThroughDot() throws {
        // A stand-in for Graphviz's dot: copies its input to the -o file, so the test sees what dot was given.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-dot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("dot")
        try "#!/bin/sh\n[ \"$1\" = \"-Tsvg\" ] || exit 3\ncat > \"$3\"\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        var tool = IoCTool()
        tool.searchPath = [directory.path]
        let output = directory.appendingPathComponent("graph.svg").path
        let result = tool.run(["graph", conformance("MiddleAgesAssembly.xml"), "--output", output, "--no-environment"])
        #expect(result == IoCTool.Result(status: 0, output: "Wrote \(output).\n", errors: ""))
        let rendered = try String(contentsOfFile: output, encoding: .utf8)
        #expect(rendered + "\n" == ioc("graph", conformance("MiddleAgesAssembly.xml")).output)
    }

    @Test func mermaid_cannotBeRenderedByGraphviz() {
        let result = IoCTool().run(["graph", conformance("MiddleAgesAssembly.xml"), "--format", "mermaid", "-o", "x.png"])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("Error: Graphviz renders DOT, not Mermaid: use --format dot with --output x.png, or write the Mermaid text to a .mmd file.\n"))
    }
}

@Suite("ioc convert")
struct ConvertTests {
    @Test func seedAssembly_toYAML() {
        let result = ioc("convert", conformance("MiddleAgesAssembly.xml"), "--to", "yaml")
        #expect(result.status == 0 && result.errors == "")
        #expect(result.output == """
            services:
              knight:
                class: Knight
                scope: singleton
                properties:
                  quest: '@quest'
                  damselsRescued: '12'
              quest:
                class: CampaignQuest
                scope: prototype
                properties:
                  imageUrl: http://www.appsquick.ly/theQuest.jpg
                after-injection: questAfterPropertyInjection
              anotherKnight:
                class: CavalryMan
                scope: singleton
                arguments:
                  quest: '@quest'
                properties:
                  hasHorseWillTravel: yes
              serviceUrl:
                class: NSURL
                scope: singleton
                factory: URL(string:)
                arguments:
                - http://dev.foobar.com/service/
              swordFactory:
                class: SwordFactory
                scope: singleton
              blueSword:
                class: Sword
                scope: singleton
                factory:
                - '@swordFactory'
                - sword(specification:)
                arguments:
                - blue

            """)
    }

    @Test func yamlTags_cannotBeSpringXML_andNothingIsWritten() throws {
        let yaml = try fixture("tagged.yaml")
        let result = ioc("convert", yaml, "--to", "xml")
        #expect(result == IoCTool.Result(status: 1, output: "", errors: """
            Cannot write "card" (CardPayment), defined at \(yaml):2:3, as Spring XML: it has tags, which Spring XML cannot \
            express. Keep this file in YAML, or write this part in code.

            """))
    }

    @Test func yamlParameters_cannotBeSpringXML() throws {
        let yaml = try fixture("shop.yaml")
        let result = ioc("convert", yaml, "--to", "xml")
        #expect(result.status == 1)
        #expect(result.errors == """
            Cannot write the parameters section, defined at \(yaml):3:18, as Spring XML: it has 1 parameter(s), which Spring \
            XML cannot express. Move them to a .properties file and give it to the builder as a PropertiesFileSource.

            """)
    }

    @Test func fileWithProblems_isNotConverted() throws {
        let result = ioc("convert", try fixture("syntax.yaml"), "--to", "xml")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("Cannot convert"))
    }

    /// Converting to the other format, back, and over again writes the same text: nothing is lost
    /// or invented on the way (that the graph is the same is checked with the app's types in
    /// Tests/Conformance/RoundTripTests.swift).
    @Test(arguments: [("knights-spring.xml", "yaml", "xml"), ("knights.yaml", "xml", "yaml")])
    func convertingThereAndBack_isAFixpoint(seed: String, other: String, own: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ioc-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let there = directory.appendingPathComponent("there.\(other)").path
        let back = directory.appendingPathComponent("back.\(own)").path
        #expect(ioc("convert", conformance(seed), "--to", other, "-o", there) == IoCTool.Result(status: 0, output: "Wrote \(there).\n", errors: ""))
        #expect(ioc("convert", there, "--to", own, "-o", back).status == 0)
        let again = ioc("convert", back, "--to", other)
        #expect(again.status == 0)
        #expect(again.output == (try String(contentsOfFile: there, encoding: .utf8)))
    }
}

@Suite("ioc explain")
struct ExplainTests {
    @Test func checkout_showsEveryInjection_itsScope_andWhereItIsDefined() throws {
        let yaml = try fixture("shop.yaml")
        let result = ioc("explain", yaml, "checkout")
        #expect(result.status == 0 && result.errors == "")
        #expect(result.output == """
            "checkout" (Checkout)
              defined at \(yaml):15:3
              scope: singleton — one instance for the container
              built by: an initializer of Checkout, picked by the catalog from the arguments

            How it is built:
            "checkout" (Checkout), singleton, at \(yaml):15:3
            ├─ argument 0 <- @basket: "basket" (Basket), prototype, at \(yaml):10:3
            │  ├─ argument 0 'prices' <- @prices: "prices" (PriceList), singleton, at \(yaml):7:3
            │  │  └─ argument 0 'currency' <- value "EUR"
            │  ├─ argument 1 'clock' <- @clock: "clock" (SystemClock), singleton, at \(yaml):6:3
            │  └─ property 'audit' <- @?auditLog: absent, so nil (an optional reference)
            ├─ argument 1 (collection) <- tagged payment: "card" (CardPayment), singleton, at \(yaml):18:3
            └─ argument 1 (collection) <- tagged payment: "cash" (CashPayment), singleton, at \(yaml):19:3

            Injected into: nothing in these files (resolved by the app directly, or unused).

            """)
    }

    @Test func sharedDependency_listsWhoInjectsIt() throws {
        let yaml = try fixture("shop.yaml")
        let output = ioc("explain", yaml, "clock").output
        #expect(output.hasSuffix("""
            Injected into:
              "basket" (Basket), argument 1 'clock', at \(yaml):13:44

            """))
    }

    @Test func scopes_areExplainedByWhatTheyMean() throws {
        let path = try write("""
            services:
              unit: { class: UnitOfWork, scope: object-graph }
              pool: { class: Pool, scope: request }
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(ioc("explain", path, "unit").output.contains("  scope: object-graph — one instance per top-level resolve, shared by what it builds\n"))
        #expect(ioc("explain", path, "pool").output.contains(
            "  scope: request — a custom scope: the CustomScope the app registers under this name decides\n"))
    }

    /// A secret from the app's property sources (IoCConfiguration's, for one) is never printed.
    @Test func aSecretValue_isShownRedacted() throws {
        let path = try write("""
            services:
              db: { class: Database, arguments: ['${db.user}', '${db.password}', 'postgres://${db.user}:${db.password}@db/app'] }
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tool = IoCTool { builder in
            builder.propertySources.append(DictionaryPropertySource(name: "vault", [
                "db.user": .string("app"), "db.password": ConfigValue(.string("hunter2"), isSecret: true),
            ]))
        }
        let result = ioc("explain", path, "db", tool: tool)
        #expect(result.status == 0)
        #expect(result.output.contains("""
            ├─ argument 0 <- value "app"
            ├─ argument 1 <- value <redacted>
            └─ argument 2 <- value <redacted>
            """))
        #expect(!result.output.contains("hunter2"))
    }

    @Test func unknownKey_suggestsTheClosest() throws {
        let yaml = try fixture("shop.yaml")
        let result = ioc("explain", yaml, "chekout")
        #expect(result.status == 1)
        #expect(result.errors == "No component named 'chekout' in \(yaml). Did you mean 'checkout'? Names defined: basket, card, cash, checkout, clock, prices.\n")
    }

    @Test func needsAFileAndAKey() {
        let result = IoCTool().run(["explain", "knight"])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("Error: Give at least one config file, then the component's name.\n"))
    }
}
