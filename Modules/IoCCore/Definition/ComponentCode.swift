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

/// The code of one table, by kind; a ``CodeRef``'s index is a position in one of these lists.
struct CodeEntries: Sendable {
    var recipes: [RecipeBox] = []
    var setters: [any PropertySetting] = []
    var invokers: [any MethodInvoking] = []
    var hooks: [any HookBody] = []
    var adapters: [AdapterBox] = []
    var strategies: [any ConstructionStrategy] = []
}

/// The Swift code that one builder's registrations gave (or one build's binding added), while
/// it is added to; a ``CodeRef`` names an entry. A table may extend frozen ones (a build's
/// extends its builder's; an overlay's builder, its base container's): what it does not hold
/// itself, they may. Lookups go through the table frozen (``frozen()``), which containers keep.
@usableFromInline
struct CodeTable: Sendable {  // docs/PerformanceLedger.md D1
    private static let lastID = AtomicCell<UInt32>(0)

    /// The table's own number, which its refs carry; unique in the process.
    let id: UInt32
    private(set) var entries = CodeEntries()
    /// The frozen tables this one extends, and the ones they extend, in one list.
    let extended: [FrozenCode]

    /// A table with no entries, extending `tables`.
    init(extending tables: [FrozenCode] = []) {
        // Numbers come back only after 2^32 tables (a builder and each build make one); 0 is
        // never one, so that ``CodeRef/none`` names nothing.
        var id = Self.lastID.wrappingAdd(1, ordering: .relaxed).newValue
        if id == 0 { id = Self.lastID.wrappingAdd(1, ordering: .relaxed).newValue }
        self.id = id
        extended = tables + tables.flatMap(\.extended)
    }

    /// The table as it is now, for the containers and builds that read it: what is added to
    /// this one later is not in it.
    func frozen() -> FrozenCode { FrozenCode(self) }

    /// Whether `ref` names an entry of this table or of one it extends.
    func reaches(_ ref: CodeRef) -> Bool { ref.table == id || extended.contains { $0.id == ref.table } }

    /// The adapter `ref` names, in this table or one it extends, while the table is added to.
    func adapter(_ ref: CodeRef) -> AdapterBox? {
        ref.table == id ? entries.adapters.entry(ref) : extended.first { $0.id == ref.table }?.adapter(ref)
    }

    /// Appends `entry` to the list `list` names; its ref.
    private mutating func add<E>(_ entry: E, to list: WritableKeyPath<CodeEntries, [E]>) -> CodeRef {
        entries[keyPath: list].append(entry)
        return CodeRef(table: id, index: entries[keyPath: list].count - 1)
    }

    @usableFromInline
    mutating func add(_ recipe: RecipeBox) -> CodeRef {
        // NB: written out, not through the key path: one of these is added for every registration.
        entries.recipes.append(recipe)
        return CodeRef(table: id, index: entries.recipes.count - 1)
    }
    mutating func add(_ setter: any PropertySetting) -> CodeRef { add(setter, to: \.setters) }
    mutating func add(_ invoker: any MethodInvoking) -> CodeRef { add(invoker, to: \.invokers) }
    mutating func add(_ hook: any HookBody) -> CodeRef { add(hook, to: \.hooks) }
    mutating func add(_ adapter: AdapterBox) -> CodeRef { add(adapter, to: \.adapters) }
    @usableFromInline
    mutating func add(_ strategy: any ConstructionStrategy) -> CodeRef { add(strategy, to: \.strategies) }
}

/// A ``CodeTable`` as it was when frozen: what a container, a build's checks and a component
/// read code from. Nothing changes it, so threads share it.
// NB: an object whose entries are a constant, so that a lookup reads one list, where reading
// a table kept as a value copied all of it first, seven counted references
// (docs/PerformanceLedger.md D1).
final class FrozenCode: Sendable {
    let id: UInt32
    private let entries: CodeEntries
    let extended: [FrozenCode]

    init(_ table: CodeTable) {
        id = table.id
        entries = table.entries
        extended = table.extended
    }

    /// The table, this one or one it extends, whose entries `ref` names.
    @inline(__always)
    private func owner(of ref: CodeRef) -> FrozenCode? {
        if ref.table == id { return self }
        for table in extended where table.id == ref.table { return table }
        return nil
    }

    func recipe(_ ref: CodeRef) -> RecipeBox? { owner(of: ref).flatMap { $0.entries.recipes.entry(ref) } }
    func setter(_ ref: CodeRef) -> (any PropertySetting)? { owner(of: ref).flatMap { $0.entries.setters.entry(ref) } }
    func invoker(_ ref: CodeRef) -> (any MethodInvoking)? { owner(of: ref).flatMap { $0.entries.invokers.entry(ref) } }
    func hook(_ ref: CodeRef) -> (any HookBody)? { owner(of: ref).flatMap { $0.entries.hooks.entry(ref) } }
    func adapter(_ ref: CodeRef) -> AdapterBox? { owner(of: ref).flatMap { $0.entries.adapters.entry(ref) } }
    func strategy(_ ref: CodeRef) -> (any ConstructionStrategy)? { owner(of: ref).flatMap { $0.entries.strategies.entry(ref) } }

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
    // NB: read in place, by index: the build asks this of every definition
    // (``FrozenCode/reachesAll(of:)``), and copying each point out retains what it holds
    // (docs/PerformanceLedger.md L18). A factory's source is its construction's argument 0.
    func forEachCode(_ body: (CodeRef, CodeKind) -> Void) {
        if !construction.code.isNone { body(construction.code, .recipe) }
        let properties = self.properties
        for index in properties.indices where !properties[index].code.isNone { body(properties[index].code, .setter) }
        if hasExtras {
            for call in methodCalls where !call.code.isNone { body(call.code, .invoker) }
            for hook in hooks where !hook.code.isNone { body(hook.code, .hook) }
            for exposure in exposedAs where !exposure.code.isNone { body(exposure.code, .adapter) }
            if let strategy { body(strategy.code, .strategy) }
        }
        _ = containsSource { source in
            if source.mayHoldInner { source.forEachInner { $0.forEachCode(body) } }
            return false
        }
    }

    /// The definition with each piece of code it names (and the inner definitions in its
    /// sources name) replaced by what `transform` gives for it.
    func mappingCode(_ transform: (CodeRef, CodeKind) -> CodeRef) -> Definition {
        var result = mappingSources { $0.mappingInner { $0.mappingCode(transform) } }
        if let factory = result.construction.factory { result.construction.factory = factory.mappingInner { $0.mappingCode(transform) } }
        if !result.construction.code.isNone { result.construction.code = transform(result.construction.code, .recipe) }
        for index in result.properties.indices where !result.properties[index].code.isNone {
            result.properties[index].code = transform(result.properties[index].code, .setter)
        }
        for index in result.methodCalls.indices where !result.methodCalls[index].code.isNone {
            result.methodCalls[index].code = transform(result.methodCalls[index].code, .invoker)
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

    /// Calls `body` with each inner definition in this source (in lists, maps by key, and
    /// handles too), in order.
    func forEachInner(_ body: (Definition) -> Void) {
        switch self {
        case .inner(let definition): body(definition)
        case .list(let items): for item in items { item.forEachInner(body) }
        case .map(let entries): for key in entries.keys.sorted() { entries[key]?.forEachInner(body) }
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
