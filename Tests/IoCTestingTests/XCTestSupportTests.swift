import IoCCore
import IoCTesting
import XCTest

/// The XCTest helpers: an overlay per test through `withOverlay`, and the assertions.
final class XCTestSupportTests: XCTestCase {
    func testWithOverlay_replacesTheClientForThisTestOnly() async throws {
        let report = try await withOverlay(of: Shared.container, { $0.replace((any WeatherClient).self, with: StubClient("xctest:")) }) { _ in
            try await Shared.container.resolve(ReportService.self).report("Oslo")
        }
        XCTAssertEqual(report, "5 days: xctest: Oslo")
        let production = try await Shared.container.resolve(ReportService.self).report("Oslo")
        XCTAssertEqual(production, "5 days: free: sunny in Oslo")
    }

    func testAssertions_passOnAValidContainer() async throws {
        let builder = ContainerBuilder()
        builder.register { Database(log: BuildLog()) }
        let container = try XCTUnwrap(XCTAssertValid(builder))
        await XCTAssertEveryComponentResolves(container)
    }
}
