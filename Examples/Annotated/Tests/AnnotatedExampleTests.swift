import AnnotatedExample
import IoCAnnotations
import IoCTesting
import Testing

/// A service that answers differently, to see the injection by name at work.
struct QuietService: MyService {
    func greeting(for user: String) -> String { "hi \(user)" }
}

@Suite("Annotated example: seeds 000 and 001 with macros")
struct AnnotatedExampleTests {
    @Test func launch_injectsEverything_andShowsTheMainScreen() throws {
        let delegate = AppDelegate(appName: "Test", window: Window())
        let main = try AnnotatedApp.launch(try AnnotatedApp.container(delegate: delegate))
        #expect(delegate.window.lines == ["Test: Hello, world!"])
        #expect(!main.hasCreatedNext, "the next controller waits for the user")
        try main.showNext()
        #expect(delegate.window.lines == ["Test: Hello, world!", "NextController created", "next: Hello, again!"])
        try main.showNext()
        #expect(delegate.window.lines.count == 4, "the lazy handle keeps the controller it made")
    }

    @Test func mainController_isResolvedOnce_aSingleton() throws {
        let container = try AnnotatedApp.container(delegate: AppDelegate(appName: "Test", window: Window()))
        #expect(try AnnotatedApp.launch(container) === AnnotatedApp.launch(container))
    }

    @Test func theAppWideInstances_areTheAppsOwn() throws {
        let delegate = AppDelegate(appName: "Test", window: Window())
        let container = try AnnotatedApp.container(delegate: delegate)
        #expect(try container.resolve(AppDelegate.self) === delegate)
        #expect(try container.resolve(Window.self) === delegate.window)
    }

    @Test func theServiceByName_canBeReplacedInATest() throws {
        let delegate = AppDelegate(appName: "Test", window: Window())
        try withOverlay(of: try AnnotatedApp.container(delegate: delegate), { overlay in
            overlay.replace("serviceNameInContainer", with: QuietService(), as: (any MyService).self)
        }) { test in
            try test.resolve(MainController.self, name: "mainViewController").showNext()
        }
        #expect(delegate.window.lines == ["Test: hi world", "NextController created", "next: hi again"])
    }
}
