import Foundation
import IoCCore
import IoCXML
import Testing

/// Every input in the fuzz corpus (the seeds, and any input the fuzzer ever crashed on, saved
/// there as `crash-*`) must load or fail with an error, never crash.
@Suite("XML: fuzz corpus replay")
struct FuzzRegressionTests {
    @Test func everyCorpusInput_loadsOrFailsCleanly() throws {
        let corpus = try #require(Bundle.module.url(forResource: "FuzzCorpus", withExtension: nil))
        let files = try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
        #expect(files.count >= 6)
        for file in files {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            let builder = ContainerBuilder()
            builder.catalog = xmlCatalog()
            _ = errorText {
                try builder.loadXML(text, name: file.lastPathComponent)
                _ = try builder.build()
            }
        }
    }
}
