import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import IoCCore
import IoCTesting
import Logging
import ServiceLifecycle
import Synchronization
import Testing
@testable import TodoServer

/// A clock that always says 2027-01-15 08:00 UTC.
struct FixedClock: TimeSource {
    func now() -> Date { Date(timeIntervalSince1970: 1_800_000_000) }
}

/// Ids todo-1, todo-2, …
final class SequentialIDs: IDGenerator {
    private let count = Mutex(0)
    func next() -> String { "todo-\(count.withLock { $0 += 1; return $0 })" }
}

/// The app over real HTTP on 127.0.0.1, its container's clock and ids replaced for the test
/// (IoCTesting's overlay of the app's own container).
struct Server {
    let container: Container
    let access: AccessLog
    let database: TodoDatabase

    /// The app's container, its clock and ids replaced unless `asShipped`.
    init(asShipped: Bool = false) throws {
        let shipped = try TodoApp.container()
        container = asShipped ? shipped : try shipped.overlay { overlay in
            overlay.replace("clock", with: FixedClock() as any TimeSource)
            overlay.replace("ids", with: SequentialIDs() as any IDGenerator)
        }.container
        access = try container.resolve(AccessLog.self)
        database = try container.resolve(TodoDatabase.self)
    }

    /// Runs the application in a ServiceGroup, as `todo-server` does, sends `requests` once it
    /// listens, then shuts it down gracefully and waits for it to stop.
    func run<Value: Sendable>(_ requests: @Sendable (Client) async throws -> Value) async throws -> Value {
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let app = try await TodoApp.application(container, port: 0) { listening.yield($0) }
        let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "todo-server.test")))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var next = ports.makeAsyncIterator()
            guard let port = await next.next() else { throw ClientError(message: "the server did not start") }
            let result: Result<Value, any Error>
            do { result = .success(try await requests(Client(port: port))) } catch { result = .failure(error) }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return try result.get()
        }
    }
}

struct ClientError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// HTTP/1.1 requests to the server on 127.0.0.1, through Foundation's URLSession.
struct Client: Sendable {
    let port: Int

    struct Response: Sendable {
        let status: Int
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    @discardableResult
    func execute(_ path: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil) async throws -> Response {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw ClientError(message: "not a path: \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, response, error in
                if let error { return continuation.resume(throwing: error) }
                guard let http = response as? HTTPURLResponse else { return continuation.resume(throwing: ClientError(message: "no HTTP response")) }
                continuation.resume(returning: Response(status: http.statusCode, body: data ?? Data()))
            }.resume()
        }
    }
}

func decode<T: Decodable>(_ type: T.Type, _ response: Client.Response) throws -> T {
    try JSONDecoder().decode(type, from: response.body)
}

@Suite("TodoServer over HTTP")
struct TodoServerTests {
    @Test func create_list_andFetch() async throws {
        let server = try Server()
        try await server.run { client in
            let milk = Todo(id: "todo-1", title: "Buy milk", done: false, createdAt: "2027-01-15T08:00:00Z")
            let bread = Todo(id: "todo-2", title: "Bake bread", done: true, createdAt: "2027-01-15T08:00:00Z")
            let created = try await client.execute("/todos", method: "POST", body: #"{"title": " Buy milk "}"#)
            #expect(created.status == 201)
            #expect(try decode(Todo.self, created) == milk)
            let second = try await client.execute("/todos", method: "POST", body: #"{"title": "Bake bread", "done": true}"#)
            #expect(try decode(Todo.self, second) == bread)
            let list = try await client.execute("/todos")
            #expect(list.status == 200)
            #expect(try decode(TodoList.self, list) == TodoList(todos: [milk, bread]))
            let fetched = try await client.execute("/todos/todo-2")
            #expect(fetched.status == 200)
            #expect(try decode(Todo.self, fetched) == bread)
        }
    }

    @Test func aBadRequest_getsAClearJSONError() async throws {
        let server = try Server()
        try await server.run { client in
            let cases: [(body: String, status: Int, message: String)] = [
                ("not json", 400,
                 #"The body must be a JSON object with a \"title\" string (and optionally \"done\", a boolean): it is not valid JSON."#),
                (#"{"done": true}"#, 400,
                 #"The body must be a JSON object with a \"title\" string (and optionally \"done\", a boolean): \"title\" is missing."#),
                (#"{"title": 5}"#, 400,
                 #"The body must be a JSON object with a \"title\" string (and optionally \"done\", a boolean): \"title\" has the wrong type."#),
                (#"{"title": "  "}"#, 400, #"\"title\" must not be empty."#),
            ]
            for (body, status, message) in cases {
                let response = try await client.execute("/todos", method: "POST", body: body)
                #expect(response.status == status)
                #expect(response.text == #"{"error":{"message":"\#(message)"}}"#)
            }
            let response = try await client.execute("/todos/todo-9")
            #expect(response.status == 404)
            #expect(response.text == #"{"error":{"message":"No to-do has the id \"todo-9\"."}}"#)
        }
    }

    /// Each request gets its own RequestLog (shared by what handles it, seeing the request's
    /// info), disposed when the request ends: its close writes the request's line.
    @Test func requestScopedComponents_areMadePerRequest_andDisposedWhenItEnds() async throws {
        let server = try Server()
        try await server.run { client in
            try await client.execute("/todos", method: "POST", headers: ["x-request-id": "r1"], body: #"{"title": "Buy milk"}"#)
            #expect(server.access.all == ["POST /todos [r1]: created todo-1; closed"])
            try await client.execute("/todos", headers: ["x-request-id": "r2"])
            try await client.execute("/todos/todo-7", headers: ["x-request-id": "r3"])
            try await client.execute("/health", headers: ["x-request-id": "r4"])
        }
        #expect(server.access.all == [
            "POST /todos [r1]: created todo-1; closed",
            "GET /todos [r2]: listed 1; closed",
            "GET /todos/todo-7 [r3]: no todo-7; closed",
        ])
    }

    /// The run shuts the application down gracefully: the server stops, then the
    /// container's services, and the container disposes the database last.
    @Test func aGracefulShutdown_closesTheDatabase() async throws {
        let server = try Server(asShipped: true)
        try await server.run { client in
            let response = try await client.execute("/todos", method: "POST", body: #"{"title": "Buy milk"}"#)
            #expect(response.status == 201)
        }
        let error = #expect(throws: StorageError.self) { try server.database.todos() }
        #expect(error?.description == "SQLite: the database is closed")
    }
}
