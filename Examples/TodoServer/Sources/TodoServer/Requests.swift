import Foundation
import Hummingbird
import IoCCore
import Logging
import Synchronization

/// What a request's components see of it: the value each request's task scope is given.
public struct RequestInfo: Sendable {
    /// The client's `x-request-id`, or a random one.
    public let id: String
    public let method: String
    public let path: String
}

/// What happened to each request, a line each, written when its ``RequestLog`` is closed: the
/// app's record (logged), and what the tests read to see that each request's components were
/// disposed when it ended.
public final class AccessLog: Sendable {
    private let lines = Mutex<[String]>([])
    private let logger: Logger

    public init() {
        logger = Logger(label: "todo-server.access")
    }

    public var all: [String] { lines.withLock { $0 } }

    func write(_ line: String) {
        lines.withLock { $0.append(line) }
        logger.info("\(line)")
    }
}

/// A request's log: made once per request (task-local), shared by what handles it, and closed
/// by the container when the request's scope ends, which writes its line to the ``AccessLog``.
public final class RequestLog: Sendable {
    let info: RequestInfo
    private let access: AccessLog
    private let notes = Mutex<[String]>([])

    public init(info: RequestInfo, access: AccessLog) {
        self.info = info
        self.access = access
    }

    func note(_ text: String) { notes.withLock { $0.append(text) } }

    /// The dispose hook: one line for the request, with what its handlers noted.
    public func close() {
        let noted = notes.withLock { $0 }
        access.write("\(info.method) \(info.path) [\(info.id)]" + (noted.isEmpty ? "" : ": " + noted.joined(separator: "; ")) + "; closed")
    }
}

/// Runs each request in a task scope of its own, given the request's ``RequestInfo``: the
/// task-local components it resolves are made once for it and disposed when the handler's
/// response is made (a JSON body is complete by then; a streamed body would still be written
/// after, so a component a stream reads must not be task-local).
struct RequestScopeMiddleware<Context: RequestContext>: RouterMiddleware {
    let container: Container

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let given = request.headers.first { $0.name.canonicalName == "x-request-id" }?.value
        let info = RequestInfo(id: given ?? UUID().uuidString.lowercased(), method: request.method.rawValue, path: request.uri.path)
        return try await container.withTaskScope(providing: info) {
            try await next(request, context)
        }
    }
}
