import ControllersExample
import IoCAnnotations
import IoCTesting
import Testing

@Suite("Controllers example: a UIKit-like tree of main-actor screens")
struct ControllersExampleTests {
    @MainActor
    @Test func launch_onTheMainActor_makesAndLoadsTheWholeTree() throws {
        let root = try ControllersApp.launch(try ControllersApp.container())
        #expect(root.outline() == [
            "RootViewController \"Mail\"",
            "  TabBarController \"Tabs\"",
            "    NavigationController \"Inbox\"",
            "      InboxViewController \"Inbox\": loaded, 2 messages",
            "    NavigationController \"Account\"",
            "      AccountViewController \"Account\": loaded",
            "    NavigationController \"Settings\"",
            "      SettingsViewController \"Settings\": loaded, version 2.1",
        ])
    }

    @MainActor
    @Test func composeTapped_makesANewScreenEachTime_onTheMainActor() throws {
        let root = try ControllersApp.launch(try ControllersApp.container(user: "grace"))
        let inbox = try #require(root.tabs.children.first?.children.first as? InboxViewController)
        try inbox.composeTapped()
        try inbox.composeTapped()
        let stack = try #require(root.tabs.children.first)
        #expect(stack.children.map(\.title) == ["Inbox", "New message from grace", "New message from grace"])
        #expect(stack.children[1] !== stack.children[2])
    }

    @Test func offTheMainActor_theRootIsResolvedWithAwait_andASynchronousResolveSaysWhy() async throws {
        let container = try ControllersApp.container()
        let text = await Task.detached {
            do { _ = try container.resolve(RootViewController.self); return "no error" } catch { return "\(error)" }
        }.value
        #expect(text == "RootViewController is isolated to the main actor and was resolved synchronously off it. Resolve it from main-actor code, with 'try await container.resolve(...)' (which goes to the main actor), or inject Lazy<T> or Provider<T> and get it on the main actor.")
        let root = try await Task.detached { try await container.resolve(RootViewController.self) }.value
        #expect(await root.title == "Mail")
    }

    @Test func aNotificationOnAnotherThread_reachesTheRootThroughItsHandle() async throws {
        let container = try ControllersApp.container()
        let router = try await container.resolve(PushNotificationRouter.self)
        let title = try await Task.detached { try await router.didReceive("New mail") }.value
        #expect(title == "Mail")
        let events = try await MainActor.run { try ControllersApp.launch(container).events }
        #expect(events == ["notification: New mail"])
    }

    @MainActor
    @Test func aScreen_canBeReplacedInATest() throws {
        let stub = AccountViewController(account: Account(user: "stub"))
        let root = try withOverlay(of: try ControllersApp.container(), { overlay in
            overlay.replace(AccountViewController.self, with: stub)
        }) { test in try test.resolve(RootViewController.self) }
        #expect(root.tabs.children[1].children.first === stub)
    }
}
