#if !(IOC_FALLBACK || canImport(Darwin))
import Synchronization  // where `AtomicCell` is its `Atomic` (Unsafe/Atomics.swift)
#endif

// The one point where a test (IoCTesting) reaches into a built container's resolves. It is
// `package`, so apps never see it; what tests do with it — overlays installed per task, event
// recording — lives in IoCTesting. A container nobody intercepts pays one relaxed atomic load
// per top-level resolve (docs/PerformanceLedger.md, "What the test seam costs"). Below it, the two
// operations on singleton slots a test container also needs: resets and resolving one
// component by number.

/// Something that watches, or answers instead of, a container's top-level resolves.
///
/// NB: no default implementations: a conformer whose method drifted from a requirement would
/// get a silent no-op instead of a compile error.
package protocol ResolveInterceptor: AnyObject, Sendable {
    /// The container that answers the top-level resolves made on `container` in the current
    /// task, or `nil` to let `container` answer them.
    func container(answeringFor container: Container) -> Container?
    /// A top-level resolve on the container handed `component` out (by type, by name or in a
    /// collection). The component's info is made only if the interceptor reads it.
    func didResolve(_ component: @autoclosure () -> ComponentInfo)
    /// The container ran the dispose hooks of `component` for one instance.
    func didDispose(_ component: ComponentInfo)
}

extension Container {
    /// Whether resolves must take the intercepted path.
    @inlinable var isIntercepted: Bool { interceptorCount.load(ordering: .relaxed) != 0 }

    /// Adds `interceptor`, from any thread; it is asked about every top-level resolve from
    /// then on. Adding one twice makes it count twice (remove it as often).
    package func addInterceptor(_ interceptor: any ResolveInterceptor) {
        interceptors.withLock { $0.append(interceptor) }
        interceptorCount.wrappingAdd(1, ordering: .relaxed)
    }

    /// Removes `interceptor` once.
    package func removeInterceptor(_ interceptor: any ResolveInterceptor) {
        let removed = interceptors.withLock { list in
            guard let index = list.firstIndex(where: { $0 === interceptor }) else { return false }
            list.remove(at: index)
            return true
        }
        if removed { interceptorCount.wrappingSubtract(1, ordering: .relaxed) }
    }

    /// The container an interceptor has answer this one's top-level resolves in the current task.
    @usableFromInline func answeringContainer() -> Container? {
        for interceptor in interceptors.withLock({ $0 }) {
            if let other = interceptor.container(answeringFor: self) { return other }
        }
        return nil
    }

    /// `resolve` when something intercepts this container.
    @usableFromInline func interceptedResolve<T>(_ type: T.Type, name: String?) throws -> T {
        if let other = answeringContainer() {
            return try name.map { try other.resolve(type, name: $0) } ?? other.resolve(type)
        }
        let node = try self.node(type, name: name)
        observeResolved([node.component])
        if let typed = node as? Node<T> { return try typed.resolveTop(self) }
        return try resolveTop { ctx in try self.instance(of: node, as: T.self, ctx: ctx) }
    }

    /// Tells the interceptors what a top-level resolve hands out.
    func observeResolved(_ components: some Sequence<NodeRef>) {
        let interceptors = interceptors.withLock { $0 }
        for component in components {
            for interceptor in interceptors { interceptor.didResolve(component.owner.info) }
        }
    }

    /// Tells the interceptors that the dispose hooks of `component` ran.
    func observeDisposed(_ component: ComponentInfo) {
        for interceptor in interceptors.withLock({ $0 }) { interceptor.didDispose(component) }
    }
}

// MARK: Resets and smoke tests (the singleton slots' own operations)

extension Container {
    /// Forgets the instances of the singleton and weak-singleton components `matches` picks,
    /// running the dispose hooks of those this container made; the next request makes new
    /// ones here (also for a component that shared its base's singleton). Returns the
    /// components reset, and the dispose failures.
    package func resetInstances(where matches: (ComponentInfo) -> Bool) -> (reset: [ComponentInfo], failures: [String]) {
        var reset: [ComponentInfo] = []
        var failures: [String] = []
        // A component whose node was never made has no instance to forget.
        for node in madeNodes where node.base == nil && matches(node.info) {
            guard let outcome = node.resetInstance() else { continue }
            reset.append(node.info)
            failures += outcome
        }
        return (reset, failures)
    }

    /// Resolves component `index` of ``definitions`` once, at the top level, in a task scope
    /// of its own (a test checking that every component resolves).
    package func resolveComponent(at index: Int) async throws {
        let node = self.node(at: index).object
        _ = try await withTaskScope {
            try await resolveTopAsync { ctx in try await node.anyInstanceAsync(ctx) }
        }
    }
}
