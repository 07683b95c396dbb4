// The build's record of what each component depends on, and the captive check: a
// dependency that lives shorter than the component holding it (a prototype in a singleton,
// say) is reported unless it is reached through a handle or a scoped proxy.

extension Compilation {
    /// How long an instance of `target` lives, for the captive check.
    func lifetime(of target: NodeRef) -> ScopeLifetime {
        guard isOwn(target) else { return target.node.object.lifetime }
        switch state.facts[target.index].storage {
        case .adapter: return state.facts[target.index].exposedBase.map { lifetime(of: component($0)) } ?? .perRequest
        case let storage: return storage.lifetime
        }
    }

    /// Records that `node` builds what `argument` builds, injected at `site`: its direct
    /// dependencies for the graph checks, and a captive dependency (a shorter-lived component
    /// held by a longer-lived one) as a problem. Called as each argument is bound, so that no
    /// list of arguments with their sites is kept per component.
    func depend(_ node: AnyNode, on argument: AnyArgument, at site: SiteInfo) {
        let holder = captiveHolder(node.index, at: site)
        argument.forEachDirectNode { target in record(node.index, dependsOn: target.component, holder: holder, at: site) }
    }

    /// The lifetime a dependency of component `index` injected at `site` must not be shorter
    /// than; `nil` when none can be captive there.
    func captiveHolder(_ index: Int, at site: SiteInfo) -> ScopeLifetime? {
        guard !allowsCaptiveDependencies, site.point.isHeld else { return nil }
        let holder = lifetime(of: component(index))
        return holder > .perRequest ? holder : nil
    }

    func record(_ index: Int, dependsOn target: NodeRef, holder: ScopeLifetime?, at site: SiteInfo) {
        state.facts[index].dependencies.append(target)
        guard let holder else { return }
        let own = isOwn(target)
        let targetNode = own ? nil : target.node.object
        if own ? state.facts[target.index].isScopedProxy : targetNode?.isScopedProxy == true { return }
        // An exposure holds its base.
        let base = own ? state.facts[target.index].exposedBase.map(component) : targetNode?.base?.component
        let held = base ?? target
        let isInner = isOwn(held) ? state.facts[held.index].isInner : held.node.object.isInner
        // An inner (anonymous) prototype is made for its holder alone: nothing else can share it.
        let heldLifetime = lifetime(of: held)
        guard heldLifetime < holder, !(isInner && heldLifetime == .perRequest) else { return }
        state.captives[index, default: []].append(
            IoCError(.captiveDependency(holder: label(index), holderScope: container.definition(at: index).scope, dependency: held.label,
                                        dependencyScope: held.definition.scope, site: site.site)))
    }

    /// Reports the captive dependencies found while binding, after the graph checks, in the
    /// order of the components.
    func reportCaptiveDependencies() {
        guard !state.captives.isEmpty else { return }
        for index in state.facts.indices { state.problems += state.captives[index] ?? [] }
    }
}
