@testable import IoCCore
import Testing

/// A definition is plain data; the Swift code a registration gives lives in its builder's code
/// table, and a ``Component`` moves a definition with its code.
@Suite("Definitions and their code")
struct ComponentCodeTests {
    final class Gadget: Sendable {
        let d: D
        let setting = Guarded<Int>(0)
        let calls = EventLog()
        init(d: D) { self.d = d }
    }

    /// A registration that gives every kind of code: construction, a property setter, a method
    /// call, a hook, an exposure and a strategy.
    @discardableResult
    private func registerGadget(in builder: ContainerBuilder, log: EventLog, setting: Int = 7) -> Registration<Gadget> {
        builder.register(Gadget.init)
            .property("setting", source: .value(setting)) { (gadget: inout Gadget, value: Int) in gadget.setting.withLock { $0 = value } }
            .call("configure") { (gadget: Gadget, e: E) in gadget.calls.record("configure") }
            .afterInjection(named: "ready") { $0.calls.record("ready") }
            .as((any Sendable).self) { $0 }
            .strategy(RecordingStrategy(name: "logging", log: log))
    }

    /// Whether `value`, or anything it holds, is a function or one of the objects that carry a
    /// registration's code.
    private func holdsCode(_ value: Any, depth: Int = 0) -> Bool {
        guard depth < 12 else { return false }
        if value is RecipeBox || value is any PropertySetting || value is any MethodInvoking || value is any HookBody
            || value is AdapterBox || value is any ConstructionStrategy {
            return true
        }
        if String(describing: type(of: value)).contains("->") { return true }
        return Mirror(reflecting: value).children.contains { holdsCode($0.value, depth: depth + 1) }
    }

    @Test func aDefinition_holdsNoCode_andRegistrationsThatDifferOnlyInCode_areEqual() {
        let log = EventLog()
        let builder = ContainerBuilder()
        let first = registerGadget(in: builder, log: log).definition
        #expect(!first.properties.isEmpty && !first.methodCalls.isEmpty && !first.hooks.isEmpty && !first.exposedAs.isEmpty)
        #expect(first.strategyName == "logging")
        #expect(!holdsCode(first))
        // Other closures, the same data.
        let second = builder.register(Gadget.init)
            .property("setting", source: .value(7)) { (gadget: inout Gadget, value: Int) in gadget.setting.withLock { $0 = value * 2 } }
            .call("configure") { (_: Gadget, _: E) in }
            .afterInjection(named: "ready") { _ in }
            .as((any Sendable).self) { $0 }
            .strategy(RecordingStrategy(name: "logging", log: EventLog()))
            .definition
        #expect(first == second)
    }

    final class Knob: Sendable {
        let level = Guarded<Int>(0)
        init() {}
    }

    @Test func aDefinitionBoundThroughTheCatalog_holdsNoCodeEither() throws {
        let catalog = TypeCatalog()
        catalog.add(Knob.self) { knob in
            knob.initializer("init()") { Knob() }
            knob.property("level") { (knob: inout Knob, level: Int) in knob.level.withLock { $0 = level } }
        }
        var definition = Definition(name: "knob", typeName: "Knob", location: ConfigLocation(file: "knobs.yaml", line: 1))
        definition.properties.append(PropertyInjection(name: "level", source: .config(.int(3))))
        let builder = ContainerBuilder()
        builder.catalog = catalog
        builder.add(definition)
        let container = try builder.build()
        #expect(try container.resolve(Knob.self, name: "knob").level.withLock { $0 } == 3)
        let bound = try #require(container.definitions.first { $0.name == "knob" })
        #expect(bound.isBound && bound.properties.first?.type == TypeRef(Int.self))
        #expect(!holdsCode(bound))
    }

    @Test func aComponent_bringsItsCode_afterItsBuilderIsGone() throws {
        let log = EventLog()
        func made() -> Component {
            let source = ContainerBuilder()
            return registerGadget(in: source, log: log, setting: 11).component
        }
        let builder = ContainerBuilder()
        builder.register(D.init)
        builder.register(E.init)
        builder.add(made())
        let container = try builder.build()
        let gadget = try container.resolve(Gadget.self)
        #expect(gadget.setting.withLock { $0 } == 11)
        #expect(gadget.calls.all == ["configure", "ready"])
        #expect(log.all == ["construct Gadget"])
        #expect(try container.resolve((any Sendable).self) is Gadget)
    }

    @Test func everyComponentOfABuilder_movesToAnother() throws {
        let log = EventLog()
        let module = ContainerBuilder()
        module.register(D.init).singleton()
        module.register(E.init)
        registerGadget(in: module, log: log)
        let builder = ContainerBuilder()
        builder.add(contentsOf: module.components)
        #expect(builder.definitions == module.definitions)
        let container = try builder.build()
        #expect(try container.resolve(Gadget.self).d === container.resolve(D.self))
        // Added again to its own builder, a component shares the code it has.
        module.add(module.components[0])
        #expect(module.definitions[3].construction.code == module.definitions[0].construction.code)
    }

    @Test func aDefinitionAddedWithoutItsCode_isReportedAtBuild() {
        let source = ContainerBuilder()
        let line = #line; let definition = source.register(D.init).named("moved").definition
        let builder = ContainerBuilder()
        builder.add(definition)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of "moved" (D) at IoCCoreTests/ComponentCodeTests.swift:\(line): its Swift code was registered with \
            another ContainerBuilder, which keeps it. Add the registration's component to this builder (builder.add(registration.component)), \
            not its definition.
            """)
    }

    @Test func anInnerDefinitionMadeInCode_keepsItsCodeInTheBuilderThatHoldsIt() throws {
        let client = ContainerBuilder().register(BetterWeatherClient.init, as: (any WeatherClient).self).component
        let builder = ContainerBuilder()
        let inner = builder.keepingCode(of: client)
        #expect(builder.definitions.isEmpty, "kept, not registered")
        builder.register(ReportService.init).arguments(.inner(inner))
        #expect(try builder.build().resolve(ReportService.self).client is BetterWeatherClient)
        // The same inner definition in a builder that does not keep its code.
        let other = ContainerBuilder()
        let line = #line; other.register(ReportService.init).arguments(.inner(inner))
        #expect(errorText { _ = try other.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of ReportService at IoCCoreTests/ComponentCodeTests.swift:\(line): its Swift code was registered with \
            another ContainerBuilder, which keeps it. Add the registration's component to this builder (builder.add(registration.component)), \
            not its definition.
            """)
    }
}
