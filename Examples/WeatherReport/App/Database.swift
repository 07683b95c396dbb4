import CSQLite
import Foundation

/// A failure of the system's SQLite, with its message.
struct DatabaseError: Error, CustomStringConvertible, Equatable {
    let message: String
    var description: String { "SQLite: \(message)" }
}

/// One connection to a SQLite file, through the system's libsqlite3. Calls are serialized by a
/// lock, so the singleton can be shared by every thread.
final class SQLiteDatabase: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var handle: OpaquePointer?

    init(path: String) throws {
        self.path = path
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            throw DatabaseError(message: "\(message) (\(path))")
        }
        self.handle = handle
    }

    deinit { sqlite3_close(handle) }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws {
        try lock.withLock {
            var message: UnsafeMutablePointer<CChar>?
            guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
                defer { sqlite3_free(message) }
                throw DatabaseError(message: message.map { String(cString: $0) } ?? "unknown error")
            }
        }
    }

    /// Runs one statement with text parameters (`?`), and returns its rows as text.
    func query(_ sql: String, _ parameters: [String] = []) throws -> [[String]] {
        try lock.withLock {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw lastError() }
            defer { sqlite3_finalize(statement) }
            for (index, parameter) in parameters.enumerated() {
                guard sqlite3_bind_text(statement, Int32(index + 1), parameter, -1, csqlite_transient()) == SQLITE_OK else { throw lastError() }
            }
            var rows: [[String]] = []
            while true {
                switch sqlite3_step(statement) {
                case SQLITE_ROW:
                    rows.append((0..<sqlite3_column_count(statement)).map { column in
                        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
                    })
                case SQLITE_DONE: return rows
                default: throw lastError()
                }
            }
        }
    }

    /// Closes the connection: the container's dispose hook at shutdown.
    func close() {
        lock.withLock {
            sqlite3_close(handle)
            handle = nil
        }
    }

    private func lastError() -> DatabaseError {
        DatabaseError(message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "the connection is closed")
    }
}

/// Opens the database and makes sure its schema exists: a factory component, the Linux
/// counterpart of seed 000's Core Data factory objects. Config names it and calls `open()`.
final class DatabaseFactory: Sendable {
    let path: String
    init(path: String) { self.path = path }

    func open() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path)
        try database.execute("""
            CREATE TABLE IF NOT EXISTS reports (
                id INTEGER PRIMARY KEY, city TEXT NOT NULL, provider TEXT NOT NULL, line TEXT NOT NULL
            )
            """)
        return database
    }
}

/// Keeps every report printed.
final class ReportStore: Sendable {
    let database: SQLiteDatabase
    init(database: SQLiteDatabase) { self.database = database }

    func save(city: String, provider: String, lines: [String]) throws {
        for line in lines {
            _ = try database.query("INSERT INTO reports (city, provider, line) VALUES (?, ?, ?)", [city, provider, line])
        }
    }

    /// How many report lines are stored, per city, in order of city.
    func counts() throws -> [(city: String, lines: Int)] {
        try database.query("SELECT city, COUNT(*) FROM reports GROUP BY city ORDER BY city").map { ($0[0], Int($0[1]) ?? 0) }
    }

    /// The lines stored for one city, oldest first.
    func lines(city: String) throws -> [String] {
        try database.query("SELECT line FROM reports WHERE city = ? ORDER BY id", [city]).map { $0[0] }
    }
}
