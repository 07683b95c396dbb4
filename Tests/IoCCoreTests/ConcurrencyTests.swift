import Foundation
import IoCCore
import Testing

/// Runs `body` on `count` threads released at the same moment; waits at most `timeout` seconds.
/// Returns `false` when the threads did not all finish in time (a hang).
func onThreads(_ count: Int, timeout: Double = 20, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    let start = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            start.wait()
            body(index)
            group.leave()
        }
    }
    for _ in 0..<count { start.signal() }
    return group.wait(timeout: .now() + timeout) == .success
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test func singleton_isCreatedExactlyOnce_with16ThreadsOnColdContainer() throws {
        for _ in 0..<20 {
            let counter = Counter()
            let builder = ContainerBuilder()
            builder.register(D.self) { _ in
                counter.increment()
                usleep(2_000)
                return D()
            }.singleton()
            let container = try builder.build()
            let seen = Guarded<Set<ObjectIdentifier>>([])
            let finished = onThreads(16) { _ in
                if let d = try? container.resolve(D.self) { seen.withLock { _ = $0.insert(ObjectIdentifier(d)) } }
            }
            #expect(finished)
            #expect(counter.count == 1)
            #expect(seen.withLock { $0.count } == 1)
        }
    }

    @Test func graph_resolvesCorrectly_fromManyThreads() throws {
        let container = try graphBuilder(dScope: .singleton).build()
        let failures = Counter()
        let finished = onThreads(8) { _ in
            for _ in 0..<2_000 {
                guard let a = try? container.resolve(A.self), a.b.d === a.c.d else { failures.increment(); continue }
            }
        }
        #expect(finished && failures.count == 0)
    }

    @Test func factory_resolvingOnAnotherThread_doesNotDeadlock() throws {
        let builder = ContainerBuilder()
        builder.register(E.init).singleton()
        builder.register(D.self) { r in
            // Resolve E on another thread while D is being created.
            let result = Guarded<E?>(nil)
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                let e = try? r.resolve(E.self)
                result.withLock { $0 = e }
                done.signal()
            }
            guard done.wait(timeout: .now() + 10) == .success, result.withLock({ $0 }) != nil else { throw Boom() }
            return D()
        }.singleton()
        let container = try builder.build()
        _ = try container.resolve(D.self)
    }

    @Test func unrelatedSingletons_areCreatedInParallel() throws {
        // X's factory waits until Y was created on another thread: one global creation lock would hang here.
        let yCreated = DispatchSemaphore(value: 0)
        let builder = ContainerBuilder()
        builder.register(D.self) { _ in
            guard yCreated.wait(timeout: .now() + 10) == .success else { throw Boom() }
            return D()
        }.singleton()
        builder.register(E.self) { _ in E() }.singleton()
        let container = try builder.build()
        let outcome = Guarded<String>("")
        let finished = onThreads(2) { index in
            if index == 0 {
                let text = errorText { _ = try container.resolve(D.self) }
                outcome.withLock { $0 = text }
            } else {
                usleep(5_000)
                _ = try? container.resolve(E.self)
                yCreated.signal()
            }
        }
        #expect(finished)
        #expect(outcome.withLock { $0 } == "no error")
    }

    @Test func cycleAcrossThreads_isErrorNotHang() throws {
        // P needs Q and Q needs P; two threads start from opposite ends at the same time.
        let bothStarted = Barrier(parties: 2)
        let builder = ContainerBuilder()
        builder.register(B.self) { r in
            bothStarted.arriveAndWait()
            _ = try r.resolve(C.self)
            return B(d: D())
        }.singleton()
        builder.register(C.self) { r in
            bothStarted.arriveAndWait()
            _ = try r.resolve(B.self)
            return C(d: D(), e: E())
        }.singleton()
        let container = try builder.build()
        let texts = Guarded<[String]>([])
        let finished = onThreads(2) { index in
            let text = errorText { if index == 0 { _ = try container.resolve(B.self) } else { _ = try container.resolve(C.self) } }
            texts.withLock { $0.append(text) }
        }
        #expect(finished, "no hang")
        let results = texts.withLock { $0 }
        #expect(results.count == 2)
        #expect(results.allSatisfy { $0.hasPrefix("Dependency cycle: ") }, "\(results)")
    }

    @Test func cycleThroughResolverPassedToAnotherThread_isErrorNotHang() throws {
        let builder = ContainerBuilder()
        builder.register(B.self) { r in
            let text = Guarded("")
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                let result = errorText { _ = try r.resolve(C.self) }
                text.withLock { $0 = result }
                done.signal()
            }
            guard done.wait(timeout: .now() + 10) == .success else { throw Boom() }
            throw CycleSeen(text: text.withLock { $0 })
        }.singleton()
        builder.register(C.self) { r in
            _ = try r.resolve(B.self)
            return C(d: D(), e: E())
        }.singleton()
        let container = try builder.build()
        #expect(errorText { _ = try container.resolve(B.self) }
            == "Creating B failed: Dependency cycle: C -> B. Break it by injecting one side as Lazy<T> or Provider<T>, or through a property or method call of a shared (not prototype) class.")
    }

    // MARK: Work a factory hands off and waits for

    /// D is a singleton whose factory hands `work` to a Swift task and waits for it (at most 10 s:
    /// a hang fails the test), then throws what the work reported. C (prototype unless
    /// `cShared`) needs D; the work resolves C through the container.
    private func handOffContainer(limit: Duration?, cShared: Bool = false,
                                  start: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
                                  work: @escaping @Sendable (Container) async -> String) throws -> Container {
        let built = Guarded<Container?>(nil)
        let builder = ContainerBuilder()
        builder.creationWaitLimit = limit
        builder.register(D.self) { _ in
            let report = Guarded("")
            let done = DispatchSemaphore(value: 0)
            start {
                Task(executorPreference: OwnThreadExecutor.shared) {
                    guard let container = built.withLock({ $0 }) else { return }
                    let text = await work(container)
                    report.withLock { $0 = text }
                    done.signal()
                }
            }
            guard done.wait(timeout: .now() + 10) == .success else { throw CycleSeen(text: "hang") }
            throw CycleSeen(text: report.withLock { $0 })
        }.singleton()
        let e = builder.register(E.init)
        let c = builder.register(C.init)
        if cShared { c.singleton(); e.singleton() }
        let container = try builder.build()
        built.withLock { $0 = container }
        return container
    }

    /// Resolves D on a thread of its own, without blocking the test's: the factory blocks its
    /// thread, and the task it starts needs one of the few threads Swift's tasks run on.
    private func resolveD(_ container: Container) async -> String {
        await onOwnThread { errorText { _ = try container.resolve(D.self) } }
    }

    private static let handOffCycle = "Dependency cycle: D -> C -> D. Break it by injecting one side as Lazy<T> or Provider<T>, or through a property or method call of a shared (not prototype) class."

    @Test func factoryWaitingOnTaskThatResolvesBack_failsAtOnceWithTheCycle() async throws {
        // No wait limit: only the cycle check can end this.
        let container = try handOffContainer(limit: nil, start: { $0() }) { container in
            errorText { _ = try container.resolve(C.self) }
        }
        let text = await resolveD(container)
        #expect(text == "Creating D failed: \(Self.handOffCycle)")
    }

    @Test func factoryWaitingOnTaskThatAwaitsResolveBack_failsAtOnceWithTheCycle() async throws {
        let container = try handOffContainer(limit: nil, start: { $0() }) { container in
            await errorText { _ = try await container.resolve(C.self) }
        }
        let text = await resolveD(container)
        #expect(text == "Creating D failed: \(Self.handOffCycle)")
    }

    @Test func factoryWaitingOnTaskThatCreatesASingletonNeedingIt_failsAtOnceWithTheCycle() async throws {
        let container = try handOffContainer(limit: nil, cShared: true, start: { $0() }) { container in
            errorText { _ = try container.resolve(C.self) }
        }
        let text = await resolveD(container)
        #expect(text == "Creating D failed: \(Self.handOffCycle)")
        // Nothing is left half-created: C and D fail the same way again, and do not hang.
        let again = await resolveD(container)
        #expect(again == "Creating D failed: \(Self.handOffCycle)")
    }

    @Test func factoryWaitingOnThreadThatResolvesBack_failsAfterTheWaitLimit() async throws {
        // A plain thread inherits nothing from the factory: the container cannot see the hand-off,
        // and the wait limit ends it.
        let container = try handOffContainer(limit: .milliseconds(200), start: { body in Thread.detachNewThread { body() } }) { container in
            // NB: Task.detached inherits no task-local value either: the same as a plain thread.
            await Task.detached(executorPreference: OwnThreadExecutor.shared) { errorText { _ = try container.resolve(C.self) } }.value
        }
        let text = await resolveD(container)
        #expect(text == "Creating D failed: Gave up waiting for D after 0.2 s: another thread or task was creating it"
            + " all that time. Resolution path: C -> D. If its factory waits for work that resolves D through the container"
            + " on a thread or queue, that is a deadlock the container cannot see: pass the factory's Resolver to that work,"
            + " or start it as a Task, and the cycle is reported at once. If D is only slow to create, raise"
            + " ContainerBuilder.creationWaitLimit.")
    }

    /// An `async` resolve waits on a timer (`Task.sleep(nanoseconds:)`, which iOS 15 has) where a
    /// thread waits on its condition: past the limit it fails the same way.
    @Test func anAsyncResolve_waitingPastTheLimit_givesUpWithTheSameError() async throws {
        let started = DispatchSemaphore(value: 0)
        let mayFinish = DispatchSemaphore(value: 0)
        let builder = ContainerBuilder()
        builder.creationWaitSeconds = 0.1
        builder.register(D.self) { _ in
            started.signal()
            guard mayFinish.wait(timeout: .now() + 10) == .success else { throw Boom() }
            return D()
        }.singleton()
        let container = try builder.build()
        Thread.detachNewThread { _ = try? container.resolve(D.self) }
        started.wait()
        let text = await errorText { _ = try await container.resolve(D.self) }
        mayFinish.signal()
        #expect(text == "Gave up waiting for D after 0.1 s: another thread or task was creating it all that time."
            + " If its factory waits for work that resolves D through the container on a thread or queue, that is a"
            + " deadlock the container cannot see: pass the factory's Resolver to that work, or start it as a Task, and"
            + " the cycle is reported at once. If D is only slow to create, raise ContainerBuilder.creationWaitLimit.")
    }

    @Test func taskStartedByAFactory_waitsNormallyForCreationsItWasNotStartedBy() async throws {
        // D's factory starts a task that resolves E, a singleton another thread is creating:
        // that is no cycle, so the task waits for E and the factory gets it.
        let eStarted = DispatchSemaphore(value: 0)
        let eMayFinish = DispatchSemaphore(value: 0)
        let builder = ContainerBuilder()
        builder.creationWaitLimit = nil
        builder.register(E.self) { _ in
            eStarted.signal()
            guard eMayFinish.wait(timeout: .now() + 10) == .success else { throw Boom() }
            return E()
        }.singleton()
        let built = Guarded<Container?>(nil)
        builder.register(D.self) { _ in
            let got = DispatchSemaphore(value: 0)
            Task(executorPreference: OwnThreadExecutor.shared) {
                guard let container = built.withLock({ $0 }) else { return }
                _ = try? container.resolve(E.self)
                got.signal()
            }
            eMayFinish.signal()
            guard got.wait(timeout: .now() + 10) == .success else { throw Boom() }
            return D()
        }.singleton()
        let container = try builder.build()
        built.withLock { $0 = container }
        // E's creation starts on a thread of its own at once: as a child task it waited for a
        // thread of the shared pool, which other tests' builds could keep busy past the wait below.
        let creatingE = Guarded<String?>(nil)
        let eResolved = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let text = errorText { _ = try container.resolve(E.self) }
            creatingE.withLock { $0 = text }
            eResolved.signal()
        }
        let outcome = await onOwnThread {
            guard eStarted.wait(timeout: .now() + 10) == .success else { return "E never started" }
            return errorText { _ = try container.resolve(D.self) }
        }
        let eOutcome = await onOwnThread { eResolved.wait(timeout: .now() + 10) == .success ? creatingE.withLock { $0 } ?? "" : "hang" }
        #expect(eOutcome == "no error")
        #expect(outcome == "no error")
    }

    @Test func lazy_isBuiltOnce_underContention() throws {
        let counter = Counter()
        let lazy = Lazy { () -> D in counter.increment(); usleep(2_000); return D() }
        let finished = onThreads(16) { _ in _ = try? lazy.get() }
        #expect(finished && counter.count == 1)
    }

    @Test func weakSingleton_isSharedUnderContention() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).weakSingleton()
        let container = try builder.build()
        let holder = try container.resolve(D.self)
        let mismatches = Counter()
        let finished = onThreads(8) { _ in
            for _ in 0..<500 where (try? container.resolve(D.self)) !== holder { mismatches.increment() }
        }
        #expect(finished && mismatches.count == 0)
    }

    @Test func threadLocalAndObjectGraph_areSafeUnderContention() throws {
        let builder = ContainerBuilder()
        builder.register(D.init).scope(.threadLocal)
        builder.register(E.init).objectGraph()
        builder.register(B.init)
        builder.register(C.init)
        builder.register(A.init)
        let container = try builder.build()
        let failures = Counter()
        let finished = onThreads(8) { _ in
            for _ in 0..<1_000 {
                guard let a = try? container.resolve(A.self), a.b.d === a.c.d else { failures.increment(); continue }
            }
        }
        #expect(finished && failures.count == 0)
    }

    /// Modules may fill one catalog from several tasks while a build reads it: every type and
    /// name added is kept, and no access races (`make tsan` runs this suite).
    @Test func catalog_filledFromManyThreads_keepsEveryName() {
        let catalog = TypeCatalog()
        let module = TypeCatalog()
        module.add(E.self, names: "moduleE")
        let finished = onThreads(8) { thread in
            for round in 0..<50 {
                switch thread % 4 {
                case 0: catalog.add(D.self, names: "d\(thread)_\(round)") { $0.initializer("init()") { D() } }
                case 1: catalog.add(protocol: (any WeatherClient).self, names: "client\(thread)_\(round)")
                case 2: catalog.add(contentsOf: module)
                default:
                    _ = catalog.descriptor(named: "D")
                    _ = catalog.descriptors.count
                    let builder = ContainerBuilder()
                    builder.catalog = catalog
                    _ = try? builder.build()
                }
            }
        }
        #expect(finished)
        let missing = (0..<8).flatMap { thread in
            (0..<50).compactMap { round -> String? in
                switch thread % 4 {
                case 0: let name = "d\(thread)_\(round)"; return catalog.descriptor(named: name)?.type == TypeRef(D.self) ? nil : name
                case 1: let name = "client\(thread)_\(round)"; return catalog.type(named: name) == TypeRef((any WeatherClient).self) ? nil : name
                default: return nil
                }
            }
        }
        #expect(missing.isEmpty)
        #expect(catalog.descriptor(named: "moduleE")?.type == TypeRef(E.self))
        #expect(Set(catalog.descriptors.map(\.type)) == [TypeRef(D.self), TypeRef(E.self)])
    }
}

private struct CycleSeen: Error, CustomStringConvertible {
    let text: String
    var description: String { text }
}

/// Lets threads wait until `parties` have arrived (later arrivals pass straight through).
private final class Barrier: Sendable {
    private let arrived = Locked(0)
    private let parties: Int
    init(parties: Int) { self.parties = parties }
    func arriveAndWait(timeout: Double = 5) {
        arrived.withLock { $0 += 1 }
        let deadline = Date().addingTimeInterval(timeout)
        while arrived.withLock({ $0 }) < parties, Date() < deadline { usleep(100) }
    }
}
