import Foundation
import BenchCases

// `ioc-profile CASE`: one case of `profile(_:)` in a loop, for callgrind or perf.
guard CommandLine.arguments.count == 2 else {
    print("usage: ioc-profile CASE (graph, register, build-only, yaml-only, xml-only, …; see Profile.swift)")
    exit(2)
}
try profile(CommandLine.arguments[1])
