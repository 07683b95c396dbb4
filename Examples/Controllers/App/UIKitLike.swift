// A stand-in for UIKit, small enough to run anywhere: view controllers isolated to the main
// actor, as UIKit's are, which contain other controllers. Subclasses inherit the isolation.

/// UIKit's `UIViewController`: main-actor isolated, with a title, children and `viewDidLoad`.
@MainActor
open class ViewController {
    public var title: String
    public private(set) var children: [ViewController] = []
    /// What happened to it, in order: what the example prints and the tests check.
    public private(set) var events: [String] = []

    public init(title: String) { self.title = title }

    open func viewDidLoad() { record("loaded") }

    public func addChild(_ child: ViewController) { children.append(child) }

    public func record(_ event: String) { events.append(event) }

    /// The tree below it, one line per controller, indented by depth.
    public func outline(depth: Int = 0) -> [String] {
        let own = String(repeating: "  ", count: depth) + "\(type(of: self)) \"\(title)\""
            + (events.isEmpty ? "" : ": " + events.joined(separator: ", "))
        return [own] + children.flatMap { $0.outline(depth: depth + 1) }
    }
}

/// UIKit's `UINavigationController`: a stack that starts at its root.
@MainActor
public final class NavigationController: ViewController {
    public init(root: ViewController) {
        super.init(title: root.title)
        addChild(root)
    }

    public func push(_ controller: ViewController) {
        addChild(controller)
        controller.viewDidLoad()
    }
}

/// UIKit's `UITabBarController`: one navigation stack per tab.
@MainActor
public final class TabBarController: ViewController {
    public init(tabs: [ViewController]) {
        super.init(title: "Tabs")
        for tab in tabs { addChild(NavigationController(root: tab)) }
    }
}
