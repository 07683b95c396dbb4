import Foundation
import Hummingbird
import HummingbirdTesting
import IoCCore
import IoCTesting
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

/// The app over real HTTP on 127.0.0.1 (Hummingbird's live test client), its container's clock
/// and ids replaced for the test (IoCTesting's overlay of the app's own container).
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

    func run<Value: Sendable>(_ requests: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await TodoApp.application(container, port: 0).test(.live, requests)
    }
}

func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    try JSONDecoder().decode(type, from: Data(response.body.readableBytesView))
}

@Suite("TodoServer over HTTP")
struct TodoServerTests {
    @Test func create_list_andFetch() async throws {
        let server = try Server()
        try await server.run { client in
            let milk = Todo(id: "todo-1", title: "Buy milk", done: false, createdAt: "2027-01-15T08:00:00Z")
            let bread = Todo(id: "todo-2", title: "Bake bread", done: true, createdAt: "2027-01-15T08:00:00Z")
            let created = try await client.execute(uri: "/todos", method: .post, body: json(#"{"title": " Buy milk "}"#))
            #expect(created.status == .created)
            #expect(try decode(Todo.self, created) == milk)
            let second = try await client.execute(uri: "/todos", method: .post, body: json(#"{"title": "Bake bread", "done": true}"#))
            #expect(try decode(Todo.self, second) == bread)
            let list = try await client.execute(uri: "/todos", method: .get)
            #expect(list.status == .ok)
            #expect(try decode(TodoList.self, list) == TodoList(todos: [milk, bread]))
            let fetched = try await client.execute(uri: "/todos/todo-2", method: .get)
            #expect(fetched.status == .ok)
            #expect(try decode(Todo.self, fetched) == bread)
        }
    }

    @Test func aBadRequest_getsAClearJSONError() async throws {
        let server = try Server()
        try await server.run { client in
            let cases: [(body: String, status: HTTPResponse.Status, message: String)] = [
                ("not json", .badRequest,
                 #"The body must be a JSON object with a \"title\" string (and optionally \"done\", a boolean): it is not valid JSON."#),
                (#"{"done": true}"#, .badRequest,
                 #"The body must be a JSON object with a \"title\" string (and optionally \"done\", a boolean): \"title\" is missing."#),
                (#"{"title": 5}"#, .badRequest,
                 #"The body must be a JSON object with a \"title\" string (and optionally \"done\", a boolean): \"title\" has the wrong type."#),
                (#"{"title": "  "}"#, .badRequest, #"\"title\" must not be empty."#),
            ]
            for (body, status, message) in cases {
                try await client.execute(uri: "/todos", method: .post, body: json(body)) { response in
                    #expect(response.status == status)
                    #expect(String(buffer: response.body) == #"{"error":{"message":"\#(message)"}}"#)
                }
            }
            try await client.execute(uri: "/todos/todo-9", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body) == #"{"error":{"message":"No to-do has the id \"todo-9\"."}}"#)
            }
        }
    }

    /// Each request gets its own RequestLog (shared by what handles it, seeing the request's
    /// info), disposed when the request ends: its close writes the request's line.
    @Test func requestScopedComponents_areMadePerRequest_andDisposedWhenItEnds() async throws {
        let server = try Server()
        try await server.run { client in
            try await client.execute(uri: "/todos", method: .post, headers: [.init("x-request-id")!: "r1"], body: json(#"{"title": "Buy milk"}"#))
            #expect(server.access.all == ["POST /todos [r1]: created todo-1; closed"])
            try await client.execute(uri: "/todos", method: .get, headers: [.init("x-request-id")!: "r2"])
            try await client.execute(uri: "/todos/todo-7", method: .get, headers: [.init("x-request-id")!: "r3"])
            try await client.execute(uri: "/health", method: .get, headers: [.init("x-request-id")!: "r4"])
        }
        #expect(server.access.all == [
            "POST /todos [r1]: created todo-1; closed",
            "GET /todos [r2]: listed 1; closed",
            "GET /todos/todo-7 [r3]: no todo-7; closed",
        ])
    }

    /// The live test shuts the application down gracefully: the server stops, then the
    /// container's services, and the container disposes the database last.
    @Test func aGracefulShutdown_closesTheDatabase() async throws {
        let server = try Server(asShipped: true)
        try await server.run { client in
            try await client.execute(uri: "/todos", method: .post, body: json(#"{"title": "Buy milk"}"#)) { response in
                #expect(response.status == .created)
            }
        }
        let error = #expect(throws: StorageError.self) { try server.database.todos() }
        #expect(error?.description == "SQLite: the database is closed")
    }
}
