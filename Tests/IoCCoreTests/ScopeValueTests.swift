import Foundation
import IoCCore
import Testing

/// A request scope: each task scope is given a value (a request's context) that its task-local
/// components inject; they are made once per scope and disposed when it ends.
@Suite("Task scope values")
struct ScopeValueTests {
    struct RequestContext: Sendable { let path: String }
    final class RequestLog: Sendable {
        let context: RequestContext
        init(context: RequestContext) { self.context = context }
    }
    final class Controller: Sendable {
        let log: RequestLog
        init(log: RequestLog) { self.log = log }
    }
    final class Token: Sendable { init() {} }
    /// Larger than a word: kept at an address of its own.
    struct Wrapped: Sendable {
        let token: Token
        let label: String
        init(token: Token) { self.token = token; label = "wrapped" }
    }
    final class Disposed: Sendable {
        private let names = Locked<[String]>([])
        func record(_ name: String) { names.withLock { $0.append(name) } }
        var all: [String] { names.withLock { $0 } }
    }

    static func container(_ disposed: Disposed) throws -> Container {
        let builder = ContainerBuilder()
        builder.register(scopeValue: RequestContext.self)
        builder.register(RequestLog.init).scope(.taskLocal).onDispose { log in disposed.record("log \(log.context.path)") }
        builder.register(Controller.init).scope(.taskLocal).onDispose { controller in disposed.record("controller \(controller.log.context.path)") }
        return try builder.build()
    }

    @Test func eachScope_injectsItsOwnValue_makesItsComponentsOnce_andDisposesThemAtTheEnd() throws {
        let disposed = Disposed()
        let container = try Self.container(disposed)
        let first = try container.withTaskScope(providing: RequestContext(path: "/todos")) {
            let controller = try container.resolve(Controller.self)
            #expect(try container.resolve(RequestLog.self) === controller.log)
            #expect(disposed.all.isEmpty)
            return controller
        }
        #expect(first.log.context.path == "/todos")
        #expect(disposed.all == ["controller /todos", "log /todos"])
        let second = try container.withTaskScope(providing: RequestContext(path: "/todos/1")) { try container.resolve(Controller.self) }
        #expect(second !== first)
        #expect(second.log.context.path == "/todos/1")
    }

    /// The `async` form: the scope's child tasks share it.
    @Test func theAsyncForm_sharesTheScopeWithChildTasks() async throws {
        let disposed = Disposed()
        let container = try Self.container(disposed)
        let logs = try await container.withTaskScope(providing: RequestContext(path: "/bookmarks")) {
            try await withThrowingTaskGroup(of: RequestLog.self) { group in
                for _ in 0..<8 { group.addTask { try await container.resolve(RequestLog.self) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(Set(logs.map(ObjectIdentifier.init)).count == 1)
        #expect(disposed.all == ["log /bookmarks"])
    }

    struct BadRequest: Error, Equatable {}

    /// A request that fails after its components were made (a validation error, say) still
    /// disposes them — a connection a scope opened must not outlive a failed request.
    @Test func aScopeWhoseBodyThrows_stillDisposesWhatItMade_andRethrows() throws {
        let disposed = Disposed()
        let container = try Self.container(disposed)
        #expect(throws: BadRequest()) {
            try container.withTaskScope(providing: RequestContext(path: "/todos")) {
                _ = try container.resolve(Controller.self)
                throw BadRequest()
            }
        }
        #expect(disposed.all == ["controller /todos", "log /todos"])
    }

    @Test func theAsyncForm_whoseBodyThrows_stillDisposesWhatItMade() async throws {
        let disposed = Disposed()
        let container = try Self.container(disposed)
        await #expect(throws: BadRequest()) {
            try await container.withTaskScope(providing: RequestContext(path: "/bookmarks")) {
                _ = try await container.resolve(Controller.self)
                throw BadRequest()
            }
        }
        #expect(disposed.all == ["controller /bookmarks", "log /bookmarks"])
    }

    /// Both failed: the body's error is the scope's, and the hook's failure reaches the events.
    @Test func aBodyAndAHookThatBothThrow_theBodysErrorWins_theHooksIsAnEvent() throws {
        let events = Locked<[ContainerEvent]>([])
        let builder = ContainerBuilder()
        builder.events = { event in events.withLock { $0.append(event) } }
        builder.register(scopeValue: RequestContext.self)
        builder.register(RequestLog.init).scope(.taskLocal).onDispose(named: "flush") { _ in throw BadRequest() }
        let container = try builder.build()
        #expect(throws: BadRequest()) {
            try container.withTaskScope(providing: RequestContext(path: "/x")) {
                _ = try container.resolve(RequestLog.self)
                throw BadRequest()
            }
        }
        #expect(events.withLock { Array($0.dropFirst()) } == [.disposeFailed(["RequestLog: BadRequest()"])])
    }

    /// Two child tasks of one scope asking for a component at once: one makes it while the
    /// other waits for it, and when the creation throws, the one that waited makes it. (Run on
    /// one thread the tasks take turns, and the outcomes are the same.)
    @Test func concurrentResolvesInOneScope_makeItOnce_andAFailedCreationIsMadeAgain() async throws {
        let attempts = Locked(0)
        let started = Locked(0)   // the tasks that are about to resolve
        let builder = ContainerBuilder()
        builder.register(scopeValue: RequestContext.self)
        builder.register { (context: RequestContext) throws -> RequestLog in
            let attempt = attempts.withLock { $0 += 1; return $0 }
            // The first creation lasts until the other task has started, and a little longer,
            // so that it finds the component being made and waits (at most 5 s on one thread).
            let deadline = Date().addingTimeInterval(5)
            while started.withLock({ $0 }) < 2, Date() < deadline { usleep(1_000) }
            Thread.sleep(forTimeInterval: 0.1)
            if attempt == 1, context.path == "/fails-once" { throw BadRequest() }
            return RequestLog(context: context)
        }.scope(.taskLocal)
        let container = try builder.build()

        let logs = try await container.withTaskScope(providing: RequestContext(path: "/todos")) {
            try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        started.withLock { $0 += 1 }
                        return ObjectIdentifier(try container.resolve(RequestLog.self))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(logs.count == 2 && Set(logs).count == 1)
        #expect(attempts.withLock { $0 } == 1)

        attempts.withLock { $0 = 0 }
        started.withLock { $0 = 0 }
        let outcomes = try await container.withTaskScope(providing: RequestContext(path: "/fails-once")) {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        started.withLock { $0 += 1 }
                        return (try? container.resolve(RequestLog.self)) != nil
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(outcomes.sorted { !$0 && $1 } == [false, true])
        #expect(attempts.withLock { $0 } == 2)
    }

    /// An unstructured task started in a scope inherits it, but once the block has ended (and
    /// disposed what it made) the scope has nothing to give: a resolve there is an error.
    @Test func aTaskThatOutlivesItsScope_findsNoScopeAfterTheEnd() async throws {
        let disposed = Disposed()
        let container = try Self.container(disposed)
        let blockEnded = Locked(false)
        let late = try container.withTaskScope(providing: RequestContext(path: "/late")) {
            _ = try container.resolve(RequestLog.self)
            return Task { () throws -> RequestLog in
                while !blockEnded.withLock({ $0 }) { try await Task.sleep(nanoseconds: 1_000_000) }
                return try container.resolve(RequestLog.self)
            }
        }
        blockEnded.withLock { $0 = true }
        #expect(disposed.all == ["log /late"])
        let error = await #expect(throws: IoCError.self) { try await late.value }
        #expect(error?.description == "RequestLog has task-local scope, but no task scope is active. Wrap the work in 'container.withTaskScope { ... }'.")
    }

    @Test func aScopeNotGivenTheValue_isAnErrorSayingHowToGiveIt() throws {
        let container = try Self.container(Disposed())
        let error = #expect(throws: IoCError.self) { try container.withTaskScope { try container.resolve(Controller.self) } }
        #expect(error?.kind == .scopeValueMissing)
        #expect(error?.description == """
            RequestContext is a value each task scope is given, but this scope was not given one. \
            Start it with 'container.withTaskScope(providing: value) { ... }'.
            """)
    }

    /// A task-local component of the type may be given by the scope instead of being made.
    @Test func aGivenValue_standsInForATaskLocalComponentOfItsType() throws {
        let builder = ContainerBuilder()
        builder.register { RequestContext(path: "/default") }.scope(.taskLocal)
        builder.register(RequestLog.init).scope(.taskLocal)
        let container = try builder.build()
        #expect(try container.withTaskScope { try container.resolve(RequestLog.self).context.path } == "/default")
        #expect(try container.withTaskScope(providing: RequestContext(path: "/given")) { try container.resolve(RequestLog.self).context.path }
            == "/given")
    }

    @Test func aValueOfATypeNoTaskLocalComponentHas_isAnErrorSayingHowToRegisterIt() throws {
        let builder = ContainerBuilder()
        builder.register { RequestContext(path: "/") }.singleton()
        let container = try builder.build()
        let error = #expect(throws: IoCError.self) { try container.withTaskScope(providing: RequestContext(path: "/x")) {} }
        #expect(error?.description == """
            A task scope was given a RequestContext, but no task-local component of that type is registered. Register one with \
            'register(scopeValue: RequestContext.self)', and the scope's components can inject the value each scope is given.
            """)
        #expect(throws: IoCError.self) { try ContainerBuilder().build().withTaskScope(providing: 1) {} }
    }

    /// What a scope keeps of every size: values of a word or less (class references, a small
    /// struct) and larger ones (a struct of strings, an existential), each disposed once, the
    /// newest first — siblings in the order they were made, not the order they were asked for.
    @Test func aScopesInstancesOfEverySize_areDisposedOnce_newestFirst() throws {
        struct Header: Sendable { let name: String; let value: String; let origin: String }
        final class Handler: Sendable {
            let header: Header
            let flags: any Sendable
            init(header: Header, flags: any Sendable) { self.header = header; self.flags = flags }
        }
        let disposed = Disposed()
        let builder = ContainerBuilder()
        builder.register(scopeValue: RequestContext.self)
        builder.register { (context: RequestContext) in Header(name: "path", value: context.path, origin: "request") }
            .scope(.taskLocal).onDispose { disposed.record("header \($0.value)") }
        builder.register { (context: RequestContext) -> any Sendable in context.path.count }
            .scope(.taskLocal).onDispose { disposed.record("flags \($0)") }
        builder.register(Handler.init).scope(.taskLocal).onDispose { disposed.record("handler \($0.header.value)") }
        let container = try builder.build()
        for path in ["/a", "/bookmarks"] {
            let handler = try container.withTaskScope(providing: RequestContext(path: path)) {
                let handler = try container.resolve(Handler.self)
                #expect(try container.resolve(Handler.self) === handler)
                #expect(try container.resolve(Header.self).origin == "request")
                return handler
            }
            #expect(handler.header.value == path)
            #expect(handler.flags as? Int == path.count)
        }
        #expect(disposed.all == ["handler /a", "flags 2", "header /a", "handler /bookmarks", "flags 10", "header /bookmarks"])
    }

    /// What a scope kept is let go when it ends, whether it was kept in its entry's word (a
    /// class reference) or at an address of its own (a struct larger than a word).
    @Test func aScopesInstances_areLetGoWhenItEnds() throws {
        let builder = ContainerBuilder()
        builder.register(scopeValue: RequestContext.self)
        builder.register(Token.init).scope(.taskLocal)
        builder.register(Wrapped.init).scope(.taskLocal)
        let container = try builder.build()
        weak var token: Token?
        weak var wrapped: Token?
        try container.withTaskScope(providing: RequestContext(path: "/a")) {
            token = try container.resolve(Token.self)
            wrapped = try container.resolve(Wrapped.self).token
            #expect(token != nil && wrapped === token)
        }
        #expect(token == nil)
        #expect(wrapped == nil)
    }

    /// A factory that starts a scope of its own resolves in it: its resolver does not carry the
    /// scope its own component is being made in.
    @Test func aFactoryThatStartsAScope_resolvesInItsOwnScope() throws {
        final class Audit: Sendable {
            let outer: RequestLog
            let inner: RequestLog
            init(outer: RequestLog, inner: RequestLog) { self.outer = outer; self.inner = inner }
        }
        let builder = ContainerBuilder()
        builder.register(scopeValue: RequestContext.self)
        builder.register(RequestLog.init).scope(.taskLocal)
        let innerScopes = Locked<Container?>(nil)
        builder.register(Audit.self) { r in
            let outer: RequestLog = try r.resolve()
            guard let container = innerScopes.withLock({ $0 }) else { throw BadRequest() }
            let inner = try container.withTaskScope(providing: RequestContext(path: "/inner")) { try r.resolve(RequestLog.self) }
            return Audit(outer: outer, inner: inner)
        }.scope(.taskLocal)
        let container = try builder.build()
        innerScopes.withLock { $0 = container }
        let audit = try container.withTaskScope(providing: RequestContext(path: "/outer")) { try container.resolve(Audit.self) }
        #expect(audit.outer.context.path == "/outer")
        #expect(audit.inner.context.path == "/inner")
    }

    /// Tasks that outlive their scope and resolve in it while it ends get the scope's instance
    /// (whole: read with the scope's lock held) or the error of a resolve outside any scope —
    /// never an instance the end has let go. `make tsan` runs this too.
    @Test func tasksResolvingWhileTheirScopeEnds_getTheInstanceOrTheError() async throws {
        let disposed = Disposed()
        let container = try Self.container(disposed)
        for round in 0..<20 {
            let path = "/race/\(round)"
            let tasks = try container.withTaskScope(providing: RequestContext(path: path)) {
                _ = try container.resolve(Controller.self)
                return (0..<4).map { _ in
                    Task { () -> Int in
                        var found = 0
                        while true {
                            guard let log = try? await container.resolve(RequestLog.self) else { return found }
                            #expect(log.context.path == path)
                            found += 1
                            await Task.yield()
                        }
                    }
                }
            }
            for task in tasks { _ = await task.value }
        }
        #expect(disposed.all.count == 40)
    }
}
