import Foundation
import IoCCore

import Testing

@Suite("Scopes: identity rules")
struct ScopeTests {
    @Test func prototype_isNewEachTime() throws {
        let container = try graphBuilder().build()
        #expect(try container.resolve(D.self) !== container.resolve(D.self))
    }

    @Test func singleton_isSharedAndCreatedOnFirstRequest() throws {
        let counter = Counter()
        let builder = ContainerBuilder()
        builder.register(D.self) { _ in counter.increment(); return D() }.singleton()
        let container = try builder.build()
        #expect(counter.count == 0, "lazy by default")
        let first = try container.resolve(D.self)
        #expect(try container.resolve(D.self) === first)
        #expect(counter.count == 1)
    }

    @Test func singleton_isSharedAcrossInjectionPoints() throws {
        let a = try graphBuilder(dScope: .singleton).build().resolve(A.self)
        #expect(a.b.d === a.c.d)
    }

    @Test func objectGraph_isSharedWithinOneResolveOnly() throws {
        let container = try graphBuilder(dScope: .objectGraph).build()
        let first = try container.resolve(A.self)
        let second = try container.resolve(A.self)
        #expect(first.b.d === first.c.d, "one D within a graph")
        #expect(first.b.d !== second.b.d, "a new D for the next graph")
    }

    @Test func objectGraph_isSharedThroughClosureFactories() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).objectGraph()
        builder.register(E.init)
        builder.register(B.self) { r in B(d: try r.resolve()) }
        builder.register(C.init)
        builder.register(A.init)
        let a = try builder.build().resolve(A.self)
        #expect(a.b.d === a.c.d)
    }

    /// What a graph kept is let go with it, whether in its entry's word (a class reference) or
    /// at an address of its own (a struct larger than a word).
    @Test func objectGraph_letsItsInstancesGoAfterTheResolve() throws {
        final class Token: Sendable { init() {} }
        struct Wrapped: Sendable { let token: Token; let label = "wrapped" }
        final class Pair: Sendable {
            let token: Token
            let wrapped: Wrapped
            init(token: Token, wrapped: Wrapped) { self.token = token; self.wrapped = wrapped }
        }
        let builder = ContainerBuilder()
        builder.register(Token.init).objectGraph()
        builder.register { (token: Token) in Wrapped(token: token) }.objectGraph()
        builder.register(Pair.init)
        let container = try builder.build()
        weak var token: Token?
        do {
            let pair = try container.resolve(Pair.self)
            #expect(pair.wrapped.token === pair.token, "one Token within the graph")
            token = pair.token
        }
        #expect(token == nil)
    }

    @Test func weakSingleton_isSharedWhileHeldThenRecreated() throws {
        let counter = Counter()
        let builder = ContainerBuilder()
        builder.register(D.self) { _ in counter.increment(); return D() }.weakSingleton()
        let container = try builder.build()
        var held: D? = try container.resolve(D.self)
        let firstID = held.map(ObjectIdentifier.init)
        #expect(try ObjectIdentifier(container.resolve(D.self)) == firstID)
        #expect(counter.count == 1)
        held = nil
        _ = held
        _ = try container.resolve(D.self)
        #expect(counter.count == 2, "released, so built again")
    }

    @Test func threadLocal_isOnePerThread() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).scope(.threadLocal)
        let container = try builder.build()
        let here = try container.resolve(D.self)
        #expect(try container.resolve(D.self) === here)
        let other = Guarded<ObjectIdentifier?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let d = try? container.resolve(D.self)
            other.withLock { $0 = d.map(ObjectIdentifier.init) }
            done.signal()
        }
        done.wait()
        let otherID = try #require(other.withLock { $0 })
        #expect(otherID != ObjectIdentifier(here))
    }

    @Test func taskLocal_isOnePerTaskScope() async throws {
        let builder = ContainerBuilder()
        builder.register(D.init).scope(.taskLocal)
        let container = try builder.build()
        let (a1, a2) = try await container.withTaskScope { () async throws -> (D, D) in
            let first = try await container.resolve(D.self)
            let fromChild = try await Task { try await container.resolve(D.self) }.value
            return (first, fromChild)
        }
        #expect(a1 === a2, "child tasks share the scope")
        let b = try container.withTaskScope { try container.resolve(D.self) }
        #expect(a1 !== b, "a new scope, a new instance")
    }

    @Test func taskLocal_outsideScope_failsWithHowToFix() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).scope(.taskLocal)
        let container = try builder.build()
        #expect(errorText { _ = try container.resolve(D.self) }
            == "D has task-local scope, but no task scope is active. Wrap the work in 'container.withTaskScope { ... }'.")
    }

    @Test func taskLocal_disposesWhenScopeEnds() throws {
        let log = EventLog()
        let builder = ContainerBuilder()
        builder.register(D.init).scope(.taskLocal).onDispose { _ in log.record("disposed") }
        let container = try builder.build()
        try container.withTaskScope {
            _ = try container.resolve(D.self)
            #expect(log.all.isEmpty)
        }
        #expect(log.all == ["disposed"])
    }

    @Test func customScope_decidesSharing() throws {
        final class RequestScope: CustomScope {
            let lifetime = ScopeLifetime.perContext
            private let cache = Guarded<[ScopedInstanceKey: D]>([:])
            func instance<T>(for key: ScopedInstanceKey, create: () throws -> T) throws -> T {
                if let cached = cache.withLock({ $0[key] }) as? T { return cached }
                let value = try create()
                if let d = value as? D { cache.withLock { $0[key] = d } }
                return value
            }
            func end() { cache.withLock { $0.removeAll() } }
        }
        let scope = RequestScope()
        let builder = ContainerBuilder()
        builder.register(scope: scope, named: "request")
        builder.register(D.init).scope(.custom("request"))
        let container = try builder.build()
        let first = try container.resolve(D.self)
        #expect(try container.resolve(D.self) === first)
        scope.end()
        #expect(try container.resolve(D.self) !== first)
    }

    @Test func customScope_lifetime_takesPartInCaptiveCheck() {
        final class ShortScope: CustomScope {
            let lifetime = ScopeLifetime.perRequest
            func instance<T>(for key: ScopedInstanceKey, create: () throws -> T) throws -> T { try create() }
        }
        let builder = ContainerBuilder()
        builder.register(scope: ShortScope(), named: "short")
        builder.register(D.init).scope(.custom("short"))
        let line = #line; builder.register(B.init).singleton()
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Captive dependency: singleton B holds short D through argument 0 at IoCCoreTests/ScopeTests.swift:\(line); it would keep one short instance for as long as the singleton lives. Inject a Provider or Lazy of it, or give D a scope that lives at least as long.
            """)
    }

    @Test func scopeNames_roundTrip() {
        for scope in Scope.allBuiltIn { #expect(Scope.builtIn(named: scope.name) == scope) }
        #expect(Scope.builtIn(named: "request") == nil)
    }
}
