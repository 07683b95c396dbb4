import Foundation
import Hummingbird
import IoCCore

/// The API's handlers for one request: made once per request (task-local) with the request's
/// log and info, so that what it notes lands in that request's line. A request it refuses is a
/// Hummingbird `HTTPError`, written as `{"error": {"message": …}}` with its status.
public final class TodoController: Sendable {
    let repository: TodoRepository
    let log: RequestLog

    public init(repository: TodoRepository, log: RequestLog) {
        self.repository = repository
        self.log = log
    }

    /// `POST /todos` with `{"title": "…", "done": false}`.
    func create(_ body: ByteBuffer) throws -> Todo {
        let new: NewTodo
        do { new = try JSONDecoder().decode(NewTodo.self, from: Data(body.readableBytesView)) } catch {
            log.note("refused: not a to-do")
            throw HTTPError(.badRequest, message: "The body must be a JSON object with a \"title\" string (and optionally \"done\", a boolean): \(Self.reason(error)).")
        }
        let title = new.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else {
            log.note("refused: empty title")
            throw HTTPError(.badRequest, message: "\"title\" must not be empty.")
        }
        let todo = try repository.create(title: title, done: new.done ?? false)
        log.note("created \(todo.id)")
        return todo
    }

    /// `GET /todos`.
    func list() throws -> TodoList {
        let todos = try repository.all()
        log.note("listed \(todos.count)")
        return TodoList(todos: todos)
    }

    /// `GET /todos/:id`.
    func find(_ id: String) throws -> Todo {
        guard let todo = try repository.find(id: id) else {
            log.note("no \(id)")
            throw HTTPError(.notFound, message: "No to-do has the id \"\(id)\".")
        }
        log.note("found \(id)")
        return todo
    }

    /// What a JSON decoder's error says, in a few words.
    static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): return "\"\(key.stringValue)\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        case .dataCorrupted: return "it is not valid JSON"
        default: return "it cannot be read"
        }
    }
}

extension TodoApp {
    /// The routes: each handler resolves the request's controller inside the request's scope.
    static func router(_ container: Container) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: RequestScopeMiddleware(container: container))
        router.get("/health") { _, _ in "ok" }
        router.post("/todos") { request, context in
            let body = try await request.body.collect(upTo: context.maxUploadSize)
            let todo = try await container.resolve(TodoController.self).create(body)
            return EditedResponse(status: .created, response: todo)
        }
        router.get("/todos") { _, _ in try await container.resolve(TodoController.self).list() }
        router.get("/todos/:id") { _, context in
            try await container.resolve(TodoController.self).find(try context.parameters.require("id"))
        }
        return router
    }
}
