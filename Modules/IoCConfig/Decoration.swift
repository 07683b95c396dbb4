import IoCCore

// Symfony's `decorates:` (with `decoration_inner_name`, `decoration_priority`,
// `decoration_on_invalid`) as settings of a definition (IoCCore's `DefinitionSetting`), and the
// pass of the build that applies them: a decorator takes the decorated component's name.

/// How a decorator (``Definition/decorates``) takes over the component it decorates (Symfony's
/// `decoration_inner_name`, `decoration_priority`, `decoration_on_invalid`).
public struct Decoration: Sendable, Equatable {
    /// What happens when the decorated component does not exist.
    public enum Missing: String, Sendable, Equatable {
        /// The build reports it (the default).
        case error = "exception"
        /// The decorator is left out, and the name stays free.
        case ignore
        /// The decorator is kept; what it injects as `.inner` is `nil`.
        case null
    }

    /// The name the decorated component is reachable by; `"<decorator>.inner"` when `nil`.
    public var innerName: String?
    /// Among several decorators of one component, the higher the priority, the closer to the
    /// decorated one (applied first); equal priorities in registration order.
    public var priority: Int = 0
    /// What happens when the decorated component does not exist; by default the build reports it.
    public var missing: Missing = .error
    /// Decorate every component with this tag instead of one component (Symfony's
    /// `decorates_tag`): the build makes one decorator for each, named
    /// `"<decorator>.<component>"`, and each wraps its component as `.inner`.
    public var tag: String?

    /// How a decorator takes over its component.
    ///
    /// - Parameters:
    ///   - innerName: The name the decorated component stays reachable by; `"<decorator>.inner"` when `nil`.
    ///   - priority: Among several decorators of one component, the higher, the closer to it.
    ///   - missing: What happens when the decorated component does not exist.
    ///
    /// ```swift
    /// definition.decoration = Decoration(innerName: "mailer.inner", priority: 10)
    /// ```
    public init(innerName: String? = nil, priority: Int = 0, missing: Missing = .error) {
        self.innerName = innerName
        self.priority = priority
        self.missing = missing
    }
}

extension Decoration: DefinitionSetting {
    public static let defaultValue = Decoration()
    public static var preparation: PreparationPass? { Decorators.pass }
}

/// The component a definition decorates, as a module's setting.
enum DecoratedName: DefinitionSetting {
    static let defaultValue: String? = nil
    static var preparation: PreparationPass? { Decorators.pass }
    static func describe(_ value: String?) -> [String] { value.map { ["decorates: \($0)"] } ?? [] }
}

extension Definition {
    /// The component this one decorates (Symfony `decorates`): this definition takes over the
    /// decorated one's name, and the decorated one stays reachable as `"<this name>.inner"`
    /// (`.named(".inner")` inside this definition refers to it). Applied at build, once
    /// placeholders are resolved, before aliases are placed.
    public var decorates: String? {
        get { self[setting: DecoratedName.self] }
        set { self[setting: DecoratedName.self] = newValue }
    }

    /// How this definition decorates ``decorates``: the decorated one's new name, the order
    /// among several decorators, what to do when there is nothing to decorate.
    public var decoration: Decoration {
        get { self[setting: Decoration.self] }
        set { self[setting: Decoration.self] = newValue }
    }
}

/// The pass that applies decorators: once placeholders are resolved (a decorated component
/// left out for a placeholder of its own leaves its decorator out), after resources and
/// conditional settings (which may add tags that a tag's decorator selects).
enum Decorators {
    static let pass = PreparationPass(name: "decorators", stage: .afterPlaceholders, apply)

    /// A decorator of a tag (``Decoration/tag``) as one decorator for each named component with
    /// the tag, in their order: `"<decorator>.<component>"`, decorating it. None when no
    /// component has the tag.
    fileprivate static func decoratorsOfTags(_ definitions: [Definition]) -> [Definition] {
        guard definitions.contains(where: { $0.decoration.tag != nil }) else { return definitions }
        var result: [Definition] = []
        result.reserveCapacity(definitions.count)
        for definition in definitions {
            guard let tag = definition.decoration.tag else { result.append(definition); continue }
            let decorator = definition.name ?? tag + ".decorator"
            for decorated in definitions where decorated.decoration.tag == nil && decorated.tags.contains(tag) {
                guard let name = decorated.name else { continue }
                var copy = definition
                copy.name = decorated.name.map { decorator + "." + $0 }
                copy.aliases = []
                copy.decorates = name
                copy.decoration.tag = nil
                result.append(copy)
            }
        }
        return result
    }

    /// A decorator takes the decorated component's name; the decorated one is renamed
    /// `"<decorator>.inner"`, which `.named(".inner")` inside the decorator refers to.
    static func apply(_ context: inout PreparationContext, _ input: [Definition]) -> [Definition] {
        let definitions = decoratorsOfTags(input)
        guard definitions.contains(where: { $0.decorates != nil }) else { return definitions }
        var result = definitions
        // Higher priorities first (closest to the decorated component), then in order.
        let order = result.indices.filter { result[$0].decorates != nil }
            .sorted { result[$0].decoration.priority != result[$1].decoration.priority
                ? result[$0].decoration.priority > result[$1].decoration.priority : $0 < $1 }
        var dropped: Set<Int> = []
        // The definitions that hold each name, as their name or an alias, kept as names move:
        // the decorated one is found among them, not by reading every definition for every
        // decorator (a chain of 8,000 decorators took 22 seconds).
        var holders: [String: Set<Int>] = [:]
        for index in result.indices {
            if let name = result[index].name { holders[name, default: []].insert(index) }
            for alias in result[index].aliases { holders[alias, default: []].insert(index) }
        }
        for index in order {
            guard let target = result[index].decorates else { continue }
            let decorator = result[index].name ?? target + ".decorator"
            let innerName = result[index].decoration.innerName ?? decorator + ".inner"
            // The component, or the decorator that took its name before this one: the first in order.
            guard let decorated = holders[target, default: []].filter({ !dropped.contains($0) && $0 != index
                && (result[$0].name == target || (result[$0].decorates == nil && result[$0].aliases.contains(target))) }).min()
            else {
                switch result[index].decoration.missing {
                case .ignore:
                    dropped.insert(index)
                case .null:
                    result[index].decorates = nil
                    result[index].aliases.append(target)
                    holders[target, default: []].insert(index)
                    result[index] = renamingInnerReferences(result[index], to: nil)
                case .error where context.isLeftOut(target):
                    // The decorated component is left out for its own problem: its decorator too.
                    dropped.insert(index)
                    context.leaveOut(result[index])
                case .error:
                    let others = result.compactMap(\.name).filter { $0 != result[index].name }
                    context.report(.unknownDecorated(target, by: result[index].label, at: result[index].location,
                                                     suggestions: context.nameSuggestions(for: target, in: others)))
                }
                continue
            }
            if result[decorated].name == target {
                for alias in result[decorated].aliases { holders[alias]?.remove(decorated) }
                result[decorated].name = innerName
                result[decorated].aliases = []
            } else {
                // An earlier decorator: it keeps its own name, and this one wraps it.
                result[decorated].aliases.removeAll { $0 == target }
                result[decorated].aliases.append(innerName)
            }
            holders[target]?.remove(decorated)
            holders[innerName, default: []].insert(decorated)
            result[index].aliases.append(target)
            holders[target, default: []].insert(index)
            result[index].decorates = nil
            result[index] = renamingInnerReferences(result[index], to: innerName)
        }
        return result.indices.filter { !dropped.contains($0) }.map { result[$0] }
    }

    /// `definition` with `.inner` references renamed to `innerName`, or made `nil` without one.
    private static func renamingInnerReferences(_ definition: Definition, to innerName: String?) -> Definition {
        func rename(_ source: InjectionSource) -> InjectionSource {
            switch source {
            case .named(".inner"): return innerName.map { .named($0) } ?? .nilValue
            case .optional(.named(".inner")): return innerName.map { .optional(.named($0)) } ?? .nilValue
            case .optional(let inner): return .optional(rename(inner))
            case .lazy(let inner): return .lazy(rename(inner))
            case .provider(let inner): return .provider(rename(inner))
            case .list(let items): return .list(items.map(rename))
            case .map(let entries): return .map(entries.mapValues(rename))
            default: return source
            }
        }
        var result = definition
        for index in result.construction.arguments.indices {
            result.construction.arguments[index].source = rename(result.construction.arguments[index].source)
        }
        for index in result.properties.indices { result.properties[index].point.source = rename(result.properties[index].point.source) }
        return result
    }
}
