/// The steps before binding: run modules' passes, keep the definitions of the active profiles,
/// resolve placeholders, apply overrides by name, and drop abstract definitions.
struct Preparation {
    let builder: ContainerBuilder
    /// The builder's catalog as the build started (read without its lock).
    let catalog: CatalogContents?
    var problems: [IoCError] = []
    /// The "did you mean" searches among the definitions' names left to this preparation.
    private var suggestionSearches = SuggestionSearches()
    /// How many stages had modules' passes to run (each may have written definitions).
    private(set) var stagesWithPasses = 0
    /// Name prefixes passes were to make components under (``PreparationContext/promiseNames(withPrefix:at:)``).
    private var promisedPrefixes: [(prefix: String, location: ConfigLocation)] = []
    /// Names of components left out for a problem reported already (or that the builder was
    /// told are absent): an alias, child or decorator naming one is left out too, not reported
    /// again as naming what no definition has.
    private(set) var leftOut: Set<String>

    init(builder: ContainerBuilder, catalog: CatalogContents?) {
        self.builder = builder
        self.catalog = catalog
        leftOut = builder.absentNames
    }

    /// Leaves `definition` out for a problem reported already: its names join ``leftOut``.
    mutating func leaveOut(_ definition: Definition) { leftOut.insertNames(of: definition) }

    /// What a pass reads of this preparation, and where it reports.
    var context: PreparationContext {
        PreparationContext(builder: builder, catalog: catalog, activeProfiles: activeProfiles, leftOut: leftOut, promisedPrefixes: promisedPrefixes,
                           suggestionSearches: suggestionSearches, maxInheritedSettings: builder.maxInheritedSettings)
    }

    /// `input` after the passes of `stage` its definitions' module settings ask for
    /// (``DefinitionSetting/preparation``), each once, in their order; what they report joins
    /// this preparation's problems.
    mutating func runSettingPasses(_ input: [Definition], stage: PreparationPass.Stage) -> [Definition] {
        var passes: [String: PreparationPass] = [:]
        for definition in input where definition.hasExtras {
            for pass in definition.preparations where pass.stage == stage { passes[pass.name] = pass }
        }
        guard !passes.isEmpty else { return input }
        stagesWithPasses += 1
        var context = self.context
        var result = input
        for pass in passes.values.sorted(by: { ($0.order, $0.name) < ($1.order, $1.name) }) { result = pass.run(&context, result) }
        problems += context.problems
        leftOut = context.leftOut
        suggestionSearches = context.suggestionSearches
        promisedPrefixes = context.promisedPrefixes
        return result
    }

    /// The definitions of the active profiles, with their placeholders resolved; the input as
    /// it is when every definition is active and has no placeholder (no copy of the list).
    mutating func activeResolved(_ input: [Definition]) -> [Definition] {
        let firstToChange = input.firstIndex { !isActive($0) || Self.mayHavePlaceholders($0) || Self.repeatedProperty(in: $0) != nil }
        guard let first = firstToChange else { return input }
        let resolver = builder.placeholderResolver()
        var resolved = Array(input[..<first])
        resolved.reserveCapacity(input.count)
        for definition in input[first...] where isActive(definition) {
            if let problem = Self.repeatedProperty(in: definition) { problems.append(problem); leaveOut(definition); continue }
            if let done = resolvePlaceholders(in: definition, resolver) { resolved.append(done) } else { leaveOut(definition) }
        }
        return resolved
    }

    /// A property that a text definition sets twice: a slip in the file, which merging with a
    /// parent would otherwise hide by keeping the last. (Code states properties by key path,
    /// whose names need not be unique text on every platform, so bound definitions are left be.)
    static func repeatedProperty(in definition: Definition) -> IoCError? {
        let properties = definition.properties
        guard !definition.isBound, properties.count > 1 else { return nil }
        func repeated(_ earlier: Int, _ later: Int) -> IoCError {
            let location = properties[later].point.location ?? definition.location
            let first = properties[earlier].point.location ?? definition.location
            return IoCError(.invalidDefinition(component: definition.label,
                                               reason: "property '\(properties[later].name)' is set twice, here and at \(first). Keep one.",
                                               location: location))
        }
        // A definition sets a handful of properties: comparing pairs is cheaper than hashing,
        // up to a point (a file may set a hundred thousand, and pairs grow as their square).
        // NB: not ``FirstPlaces``, whose generic search is not specialized here, and every
        // definition passes here (docs/PerformanceLedger.md L8).
        if properties.count <= 16 {
            for later in 1..<properties.count {
                for earlier in 0..<later where properties[earlier].name == properties[later].name { return repeated(earlier, later) }
            }
            return nil
        }
        var seen: [String: Int] = [:]
        seen.reserveCapacity(properties.count)
        for (later, property) in properties.enumerated() {
            if let earlier = seen.updateValue(later, forKey: property.name) { return repeated(earlier, later) }
        }
        return nil
    }

    // MARK: Profiles

    /// The profiles whose definitions the build keeps: the builder's, or `default` without any.
    var activeProfiles: Set<String> { builder.activeProfiles.isEmpty ? ["default"] : builder.activeProfiles }

    /// Active when it names no profile, or a profile that is active (`!name`: one that is not).
    func isActive(_ definition: Definition) -> Bool {
        guard !definition.profiles.isEmpty else { return true }
        return Self.isActive(definition, among: activeProfiles)
    }

    static func isActive(_ definition: Definition, among active: Set<String>) -> Bool {
        definition.profiles.isEmpty || definition.profiles.contains { profile in
            profile.hasPrefix("!") ? !active.contains(String(profile.dropFirst())) : active.contains(profile)
        }
    }

    // MARK: Placeholders

    private mutating func resolvePlaceholders(in definition: Definition, _ resolver: PlaceholderResolver) -> Definition? {
        guard Self.mayHavePlaceholders(definition) else { return definition }
        var result = definition
        do throws(IoCError) {
            if let typeName = definition.typeName { result.typeName = try resolver.resolveName(typeName, at: definition.location) }
            for index in result.construction.arguments.indices {
                result.construction.arguments[index] = try resolve(result.construction.arguments[index], definition, resolver)
            }
            if let factory = definition.construction.factory {
                result.construction.factory = try resolve(factory, at: definition.location, resolver)
            }
            for index in result.properties.indices {
                result.properties[index].point = try resolve(result.properties[index].point, definition, resolver)
            }
            for call in result.methodCalls.indices {
                for index in result.methodCalls[call].arguments.indices {
                    result.methodCalls[call].arguments[index] = try resolve(result.methodCalls[call].arguments[index], definition, resolver)
                }
            }
            if definition.suppliesParameters {
                // Modules' sources for parameters left out (IoCConfig's bindings), resolved alike.
                result.extras.moduleSettings = try result.moduleSettings.mappingParameterSources { point throws(IoCError) in
                    try resolve(point.source, at: point.location ?? definition.location, resolver)
                }
            }
            return result
        } catch {
            problems.append(error)
            return nil
        }
    }

    /// Whether any text of the definition holds `${` (most definitions have none, and are left as they are).
    static func mayHavePlaceholders(_ definition: Definition) -> Bool {
        if let typeName = definition.typeName, PlaceholderResolver.mayContainPlaceholder(typeName) { return true }
        if let factory = definition.construction.factory, mayHavePlaceholders(factory) { return true }
        if definition.suppliesParameters, definition.moduleSettings.containsParameterSource(where: mayHavePlaceholders) { return true }
        return definition.containsSource(where: mayHavePlaceholders)
    }

    private static func mayHavePlaceholders(_ source: InjectionSource) -> Bool {
        switch source {
        case .named(let text), .typeNamed(let text), .tagged(let text): return PlaceholderResolver.mayContainPlaceholder(text)
        case .config(let value): return mayHavePlaceholders(value)
        case .list(let items): return items.contains(where: mayHavePlaceholders)
        case .map(let entries): return entries.values.contains(where: mayHavePlaceholders)
        case .optional(let inner), .lazy(let inner), .provider(let inner): return mayHavePlaceholders(inner)
        case .inner(let definition): return mayHavePlaceholders(definition)
        case .type, .value, .all, .nilValue, .defaultArgument, .abstractArgument: return false
        case .taggedIndexed(let tag, let indexBy): return PlaceholderResolver.mayContainPlaceholder(tag + indexBy)
        }
    }

    private static func mayHavePlaceholders(_ value: ConfigValue) -> Bool {
        switch value.kind {
        case .string(let text): return PlaceholderResolver.mayContainPlaceholder(text)
        case .list(let items): return items.contains(where: mayHavePlaceholders)
        case .map(let entries): return entries.contains { mayHavePlaceholders($0.value) }
        default: return false
        }
    }

    private func resolve(_ point: InjectionPoint, _ definition: Definition, _ resolver: PlaceholderResolver) throws(IoCError) -> InjectionPoint {
        var result = point
        result.source = try resolve(point.source, at: point.location ?? definition.location, resolver)
        return result
    }

    private func resolve(_ source: InjectionSource, at location: ConfigLocation, _ resolver: PlaceholderResolver) throws(IoCError) -> InjectionSource {
        switch source {
        case .named(let name): return .named(try resolver.resolveName(name, at: location))
        case .typeNamed(let name): return .typeNamed(try resolver.resolveName(name, at: location))
        case .tagged(let tag): return .tagged(try resolver.resolveName(tag, at: location))
        case .config(let value): return .config(try resolver.resolve(value))
        case .list(let items):
            var resolved: [InjectionSource] = []
            for item in items { resolved.append(try resolve(item, at: location, resolver)) }
            return .list(resolved)
        case .map(let entries):
            var resolved: [String: InjectionSource] = [:]
            for (key, item) in entries { resolved[key] = try resolve(item, at: location, resolver) }
            return .map(resolved)
        case .optional(let inner): return .optional(try resolve(inner, at: location, resolver))
        case .lazy(let inner): return .lazy(try resolve(inner, at: location, resolver))
        case .provider(let inner): return .provider(try resolve(inner, at: location, resolver))
        case .inner(let definition):
            var copy = Preparation(builder: builder, catalog: catalog)
            guard let resolved = copy.resolvePlaceholders(in: definition, resolver) else {
                throw copy.problems.first ?? IoCError(.malformedPlaceholder(text: "", location: location, reason: "an inner definition could not be resolved"))
            }
            return .inner(resolved)
        case .type, .value, .all, .nilValue, .defaultArgument, .abstractArgument: return source
        case let .taggedIndexed(tag, indexBy):
            return .taggedIndexed(tag: try resolver.resolveName(tag, at: location), indexBy: try resolver.resolveName(indexBy, at: location))
        }
    }

    /// Names among `candidates` close to `name`, quoted, while searches are left.
    mutating func nameSuggestions(for name: String, in candidates: @autoclosure () -> [String]) -> [String] {
        suggestionSearches.quotedClosest(to: name, in: candidates())
    }

}

extension Set<String> {
    /// Adds `definition`'s name and aliases: what leaving it out leaves out.
    mutating func insertNames(of definition: Definition) {
        if let name = definition.name { insert(name) }
        formUnion(definition.aliases)
    }
}
