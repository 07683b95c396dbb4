import ControllersExample
import Foundation

// `controllers`: a UIKit-like tree of main-actor screens. Launches on the main actor, taps
// "compose", then a push notification arrives on another thread.
@MainActor
func run() async throws {
    let container = try ControllersApp.container()
    let root = try ControllersApp.launch(container)
    let inbox = root.tabs.children.first?.children.first as? InboxViewController
    try inbox?.composeTapped()
    let router = try await container.resolve(PushNotificationRouter.self)
    _ = try await Task.detached { try await router.didReceive("New mail") }.value
    for line in root.outline() { print(line) }
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("controllers: \(error)\n".utf8))
    exit(1)
}
