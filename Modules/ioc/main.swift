// `ioc`: validate, graph, convert and explain swift-ioc config files, without the app's types.
// Apps embed the same commands with their type catalog: see IoCCommands.IoCTool.
#if Commands
import IoCCommands

IoCTool().main()
#else
import Foundation

// Built without the package trait that brings swift-argument-parser: say how to build it.
FileHandle.standardError.write(Data("""
    error: ioc was built without swift-ioc's package trait "Commands". \
    Build it with `swift build --product ioc --traits Commands` (`make ioc` does), or add \
    traits: [.defaults, "Commands"] to swift-ioc's .package line.\n
    """.utf8))
exit(2)
#endif
