import Foundation
import Hummingbird
import TodoServer

// `make run-server`: the API on 127.0.0.1:8080 (PORT moves it), its to-dos in TODO_DB (by
// default a file in the temporary directory). SIGTERM or Ctrl-C stops it gracefully.
let environment = ProcessInfo.processInfo.environment
let database = environment["TODO_DB"] ?? FileManager.default.temporaryDirectory.appendingPathComponent("todos.sqlite").path
let port = environment["PORT"].flatMap(Int.init) ?? 8080
let container = try TodoApp.container(database: database)
let app = try await TodoApp.application(container, port: port)
try await app.runService()
