import Foundation
import KnightsExample

// `knights`: loads seed 003's MiddleAgesAssembly.xml as it was written and tells what it built.
do {
    let container = try KnightsAssembly.container()
    for line in try KnightsAssembly.tale(container) { print(line) }
} catch {
    FileHandle.standardError.write(Data("knights: \(error)\n".utf8))
    exit(1)
}
