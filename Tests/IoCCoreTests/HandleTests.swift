import IoCCore
import Testing

private final class Heavy: Sendable { init(counter: Counter) { counter.increment() } }
private final class UsesLazy: Sendable { let heavy: Lazy<Heavy>; init(heavy: Lazy<Heavy>) { self.heavy = heavy } }
private final class UsesProvider: Sendable { let make: Provider<D>; init(make: Provider<D>) { self.make = make } }
private final class UsesOptional: Sendable { let d: D?; init(d: D?) { self.d = d } }
private final class UsesAll: Sendable {
    let all: [any WeatherClient]
    let byName: [String: any WeatherClient]
    init(all: [any WeatherClient], byName: [String: any WeatherClient]) { self.all = all; self.byName = byName }
}

/// Which overload the compiler picks tells whether `T` is `Sendable` where the call is written.
private func isSendable<T>(_: T.Type) -> Bool { false }
private func isSendable<T: Sendable>(_: T.Type) -> Bool { true }
/// A class says nothing of `Sendable`: it is not.
private final class Unguarded {}

@Suite("Lazy, Provider, optionals and collections")
struct HandleTests {
    @Test func lazy_isSendableOnlyWhenItsValueIs_providerAlways() {
        // A Lazy hands every thread the one instance it built; a Provider resolves anew, as
        // the container does (docs/DefinitionsAndScopes.md, "What crosses threads").
        #expect(isSendable(Lazy<Heavy>.self))
        #expect(!isSendable(Lazy<Unguarded>.self))
        #expect(isSendable(Provider<Unguarded>.self))
    }

    @Test func lazy_buildsOnFirstUseOnly() throws {
        let counter = Counter()
        let builder = ContainerBuilder()
        builder.register(instance: counter)
        builder.register(Heavy.init)
        builder.register(UsesLazy.init)
        let user = try builder.build().resolve(UsesLazy.self)
        #expect(counter.count == 0 && !user.heavy.isCreated)
        let first = try user.heavy.get()
        #expect(try user.heavy() === first)
        #expect(counter.count == 1)
    }

    @Test func lazyDefinition_withProxy_buildsOnFirstCall() throws {
        final class ClientProxy: WeatherClient {
            let target: Lazy<FreeWeatherClient>
            init(_ target: Lazy<FreeWeatherClient>) { self.target = target }
            func forecast(city: String) -> String { (try? target.get().forecast(city: city)) ?? "unavailable" }
        }
        let counter = Counter()
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.self) { _ in counter.increment(); return FreeWeatherClient() }
            .singleton()
            .lazy(as: (any WeatherClient).self) { ClientProxy($0) }
        builder.register(ReportService.init)
        builder.eagerSingletons = true
        let report = try builder.build().resolve(ReportService.self)
        #expect(counter.count == 0, "lazy: neither eager nor built for injection")
        #expect(report.client.forecast(city: "Oslo") == "free forecast for Oslo")
        #expect(counter.count == 1)
    }

    @Test func provider_buildsPerCall() throws {
        let builder = ContainerBuilder()
        builder.register(D.init)
        builder.register(UsesProvider.init).singleton()
        let user = try builder.build().resolve(UsesProvider.self)
        #expect(try user.make.get() !== user.make())
    }

    @Test func optional_isNilWhenMissingAndInjectedWhenPresent() throws {
        let missing = ContainerBuilder()
        missing.register(UsesOptional.init)
        #expect(try missing.build().resolve(UsesOptional.self).d == nil)

        let present = ContainerBuilder()
        present.register(D.init)
        present.register(UsesOptional.init)
        #expect(try present.build().resolve(UsesOptional.self).d != nil)
    }

    @Test func explicitNil_injectsNil() throws {
        let builder = ContainerBuilder()
        builder.register(D.init)
        builder.register(UsesOptional.init).arguments(.nilValue)
        #expect(try builder.build().resolve(UsesOptional.self).d == nil)
    }

    @Test func collections_injectEveryComponentOfType_inOrderAndByName() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free")
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better")
        builder.register(UsesAll.init)
        let user = try builder.build().resolve(UsesAll.self)
        #expect(user.all.map { $0.forecast(city: "x") } == ["free forecast for x", "better forecast for x"])
        #expect(user.byName.keys.sorted() == ["better", "free"])
    }

    @Test func taggedCollections_injectEveryTaggedComponent() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free").tagged("reporter")
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better")
        builder.register(UsesAll.init).arguments(.tagged("reporter"), .tagged("reporter"))
        let container = try builder.build()
        let user = try container.resolve(UsesAll.self)
        #expect(user.all.count == 1 && user.byName.keys.sorted() == ["free"])
        #expect(try container.resolveAll((any WeatherClient).self, tagged: "reporter").count == 1)
        #expect(try container.resolveAll((any WeatherClient).self).count == 2)
        #expect(try container.resolveMap((any WeatherClient).self).keys.sorted() == ["better", "free"])
    }

    @Test func resolveAllTagged_castsMembersThatAreNotRegisteredAsTheType() throws {
        // Neither is registered as `any WeatherClient`: each is made as its class and cast; a
        // member that is not one is reported.
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init).tagged("reporter")
        builder.register(BetterWeatherClient.init).tagged("reporter")
        builder.register(D.init).tagged("misc")
        let container = try builder.build()
        let all = try container.resolveAll((any WeatherClient).self, tagged: "reporter")
        #expect(all.map { $0.forecast(city: "x") } == ["free forecast for x", "better forecast for x"])
        #expect(errorText { _ = try container.resolveAll((any WeatherClient).self, tagged: "misc") }
                == "D is a D and cannot be injected as WeatherClient. Expose it with .as(WeatherClient.self), or reference a component of that type.")
    }

    @Test func listAndMapSources_injectChosenComponents() throws {
        let builder = ContainerBuilder()
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free")
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better")
        builder.register(UsesAll.init).arguments(.list([.named("better"), .named("free")]), .map(["main": .named("better")]))
        let user = try builder.build().resolve(UsesAll.self)
        #expect(user.all.map { $0.forecast(city: "x") } == ["better forecast for x", "free forecast for x"])
        #expect(user.byName.keys.sorted() == ["main"])
    }

    @Test func innerDefinition_isBuiltInPlace() throws {
        let inner = ContainerBuilder()
        let client = inner.register(BetterWeatherClient.init, as: (any WeatherClient).self)
        let builder = ContainerBuilder()
        builder.register(ReportService.init).arguments(.inner(builder.keepingCode(of: client.component)))
        #expect(try builder.build().resolve(ReportService.self).client is BetterWeatherClient)
    }

    @Test func resolveOptional_returnsNilOnlyWhenMissing() throws {
        let builder = ContainerBuilder()
        builder.register(D.init)
        let container = try builder.build()
        #expect(try container.resolveOptional(E.self) == nil)
        #expect(try container.resolveOptional(D.self) != nil)
    }

    /// A container with a type two components tie for, one whose factory throws and one that
    /// is private, and the messages resolving them gives: `resolveOptional` answers `nil` for
    /// none of them.
    private func optionalsContainer(_ register: (ContainerBuilder) -> Void = { _ in })
        throws -> (container: Container, tie: String, hidden: String) {
        let builder = ContainerBuilder()
        let line = #line + 1
        builder.register(FreeWeatherClient.init, as: (any WeatherClient).self).named("free")
        builder.register(BetterWeatherClient.init, as: (any WeatherClient).self).named("better")
        builder.register(E.self) { _ in throw Boom() }
        let source = ContainerBuilder()
        var hidden = source.register(D.init).component
        hidden.definition.isPublic = false
        builder.add(contentsOf: [hidden])
        register(builder)
        let at = "IoCCoreTests/HandleTests.swift:"
        return (try builder.build(),
                "2 components match type WeatherClient: \"free\" (WeatherClient) at \(at)\(line), \"better\" (WeatherClient) at \(at)\(line + 1). Mark one as primary, or inject one by name.",
                "D is private (public: false, at \(at)\(line + 4)): it can be injected into other components, not resolved from the container. Mark it public, or resolve a public component that injects it.")
    }

    @Test func resolveOptional_throwsForEverythingButAMissingComponent() throws {
        let (container, tie, hidden) = try optionalsContainer()
        #expect(errorText { _ = try container.resolveOptional((any WeatherClient).self) } == tie)
        #expect(errorText { _ = try container.resolveOptional(E.self) } == "Creating E failed: boom.")
        #expect(errorText { _ = try container.resolveOptional(D.self) } == hidden)
        #expect(try container.resolveOptional(Counter.self) == nil)
    }

    @Test func isRegistered_byType_countsEveryComponentOfTheType() throws {
        let (container, _, _) = try optionalsContainer()
        #expect(container.isRegistered(E.self))                           // the one candidate of its type
        #expect(container.isRegistered((any WeatherClient).self))         // two that tie
        #expect(container.isRegistered(D.self))                           // a private one
        #expect(!container.isRegistered(Counter.self))
        #expect(container.isRegistered((any WeatherClient).self, name: "free"))
        #expect(!container.isRegistered(D.self, name: "nope"))
    }

    @Test func resolveOptional_inAFactory_answersAsTheContainerDoes() throws {
        let (container, tie, hidden) = try optionalsContainer { builder in
            builder.register(UsesOptional.self) { r in UsesOptional(d: try r.resolveOptional(D.self)) }.named("d")
            builder.register(UsesAll.self) { r in
                _ = try r.resolveOptional((any WeatherClient).self)
                return UsesAll(all: [], byName: [:])
            }.named("tie")
            builder.register(Heavy.self) { r in
                #expect(try r.resolveOptional(Counter.self) == nil)
                _ = try r.resolveOptional(E.self)
                return Heavy(counter: Counter())
            }.named("thrown")
        }
        // A factory's resolver, like the container, does not hand out a private component.
        #expect(errorText { _ = try container.resolve(UsesOptional.self, name: "d") } == hidden)
        #expect(errorText { _ = try container.resolve(UsesAll.self, name: "tie") } == tie)
        #expect(errorText { _ = try container.resolve(Heavy.self, name: "thrown") } == "Creating E failed: boom. Resolution path: \"thrown\" (Heavy) -> E.")
    }
}
