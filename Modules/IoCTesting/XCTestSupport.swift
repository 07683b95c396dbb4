#if canImport(XCTest)
import IoCCore
import XCTest

/// Builds `builder` and fails the XCTest with every problem listed when the build fails.
///
/// ```swift
/// guard let container = XCTAssertValid(App.makeBuilder()) else { return }
/// ```
@discardableResult
public func XCTAssertValid(_ builder: ContainerBuilder, file: StaticString = #filePath, line: UInt = #line) -> Container? {
    switch validate(builder) {
    case .success(let container): return container
    case .failure(let message):
        XCTFail(message.text, file: file, line: line)
        return nil
    }
}

/// Resolves every component of `container` once and fails the XCTest listing those that
/// failed (see ``expectEveryComponentResolves(_:sourceLocation:)``).
///
/// ```swift
/// await XCTAssertEveryComponentResolves(container)
/// ```
public func XCTAssertEveryComponentResolves(_ container: Container, file: StaticString = #filePath, line: UInt = #line) async {
    let failures = await container.resolveEachComponent()
    if !failures.isEmpty { XCTFail(resolutionReport(failures, of: container), file: file, line: line) }
}
#endif
