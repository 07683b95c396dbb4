import Synchronization

// What IoCTesting needs from the core, at `package` level so apps never see it: overlays
// installed per task, observation, sharing a base container's singletons, and resets.
// A container nobody overlays or observes pays one relaxed atomic load per resolve.

/// What a container tells its observer.
package enum ObservedEvent: Sendable {
    /// An instance was made (after injection, hooks and post-processors).
    case created
    /// A top-level resolve handed the component out.
    case resolved
    /// The component's dispose hooks ran for one instance.
    case disposed
}

/// Receives a container's events, from any thread.
package typealias ContainerObserver = @Sendable (ObservedEvent, ComponentInfo) -> Void

/// The overlays installed in the current task: each redirects the top-level resolves of its
/// base container to itself.
package final class OverlayInstallation: Sendable {
    @TaskLocal package static var current: OverlayInstallation?

    let base: ObjectIdentifier
    let overlay: Container
    let next: OverlayInstallation?

    init(base: Container, overlay: Container, next: OverlayInstallation?) {
        self.base = ObjectIdentifier(base)
        self.overlay = overlay
        self.next = next
    }

    func overlay(for container: Container) -> Container? {
        var link: OverlayInstallation? = self
        while let current = link {
            if current.base == ObjectIdentifier(container) { return current.overlay }
            link = current.next
        }
        return nil
    }
}

extension Container {
    @inlinable var isHooked: Bool { hooks.load(ordering: .relaxed) != 0 }

    /// The overlay a test installed for this container in the current task, if any.
    @usableFromInline func installedOverlay() -> Container? {
        OverlayInstallation.current?.overlay(for: self)
    }

    /// `resolve` when a test overlays or observes this container.
    @usableFromInline func hookedResolve<T>(_ type: T.Type, name: String?) throws -> T {
        if let overlay = installedOverlay() {
            return try name.map { try overlay.resolve(type, name: $0) } ?? overlay.resolve(type)
        }
        let node = try self.node(type, name: name)
        observeResolved([node.component])
        if let typed = node as? Node<T> { return try typed.resolveTop(self) }
        return try resolveTop { ctx in try self.instance(of: node, as: T.self, ctx: ctx) }
    }

    func observeResolved(_ components: some Sequence<NodeRef>) {
        guard let observer else { return }
        for component in components { observer(.resolved, component.owner.info) }
    }

    /// Runs `body` with `overlay` answering, in this task and the tasks it starts, every
    /// top-level resolve made on this container.
    package func withInstalled<R>(_ overlay: Container, _ body: () throws -> R) rethrows -> R {
        precondition(overlay !== self, "a container cannot overlay itself")
        hooks.add(1, ordering: .relaxed)
        defer { hooks.subtract(1, ordering: .relaxed) }
        let link = OverlayInstallation(base: self, overlay: overlay, next: OverlayInstallation.current)
        return try OverlayInstallation.$current.withValue(link) { try body() }
    }

    /// The `async` form of ``withInstalled(_:_:)``.
    package func withInstalled<R>(_ overlay: Container, isolation: isolated (any Actor)? = #isolation,
                                  _ body: () async throws -> R) async rethrows -> R {
        precondition(overlay !== self, "a container cannot overlay itself")
        hooks.add(1, ordering: .relaxed)
        defer { hooks.subtract(1, ordering: .relaxed) }
        let link = OverlayInstallation(base: self, overlay: overlay, next: OverlayInstallation.current)
        return try await OverlayInstallation.$current.withValue(link) { try await body() }
    }

    /// The components built from this container's own definitions (not exposures, inner
    /// definitions or a parent's), in definition order.
    package var ownComponents: [ComponentInfo] {
        definitions.map(ComponentInfo.init(definition:))
    }

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

    /// Resolves every component once, each in its own top-level resolve and task scope;
    /// returns the failures. Components made with runtime arguments are not included.
    package func resolveEachComponent() async -> [(component: ComponentInfo, error: any Error)] {
        var failures: [(ComponentInfo, any Error)] = []
        for index in definitions.indices {
            let node = self.node(at: index).takeUnretainedValue()
            do {
                _ = try await withTaskScope {
                    try await resolveTopAsync { ctx in try await node.anyInstanceAsync(ctx) }
                }
            } catch {
                failures.append((node.info, error))
            }
        }
        return failures
    }
}

extension Compilation {
    /// Points every singleton that does not differ from `base`'s — same definition, same
    /// place, and dependencies that do not differ either — at `base`'s instance, so that an
    /// overlay shares what its changes leave alone. A component whose construction the
    /// container cannot see into (a closure, a strategy) is never shared.
    func shareUnchangedSingletons(with base: Container) {
        var baseSingletons: [NodeIdentity: NodeRef] = [:]
        for index in 0..<(base.definitions.count + base.extraOrigins.count)
            where !base.isExposure(at: index) && base.definition(at: index).scope == .singleton {
            let component = NodeRef(base, index)
            baseSingletons[NodeIdentity(component)] = component
        }
        var memo: [Int: NodeRef?] = [:]
        // Each component after those it builds, so that the memo already answers for them: a
        // long chain is not followed link by link on the call stack.
        for index in dependencyOrder { _ = counterpart(of: NodeRef(container, index), in: baseSingletons, &memo) }
        for index in facts.indices where !facts[index].isExposure {
            guard case .singleton = facts[index].storage, let twin = counterpart(of: NodeRef(container, index), in: baseSingletons, &memo)
            else { continue }
            container.node(at: index).takeUnretainedValue().shareInstances(of: twin.node.takeUnretainedValue())
        }
    }

    /// The component of `base` that `component` is the same as, or `nil` when it, or anything
    /// it depends on, differs.
    private func counterpart(of component: NodeRef, in baseSingletons: [NodeIdentity: NodeRef],
                             _ memo: inout [Int: NodeRef?]) -> NodeRef? {
        if component.container !== container { return component }   // a parent's
        let index = component.index
        if let known = memo[index] { return known }
        memo[index] = .some(nil)   // a cycle through a property is treated as a difference
        var result: NodeRef?
        defer { memo[index] = .some(result) }
        if let exposed = facts[index].exposedBase {
            guard let twin = counterpart(of: NodeRef(container, exposed), in: baseSingletons, &memo),
                  let type = component.key.type else { return nil }
            result = twin.node.takeUnretainedValue().adapters[ObjectIdentifier(type.metatype)]?.component
            return result
        }
        let definition = component.definition
        let mine = container.dependencies[index]
        guard !definition.constructsOpaquely, let twin = baseSingletons[NodeIdentity(component)], twin.definition == definition
        else { return nil }
        let theirs = twin.container.dependencies[twin.index]
        guard mine.count == theirs.count else { return nil }
        for (own, other) in zip(mine, theirs) {
            guard let same = counterpart(of: own, in: baseSingletons, &memo), same.isSame(as: other) else { return nil }
        }
        result = twin
        return result
    }
}

/// A component's key and the place it was defined: what tells a base's component for an overlay's.
struct NodeIdentity: Hashable {
    let key: ComponentKey
    let location: ConfigLocation
    init(_ component: NodeRef) {
        key = component.key
        location = component.location
    }
}

// MARK: Looking up what an overlay changes

extension Container {
    /// The definition of the component `name` reaches (by name or alias), as built.
    package func definition(named name: String) -> Definition? {
        component(named: name)?.definition
    }

    /// The definitions of the components registered as, or exposed as, `type`.
    package func definitions(ofType type: Any.Type) -> [Definition] {
        (candidatesByType[ObjectIdentifier(type)] ?? ComponentList(self)).map(\.definition)
    }

    /// The definition of the component a resolve of `type` reaches — the only candidate, the
    /// primary one, or the one without a name — or `nil` when there is none or no such choice.
    package func chosenDefinition(ofType type: Any.Type) -> Definition? {
        candidatesByType[ObjectIdentifier(type)].flatMap(Compilation.choose)?.definition
    }

    /// The definitions of the components tagged `tag`.
    package func definitions(tagged tag: String) -> [Definition] {
        (tagTable[tag] ?? ComponentList(self)).map(\.definition)
    }

}

extension PropertyInjection {
    /// The same property, set from `source` (an overlay's property value).
    package mutating func setSource(_ source: InjectionSource) { point.source = source }
}
