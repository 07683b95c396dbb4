import Foundation
import IoCAnnotations
import IoCYAML

/// The container of the mail app, and its launch on the main actor.
public enum ControllersApp {
    /// Every screen and service, from macros, code and Screens.yaml. `build()` checks the whole
    /// tree, including that no nonisolated singleton holds a screen. It can run on any thread.
    public static func container(user: String = "ada") throws -> Container {
        let builder = ContainerBuilder()
        let catalog = TypeCatalog()
        catalog.add(MailStore.self)
        catalog.add(SettingsViewController.self)
        builder.catalog = catalog

        builder.register(MailStore.self)
        builder.register(InboxViewController.self)
        builder.register(ComposeViewController.self)
        builder.register(RootViewController.self)
        builder.register(PushNotificationRouter.self)
        builder.register(instance: Account(user: user))
        builder.register(mainActor: AccountViewController.init).singleton()
            .afterInjection(named: "viewDidLoad", onMainActor: { $0.viewDidLoad() })

        guard let screens = Bundle.module.url(forResource: "Screens", withExtension: "yaml") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Screens.yaml"])
        }
        try builder.loadYAML(contentsOf: screens)
        return try builder.build()
    }

    /// The app's launch, on the main actor as UIKit's is: the root screen, resolved
    /// synchronously, with every screen below it made and loaded.
    @MainActor
    public static func launch(_ container: Container) throws -> RootViewController {
        try container.resolve(RootViewController.self)
    }
}
