import Foundation
import IoCCore
import Testing

// A UIKit-like tree: main-actor controllers over nonisolated services.

/// Marks the main queue, where the main actor runs (on Linux, an async main hands it to a
/// thread other than the main one).
private let mainQueue: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

private final class Store: Sendable {
    init() {}
}

@MainActor
private final class Theme {
    var tint = "blue"
    init() {}
}

@MainActor
private final class ProfileViewController {
    let store: Store
    var theme: Theme?
    var events: [String] = []
    let madeOnMainQueue = DispatchQueue.getSpecific(key: mainQueue) == true
    init(store: Store) { self.store = store }
    func viewDidLoad() { events.append("loaded, theme \(theme?.tint ?? "none")") }
    func attach(to store: Store) { events.append("attached \(store === self.store)") }
}

@MainActor
private final class RootViewController {
    let profile: ProfileViewController
    init(profile: ProfileViewController) { self.profile = profile }
}

/// Nonisolated, yet it holds a controller: made wherever it is resolved.
private struct Coordinator: Sendable {
    let root: RootViewController
}

/// A nonisolated shared component that reaches a controller only through a handle.
private final class Router: Sendable {
    let root: Lazy<RootViewController>
    init(root: Lazy<RootViewController>) { self.root = root }
}

private final class HeldRouter: Sendable {
    let root: RootViewController
    init(root: RootViewController) { self.root = root }
}

private func controllers() -> ContainerBuilder {
    let builder = ContainerBuilder()
    builder.register(Store.init).singleton()
    builder.register(mainActor: Theme.init).singleton()
    builder.register(mainActor: ProfileViewController.init).singleton()
        .property("theme", onMainActor: { (controller: inout ProfileViewController, theme: Theme) in controller.theme = theme })
        .call("attach(to:)", onMainActor: { (controller: ProfileViewController, store: Store) in controller.attach(to: store) })
        .afterInjection(named: "viewDidLoad", onMainActor: { $0.viewDidLoad() })
    builder.register(mainActor: RootViewController.init).singleton()
    builder.register(Coordinator.init)
    return builder
}

@Suite("Main-actor components")
struct MainActorTests {
    @MainActor
    @Test func fromMainActorCode_aSynchronousResolve_makesTheTree_withItsSetUpOnTheMainActor() throws {
        let container = try controllers().build()
        let root = try container.resolve(RootViewController.self)
        #expect(root.profile.madeOnMainQueue)
        #expect(root.profile.events == ["attached true", "loaded, theme blue"])
        #expect(root.profile.store === (try container.resolve(Store.self)))
        #expect(try container.resolve(RootViewController.self) === root, "a singleton")
    }

    @Test func offTheMainActor_aSynchronousResolve_saysWhereToResolveIt() async throws {
        let container = try controllers().build()
        let text = await onOwnThread { errorText { _ = try container.resolve(Coordinator.self) } }
        #expect(text == "RootViewController is isolated to the main actor and was resolved synchronously off it. Resolution path: Coordinator -> RootViewController. Resolve it from main-actor code, with 'try await container.resolve(...)' (which goes to the main actor), or inject Lazy<T> or Provider<T> and get it on the main actor.")
    }

    @Test func anAsyncResolve_fromAnywhere_goesToTheMainActor() async throws {
        let container = try controllers().build()
        let coordinator = try await Task.detached { try await container.resolve(Coordinator.self) }.value
        let events = await MainActor.run { (coordinator.root.profile.madeOnMainQueue, coordinator.root.profile.events) }
        #expect(events.0 && events.1 == ["attached true", "loaded, theme blue"])
        let again = try await Task.detached { try await container.resolve(RootViewController.self) }.value
        #expect(again === coordinator.root)
    }

    @Test func aNonisolatedSingleton_holdingAMainActorComponent_failsTheBuild_andALazyHandleFixesIt() async throws {
        let builder = controllers()
        let line = #line + 1
        builder.register(HeldRouter.init).singleton()
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of HeldRouter at IoCCoreTests/MainActorTests.swift:\(line): it is singleton and not isolated to the main actor, yet it holds a main-actor component (HeldRouter -> RootViewController), which only the main actor can make. Inject it as Lazy<T> or Provider<T> and get it on the main actor, or register HeldRouter with a mainActor form.
            """)
        let fixed = controllers()
        fixed.register(Router.init).singleton()
        let container = try fixed.build()
        let router = try await onOwnThreadResult { try container.resolve(Router.self) }
        let root = try await MainActor.run { try router.root.get() }
        #expect(root === (try await container.resolve(RootViewController.self)))
        let fromTask = try await Task.detached { try await router.root.get() }.value
        #expect(fromTask === root)
    }

    @Test func aChildContainer_reachingItsParentsMainActorComponent_goesToTheMainActorToo() async throws {
        let parent = try controllers().build()
        let child = try parent.makeChild { $0.register(HeldRouter.init) }
        let text = await onOwnThread { errorText { _ = try child.resolve(HeldRouter.self) } }
        #expect(text.hasPrefix("RootViewController is isolated to the main actor and was resolved synchronously off it. Resolution path: HeldRouter -> RootViewController."))
        let router = try await Task.detached { try await child.resolve(HeldRouter.self) }.value
        #expect(await router.root.profile.madeOnMainQueue)
    }

    @Test func aMainActorDisposeHook_runsWhenShutdownIsOnTheMainActor_andFailsWithTheReasonOffIt() async throws {
        let closed = Guarded<[String]>([])
        let make = { @Sendable in
            let builder = ContainerBuilder()
            builder.register(mainActor: Theme.init).singleton()
                .onDispose(named: "close", onMainActor: { theme in closed.withLock { $0.append(theme.tint) } })
            return try builder.build()
        }
        let onMain = try make()
        _ = try await onMain.resolve(Theme.self)
        try await MainActor.run { try onMain.shutdown() }
        #expect(closed.withLock { $0 } == ["blue"])
        let offMain = try make()
        _ = try await offMain.resolve(Theme.self)
        let text = await onOwnThread { errorText { try offMain.shutdown() } }
        #expect(text == "Shutdown finished, but 1 dispose hook(s) threw: Theme: Theme is isolated to the main actor and was resolved synchronously off it. Resolve it from main-actor code, with 'try await container.resolve(...)' (which goes to the main actor), or inject Lazy<T> or Provider<T> and get it on the main actor.")
        #expect(closed.withLock { $0 } == ["blue"])
    }

    @Test func aMainActorComponent_needingAnAsyncOne_failsTheBuild() throws {
        let builder = ContainerBuilder()
        builder.register(Store.self, asyncFactory: { _ in Store() })
        let line = #line + 1
        builder.register(mainActor: ProfileViewController.init)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Invalid definition of ProfileViewController at IoCCoreTests/MainActorTests.swift:\(line): it is isolated to the main actor and needs async components (ProfileViewController -> Store); a main-actor component is made synchronously on the main actor. Inject the async one as Lazy<T> or Provider<T> and get it with 'try await', or resolve it before.
            """)
    }

    @Test func anEagerMainActorSingleton_needsBuildOnTheMainActor() async throws {
        let line = #line + 3
        let eagerTheme = { @Sendable in
            let builder = controllers()
            builder.register(mainActor: Theme.init).named("eager").singleton().eager()
            return builder
        }
        let text = await onOwnThread { errorText { _ = try eagerTheme().build() } }
        #expect(text == """
            Container validation failed with 1 problem:
            1. Invalid definition of "eager" (Theme) at IoCCoreTests/MainActorTests.swift:\(line): it is isolated to the main actor and eager, and build() ran off the main actor. Call build() from the main actor, or have it made on first use (not eager: lazy-init="true" in XML) and resolve it there.
            """)
        let built = try await MainActor.run { try eagerTheme().build() }
        let theme = try await MainActor.run { try built.resolve(Theme.self, name: "eager").tint }
        #expect(theme == "blue")
    }

    @Test func aMainActorFactory_runsOnTheMainActor_andInjectIntoDoesToo() async throws {
        let builder = controllers()
        builder.register(Theme.self, name: "dark", mainActorFactory: { _ in
            let theme = Theme()
            theme.tint = "black"
            return theme
        })
        let container = try builder.build()
        #expect(try await Task.detached { try await container.resolve(Theme.self, name: "dark") }.value.tint == "black")
        let made = await MainActor.run { ProfileViewController(store: Store()) }
        let offMain = await onOwnThread { errorText { try container.inject(into: made) } }
        #expect(offMain.hasPrefix("ProfileViewController is isolated to the main actor and was resolved synchronously off it."))
        let events = try await MainActor.run {
            try container.inject(into: made)
            return made.events
        }
        #expect(events == ["attached false", "loaded, theme blue"])
    }

    @Test func aCatalogEntry_ofAMainActorType_makesItsDefinitionsMainActorComponents() async throws {
        let catalog = TypeCatalog()
        catalog.add(ProfileViewController.self) { type in
            type.initializer("init(store:)", onMainActor: { (store: Store) in ProfileViewController(store: store) })
            type.property("theme", onMainActor: { (controller: inout ProfileViewController, theme: Theme) in controller.theme = theme })
            type.method("viewDidLoad", onMainActor: { (controller: ProfileViewController) in controller.viewDidLoad() })
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        builder.register(Store.init).singleton()
        builder.register(mainActor: Theme.init)
        var definition = Definition(name: "profile", typeName: "ProfileViewController", location: ConfigLocation(file: "app.yaml", line: 3, column: 1))
        definition.properties = [PropertyInjection(name: "theme", source: .type(TypeRef(Theme.self)))]
        definition.hooks = [LifecycleHook(kind: .afterInjection, method: "viewDidLoad")]
        builder.add(definition)
        let container = try builder.build()
        #expect(container.definitions.first { $0.name == "profile" }?.isMainActor == true)
        let offMain = await onOwnThread { errorText { _ = try container.resolve(ProfileViewController.self, name: "profile") } }
        #expect(offMain.hasPrefix("\"profile\" (ProfileViewController) is isolated to the main actor"))
        let profile = try await Task.detached { try await container.resolve(ProfileViewController.self, name: "profile") }.value
        #expect(await MainActor.run { profile.events } == ["loaded, theme blue"])
    }
}

/// Counts its instances: made only on the main actor.
@MainActor
private final class Counted {
    static var made = 0
    init() { Counted.made += 1 }
}

@Suite("Main-actor components, concurrently")
struct MainActorConcurrencyTests {
    @Test func concurrentAsyncResolves_fromManyTasks_makeAMainActorSingletonOnce() async throws {
        let builder = ContainerBuilder()
        builder.register(mainActor: Counted.init).singleton()
        builder.register(Coordinated.init)
        let container = try builder.build()
        let before = await MainActor.run { Counted.made }
        let instances = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for index in 0..<32 {
                group.addTask {
                    index.isMultiple(of: 2)
                        ? ObjectIdentifier(try await container.resolve(Counted.self))
                        : ObjectIdentifier(try await container.resolve(Coordinated.self).counted)
                }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(instances.count == 1)
        #expect(await MainActor.run { Counted.made } == before + 1)
    }
}

/// A nonisolated prototype holding the main-actor singleton: an async resolve makes it on the main actor.
private struct Coordinated: Sendable {
    let counted: Counted
}

/// The value `body` returns on a thread of its own (not the main thread), or its error.
private func onOwnThreadResult<R: Sendable>(_ body: @escaping @Sendable () throws -> R) async throws -> R {
    let result = Guarded<Result<R, any Error>?>(nil)
    _ = await onOwnThread {
        result.withLock { $0 = Result { try body() } }
        return ""
    }
    guard let value = result.withLock({ $0 }) else { throw Boom() }
    return try value.get()
}
