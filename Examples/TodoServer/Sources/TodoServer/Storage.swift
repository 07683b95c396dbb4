import CSQLite3
import Foundation
import ServiceLifecycle
import Synchronization

/// A failure of SQLite, with its message.
public struct StorageError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { "SQLite: \(message)" }
}

/// The to-dos' table in one SQLite connection, its calls one at a time behind a mutex. A
/// service of the container (tagged in services.yaml): the server starts after it and stops
/// before it; the container closes it (`dispose: close`) after the last service has returned.
public final class TodoDatabase: Service, Sendable {
    public let path: String
    private let connection: Mutex<OpaquePointer?>

    public init(path: String) throws {
        self.path = path
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let opened = handle else {
            defer { sqlite3_close(handle) }
            throw StorageError(message: "cannot open \(path): " + (handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"))
        }
        connection = Mutex(opened)
        try run("""
            CREATE TABLE IF NOT EXISTS todos (
                id TEXT PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL, created_at TEXT NOT NULL)
            """, binding: [])
    }

    /// Runs until the group shuts down: the database has nothing to do then but be closed,
    /// which the container does after the server (started after it) has stopped.
    public func run() async throws {
        try? await gracefulShutdown()
    }

    /// Closes the connection (the container's dispose hook); later calls fail.
    public func close() {
        connection.withLock { handle in
            sqlite3_close(handle)
            handle = nil
        }
    }

    func insert(_ todo: Todo) throws {
        try run("INSERT INTO todos (id, title, done, created_at) VALUES (?, ?, ?, ?)",
                binding: [todo.id, todo.title, todo.done ? "1" : "0", todo.createdAt])
    }

    func todos(where condition: String = "", binding values: [String] = []) throws -> [Todo] {
        try run("SELECT id, title, done, created_at FROM todos \(condition) ORDER BY created_at, id", binding: values).map { row in
            Todo(id: row[0], title: row[1], done: row[2] == "1", createdAt: row[3])
        }
    }

    /// Runs one statement with its `?` bound to `values`, and returns its rows as text.
    @discardableResult
    private func run(_ sql: String, binding values: [String]) throws -> [[String]] {
        try connection.withLock { handle in
            guard let handle else { throw StorageError(message: "the database is closed") }
            func failure() -> StorageError { StorageError(message: String(cString: sqlite3_errmsg(handle))) }
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw failure() }
            defer { sqlite3_finalize(statement) }
            for (position, value) in values.enumerated()
            where sqlite3_bind_text(statement, Int32(position + 1), value, -1, todo_sqlite_transient()) != SQLITE_OK {
                throw failure()
            }
            var rows: [[String]] = []
            while true {
                let step = sqlite3_step(statement)
                if step == SQLITE_DONE { return rows }
                guard step == SQLITE_ROW else { throw failure() }
                rows.append((0..<sqlite3_column_count(statement)).map { sqlite3_column_text(statement, $0).map { String(cString: $0) } ?? "" })
            }
        }
    }
}

/// The to-dos: made with the app's clock and ids, kept in the database.
public final class TodoRepository: Sendable {
    let database: TodoDatabase
    let clock: any TimeSource
    let ids: any IDGenerator

    public init(database: TodoDatabase, clock: any TimeSource, ids: any IDGenerator) {
        self.database = database
        self.clock = clock
        self.ids = ids
    }

    func create(title: String, done: Bool) throws -> Todo {
        let todo = Todo(id: ids.next(), title: title, done: done, createdAt: clock.now().formatted(.iso8601))
        try database.insert(todo)
        return todo
    }

    func all() throws -> [Todo] { try database.todos() }

    func find(id: String) throws -> Todo? { try database.todos(where: "WHERE id = ?", binding: [id]).first }
}
