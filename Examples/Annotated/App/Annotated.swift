import Foundation
import IoCAnnotations

// Seeds 000 (OxIC) and 001 (Objective-IOC) told with macros: a main view controller that the
// entry point resolves once, everything else injected into it, a next controller created only
// when it is first needed, and the app-wide objects (the application delegate and its window)
// made by the app and registered as instances.

/// What the app shows: a stand-in for UIKit's window, which keeps what was put on screen.
public final class Window: @unchecked Sendable {
    private let lock = NSLock()
    private var shown: [String] = []
    public init() {}
    public func show(_ line: String) { lock.withLock { shown.append(line) } }
    public var lines: [String] { lock.withLock { shown } }
}

/// The application delegate: made by the app (the system, on iOS), registered as an instance
/// so that any component can be given it (Objective-IOC's `addComponent:self`).
public final class AppDelegate: Sendable {
    public let appName: String
    public let window: Window
    public init(appName: String, window: Window) {
        self.appName = appName
        self.window = window
    }
}

/// The service the controllers use, known only by its protocol.
public protocol MyService: Sendable {
    func greeting(for user: String) -> String
}

/// OxIC's `theService`, registered under the name the main controller asks for.
@Component("serviceNameInContainer", scope: .singleton)
public final class ExampleService: MyService {
    public init() {}
    public func greeting(for user: String) -> String { "Hello, \(user)!" }
}

/// The screen after the main one: built only when the user goes there (Objective-IOC's
/// `@dynamic nextController`), a new one each time (prototype).
@Component(scope: .prototype)
public final class NextController: Sendable {
    public let service: any MyService
    public let window: Window
    public init(@Named("serviceNameInContainer") service: any MyService, window: Window) {
        self.service = service
        self.window = window
        window.show("NextController created")
    }

    public func viewDidLoad() { window.show("next: " + service.greeting(for: "again")) }
}

/// The main view controller (OxIC's `mainViewController`): the one component the entry point
/// asks the container for. Everything it needs is injected.
@Component("mainViewController", scope: .singleton)
public final class MainController: @unchecked Sendable {
    @Inject var appDelegate: AppDelegate                           // by type (Objective-IOC's inj prefix)
    @Inject("serviceNameInContainer") var myService: any MyService // by name (OxIC's IoCInject)
    @Inject var nextController: Lazy<NextController>               // created on first use

    public init() {}

    /// Runs once its properties are injected, as UIKit calls viewDidLoad once the view exists.
    @AfterInjection func viewDidLoad() {
        appDelegate.window.show("\(appDelegate.appName): " + myService.greeting(for: "world"))
    }

    /// The user taps "next": the next controller is created now, and only now.
    public func showNext() throws {
        try nextController.get().viewDidLoad()
    }

    public var hasCreatedNext: Bool { nextController.isCreated }
}

/// The app's start: the container filled once, the main controller resolved once.
public enum AnnotatedApp {
    public static func container(delegate: AppDelegate) throws -> Container {
        let builder = ContainerBuilder()
        builder.register(instance: delegate)           // app-wide objects, as instances
        builder.register(instance: delegate.window)
        builder.register(ExampleService.self)
        builder.register(NextController.self)
        builder.register(MainController.self)
        return try builder.build()
    }

    /// The entry point (`application(_:didFinishLaunchingWithOptions:)`): the one resolve.
    public static func launch(_ container: Container) throws -> MainController {
        try container.resolve(MainController.self, name: "mainViewController")
    }
}
