// Which of a set of components depend on which others, for a front end that runs them in
// dependency order (IoCServiceLifecycle's services), at `package` level.

/// One of the components a front end runs together, with those of them it depends on.
package struct MemberComponent: Sendable {
    /// The container that holds it: the one asked, or one of its parents.
    let container: Container
    /// Its number in `container` (never an exposure's: the component it exposes).
    let index: Int
    /// What it is: key, scope, tags, location.
    package let info: ComponentInfo
    /// The positions, in the list it came in, of the members it depends on: directly, or
    /// through components that are not members (what binding recorded: arguments, properties,
    /// method calls, collections, `depends-on`; not what a closure or a `Provider` resolves
    /// later). Ascending, without itself.
    package let dependsOn: [Int]
}

extension Container {
    /// The components registered or exposed as `type` (the catalog's conformances among them),
    /// and those tagged `tag`, once each, in registration order (a parent's first); each with the
    /// members it depends on (``MemberComponent/dependsOn``).
    package func members(of type: Any.Type, orTagged tag: String) -> [MemberComponent] {
        var seen: Set<ComponentIdentity> = []
        let found = (Array(members(of: type, tagged: nil)) + Array(members(of: type, tagged: tag))).map(\.owner)
        let refs = found.filter { seen.insert(ComponentIdentity($0)).inserted }.sorted { first, second in
            first.container === second.container ? first.index < second.index : Self.isAncestor(first.container, of: second.container)
        }
        let positions = Dictionary(uniqueKeysWithValues: refs.enumerated().map { (ComponentIdentity($1), $0) })
        return refs.enumerated().map { position, ref in
            MemberComponent(container: ref.container, index: ref.index, info: ref.info,
                            dependsOn: Self.membersReached(from: ref, positions: positions, skipping: position))
        }
    }

    /// Whether `ancestor` is a parent of `container`, or a parent's parent...
    private static func isAncestor(_ ancestor: Container, of container: Container) -> Bool {
        var current = container.parent
        while let parent = current {
            if parent === ancestor { return true }
            current = parent.parent
        }
        return false
    }

    /// The positions of the members `positions` numbers that `start` reaches through its
    /// dependencies, stopping at each member found.
    private static func membersReached(from start: NodeRef, positions: [ComponentIdentity: Int], skipping own: Int) -> [Int] {
        var seen: Set<ComponentIdentity> = [ComponentIdentity(start)]
        var stack = [start]
        var found: Set<Int> = []
        while let ref = stack.popLast() {
            for target in ref.container.dependencies(of: ref.index) {
                let owner = target.owner
                guard seen.insert(ComponentIdentity(owner)).inserted else { continue }
                if let position = positions[ComponentIdentity(owner)], position != own {
                    found.insert(position)
                } else {
                    stack.append(owner)
                }
            }
        }
        return found.sorted()
    }

    /// The instance of `member`, as `type`, made as `resolve(_:) async` makes a component.
    ///
    /// - Throws: What making it throws; ``IoCError/Kind/typeMismatch`` when its instance is not a `T`.
    package func instance<T>(of member: MemberComponent, as type: T.Type) async throws -> T {
        let owner = member.container
        let node = NodeRef(owner, member.index).node.object
        return try await owner.resolveTopAsync { ctx in try await owner.instanceAsync(of: node, as: type, ctx: ctx) }
    }
}

/// A component by container and number, hashable.
private struct ComponentIdentity: Hashable {
    let container: ObjectIdentifier
    let index: Int

    init(_ ref: NodeRef) {
        container = ObjectIdentifier(ref.container)
        index = ref.index
    }
}
