import Foundation
import KnightsExample

// `knights`: builds seed 003's MiddleAgesAssembly.xml — compiled with the app, or, with
// `--assembly FILE`, a bean file read at launch — and tells what it built.
do {
    let arguments = CommandLine.arguments.dropFirst()
    let source: KnightsAssembly.Source
    switch (arguments.first, arguments.count) {
    case (nil, _): source = .compiled
    case ("--assembly", 2): source = .file(URL(fileURLWithPath: arguments[arguments.index(after: arguments.startIndex)]))
    default:
        FileHandle.standardError.write(Data("usage: knights [--assembly FILE]\n".utf8))
        exit(2)
    }
    let container = try KnightsAssembly.container(source)
    for line in try KnightsAssembly.tale(container) { print(line) }
} catch {
    FileHandle.standardError.write(Data("knights: \(error)\n".utf8))
    exit(1)
}
