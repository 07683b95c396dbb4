import IoCCore

// A child definition and its parent (Spring's `parent="…"`, Symfony's `parent:`): a setting of
// the child, and the pass that merges each child with its parents once overrides are applied.

/// The definition a child takes what it does not state from (``Definition/parent``).
enum ParentName: DefinitionSetting {
    static let defaultValue: String? = nil
    static var preparation: PreparationPass? { Inheritance.pass }
    static func describe(_ value: String?) -> [String] { value.map { ["parent: \($0)"] } ?? [] }
}

extension Definition {
    /// The name of the definition this one takes what it does not state from (Spring's
    /// `parent="…"`, Symfony's `parent:`): its type, construction, scope, properties, calls and
    /// tags, each unless this one states its own. Merged once overrides are applied, so a child
    /// takes the parent that wins its name.
    public var parent: String? {
        get { self[setting: ParentName.self] }
        set { self[setting: ParentName.self] = newValue }
    }
}

/// The switches a child definition takes from its parent because it does not state them
/// (``Definition/takesFromParent``). Symfony's children take `public` and `autowire` from their
/// parent, over the file's `_defaults`; Spring's and code's take neither.
public struct ParentSwitches: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// ``IoCCore/Definition/isPublic``.
    public static let isPublic = ParentSwitches(rawValue: 1)
    /// ``IoCCore/Definition/autowires``.
    public static let autowires = ParentSwitches(rawValue: 2)
}

enum ParentSwitchesSetting: DefinitionSetting {
    static let defaultValue: ParentSwitches = []
    static func describe(_ value: ParentSwitches) -> [String] {
        [value.contains(.isPublic) ? "public" : nil, value.contains(.autowires) ? "autowire" : nil].compactMap { $0 }.map { "takes \($0) from its parent" }
    }
}

extension Definition {
    /// The switches this child takes from its parent, which it does not state itself
    /// (Symfony's `public` and `autowire`); applied when it is merged with its parent.
    public var takesFromParent: ParentSwitches {
        get { self[setting: ParentSwitchesSetting.self] }
        set { self[setting: ParentSwitchesSetting.self] = newValue }
    }
}

extension ContainerBuilder {
    /// The definitions as their files wrote them, children merged with their parents: the
    /// active profiles' definitions, abstract ones kept, placeholders, decorators and aliases
    /// left as written. What the fidelity tests compare with Symfony's and Spring's own reading
    /// of the same files, which resolve nothing more before compiling.
    package func mergedAsWritten() -> (definitions: [Definition], problems: [IoCError]) {
        var context = PreparationContext(self)
        var inheritance = Inheritance()
        let merged = inheritance.merge(definitions.filter(context.isActive), keepingAbstract: true, &context)
        return (merged, reportedProblems + context.problems)
    }
}

/// The pass that merges children with their parents, abstract ones left out: first of the
/// last stage, so that the passes after it see each child whole.
struct Inheritance {
    static let pass = PreparationPass(name: "parents", stage: .afterOverrides, order: -1) { context, definitions in
        var inheritance = Inheritance()
        return inheritance.merge(definitions, keepingAbstract: false, &context)
    }

    /// Circles of parents reported, each once (by its members from the least).
    private var reportedCycles: Set<[String]> = []
    /// The settings children have copied from their parents so far, held to the builder's
    /// `maxInheritedSettings`.
    private var inheritedSettings = 0
    private var reportedLimit = false

    /// Children merged with their parents; abstract definitions left out.
    mutating func merge(_ definitions: [Definition], keepingAbstract: Bool, _ context: inout PreparationContext) -> [Definition] {
        guard definitions.contains(where: { $0.parent != nil || $0.isAbstract }) else { return definitions }
        // The last definition of a name wins, as overrides will decide.
        var byName: [String: Int] = [:]
        for (index, definition) in definitions.enumerated() { if let name = definition.name { byName[name] = index } }
        var merged: [String: Definition] = [:]
        var failed: Set<String> = []
        var result: [Definition] = []
        for (index, definition) in definitions.enumerated() {
            // The definition a name reaches is remembered once merged, whether a child reached
            // it first or it comes first itself.
            let key = definition.name.flatMap { byName[$0] == index ? $0 : nil }
            if let key, let done = merged[key] {
                if keepingAbstract || !done.isAbstract { result.append(done) }
                continue
            }
            if let key, failed.contains(key) { continue }   // reported when a child reached it
            guard let complete = resolveParent(of: definition, reachedAs: key, definitions, byName, &merged, &failed, &context) else { continue }
            if keepingAbstract || !complete.isAbstract { result.append(complete) }
        }
        return result
    }

    /// `definition` merged with its parents; `nil` when its chain has a problem (reported).
    /// It walks up the chain to a parent merged already (`merged`, by name) or to one without a
    /// parent, then merges down, remembering each parent it merges; a chain that fails is
    /// remembered too (`failed`). A loop, not a call per link: a chain of parents may be as
    /// long as a file is, and a call per link ran out of stack.
    private mutating func resolveParent(of definition: Definition, reachedAs name: String?, _ definitions: [Definition],
                                        _ byName: [String: Int], _ merged: inout [String: Definition],
                                        _ failed: inout Set<String>, _ context: inout PreparationContext) -> Definition? {
        guard definition.parent != nil else { return definition }
        // The definitions waiting for their parents, the one asked for first, each with the
        // name that reaches it (none for a definition a later one of its name replaces); their
        // names, for circles.
        var waiting: [(definition: Definition, key: String?)] = []
        var visiting: [String] = []
        var onChain: Set<String> = []
        var current = (definition: definition, key: name)
        var complete: Definition
        func fail(_ failed: inout Set<String>) -> Definition? {
            failed.formUnion(waiting.compactMap(\.key))
            return nil
        }
        while true {
            guard let parentName = current.definition.parent else { complete = current.definition; break }
            let own = current.definition.name ?? current.definition.label
            if onChain.contains(own), let start = visiting.firstIndex(of: own) {
                // Each circle once, however many of its members lead into it.
                let members = Array(visiting[start...])
                let rotation = members.indices.min { members[$0] < members[$1] } ?? 0
                if reportedCycles.insert(Array(members[rotation...] + members[..<rotation])).inserted {
                    context.report(.parentCycle(visiting + [own], at: current.definition.location))
                }
                return fail(&failed)
            }
            waiting.append(current)
            visiting.append(own)
            onChain.insert(own)
            guard !failed.contains(parentName) else { return fail(&failed) }
            guard let parent = byName[parentName].map({ definitions[$0] }) else {
                // A parent left out for its own problem leaves its children out, without a word.
                if context.isLeftOut(parentName) {
                    for link in waiting { context.leaveOut(link.definition) }
                    return fail(&failed)
                }
                context.report(.unknownParent(parentName, of: current.definition.label, at: current.definition.location,
                                              suggestions: context.nameSuggestions(for: parentName, in: byName.keys.filter { $0 != own })))
                return fail(&failed)
            }
            if let done = merged[parentName] { complete = done; break }
            current = (parent, parentName)
        }
        while let (child, key) = waiting.popLast() {
            let copied = complete.properties.count + complete.construction.arguments.count + complete.methodCalls.count + complete.tagEntries.count
            inheritedSettings += copied
            guard inheritedSettings <= context.maxInheritedSettings else {
                // Once: the children after it are left unmerged, not each reported.
                if !reportedLimit {
                    reportedLimit = true
                    context.report(IoCError(.invalidDefinition(
                        component: child.label,
                        reason: "children copy more settings from their parents than one build allows (\(context.maxInheritedSettings) properties, arguments, calls and tags in all), and the build stopped merging here. A long chain of parents, or many children of a parent with many settings, copies this much; make the chain shorter or the parent smaller.",
                        location: child.location)))
                }
                waiting.append((child, key))
                return fail(&failed)
            }
            do {
                complete = try Self.merge(child: child, parent: complete)
            } catch {
                context.report(error)
                waiting.append((child, key))
                return fail(&failed)
            }
            if let key { merged[key] = complete }
        }
        return complete
    }

    /// A parent's collection with a child's added (Spring's `merge="true"`): lists append,
    /// maps take the child's entry for a key both have; `nil` when either is no collection.
    static func merged(_ parent: InjectionSource, with child: InjectionSource) -> InjectionSource? {
        switch (parent, child) {
        case (.config(let first), .config(let second)):
            switch (first.kind, second.kind) {
            case (.list(let a), .list(let b)): return .config(ConfigValue(.list(a + b), at: second.location))
            case (.map(let a), .map(let b)):
                let replaced = Set(b.map(\.key))
                return .config(ConfigValue(.map(a.filter { !replaced.contains($0.key) } + b), at: second.location))
            default: return nil
            }
        default:
            if let a = listItems(parent), let b = listItems(child) { return .list(a + b) }
            if let a = mapEntries(parent), let b = mapEntries(child) { return .map(a.merging(b) { $1 }) }
            return nil
        }
    }

    private static func listItems(_ source: InjectionSource) -> [InjectionSource]? {
        switch source {
        case .list(let items): return items
        case .config(let value):
            guard case .list(let values) = value.kind else { return nil }
            return values.map { .config($0) }
        default: return nil
        }
    }

    private static func mapEntries(_ source: InjectionSource) -> [String: InjectionSource]? {
        switch source {
        case .map(let entries): return entries
        case .config(let value):
            guard case .map(let pairs) = value.kind else { return nil }
            return Dictionary(pairs.map { ($0.key, InjectionSource.config($0.value)) }, uniquingKeysWith: { $1 })
        default: return nil
        }
    }

    /// The child, with what it does not state taken from its parent.
    static func merge(child: Definition, parent: Definition) throws(IoCError) -> Definition {
        var result = child
        result.parent = nil
        // Merged, its arguments are whole: how its file placed them against the parent's is spent.
        result.stated.remove(.appendsArguments)
        if child.type == nil && child.typeName == nil {
            result.type = parent.type
            result.typeName = parent.typeName
            result.typeNameLocation = parent.typeNameLocation
        }
        if child.construction.kind == .inherited {
            result.construction = parent.construction
        } else if child.type == nil, child.typeName == nil, parent.isBound, !child.isBound {
            // A parent registered in code: its compiled construction, with the child's arguments.
            result.construction = try construction(of: child, withSourcesFor: parent)
        } else if case .initializer(let signature) = child.construction.kind, !child.isBound,
                  Self.takesArguments(parent.construction.kind) {
            // Stated arguments replace the parent's with the same label (or position).
            var arguments = parent.construction.arguments.map(\.unbound)
            var labels = FirstPlaces<String>()
            let appends = child.stated.contains(.appendsArguments)
            for (position, argument) in child.construction.arguments.enumerated() {
                if let label = argument.label, let index = Self.replacedIndex(label) {
                    // Spring's `index` one past the parent's arguments adds one; Symfony's
                    // `index_N` only replaces.
                    if !appends, index == arguments.count {
                        arguments.append(InjectionPoint(label: nil, source: argument.source, location: argument.location))
                        continue
                    }
                    guard arguments.indices.contains(index) else {
                        let fix = appends ? "Give it as a named argument ($name), or add it to the parent." : "Give index \(arguments.count) too, or name the argument (name=\"label\")."
                        throw IoCError(.invalidDefinition(component: child.label, reason: "argument \(label) replaces the parent's argument \(index), but \(parent.label) has \(arguments.count) argument(s). \(fix)", location: argument.location ?? child.location))
                    }
                    arguments[index] = InjectionPoint(label: arguments[index].label, source: argument.source, location: argument.location)
                } else if let label = argument.label, let index = labels.place(of: label, in: arguments, keyOf: \.label) {
                    arguments[index] = argument
                } else if !appends, argument.label == nil, position < arguments.count, arguments[position].label == nil {
                    arguments[position] = argument
                } else {
                    labels.appended(argument.label, at: arguments.count)
                    arguments.append(argument)
                }
            }
            // A child that gives only arguments keeps how its parent is made: its initializer,
            // static factory or factory service (Symfony and Spring alike).
            switch (signature, parent.construction.kind) {
            case (nil, let kind): result.construction = Construction(kind: kind, arguments: arguments, factory: parent.construction.factory)
            case (let signature, _): result.construction = Construction(kind: .initializer(signature), arguments: arguments)
            }
        }
        var properties = parent.properties
        var names = FirstPlaces<String>()
        for property in child.properties {
            guard let index = names.place(of: property.name, in: properties, keyOf: { $0.name }) else {
                names.appended(property.name, at: properties.count)
                properties.append(property)
                continue
            }
            var own = property
            if property.mergesWithParent, let combined = Self.merged(properties[index].source, with: property.source) {
                own.point.source = combined
                own.mergesWithParent = false
            }
            properties[index] = own
        }
        result.properties = properties
        result.methodCalls = parent.methodCalls + child.methodCalls
        let childHookKinds = Set(child.hooks.map(\.kind))
        result.hooks = parent.hooks.filter { !childHookKinds.contains($0.kind) } + child.hooks
        if !child.stated.contains(.scope) { result.scope = parent.scope }
        // Laziness and eagerness are one choice: a child that states either one overrides both.
        let childChoosesStart = child.stated.contains(.lazy) || child.stated.contains(.eager)
        if !childChoosesStart { result.isLazy = parent.isLazy; result.isEager = parent.isEager }
        // Only singletons are made at build: an eager child that takes a narrower scope from
        // its parent (a Spring child of a prototype) is made when asked.
        if !child.stated.contains(.scope), result.isEager, result.scope != .singleton { result.isEager = false }
        if !child.stated.contains(.primary) { result.isPrimary = parent.isPrimary }
        if !child.stated.contains(.tags), !parent.tagEntries.isEmpty {
            // The parent's tags, then the child's others; a tag both have keeps the child's
            // entries, with the parent's attributes where the child's first entry has none.
            result.tagEntries = parent.tags.adding(child.tags).flatMap { tag -> [TagEntry] in
                var entries = child.tagEntries.filter { $0.name == tag }
                if entries.isEmpty { entries = [TagEntry(tag)] }
                if entries[0].attributes.isEmpty { entries[0].attributes = parent.tagEntries.first { $0.name == tag }?.attributes ?? [:] }
                return entries
            }
        }
        result.exposedAs = parent.exposedAs.adding(child.exposedAs)
        if result.strategy == nil { result.strategy = parent.strategy }
        let switches = child.takesFromParent
        if switches.contains(.isPublic) { result.isPublic = parent.isPublic }
        if switches.contains(.autowires) { result.autowires = parent.autowires }
        result.takesFromParent = []
        // Modules' settings: what each says a child takes (by default, nothing).
        result.inheritSettings(of: parent)
        // The parent's construction or steps may be main-actor code.
        if parent.isMainActor { result.isMainActor = true }
        return result
    }

    /// N for a child's argument labelled `index_N` (Symfony's `index_N`, Spring's `index`):
    /// it replaces its parent's argument N.
    private static func replacedIndex(_ label: String) -> Int? {
        label.hasPrefix("index_") ? Int(label.dropFirst("index_".count)) : nil
    }

    /// Whether a child's arguments merge into a parent made this way: by a function of its
    /// arguments (an initializer, a static factory or another component's method).
    private static func takesArguments(_ kind: Construction.Kind) -> Bool {
        switch kind {
        case .initializer, .staticFactory, .factoryMethod: return true
        default: return false
        }
    }

    /// The parent's compiled initializer, registered in code, with the child's arguments as
    /// the sources of its parameters, by position: code gives the container the parameters'
    /// types, not their names.
    private static func construction(of child: Definition, withSourcesFor parent: Definition) throws(IoCError) -> Construction {
        var construction = parent.construction
        guard case .initializer = child.construction.kind else {
            throw IoCError(.invalidDefinition(
                component: child.label,
                reason: "it is made by \(child.construction.kind), but its parent \(parent.label) is registered in code, which the container makes only as the code says. Leave the construction out, or give the definition a type of its own",
                location: child.location))
        }
        let given = child.construction.arguments
        guard !given.isEmpty else { return construction }
        guard case .initializer = construction.kind else {
            throw IoCError(.invalidDefinition(
                component: child.label,
                reason: "it gives initializer arguments, but its parent \(parent.label) is made in code by \(construction.kind), which takes none from config. Leave the arguments out, or register the parent with its initializer",
                location: given[0].location ?? child.location))
        }
        let count = construction.arguments.count
        for (place, argument) in given.enumerated() {
            let location = argument.location ?? child.location
            var position = place
            if let index = argument.label.flatMap(Self.replacedIndex) {
                position = index
            } else if let label = argument.label {
                throw IoCError(.invalidDefinition(
                    component: child.label,
                    reason: "its argument '\(label)' cannot be matched by name: its parent \(parent.label) is registered in code, whose initializer's parameter names the container does not know. Give the arguments by position (index) instead",
                    location: location))
            }
            guard position < count else {
                throw IoCError(.invalidDefinition(
                    component: child.label,
                    reason: "it gives \(given.count) arguments, but the initializer of its parent \(parent.label), registered in code, takes \(count)",
                    location: location))
            }
            construction.arguments[position].source = argument.source
            construction.arguments[position].location = argument.location
        }
        return construction
    }
}

private extension InjectionPoint {
    /// The point without its typed half, for rebinding through the catalog.
    var unbound: InjectionPoint { InjectionPoint(label: label, source: source, location: location) }
}
