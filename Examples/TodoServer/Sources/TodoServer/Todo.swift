import Foundation
import Hummingbird

/// A to-do as the API gives it.
public struct Todo: ResponseCodable, Equatable, Sendable {
    public var id: String
    public var title: String
    public var done: Bool
    /// When it was created, ISO 8601 in UTC (the app's ``TimeSource``).
    public var createdAt: String
}

/// The body of `POST /todos`.
struct NewTodo: Decodable {
    var title: String
    var done: Bool?
}

/// The body of `GET /todos`.
public struct TodoList: ResponseCodable, Equatable, Sendable {
    public var todos: [Todo]
}

/// Where "now" comes from: the system's clock, a fixed one in tests.
public protocol TimeSource: Sendable {
    func now() -> Date
}

public struct SystemClock: TimeSource {
    public init() {}
    public func now() -> Date { Date() }
}

/// Where new ids come from: random UUIDs, a sequence in tests.
public protocol IDGenerator: Sendable {
    func next() -> String
}

public struct RandomIDGenerator: IDGenerator {
    public init() {}
    public func next() -> String { UUID().uuidString.lowercased() }
}
