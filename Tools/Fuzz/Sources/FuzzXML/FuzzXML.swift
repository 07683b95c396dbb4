import FuzzSupport
import IoCXML

// libFuzzer entry: XML bytes -> definitions -> build. Any input may fail with an error;
// none may crash, hang, read a file or reach the network.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = fuzzText(data, size)
    fuzzBuild { builder in try builder.loadXML(text, name: "fuzz.xml") }
    return 0
}
