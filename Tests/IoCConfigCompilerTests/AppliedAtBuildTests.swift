import Foundation
import IoCConfigCompiler
import Testing

/// What the plugin applies at build, as `build()` applies it, so that each component is one code
/// registration (docs/Configuration.md, "Applied at build"); and what it leaves to `build()`.
@Suite("Config compiler: settings applied at build")
struct AppliedAtBuildTests {
    @Test func compile_aDecorator_isAppliedAtBuild() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              fixture: { class: Fixture, arguments: { path: /tmp/f } }
              wrapped: { class: Fixture, decorates: fixture, arguments: { path: /tmp/g }, tags: [{ name: kept, priority: 2 }] }
            """], sources: weatherSources)
        #expect(output.diagnostics == [])
        #expect(!output.code.contains("unavailable"))
        // The decorator takes the decorated component's name, which is renamed "<decorator>.inner",
        // as the build does: two code registrations.
        #expect(output.code.contains("""
                    make0(builder, "wrapped.inner", file0, 2, configText("/tmp/f", file0, 2, 49))
            """))
        #expect(output.code.contains("""
                    builder.register({ (p0: String) in Fixture(path: p0) }, file: file, line: line).argument(0, h0).named(name).alias("fixture").scope(.singleton)\
            .tagged("kept", attributes: ["priority": h1])
            """))
    }

    /// A type whose module has no sources here is called as the target's extension of it
    /// declares, by the name its type alias gives; without one, `register(in:)` says what to do.
    @Test func compile_anotherModulesType_isCalledAsTheTargetsExtensionDeclaresIt() throws {
        let config = ["services.yaml": """
            services:
              url: { class: NSURL, constructor: 'URL(string:)', arguments: ['http://example.com'] }
            """]
        let extended = weatherSources.merging(["URL+Config.swift": """
            import Foundation
            typealias NSURL = URL
            extension URL {
                static func URL(string: String) throws -> URL { try makeURL(string) }
            }
            """]) { $1 }
        let (output, _) = try compile(config, sources: extended)
        #expect(output.diagnostics == [])
        #expect(!output.code.contains("unavailable"))
        #expect(output.code.contains("builder.register({ (p0: String) in try URL.URL(string: p0) }, file: file, line: line).argument(0, h0).named(name).scope(.singleton)"))
        // Its catalog entry, for a load at launch, by both names.
        #expect(output.code.contains(#"catalog.add(URL.self, names: "URL", "NSURL") { type in"#))
        #expect(output.code.contains(#"type.staticFactory("URL(string:)") { (p0: String) in try URL.URL(string: p0) }"#))
        // Without the extension, a type listed as catalogued by hand: loaded at launch only.
        let (external, folder) = try compile(config, sources: weatherSources, external: ["NSURL"])
        #expect(external.diagnostics == [])
        #expect(external.code.contains("""
                @available(*, unavailable, message: "Not compiled: \\"url\\" (NSURL) uses a type no source of the target or its dependencies declares or extends: \
            declare what config calls in an extension of it (\(folder.appendingPathComponent("services.yaml").path):2:3). Load the file with loadYAML/loadXML instead.")
            """))
        // A type the target extends is not one of its module's, which a resource selects.
        let (resource, _) = try compile(["services.yaml": "services:\n  App\\:\n    resource: '../*'\n"], sources: extended)
        let selected = resource.code.components(separatedBy: "\n").filter { $0.contains("catalog.add(") }.map { $0.split(separator: "\"")[1] }
        #expect(selected == ["FreeWeatherClient", "Fixture", "ReportService", "Storage.Database", "Storage.Connection"])
    }

    @Test func compile_parentsAliasesAndDeprecations_areAppliedAtBuild_asCodeRegistrations() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              base: { class: Fixture, abstract: true, arguments: { path: /tmp/f } }
              fixture: { parent: base, public: false, tags: [one, one], deprecated: { package: app, version: '1.0', message: 'use the other' } }
              theFixture: { alias: fixture, public: true }
            """], sources: weatherSources)
        #expect(output.diagnostics.map(\.message) == [])
        #expect(!output.code.contains("unavailable"))
        #expect(output.code.contains("import IoCConfig\n") && output.code.contains("@_spi(GeneratedConfig) import IoCCore"))
        #expect(output.code.contains("""
            .named(name).alias("theFixture").scope(.singleton).configured { $0.isPublic = false; $0.publicAliases = ["theFixture"]; \
            $0.deprecation = "use the other (since app 1.0)"; $0.tagEntries = [IoCCore.TagEntry("one"), IoCCore.TagEntry("one")] }
            """))
    }

    @Test func compile_aChildInAProfile_isMergedAtBuild_andWithAParentAProfileReplaces() throws {
        // A child in a profile, with parents in none: the launch says only whether the merged
        // child is there, which its registration's profile says.
        let (child, _) = try compile(["services.yaml": """
            services:
              base: { class: Fixture, abstract: true, arguments: { path: /tmp/f } }
            when@test:
              services:
                fixture: { parent: base }
            """], sources: weatherSources)
        #expect(child.diagnostics.map(\.message) == [])
        #expect(!child.code.contains("unavailable"))
        #expect(child.code.contains("""
                    builder.register({ (p0: String) in Fixture(path: p0) }, file: file, line: line).argument(0, h0).named(name).scope(.singleton).overriding().profiles("test")
            """))
        // A profile that replaces the parent: the child merged with each, registered for its choice.
        let (parent, _) = try compile(["services.yaml": """
            services:
              base: { class: Fixture, abstract: true, arguments: { path: /tmp/f } }
              fixture: { parent: base }
            when@test:
              services:
                base: { class: Fixture, abstract: true, arguments: { path: /tmp/t } }
            """], sources: weatherSources)
        #expect(parent.diagnostics.map(\.message) == [])
        #expect(!parent.code.contains("unavailable"))
        let calls = parent.code.components(separatedBy: "\n").filter { $0.hasPrefix("        make") }
        #expect(calls == [
            #"        make0(builder, "fixture", file0, 3, configText("/tmp/f", file0, 2, 62))"#,
            #"        make1(builder, "fixture", file0, 3, configText("/tmp/t", file0, 6, 64))"#,
        ])
        #expect(parent.code.contains(".named(name).scope(.singleton).profiles(\"!test\")\n"))
        #expect(parent.code.contains(".named(name).scope(.singleton).profiles(\"test\")\n"))
    }

    @Test func compile_qualifiersMetaAndAutowireCandidate_areSetOnTheRegistration() throws {
        let (output, _) = try compile(["beans.xml": """
            <beans><bean id="fixture" class="Fixture" autowire-candidate="false"><constructor-arg name="path" value="/tmp/f"/>\
            <qualifier value="main"/><meta key="owner" value="platform"/></bean></beans>
            """], config: "beans.xml", sources: weatherSources)
        #expect(output.diagnostics.map(\.message) == [])
        #expect(!output.code.contains("unavailable"))
        #expect(output.code.contains("import IoCConfig\n"))
        #expect(output.code.contains(#".configured { $0.isAutowireCandidate = false; $0.metadata = ["owner": "platform"]; $0.qualifiers = ["main"] }"#))
    }

    @Test func compile_bindParentsAndAliases_areCodeRegistrations_withoutIoCConfig() throws {
        for text in [
            "services:\n  fixture: { class: Fixture, arguments: { path: /tmp/f } }\n  theFixture: '@fixture'\n",
            "services:\n  base: { class: Fixture, abstract: true, arguments: { path: /tmp/f } }\n  fixture: { parent: base }\n",
            "services:\n  _defaults: { bind: { $path: /tmp/g } }\n  fixture: { class: Fixture, arguments: { retries: 3 }, bind: { $path: /tmp/f } }\n",
        ] {
            let (output, _) = try compile(["services.yaml": text], sources: weatherSources)
            #expect(output.diagnostics == [])
            #expect(!output.code.contains("import IoCConfig\n"), "\(text)")
            #expect(!output.code.contains("unavailable"), "\(text)")
        }
        // The service's own binding before `_defaults`', given where the binding is written.
        let (bound, _) = try compile(["services.yaml": "services:\n  _defaults: { bind: { $path: /tmp/g } }\n  fixture: { class: Fixture, arguments: { retries: 3 }, bind: { $path: /tmp/f } }\n"],
                                     sources: weatherSources)
        #expect(bound.code.contains("make0(builder, \"fixture\", file0, 3, configText(\"/tmp/f\", file0, 3, "))
        // A binding by a type these sources declare fits a parameter of that type; another
        // module's type is the build's to decide: the catalog says what a type is called.
        let (typed, _) = try compile(["services.yaml": """
            services:
              fixture: { class: Fixture, arguments: { path: /tmp/f } }
              other: { class: Fixture, arguments: { path: /tmp/g } }
              client:
                class: FreeWeatherClient
                bind: { WeatherClient $fixture: '@fixture', Fixture $other: '@other', Fixture $fixture: '@other' }
              client2: { class: FreeWeatherClient, bind: { Fixture: '@fixture' } }
              plain: { class: Fixture, arguments: { retries: 3 }, bind: { String $path: /tmp/f, Int: 4 } }
            """], sources: weatherSources)
        #expect(typed.diagnostics.map(\.message) == [])
        // The client's third binding fits (the first's type is not the parameter's, the second's label);
        // client2's binds by type alone.
        #expect(typed.code.contains("""
                        ("client", 4, "other"),
                        ("client2", 7, "fixture"),
            """))
        // A standard type decides by its name, as the catalog knows it: String fits the path, Int
        // does not take the retries config gives.
        #expect(typed.code.contains(#"make2(builder, "plain", file0, 8, configText("/tmp/f", file0, 8, "#))
        #expect(!typed.code.contains("unavailable"))
        // A standard type is no other: Locale does not fit the path, which is left to autowiring.
        let (locale, _) = try compile(["services.yaml": "services:\n  plain: { class: Fixture, arguments: { retries: 3 }, bind: { Locale $path: /tmp/f } }\n"],
                                      sources: weatherSources)
        #expect(locale.code.contains(#"make0(builder, "plain", file0, 2, configNumber(3, file0, 2, 50))"#))
        // Another module's type without sources here is the launch's to decide, by its catalog.
        let (other, _) = try compile(["services.yaml": "services:\n  clock: { class: Clock, bind: { Zone $zone: '@zone' } }\n  zone: { class: Clock }\n"],
                                     sources: ["Clock.swift": "import Foundation\nstruct Clock { init(zone: TimeZone = .current) {} }"])
        #expect(other.code.contains(#"Not compiled: \"clock\" (Clock) uses bind by type (Zone), which these sources do not decide for TimeZone ("#))
    }

    @Test func compile_innerDefinitions_areCodeRegistrationsOfTheirOwn_keptInTheOuterBuilder() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              report:
                class: ReportService
                arguments: { client: !service { class: FreeWeatherClient, arguments: [!service { class: Fixture, arguments: { path: /tmp/f } }] } }
            """], sources: weatherSources)
        #expect(output.diagnostics == [])
        #expect(output.code.contains("make0(builder, \"report\", file0, 2, inner1(builder))"))
        // Each registers in a builder of its own, whose code the outer builder keeps; the inner
        // one of an inner one, in the builder of the one it is in.
        #expect(output.code.contains("""
                private static func inner1(_ outer: IoCCore.ContainerBuilder) -> IoCCore.InjectionSource {
                    let builder = IoCCore.ContainerBuilder()
                    let file = file0, line = 4
                    let h0: IoCCore.InjectionSource = inner0(builder)
            """))
        #expect(output.code.contains("""
                    let registration = builder.register({ (p0: String) in Fixture(path: p0) }, file: file, line: line).argument(0, h0).scope(.prototype)
            #sourceLocation()
                    return .inner(outer.keepingCode(of: registration.component))
            """))
        // One the compiled form cannot write makes `register(in:)` unavailable, its inner ones
        // with it; so does an inner one it cannot write.
        let (outer, _) = try compile(["services.yaml": """
            services:
              url: { class: NSURL, constructor: 'URL(string:)', arguments: [!service { class: Fixture, arguments: { path: /tmp/g } }] }
              report: { class: ReportService, arguments: { client: !service { class: NSURL } } }
            """], sources: weatherSources, external: ["NSURL"])
        #expect(outer.diagnostics == [])
        #expect(!outer.code.contains("inner0"))
        #expect(outer.code.contains(#"Not compiled: \"url\" (NSURL) uses a type no source"#) && outer.code.contains("(and 1 more)"))
    }

    @Test func compile_aResource_makesItsComponentsAtBuild_asTheBuildMakesThem() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              _defaults: { bind: { $path: /tmp/db } }
              App\\Storage\\:
                resource: '../Storage/*'
              App\\Storage\\Connection: { class: Storage.Connection, lazy: true }
            """], sources: weatherSources)
        #expect(output.diagnostics == [])
        // One component per type under the prefix, named as the resource says, primary, with
        // the `_defaults` binding; the one the file defines is left as it is.
        let register = output.code.components(separatedBy: "\n").filter { $0.hasPrefix("        make") }
        #expect(register == [
            #"        make0(builder, "App\\Storage\\Database", file0, 3, configText("/tmp/db", file0, 2, 31))"#,
            #"        make1(builder, "App\\Storage\\Connection", file0, 5)"#,
        ])
        #expect(output.code.contains("builder.register({ (p0: String) in Storage.Database(path: p0) }, file: file, line: line).argument(0, h0).named(name).scope(.singleton).primary()"))
        #expect(!output.code.contains("unavailable"))
        // A resource of another module's types is the build's, from the catalog the app
        // completes; so is every other one, which it could take a name from.
        let (other, _) = try compile(["services.yaml": """
            services:
              App\\Storage\\:
                resource: '../Storage/*'
              Vendor\\:
                resource: '../vendor/*'
            """], sources: weatherSources)
        #expect(other.diagnostics == [])
        #expect(other.code.contains(#"Not compiled: \"App\\Storage\\\" uses resource, which the plugin applies at build only when every resource "#
            + "of the files selects the target's own types with no placeholder in its prefix ("))
        #expect(other.code.contains("(and 1 more)"))
    }

    @Test func compile_autowiringOff_isSetOnTheRegistration_whenConfigGivesEveryParameter() throws {
        let (output, _) = try compile(["beans.xml": """
            <beans>
            <bean id="fixture" class="Fixture" autowire="no"><constructor-arg name="path" value="/tmp/f"/></bean>
            </beans>
            """], config: "beans.xml", sources: weatherSources)
        #expect(output.code.contains("builder.register({ (p0: String) in Fixture(path: p0) }, file: file, line: line).argument(0, h0).named(name)"
            + ".scope(.singleton).eager().configured { $0.autowires = false }"))
        // A parameter left out with autowiring off is a problem the launch's build() reports: the
        // build reports it at the config line, and the compiled form has no registration for it.
        let (left, folder) = try compile(["beans.xml": #"<beans><bean id="client" class="FreeWeatherClient" autowire="no"/></beans>"#],
                                         config: "beans.xml", sources: weatherSources)
        let file = folder.appendingPathComponent("beans.xml").path
        #expect(left.diagnostics.map(\.message) == [
            "Invalid definition of \"client\" (FreeWeatherClient) at \(file):1: init(fixture:) parameter 0 'fixture' is not given, "
                + "and autowiring is off for it (autowire: false). Give it in arguments, bind it, or turn autowiring on.",
        ])
        #expect(left.diagnostics.first?.location?.line == 1)
        #expect(left.code.contains(#"Not compiled: \"client\" (FreeWeatherClient) uses autowire: false, and leaves out parameter 0 'fixture' ("#))
    }

    @Test func compile_autowireByNameOrType_autowiresEachSettablePropertyConfigLeavesOut() throws {
        let (output, _) = try compile(["beans.xml": """
            <beans><bean id="fixture" class="Fixture" autowire="byType"><constructor-arg name="path" value="/tmp/f"/>\
            <property name="retries" value="2"/></bean></beans>
            """], config: "beans.xml", sources: weatherSources)
        #expect(output.diagnostics.map(\.message) == [])
        #expect(!output.code.contains("unavailable"))
        // In the catalog entry's order, after the properties config sets; plain values are left
        // alone at launch, as the build's pass leaves them.
        #expect(output.code.contains("""
            .property("retries", source: h1) { (instance: inout Fixture, value: Int) in instance.retries = value }\
            .autowiredProperty("path", byName: false) { (instance: inout Fixture, value: String) in instance.path = value }
            """))
    }

    @Test func compile_aDecoratorInAProfile_isAppliedForEachChoiceOfTheLaunch() throws {
        let (output, _) = try compile(["services.yaml": """
            services:
              fixture: { class: Fixture, arguments: { path: /tmp/f } }
            when@dev:
              services:
                traced: { class: Fixture, decorates: fixture, arguments: { path: /tmp/dev } }
            """], sources: weatherSources)
        #expect(output.diagnostics == [])
        #expect(!output.code.contains("unavailable"))
        // Without dev, the fixture as it is; with dev, renamed "traced.inner", and the decorator
        // taking its name: each registered for its choice.
        let calls = output.code.components(separatedBy: "\n").filter { $0.hasPrefix("        make") }
        #expect(calls == [
            #"        make0(builder, "fixture", file0, 2, configText("/tmp/f", file0, 2, 49))"#,
            #"        make1(builder, "traced.inner", file0, 2, configText("/tmp/f", file0, 2, 49))"#,
            #"        make2(builder, "traced", file0, 5, configText("/tmp/dev", file0, 5, 70))"#,
        ])
        let registrations = output.code.components(separatedBy: "\n").filter { $0.contains("builder.register(") }.map { $0.split(separator: ".scope").last ?? "" }
        #expect(registrations == ["(.singleton).profiles(\"!dev\")", "(.singleton).profiles(\"dev\")", "(.singleton).overriding().profiles(\"dev\")"])
        #expect(output.code.contains(".named(name).alias(\"fixture\").scope(.singleton).overriding().profiles(\"dev\")"))
        // Two profiles in one group would need a registration for both at once: not compiled.
        let (two, _) = try compile(["services.yaml": """
            services:
              fixture: { class: Fixture, arguments: { path: /tmp/f } }
            when@dev:
              services:
                traced: { class: Fixture, decorates: fixture, arguments: { path: /tmp/dev } }
            when@test:
              services:
                timed: { class: Fixture, decorates: fixture, arguments: { path: /tmp/test } }
            """], sources: weatherSources)
        #expect(two.diagnostics == [])
        #expect(two.code.contains(#"Not compiled: \"traced\" (Fixture) uses decorates, in a group the plugin applies at build only when it names at most one "#
            + "profile, no placeholder in a name its members relate by, and only components the files define ("))
    }
}
