import Synchronization

// A definition is plain data: what a component is called, what it builds, how long it lives,
// where each dependency comes from. The Swift code a registration gives — the initializer or
// factory, a property's setter, a method call, a hook's body, an exposure's conversion — is not
// data, and lives apart, in the code table of the builder that registered it (``CodeTable``).
// A definition names each piece by a ``CodeRef``: which table, which entry. A definition moved to
// another builder moves with its code as a ``Component``; the build reports one whose code stayed
// behind.

/// Names one piece of Swift code in a ``CodeTable``: the table and the entry. Plain data, left
/// out of a definition's equality and canonical form, as the code it names is.
@usableFromInline
struct CodeRef: Hashable, Sendable {
    @usableFromInline let table: UInt32
    @usableFromInline let index: UInt32

    @usableFromInline
    init(table: UInt32, index: Int) {
        self.table = table
        self.index = UInt32(truncatingIfNeeded: index)
    }

    /// No code: what a piece that config wrote names until binding gives it code. No table
    /// has number 0, so no table finds it.
    @usableFromInline static let none = CodeRef(table: 0, index: 0)

    /// Whether it names no code.
    @usableFromInline var isNone: Bool { table == 0 }
}

/// The Swift code that one builder's registrations gave (or one build's binding added), by
/// kind, while it is added to; a ``CodeRef`` names an entry. A table may extend frozen ones (a
/// build's extends its builder's; an overlay's builder, its base container's): what it does not
/// hold itself, they may. Lookups go through the table frozen (``frozen()``), which containers keep.
@usableFromInline
struct CodeTable: Sendable {
    private static let lastID = Atomic<UInt32>(0)

    /// The table's own number, which its refs carry; unique in the process.
    let id: UInt32
    private(set) var recipes: [RecipeBox] = []
    private(set) var setters: [any PropertySetting] = []
    private(set) var invokers: [any MethodInvoking] = []
    private(set) var hooks: [any HookBody] = []
    private(set) var adapters: [AdapterBox] = []
    private(set) var strategies: [any ConstructionStrategy] = []
    /// The frozen tables this one extends, and the ones they extend, in one list.
    let extended: [FrozenCode]

    /// A table with no entries, extending `tables`.
    init(extending tables: [FrozenCode] = []) {
        // Numbers come back only after 2^32 tables (a builder and each build make one); 0 is
        // never one, so that ``CodeRef/none`` names nothing.
        var id = Self.lastID.add(1, ordering: .relaxed).newValue
        if id == 0 { id = Self.lastID.add(1, ordering: .relaxed).newValue }
        self.id = id
        extended = tables + tables.flatMap(\.extended)
    }

    /// The table as it is now, for the containers and builds that read it: what is added to
    /// this one later is not in it.
    func frozen() -> FrozenCode { FrozenCode(self) }

    /// Whether `ref` names an entry of this table or of one it extends.
    func reaches(_ ref: CodeRef) -> Bool { ref.table == id || extended.contains { $0.id == ref.table } }

    @usableFromInline
    mutating func add(_ recipe: RecipeBox) -> CodeRef {
        recipes.append(recipe)
        return CodeRef(table: id, index: recipes.count - 1)
    }

    mutating func add(_ setter: any PropertySetting) -> CodeRef {
        setters.append(setter)
        return CodeRef(table: id, index: setters.count - 1)
    }

    mutating func add(_ invoker: any MethodInvoking) -> CodeRef {
        invokers.append(invoker)
        return CodeRef(table: id, index: invokers.count - 1)
    }

    mutating func add(_ hook: any HookBody) -> CodeRef {
        hooks.append(hook)
        return CodeRef(table: id, index: hooks.count - 1)
    }

    mutating func add(_ adapter: AdapterBox) -> CodeRef {
        adapters.append(adapter)
        return CodeRef(table: id, index: adapters.count - 1)
    }

    @usableFromInline
    mutating func add(_ strategy: any ConstructionStrategy) -> CodeRef {
        strategies.append(strategy)
        return CodeRef(table: id, index: strategies.count - 1)
    }
}

/// A ``CodeTable`` as it was when frozen: what a container, a build's checks and a component
/// read code from. Nothing changes it, so threads share it.
// NB: an object whose lists are constants, so that a lookup reads one list, where reading
// a table kept as a value copied all of it first (seven counted references): `profile
// register` +35%, `first-resolve` +28% (docs/Performance.md, "A plain-data Definition").
final class FrozenCode: Sendable {
    let id: UInt32
    private let recipes: [RecipeBox]
    private let setters: [any PropertySetting]
    private let invokers: [any MethodInvoking]
    private let hooks: [any HookBody]
    private let adapters: [AdapterBox]
    private let strategies: [any ConstructionStrategy]
    let extended: [FrozenCode]

    init(_ table: CodeTable) {
        id = table.id
        recipes = table.recipes
        setters = table.setters
        invokers = table.invokers
        hooks = table.hooks
        adapters = table.adapters
        strategies = table.strategies
        extended = table.extended
    }

    /// The table, this one or one it extends, whose entries `ref` names.
    @inline(__always)
    private func owner(of ref: CodeRef) -> FrozenCode? {
        if ref.table == id { return self }
        for table in extended where table.id == ref.table { return table }
        return nil
    }

    func recipe(_ ref: CodeRef) -> RecipeBox? { owner(of: ref).flatMap { $0.recipes.entry(ref) } }
    func setter(_ ref: CodeRef) -> (any PropertySetting)? { owner(of: ref).flatMap { $0.setters.entry(ref) } }
    func invoker(_ ref: CodeRef) -> (any MethodInvoking)? { owner(of: ref).flatMap { $0.invokers.entry(ref) } }
    func hook(_ ref: CodeRef) -> (any HookBody)? { owner(of: ref).flatMap { $0.hooks.entry(ref) } }
    func adapter(_ ref: CodeRef) -> AdapterBox? { owner(of: ref).flatMap { $0.adapters.entry(ref) } }
    func strategy(_ ref: CodeRef) -> (any ConstructionStrategy)? { owner(of: ref).flatMap { $0.strategies.entry(ref) } }

    /// Whether `ref` names an entry of this table or of one it extends.
    func reaches(_ ref: CodeRef) -> Bool { owner(of: ref) != nil }
}

extension Array {
    /// The element a code ref's index names, if the list has it.
    fileprivate func entry(_ ref: CodeRef) -> Element? { Int(ref.index) < count ? self[Int(ref.index)] : nil }
}

/// A definition with the Swift code its registration gave: what moves a code registration to
/// another builder. A definition alone is plain data; the builder that registered it keeps its
/// code (``CodeTable``).
///
/// ```swift
/// let shared = ContainerBuilder()
/// let clock = shared.register(SystemClock.init).singleton()
/// let builder = ContainerBuilder()
/// builder.add(clock.component)
/// ```
public struct Component: Sendable {
    /// What the component is; change it as any definition (its code stays the same).
    public var definition: Definition
    /// The table its code refs name, as it was when the component was taken.
    let code: FrozenCode
}

/// The kinds of code a definition names.
enum CodeKind {
    case recipe, setter, invoker, hook, adapter, strategy
}

extension Definition {
    /// Calls `body` with each piece of code the definition names, and those of the inner
    /// definitions in its sources.
    // NB: read in place, by index, and a source looked into only when it may hold an inner
    // definition: the build asks this of every definition (``FrozenCode/reachesAll(of:)``), and
    // copying each point out cost about 180 instructions a point (`profile register-deps`).
    func forEachCode(_ body: (CodeRef, CodeKind) -> Void) {
        func visit(_ source: borrowing InjectionSource) {
            if source.mayHoldInner { source.forEachInner { $0.forEachCode(body) } }
        }
        if !construction.code.isNone { body(construction.code, .recipe) }
        let arguments = construction.arguments
        for index in arguments.indices { visit(arguments[index].source) }
        if construction.hasFactory, let factory = construction.factory { visit(factory) }
        let properties = self.properties
        for index in properties.indices {
            if !properties[index].code.isNone { body(properties[index].code, .setter) }
            visit(properties[index].point.source)
        }
        guard hasExtras else { return }
        for call in methodCalls {
            if !call.code.isNone { body(call.code, .invoker) }
            for point in call.arguments { visit(point.source) }
        }
        for hook in hooks where !hook.code.isNone { body(hook.code, .hook) }
        for exposure in exposedAs where !exposure.code.isNone { body(exposure.code, .adapter) }
        if let strategy { body(strategy.code, .strategy) }
    }

    /// The definition with each piece of code it names (and the inner definitions in its
    /// sources name) replaced by what `transform` gives for it.
    func mappingCode(_ transform: (CodeRef, CodeKind) -> CodeRef) -> Definition {
        var result = self
        func map(_ source: InjectionSource) -> InjectionSource { source.mappingInner { $0.mappingCode(transform) } }
        if !result.construction.code.isNone { result.construction.code = transform(result.construction.code, .recipe) }
        for index in result.construction.arguments.indices {
            result.construction.arguments[index].source = map(result.construction.arguments[index].source)
        }
        if let factory = result.construction.factory { result.construction.factory = map(factory) }
        for index in result.properties.indices {
            if !result.properties[index].code.isNone { result.properties[index].code = transform(result.properties[index].code, .setter) }
            result.properties[index].point.source = map(result.properties[index].point.source)
        }
        for call in result.methodCalls.indices {
            if !result.methodCalls[call].code.isNone { result.methodCalls[call].code = transform(result.methodCalls[call].code, .invoker) }
            for index in result.methodCalls[call].arguments.indices {
                result.methodCalls[call].arguments[index].source = map(result.methodCalls[call].arguments[index].source)
            }
        }
        for index in result.hooks.indices where !result.hooks[index].code.isNone {
            result.hooks[index].code = transform(result.hooks[index].code, .hook)
        }
        for index in result.exposedAs.indices where !result.exposedAs[index].code.isNone {
            result.exposedAs[index].code = transform(result.exposedAs[index].code, .adapter)
        }
        if var strategy = result.strategy {
            strategy.code = transform(strategy.code, .strategy)
            result.strategy = strategy
        }
        return result
    }
}

extension InjectionSource {
    /// Whether the source is, or may hold, an inner definition.
    var mayHoldInner: Bool {
        switch self {
        case .inner, .list, .map, .optional, .lazy, .provider: return true
        default: return false
        }
    }

    /// Calls `body` with each inner definition in this source (in lists, maps and handles too).
    func forEachInner(_ body: (Definition) -> Void) {
        switch self {
        case .inner(let definition): body(definition)
        case .list(let items): for item in items { item.forEachInner(body) }
        case .map(let entries): for entry in entries.values { entry.forEachInner(body) }
        case .optional(let inner), .lazy(let inner), .provider(let inner): inner.forEachInner(body)
        default: return
        }
    }

    /// This source with each inner definition in it replaced by what `transform` gives.
    func mappingInner(_ transform: (Definition) -> Definition) -> InjectionSource {
        switch self {
        case .inner(let definition): return .inner(transform(definition))
        case .list(let items): return .list(items.map { $0.mappingInner(transform) })
        case .map(let entries): return .map(entries.mapValues { $0.mappingInner(transform) })
        case .optional(let inner): return .optional(inner.mappingInner(transform))
        case .lazy(let inner): return .lazy(inner.mappingInner(transform))
        case .provider(let inner): return .provider(inner.mappingInner(transform))
        default: return self
        }
    }
}

extension CodeTable {
    /// `definition`, whose code `source` keeps, with each piece this table does not reach
    /// copied into it (and named anew).
    mutating func importing(_ definition: Definition, from source: FrozenCode) -> Definition {
        definition.mappingCode { ref, kind in
            if reaches(ref) { return ref }
            switch kind {
            case .recipe: return source.recipe(ref).map { add($0) } ?? ref
            case .setter: return source.setter(ref).map { add($0) } ?? ref
            case .invoker: return source.invoker(ref).map { add($0) } ?? ref
            case .hook: return source.hook(ref).map { add($0) } ?? ref
            case .adapter: return source.adapter(ref).map { add($0) } ?? ref
            case .strategy: return source.strategy(ref).map { add($0) } ?? ref
            }
        }
    }

}

extension FrozenCode {
    /// Whether this table reaches every piece of code `definition` names.
    func reachesAll(of definition: Definition) -> Bool {
        var reached = true
        definition.forEachCode { ref, _ in if !reaches(ref) { reached = false } }
        return reached
    }
}
