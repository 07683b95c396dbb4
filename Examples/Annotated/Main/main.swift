import AnnotatedExample
import Foundation

// `annotated`: seeds 000 and 001 with macros. Launches, shows the main screen, goes to the next.
do {
    let delegate = AppDelegate(appName: "Annotated", window: Window())
    let container = try AnnotatedApp.container(delegate: delegate)
    let main = try AnnotatedApp.launch(container)
    delegate.window.show("next controller created yet: \(main.hasCreatedNext)")
    try main.showNext()
    for line in delegate.window.lines { print(line) }
} catch {
    FileHandle.standardError.write(Data("annotated: \(error)\n".utf8))
    exit(1)
}
