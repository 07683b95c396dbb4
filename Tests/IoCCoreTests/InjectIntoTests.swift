import IoCCore
import Testing

private final class Logger: Sendable { init() {} }

/// Made by someone else (a storyboard): the container only injects it.
private final class ReportController: @unchecked Sendable {
    var logger: Logger?
    var title = ""
    var events: [String] = []
    init() {}
}

private struct Settings: Sendable {
    var title = ""
}

@Suite("Injecting into existing instances")
struct InjectIntoTests {
    private func builder() -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.register(Logger.init).singleton()
        builder.register { ReportController() }
            .property(\.logger)
            .property(\.title, .value("Reports"))
            .beforeInjection { $0.events.append("before") }
            .afterInjection { $0.events.append("after, logger \($0.logger == nil ? "missing" : "set")") }
            .decorate { _ in ReportController() }
        builder.register { ReportController() }.named("admin")
            .property(\.title, .value("Admin"))
        return builder
    }

    @Test func injectInto_runsPropertiesAndHooks_ofItsTypesDefinition_butNotConstructionOrDecorators() throws {
        let container = try builder().build()
        let made = ReportController()
        let injected = try container.inject(into: made)
        #expect(injected === made, "the instance stays the one passed: no decorator")
        #expect(made.logger === (try container.resolve(Logger.self)))
        #expect(made.title == "Reports")
        #expect(made.events == ["before", "after, logger set"])
    }

    @Test func injectInto_byName_usesThatDefinition() throws {
        let container = try builder().build()
        let made = ReportController()
        try container.inject(into: made, name: "admin")
        #expect(made.title == "Admin" && made.logger == nil)
    }

    @Test func injectInto_aValue_returnsTheInjectedCopy() throws {
        let builder = ContainerBuilder()
        builder.register { Settings() }.property(\.title, .value("Set"))
        #expect(try builder.build().inject(into: Settings()).title == "Set")
    }

    @Test func injectInto_aTypeWithoutDefinition_saysSo() throws {
        let container = try ContainerBuilder().build()
        #expect(errorText { try container.inject(into: Settings()) }
            == "No component Settings is registered. Register it, or correct the reference.")
    }
}
