// A build pass that runs only for a test overlay (IoCTesting): an overlay shares its base's
// singletons where its changes leave them alone. It runs on the build's facts, before eager
// singletons are made, so the core owns it; the builder's `sharingBase` asks for it.

extension Compilation {
    /// Points every singleton that does not differ from `base`'s — same definition, same
    /// place, and dependencies that do not differ either — at `base`'s instance, so that an
    /// overlay shares what its changes leave alone. A component whose construction the
    /// container cannot see into (a closure, a strategy) is never shared.
    func shareUnchangedSingletons(with base: Container) {
        var baseSingletons: [NodeIdentity: NodeRef] = [:]
        for index in 0..<base.components.count
            where !base.isExposure(at: index) && base.definition(at: index).scope == .singleton {
            let component = NodeRef(base, index)
            baseSingletons[NodeIdentity(component)] = component
        }
        var memo: [Int: NodeRef?] = [:]
        // Each component after those it builds, so that the memo already answers for them: a
        // long chain is not followed link by link on the call stack.
        for index in state.dependencyOrder { _ = counterpart(of: NodeRef(container, index), in: baseSingletons, &memo) }
        for index in state.facts.indices where !state.facts[index].isExposure {
            guard case .singleton = state.facts[index].storage, let twin = counterpart(of: NodeRef(container, index), in: baseSingletons, &memo)
            else { continue }
            container.node(at: index).object.shareInstances(of: twin.node.object)
        }
    }

    /// The component of `base` that `component` is the same as, or `nil` when it, or anything
    /// it depends on, differs.
    private func counterpart(of component: NodeRef, in baseSingletons: [NodeIdentity: NodeRef],
                             _ memo: inout [Int: NodeRef?]) -> NodeRef? {
        if !isOwn(component) { return component }   // a parent's
        let index = component.index
        if let known = memo[index] { return known }
        memo[index] = .some(nil)   // a cycle through a property is treated as a difference
        var result: NodeRef?
        defer { memo[index] = .some(result) }
        if let exposed = state.facts[index].exposedBase {
            guard let twin = counterpart(of: NodeRef(container, exposed), in: baseSingletons, &memo),
                  let type = component.key.type else { return nil }
            result = twin.container.exposure(of: twin.index, as: ObjectIdentifier(type.metatype))
            return result
        }
        let definition = component.definition
        let mine = container.dependencies(of: index)
        guard !definition.constructsOpaquely, let twin = baseSingletons[NodeIdentity(component)], twin.definition == definition
        else { return nil }
        let theirs = twin.container.dependencies(of: twin.index)
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
