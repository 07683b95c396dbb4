import Foundation
import IoCCore
import Testing

private protocol Greeter: Sendable { func greet() -> String }
private final class Logger: @unchecked Sendable {
    var lines: [String] = []
    init() {}
}
private final class Hello: Greeter, @unchecked Sendable {
    let name: String
    var logger: Logger?
    var level = 0
    init(name: String) { self.name = name }
    init(name: String, level: Int) { self.name = name; self.level = level }
    init(title: String) { self.name = "Sir " + title }
    func greet() -> String { "hello \(name)" }
    func attach(logger: Logger, level: Int) { self.logger = logger; self.level = level }
    func ready() { logger?.lines.append("ready \(name)") }
}

private func catalog() -> TypeCatalog {
    let catalog = TypeCatalog()
    catalog.add(Logger.self) { $0.initializer("init()") { Logger() } }
    catalog.add(Hello.self, names: "Greeting") { hello in
        hello.initializer("init(name:)") { (name: String) in Hello(name: name) }
        hello.initializer("init(name:level:)") { (name: String, level: Int) in Hello(name: name, level: level) }
        hello.initializer("init(title:)") { (title: String) in Hello(title: title) }
        hello.property("logger", \.logger)
        hello.property("level", \.level)
        hello.method("attach(logger:level:)") { (hello: Hello, logger: Logger, level: Int) in hello.attach(logger: logger, level: level) }
        hello.method("ready") { $0.ready() }
        hello.conforms(to: (any Greeter).self) { $0 }
    }
    return catalog
}

private let at = ConfigLocation(file: "app.yaml", line: 7, column: 3)

private func builder(_ definitions: Definition...) -> ContainerBuilder {
    let builder = ContainerBuilder()
    builder.catalog = catalog()
    builder.add(contentsOf: definitions)
    return builder
}

private func hello(_ construction: Construction = .initializer(), name: String = "hello") -> Definition {
    Definition(name: name, typeName: "Hello", construction: construction, location: at)
}

private func arg(_ label: String?, _ value: ConfigValue) -> InjectionPoint { InjectionPoint(label: label, source: .config(value)) }

@Suite("Type catalog: binding text definitions")
struct CatalogTests {
    @Test func initializer_isChosenByLabels() throws {
        let container = try builder(hello(.initializer(arguments: [arg("name", .string("Ann")), arg("level", .int(2))]))).build()
        let resolved = try container.resolve(Hello.self)
        #expect(resolved.name == "Ann" && resolved.level == 2)
    }

    @Test func initializer_isChosenBySignature_andAliasName() throws {
        var definition = hello(.initializer("init(title:)", arguments: [arg(nil, .string("Lancelot"))]))
        definition.typeName = "Greeting"
        #expect(try builder(definition).build().resolve(Hello.self).name == "Sir Lancelot")
    }

    @Test func catalogedType_isExposedAsItsProtocols() throws {
        let container = try builder(hello(.initializer(arguments: [arg("name", .string("Bo"))]))).build()
        #expect(try container.resolve((any Greeter).self).greet() == "hello Bo")
    }

    @Test func methodInjection_andHooks_byName() throws {
        var definition = hello(.initializer(arguments: [arg("name", .string("Cy"))]))
        definition.methodCalls = [MethodInjection(method: "attach", arguments: [
            InjectionPoint(source: .typeNamed("Logger")), InjectionPoint(source: .config(.int(5))),
        ])]
        definition.hooks = [LifecycleHook(kind: .afterInjection, method: "ready")]
        var logger = Definition(name: "logger", typeName: "Logger", location: at)
        logger.scope = .singleton
        let container = try builder(definition, logger).build()
        let resolved = try container.resolve(Hello.self)
        #expect(resolved.level == 5 && resolved.logger?.lines == ["ready Cy"])
        #expect(container.definitions[0].description.contains("call attach(logger:level:)(type Logger, value 5)"))
    }

    @Test func methodInjection_inCode() throws {
        let builder = ContainerBuilder()
        builder.register(Logger.init).singleton()
        builder.register { Hello(name: "Di") }
            .call("attach(logger:level:)", arguments: [.type(Logger.self), .value(3)]) { (hello: Hello, logger: Logger, level: Int) in
                hello.attach(logger: logger, level: level)
            }
        let container = try builder.build()
        #expect(try container.resolve(Hello.self).logger === container.resolve(Logger.self))
    }

    @Test func unknownType_suggestsClosestCatalogName() {
        var definition = hello()
        definition.typeName = "Helo"
        #expect(errorText { _ = try builder(definition).build() } == """
            Container validation failed with 1 problem:
            1. Unknown type "Helo" for "hello" (Helo) at app.yaml:7:3: it is not in the type catalog. Did you mean "Hello"? \
            Add it with catalog.add(Helo.self) (or @Component), or correct the name.
            """)
    }

    @Test func unknownProperty_listsTheTypesProperties() {
        var definition = hello(.initializer(arguments: [arg("name", .string("Ed"))]))
        definition.properties = [PropertyInjection(name: "levle", source: .config(.int(1)), location: ConfigLocation(file: "app.yaml", line: 9, column: 5))]
        #expect(errorText { _ = try builder(definition).build() } == """
            Container validation failed with 1 problem:
            1. Hello has no property levle (for "hello" (Hello) at app.yaml:9:5). Did you mean level? It has: logger, level.
            """)
    }

    // Definitions of one shape (type, signature, argument labels, property names) are bound
    // through the catalog once; the others take that plan with their own sources.
    @Test func definitionsOfOneShape_eachKeepTheirOwnSources() throws {
        func greeting(_ name: String, level: Int, logger: String) -> Definition {
            var definition = hello(.initializer(arguments: [arg("level", .int(level)), arg("name", .string(name))]), name: name)
            definition.properties = [PropertyInjection(name: "logger", source: .named(logger))]
            return definition
        }
        var first = Definition(name: "first", typeName: "Logger", location: at)
        first.scope = .singleton
        var second = first
        second.name = "second"
        // Same type, other labels: a member of its own, not the plan of the ones above.
        let titled = hello(.initializer(arguments: [arg("title", .string("Gawain"))]), name: "titled")
        let container = try builder(first, second, greeting("Ann", level: 1, logger: "first"),
                                    greeting("Bo", level: 2, logger: "second"), titled).build()
        let ann = try container.resolve(Hello.self, name: "Ann")
        let bo = try container.resolve(Hello.self, name: "Bo")
        #expect(ann.name == "Ann" && ann.level == 1 && bo.name == "Bo" && bo.level == 2)
        #expect(ann.logger === (try container.resolve(Logger.self, name: "first")))
        #expect(bo.logger === (try container.resolve(Logger.self, name: "second")))
        #expect(try container.resolve(Hello.self, name: "titled").name == "Sir Gawain")
    }

    @Test func definitionsOfOneShape_thatFail_areEachReported() {
        func levelled(_ name: String, line: Int) -> Definition {
            var definition = hello(.initializer(arguments: [arg("name", .string(name))]), name: name)
            definition.properties = [PropertyInjection(name: "levle", source: .config(.int(1)),
                                                       location: ConfigLocation(file: "app.yaml", line: line, column: 5))]
            return definition
        }
        #expect(errorText { _ = try builder(levelled("a", line: 9), levelled("b", line: 12)).build() } == """
            Container validation failed with 2 problems:
            1. Hello has no property levle (for "a" (Hello) at app.yaml:9:5). Did you mean level? It has: logger, level.
            2. Hello has no property levle (for "b" (Hello) at app.yaml:12:5). Did you mean level? It has: logger, level.
            """)
    }

    @Test func unknownInitializer_listsSignatures() {
        let definition = hello(.initializer("init(nom:)", arguments: [arg(nil, .string("x"))]))
        #expect(errorText { _ = try builder(definition).build() } == """
            Container validation failed with 1 problem:
            1. Hello has no initializer init(nom:) (for "hello" (Hello) at app.yaml:7:3). Did you mean init(name:)? \
            It has: init(name:), init(name:level:), init(title:).
            """)
    }

    @Test func ambiguousInitializer_asksToNameOne() {
        let definition = hello(.initializer(arguments: [arg(nil, .string("x"))]))
        #expect(errorText { _ = try builder(definition).build() } == """
            Container validation failed with 1 problem:
            1. 2 initializers of Hello fit "hello" (Hello) at app.yaml:7:3: init(name:), init(title:). Name the one to use.
            """)
    }

    @Test func unknownArgumentLabel_isReported() {
        let definition = hello(.initializer("init(name:)", arguments: [arg("nom", .string("x"))]))
        #expect(errorText { _ = try builder(definition).build() } == """
            Container validation failed with 1 problem:
            1. init(name:) has no argument label nom (for "hello" (Hello) at app.yaml:7:3). Did you mean name? It has: name.
            """)
    }

    @Test func referenceOfWrongType_namesBothTypes() {
        var definition = hello(.initializer(arguments: [arg("name", .string("x"))]))
        definition.properties = [PropertyInjection(name: "logger", source: .named("other"))]
        let other = Definition(name: "other", typeName: "Hello", construction: .initializer(arguments: [arg("name", .string("y"))]), location: at)
        #expect(errorText { _ = try builder(definition, other).build() } == """
            Container validation failed with 1 problem:
            1. "other" (Hello) is a Hello and cannot be injected as Logger into "hello" (Hello), property 'logger', \
            at app.yaml:7:3. Expose it with .as(Logger.self), or reference a component of that type.
            """)
    }

    @Test func exposureByName_mustBeDeclared() {
        var definition = hello(.initializer(arguments: [arg("name", .string("x"))]))
        definition.exposedAs = [Exposure(typeName: "Farewell")]
        #expect(errorText { _ = try builder(definition).build() } == """
            Container validation failed with 1 problem:
            1. Hello has no protocol Farewell (for "hello" (Hello) at app.yaml:7:3). It has: Greeter.
            """)
    }

    @Test func invalidCatalogEntry_isReportedAtBuild() {
        let catalog = TypeCatalog()
        catalog.add(Logger.self) { $0.initializer("init(x:)") { Logger() } }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. The catalog entry for Logger is inconsistent: init(x:) names 1 parameter(s), but its function takes 0.
            """)
    }

    @Test func noCatalog_meansTextDefinitionsCannotBind() {
        let builder = ContainerBuilder()
        builder.add(hello())
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Unknown type "Hello" for "hello" (Hello) at app.yaml:7:3: it is not in the type catalog. Add it with catalog.add(Hello.self) (or @Component), or correct the name.
            """)
    }

    @Test func signatures_parse() {
        #expect(Signature("init(quest:)")?.labels == ["quest"])
        #expect(Signature("init(_:bundle:)")?.labels == [nil, "bundle"])
        #expect(Signature("init()")?.labels == [])
        #expect(Signature("configure")?.labels == nil)
        #expect(Signature("init(quest") == nil && Signature("(x:)") == nil && Signature("a b") == nil)
    }
}
