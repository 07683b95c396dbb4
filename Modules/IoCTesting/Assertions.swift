import IoCCore
import Testing

/// Builds `builder` and records one test issue listing every problem when the build fails
/// (the full `IoCError(.validationFailed(_:))` text). Returns the container, or `nil`.
///
/// ```swift
/// @Test func productionConfigIsValid() throws {
///     let builder = ContainerBuilder()
///     try builder.loadYAML(contentsOf: servicesURL)
///     expectValid(builder)
/// }
/// ```
@discardableResult
public func expectValid(_ builder: ContainerBuilder, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Container? {
    switch validate(builder) {
    case .success(let container): return container
    case .failure(let message):
        Issue.record(Comment(rawValue: message.text), sourceLocation: sourceLocation)
        return nil
    }
}

/// Resolves every component of `container` once — each in its own resolve and task scope, so
/// that thread- and task-local components work — and records one issue listing every
/// component that failed (the smoke test of the whole graph that Spring and MS.DI run at
/// start-up). Returns how many failed.
///
/// ```swift
/// @Test func everyComponentResolves() async throws {
///     await expectEveryComponentResolves(try App.makeContainer())
/// }
/// ```
@discardableResult
public func expectEveryComponentResolves(_ container: Container,
                                         sourceLocation: Testing.SourceLocation = #_sourceLocation) async -> Int {
    let failures = await container.resolveEachComponent()
    if !failures.isEmpty {
        Issue.record(Comment(rawValue: resolutionReport(failures, of: container)), sourceLocation: sourceLocation)
    }
    return failures.count
}

/// The build's outcome as a container or the message a failing assertion shows.
func validate(_ builder: ContainerBuilder) -> Result<Container, ValidationMessage> {
    do {
        return .success(try builder.build())
    } catch {
        return .failure(ValidationMessage(text: "The container is not valid. \(error)"))
    }
}

struct ValidationMessage: Error, CustomStringConvertible {
    let text: String
    var description: String { text }
}

/// One line per component that failed to resolve, numbered, with where it was defined.
func resolutionReport(_ failures: [(component: ComponentInfo, error: any Error)], of container: Container) -> String {
    var text = "\(failures.count) of \(container.definitions.count) components failed to resolve:"
    for (index, failure) in failures.enumerated() {
        text += "\n\(index + 1). \(failure.component) (defined at \(failure.component.location)): \(failure.error)"
    }
    return text
}

extension Container {
    /// Resolves each component of this container's own definitions once, each in its own
    /// top-level resolve and task scope; returns the failures. Components made with runtime
    /// arguments are not included (they are not among the definitions resolved by key).
    func resolveEachComponent() async -> [(component: ComponentInfo, error: any Error)] {
        var failures: [(ComponentInfo, any Error)] = []
        for index in definitions.indices {
            do {
                try await resolveComponent(at: index)
            } catch {
                failures.append((ComponentInfo(definition: definitions[index]), error))
            }
        }
        return failures
    }
}
