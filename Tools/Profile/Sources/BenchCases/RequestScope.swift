import IoCCore
import Synchronization

// The request scope's cost (issue 56): per request, a task scope given the request's context,
// three task-local components resolved (a handler, the user it serves, a log; each sees the
// context), and their dispose hooks run at the end — beside the same handler wired by hand.
// `make bench` times it (request-scope); `ioc-profile request-scope` runs it for a profiler.

public struct BenchRequest: Sendable {
    public let id: Int
    public init(id: Int) { self.id = id }
}

/// What the dispose hooks do: count, so that neither side's hooks can be left out.
public let closedCount = Atomic<Int>(0)
/// Where each request's result goes, so that neither side's work can be left out.
public let handled = Atomic<Int>(0)

public final class RequestLog: Sendable {
    public let request: BenchRequest
    public init(request: BenchRequest) { self.request = request }
    public func close() { closedCount.add(1, ordering: .relaxed) }
}

public final class RequestUser: Sendable {
    public let id: Int
    public init(log: RequestLog) { id = log.request.id &* 31 }
    public func close() { closedCount.add(1, ordering: .relaxed) }
}

public final class RequestHandler: Sendable {
    let user: RequestUser
    let log: RequestLog
    public init(user: RequestUser, log: RequestLog) {
        self.user = user
        self.log = log
    }
    public func handle() -> Int { user.id &+ log.request.id }
    public func close() { closedCount.add(1, ordering: .relaxed) }
}

/// The container of the request-scope case: the request a scope value, the rest task-local.
public func requestScopeContainer() throws -> Container {
    let builder = ContainerBuilder()
    builder.register(scopeValue: BenchRequest.self)
    builder.register(RequestLog.init).scope(.taskLocal).onDispose { $0.close() }
    builder.register(RequestUser.init).scope(.taskLocal).onDispose { $0.close() }
    builder.register(RequestHandler.init).scope(.taskLocal).onDispose { $0.close() }
    return try builder.build()
}

/// One request through `container`'s scope: the handler's result.
@inline(never)
public func handleInScope(_ container: Container, _ request: BenchRequest) throws -> Int {
    try container.withTaskScope(providing: request) { try container.resolve(RequestHandler.self).handle() }
}

/// One request as a server's middleware runs it (Examples/TodoServer): the `async` forms, in the
/// request's task.
@inline(never)
public func handleInScopeAsync(_ container: Container, _ request: BenchRequest) async throws -> Int {
    try await container.withTaskScope(providing: request) { try await container.resolve(RequestHandler.self).handle() }
}

/// The same request wired by hand, its components closed newest first.
@inline(never)
public func handleByHand(_ request: BenchRequest) -> Int {
    let log = RequestLog(request: request)
    let user = RequestUser(log: log)
    let handler = RequestHandler(user: user, log: log)
    let result = handler.handle()
    handler.close()
    user.close()
    log.close()
    return result
}
