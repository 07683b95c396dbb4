import Foundation
import IoCAnnotations
import IoCXML
import IoCYAML
import Testing

// Main-actor components from macros and from config: a UIKit-like controller tree.

@Component(scope: .singleton)
final class Session: Sendable {
    let user = "ada"
    init() {}
}

@MainActor
protocol Screen: AnyObject {
    var title: String { get }
}

/// What a UIKit app's controllers inherit: isolation to the main actor, from the superclass.
@MainActor
class ScreenController {
    var events: [String] = []
    init() {}
}

@Component
@MainActor
final class InboxViewController: Screen {
    @Inject var session: Session
    @Value("${inbox.title:Inbox}") var title: String
    var events: [String] = []
    init() {}
    @AfterInjection func viewDidLoad() { events.append("loaded for \(session.user)") }
}

/// Main-actor through its superclass, which the macro cannot see: `mainActor: true` says so.
@Component(mainActor: true)
final class SettingsViewController: ScreenController, Screen {
    let session: Session
    var title = "Settings"
    init(session: Session) {
        self.session = session
        super.init()
    }
    @Inject func attach(session: Session) { events.append("attached \(session.user)") }
}

@Component
@MainActor
final class TabBarController {
    let tabs: [any Screen]
    init(inbox: InboxViewController, settings: SettingsViewController) { tabs = [inbox, settings] }
}

/// Only in the catalog: config files build it.
@Catalogued
@MainActor
final class ProfileViewController: Screen {
    let session: Session
    var title = ""
    var events: [String] = []
    init(session: Session) { self.session = session }
    /// Listed in the catalog entry by its annotation; config says when it runs.
    @AfterInjection func viewDidLoad() { events.append("loaded \(title)") }
}

private func builder() -> ContainerBuilder {
    let builder = ContainerBuilder()
    let catalog = TypeCatalog()
    builder.register(Session.self)
    builder.register(InboxViewController.self)
    builder.register(SettingsViewController.self)
    builder.register(TabBarController.self)
    catalog.add(Session.self)
    catalog.add(ProfileViewController.self)
    builder.catalog = catalog
    return builder
}

@Suite("Main-actor components from macros and config")
struct MainActorComponentTests {
    @MainActor
    @Test func annotatedControllers_resolveOnTheMainActor_withTheirInjectionAndHooks() throws {
        let container = try builder().build()
        let tabs = try container.resolve(TabBarController.self).tabs
        #expect(tabs.map(\.title) == ["Inbox", "Settings"])
        let inbox = try #require(tabs[0] as? InboxViewController)
        #expect(inbox.events == ["loaded for ada"])
        #expect((tabs[1] as? SettingsViewController)?.events == ["attached ada"])
        #expect(container.definitions.filter(\.isMainActor).compactMap { $0.type?.name }.sorted()
            == ["InboxViewController", "SettingsViewController", "TabBarController"])
    }

    @Test func annotatedControllers_offTheMainActor_resolveWithAwait_andNotSynchronously() async throws {
        let container = try builder().build()
        let text = await Task.detached { errorText { _ = try container.resolve(SettingsViewController.self) } }.value
        #expect(text.hasPrefix("SettingsViewController is isolated to the main actor and was resolved synchronously off it."))
        let tabBar = try await Task.detached { try await container.resolve(TabBarController.self) }.value
        #expect(await MainActor.run { tabBar.tabs.map(\.title) } == ["Inbox", "Settings"])
    }

    @Test func yamlAndXMLDefinitions_ofACataloguedMainActorType_areMainActorComponents() async throws {
        let yaml = builder()
        try yaml.loadYAML("""
            services:
              profile:
                class: ProfileViewController
                properties: { title: Profile }
                calls: [[viewDidLoad]]
            """, name: "services.yaml")
        // Spring makes a singleton at build unless it is lazy-init; this builds off the main actor.
        let xml = builder()
        try xml.loadXML("""
            <beans>
              <bean id="profile" class="ProfileViewController" init-method="viewDidLoad" lazy-init="true">
                <property name="title" value="Profile"/>
              </bean>
            </beans>
            """, name: "beans.xml")
        for builder in [yaml, xml] {
            let container = try builder.build()
            let text = await Task.detached { errorText { _ = try container.resolve(ProfileViewController.self, name: "profile") } }.value
            #expect(text.hasPrefix("\"profile\" (ProfileViewController) is isolated to the main actor"))
            let profile = try await Task.detached { try await container.resolve(ProfileViewController.self, name: "profile") }.value
            #expect(await MainActor.run { profile.events } == ["loaded Profile"])
            // A singleton once made is handed out anywhere: main-actor types are Sendable.
            #expect(await Task.detached { try? container.resolve(ProfileViewController.self, name: "profile") }.value === profile)
        }
    }

    @Test func springSingletonOfAMainActorType_isMadeByABuildOnTheMainActor_andRefusedOffIt() async throws {
        func beans() throws -> ContainerBuilder {
            let builder = builder()
            try builder.loadXML("""
                <beans>
                  <bean id="profile" class="ProfileViewController" init-method="viewDidLoad">
                    <property name="title" value="Profile"/>
                  </bean>
                </beans>
                """, name: "beans.xml")
            return builder
        }
        let text = await Task.detached { errorText { _ = try beans().build() } }.value
        #expect(text == """
            Container validation failed with 1 problem:
            1. Invalid definition of "profile" (ProfileViewController) at beans.xml:2: it is isolated to the main actor and eager, and build() ran off the main actor. Call build() from the main actor, or have it made on first use (not eager: lazy-init="true" in XML) and resolve it there.
            """)
        let events = try await MainActor.run {
            let container = try beans().build()
            return try container.resolve(ProfileViewController.self, name: "profile").events
        }
        #expect(events == ["loaded Profile"])
    }
}
