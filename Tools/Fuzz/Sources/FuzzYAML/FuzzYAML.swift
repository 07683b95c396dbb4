import FuzzSupport
import IoCYAML

// libFuzzer entry: YAML bytes -> definitions -> build. Any input may fail with an error;
// none may crash, hang or grow without bound.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    var limits = YAMLLimits()
    limits.maxAliasExpansion = 10_000
    fuzzBuild { builder in try builder.loadYAML(text, name: "fuzz.yaml", limits: limits) }
    return 0
}
