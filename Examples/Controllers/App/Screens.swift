import IoCAnnotations

// The app: main-actor screens over nonisolated services. Each screen comes from another front
// end: macros (inbox, compose), code (account) and YAML (settings, in Screens.yaml).

/// The mail the screens show: a nonisolated service, shared by every thread.
@Component(scope: .singleton)
public final class MailStore: Sendable {
    public let messages = ["Lunch on Friday?", "Build is green"]
    public init() {}
}

/// Who is signed in: nonisolated, made by code.
public struct Account: Sendable {
    public let user: String
    public init(user: String) { self.user = user }
}

/// The inbox: a `ViewController` subclass, main-actor through its superclass, which the macro
/// cannot see, hence `mainActor: true`. Its initializer, properties and hooks run on the main actor.
@Component(scope: .singleton, mainActor: true)
public final class InboxViewController: ViewController {
    @Inject var store: MailStore
    /// A new compose screen each time the user taps "compose".
    @Inject var compose: Provider<ComposeViewController>

    public init() { super.init(title: "Inbox") }

    @AfterInjection public override func viewDidLoad() {
        super.viewDidLoad()
        record("\(store.messages.count) messages")
    }

    /// The user taps "compose": a compose screen is made now, on the main actor, and pushed.
    public func composeTapped() throws {
        guard let navigation = parentNavigation else { return }
        navigation.push(try compose.get())
    }

    /// Set by the tab bar's set-up: the navigation stack it sits in.
    public weak var parentNavigation: NavigationController?
}

/// Written by the user: a prototype, made on demand through the inbox's `Provider`.
@Component(mainActor: true)
public final class ComposeViewController: ViewController {
    public init(account: Account) { super.init(title: "New message from \(account.user)") }
}

/// The account screen, registered in code with `register(mainActor:)`.
public final class AccountViewController: ViewController {
    public let account: Account
    public init(account: Account) {
        self.account = account
        super.init(title: "Account")
    }
}

/// The settings screen, which Screens.yaml defines: only its catalog entry is annotated.
@Catalogued(mainActor: true)
public final class SettingsViewController: ViewController {
    public var version = ""
    public init(store: MailStore) { super.init(title: "Settings") }
    @AfterInjection public override func viewDidLoad() {
        super.viewDidLoad()
        record("version \(version)")
    }
}

/// The root of the window: main-actor through its superclass; its tabs are the other screens.
@Component(scope: .singleton, mainActor: true)
public final class RootViewController: ViewController {
    public let tabs: TabBarController
    public init(inbox: InboxViewController, account: AccountViewController, @Named("settings") settings: SettingsViewController) {
        tabs = TabBarController(tabs: [inbox, account, settings])
        inbox.parentNavigation = tabs.children.first as? NavigationController
        super.init(title: "Mail")
        addChild(tabs)
    }
}

/// A nonisolated singleton that needs the root screen: it holds a handle, and gets the screen
/// on the main actor (holding the screen itself fails the build).
@Component(scope: .singleton)
public final class PushNotificationRouter: Sendable {
    let root: Lazy<RootViewController>
    public init(root: Lazy<RootViewController>) { self.root = root }

    /// A notification arrived (on any thread): show the inbox, on the main actor.
    public func didReceive(_ text: String) async throws -> String {
        let root = try await root.get()
        return await MainActor.run {
            root.record("notification: \(text)")
            return root.title
        }
    }
}
