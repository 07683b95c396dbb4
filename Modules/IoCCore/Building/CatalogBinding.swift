/// Turns unbound definitions (types, initializers and properties named by text) into bound
/// ones through the ``TypeCatalog``; checks every name and reports what it cannot find, with
/// the closest names the catalog has. Its state skips dynamic exclusivity checks, like
/// ``Compilation``'s: one build uses it, on one thread.
final class CatalogBinding {
    let catalog: CatalogContents?
    var problems: [IoCError] = []
    /// The build's code table, to which binding adds the catalog's code that bound definitions name.
    @exclusivity(unchecked) var code: CodeTable
    /// Whether a definition it bound holds an inner definition (which the plan pass numbers).
    private(set) var boundInnerDefinitions = false
    private let definitions: [Definition]
    /// Definitions by name, for factory lookups; made on first need.
    private lazy var byName: [String: Int] = {
        var byName: [String: Int] = [:]
        for (index, definition) in definitions.enumerated() { if let name = definition.name { byName[name] = index } }
        return byName
    }()

    /// Where the placeholders of sources a catalog entry declares are resolved: made on first need.
    private let makeResolver: () -> PlaceholderResolver
    private lazy var resolver = makeResolver()

    init(catalog: CatalogContents?, definitions: [Definition], code: CodeTable, resolver makeResolver: @escaping () -> PlaceholderResolver) {
        self.catalog = catalog
        self.definitions = definitions
        self.code = code
        self.makeResolver = makeResolver
        for descriptor in catalog?.descriptors ?? [] {
            for reason in descriptor.problems { problems.append(IoCError(.invalidCatalogEntry(type: descriptor.type.name, reason: reason))) }
        }
    }

    func bindAll(_ definitions: [Definition]) -> [Definition] {
        // A definition bound already that names nothing by text stays as it is: when every one
        // does (an app registered in code), the result is the input, shared with the builder
        // (and its test recipe), not a copy of 10,000 definitions.
        guard let first = definitions.firstIndex(where: { !$0.isBound || Self.hasUnboundSources($0) }) else { return definitions }
        var bound = Array(definitions[..<first])
        bound.reserveCapacity(definitions.count)
        for index in definitions.indices[first...] {
            if let done = bind(definitions[index]) { bound.append(done) }
        }
        return bound
    }

    /// The bound definition, or `nil` after recording why it cannot be bound.
    func bind(_ definition: Definition) -> Definition? {
        if !definition.isBound, case .initializer = definition.construction.storedKind, let typeName = definition.typeName,
           let product = catalog?.descriptor(named: typeName)?.product {
            return bindProduct(of: definition, product)
        }
        return bindAsWritten(definition)
    }

    /// A definition naming a ``ComponentFactory`` type the catalog says `makesProduct()` for:
    /// the product, made by the factory that the definition's arguments, properties, calls and
    /// hooks build (Spring's FactoryBean).
    private func bindProduct(of definition: Definition, _ product: any FactoryProducing) -> Definition? {
        var half = Definition(name: nil, typeName: definition.typeName, construction: definition.construction, location: definition.location)
        half.properties = definition.properties
        half.methodCalls = definition.methodCalls
        half.hooks = definition.hooks
        half.takeParameterSources(of: definition)
        half.autowires = definition.autowires
        half.exposesConformances = false
        half.scope = .prototype
        let exposures = productExposures(of: definition, product.productType)
        guard let factory = bindAsWritten(half), let exposures else { return nil }
        // The product holds its factory as an inner definition.
        boundInnerDefinitions = true
        return product.product(of: definition, factory: factory, exposedAs: exposures, code: &code)
    }

    /// The protocols a factory's product is injected as: those its own catalog entry declares
    /// (the ones `as:` names, or all); `nil` after recording a protocol it does not declare.
    private func productExposures(of definition: Definition, _ type: TypeRef) -> [Exposure]? {
        let declared = catalog?.descriptor(of: type)?.conformances ?? []
        guard !definition.exposedAs.isEmpty else { return definition.exposesConformances ? declared.map(exposure) : [] }
        var exposures: [Exposure] = []
        for exposure in definition.exposedAs {
            let name = exposure.typeName ?? exposure.type?.name ?? "?"
            guard let found = declared.first(where: { $0.type.name == name || $0.type.qualifiedName == name }) else {
                let known = declared.map(\.type.name)
                problems.append(IoCError(.unknownMember(kind: "protocol", name: name, type: type.name, component: definition.label,
                                                        location: definition.location, known: known,
                                                        suggestions: Suggestions.closest(to: name, in: known))))
                return nil
            }
            exposures.append(self.exposure(found))
        }
        return exposures
    }

    /// The exposure a catalog entry's conformance gives, its conversion kept in the build's code table.
    func exposure(_ conformance: TypeDescriptor.Conformance) -> Exposure {
        Exposure(type: conformance.type, code: code.add(conformance.adapter))
    }

    private func bindAsWritten(_ definition: Definition) -> Definition? {
        guard var bound = definition.isBound ? definition : bindType(definition) else { return nil }
        // Sources inside may name types or hold inner definitions of their own (most do not,
        // and are left as they are).
        guard Self.hasUnboundSources(bound) else { return bound }
        // The first source that cannot be bound is reported; the definition is then left out.
        var failed = false
        let owner = bound
        bound = bound.mappingSources { source in
            guard !failed, let done = bindSource(source, owner) else { failed = true; return source }
            return done
        }
        return failed ? nil : bound
    }

    /// Whether a bound definition still names a type by text or holds an inner definition.
    static func hasUnboundSources(_ definition: Definition) -> Bool {
        func check(_ source: InjectionSource) -> Bool {
            switch source {
            case .typeNamed, .inner: return true
            case .list(let items): return items.contains(where: check)
            case .map(let entries): return entries.values.contains(where: check)
            case .optional(let inner), .lazy(let inner), .provider(let inner): return check(inner)
            default: return false
            }
        }
        return definition.containsSource(where: check)
    }

    private func bindSource(_ source: InjectionSource, _ owner: Definition) -> InjectionSource? {
        switch source {
        case .typeNamed(let name):
            guard let type = catalog?.type(named: name) else {
                problems.append(IoCError(.unknownType(name: name, component: owner.label, location: owner.location,
                                                      suggestions: Suggestions.closest(to: name, in: catalog?.allTypeNames ?? []),
                                                      inCompiledCatalog: catalog?.isCompiledFromConfig ?? false)))
                return nil
            }
            return .type(type)
        case .inner(let definition):
            boundInnerDefinitions = true
            return bind(definition).map { .inner($0) }
        case .list(let items):
            var bound: [InjectionSource] = []
            for item in items {
                guard let source = bindSource(item, owner) else { return nil }
                bound.append(source)
            }
            return .list(bound)
        case .map(let entries):
            var bound: [String: InjectionSource] = [:]
            for (key, item) in entries {
                guard let source = bindSource(item, owner) else { return nil }
                bound[key] = source
            }
            return .map(bound)
        case .optional(let inner): return bindSource(inner, owner).map { .optional($0) }
        case .lazy(let inner): return bindSource(inner, owner).map { .lazy($0) }
        case .provider(let inner): return bindSource(inner, owner).map { .provider($0) }
        default: return source
        }
    }

    // MARK: Types and constructions

    private func bindType(_ definition: Definition) -> Definition? {
        let key = BindPlan.key(of: definition)
        if let key, let plan = plans[key]?.first(where: { $0.matches(definition) }) {
            return plan.apply(to: definition)
        }
        supplied = []
        guard let (bound, targets) = bindTypeThroughCatalog(definition) else { return nil }
        if let key { plans[key, default: []].append(BindPlan(definition: definition, bound: bound, targets: targets, supplied: supplied)) }
        return bound
    }

    /// What binding decided for each shape of definition met so far, by the shape's hash.
    @exclusivity(unchecked) private var plans: [Int: [BindPlan]] = [:]  // docs/PerformanceLedger.md L3
    /// The parameters the definition being bound left out that a module's setting gave sources
    /// to (``ParameterSourceSetting``), by position: its plan asks the next definition's own.
    private var supplied: [(position: Int, parameter: LeftOutParameter)] = []

    /// The bound definition, with the member position each given argument went to.
    private func bindTypeThroughCatalog(_ definition: Definition) -> (Definition, targets: [Int])? {
        guard let catalog else {
            problems.append(IoCError(.unknownType(name: definition.typeName ?? "?", component: definition.label, location: definition.location,
                                                  suggestions: [])))
            return nil
        }
        if case .factoryMethod(let signature) = definition.construction.storedKind {
            return bindFactoryMethod(definition, signature: signature, catalog).map { ($0, []) }
        }
        guard let typeName = definition.typeName else {
            problems.append(IoCError(.invalidDefinition(component: definition.label, reason: "it names no type; give it a class.",
                                                        location: definition.location)))
            return nil
        }
        guard let descriptor = catalog.descriptor(named: typeName) else {
            problems.append(IoCError(.unknownType(name: typeName, component: definition.label, location: definition.typeNameLocation ?? definition.location,
                                                  suggestions: Suggestions.closest(to: typeName, in: catalog.allTypeNames),
                                                  inCompiledCatalog: catalog.isCompiledFromConfig)))
            return nil
        }
        let members: [TypeDescriptor.Member]
        let requested: String?
        let kind: String
        switch definition.construction.storedKind {
        case .staticFactory(let signature):
            members = descriptor.staticFactories
            requested = signature
            kind = "static factory"
        case .initializer(let signature):
            members = descriptor.initializers
            requested = signature
            kind = "initializer"
        default:
            members = descriptor.initializers
            requested = nil
            kind = "initializer"
        }
        guard let member = select(members, requested: requested, arguments: definition.construction.arguments,
                                  kind: kind, type: descriptor.type.name, definition),
              case .construction(var construction, let recipe) = member.template,
              let targets = targets(of: definition.construction.arguments, in: member, definition)
        else { return nil }
        construction.code = code.add(recipe)
        Self.fill(&construction.arguments, with: definition.construction.arguments, at: targets)
        guard completeLeftOut(&construction.arguments, of: member, given: targets, definition, catalog),
              resolveDeclared(&construction.arguments, given: targets, definition) else { return nil }
        guard let bound = descriptor.typed.bind(definition, construction: construction, descriptor: descriptor, binding: self)
        else { return nil }
        return (bound, targets)
    }

    private func bindFactoryMethod(_ definition: Definition, signature: String, _ catalog: CatalogContents) -> Definition? {
        guard let factory = definition.construction.factory, let factoryType = factoryTypeName(factory) else {
            problems.append(IoCError(.invalidDefinition(component: definition.label,
                                                        reason: "its factory method \(signature) needs a factory component given by name.",
                                                        location: definition.location)))
            return nil
        }
        guard let factoryDescriptor = catalog.descriptor(named: factoryType.name) ?? factoryType.type.flatMap(catalog.descriptor(of:)) else {
            problems.append(IoCError(.unknownType(name: factoryType.name, component: definition.label, location: definition.location,
                                                  suggestions: Suggestions.closest(to: factoryType.name, in: catalog.allTypeNames),
                                                  inCompiledCatalog: catalog.isCompiledFromConfig)))
            return nil
        }
        guard let member = select(factoryDescriptor.factoryMethods, requested: signature, arguments: definition.construction.arguments,
                                  kind: "factory method", type: factoryDescriptor.type.name, definition),
              case .construction(var template, let recipe) = member.template, let product = member.returns
        else { return nil }
        template.code = code.add(recipe)
        template.arguments[0].source = factory
        template.factory = factory
        guard let targets = targets(of: definition.construction.arguments, in: member, definition) else { return nil }
        var construction = template
        // The factory component is argument 0; the method's own arguments follow it.
        Self.fill(&construction.arguments, with: definition.construction.arguments, at: targets.map { $0 + 1 })
        if let typeName = definition.typeName, let named = catalog.type(named: typeName), named != product {
            problems.append(IoCError(.invalidDefinition(component: definition.label,
                                                        reason: "\(factoryDescriptor.type.name).\(member.signature) makes \(product.name), not \(typeName).",
                                                        location: definition.location)))
            return nil
        }
        let productDescriptor = catalog.descriptor(of: product)
        let typed = productDescriptor?.typed ?? product.emptyDescriptorBox()
        let descriptor = productDescriptor ?? TypeDescriptor(type: product, names: [product.name], typed: typed)
        return typed.bind(definition, construction: construction, descriptor: descriptor, binding: self)
    }

    /// The type of the component a factory source names.
    private func factoryTypeName(_ source: InjectionSource) -> (name: String, type: TypeRef?)? {
        switch source {
        case .named(let name):
            guard let index = byName[name] else { return nil }
            let factory = definitions[index]
            if let type = factory.type { return (type.name, type) }
            return factory.typeName.map { ($0, nil) }
        case .type(let type): return (type.name, type)
        case .typeNamed(let name): return (name, nil)
        case .inner(let definition): return definition.type.map { ($0.name, $0) } ?? definition.typeName.map { ($0, nil) }
        default: return nil
        }
    }

    /// The member a definition means: the one its signature names, or the one its arguments fit
    /// (``MemberChoice``); `nil` after recording why none does.
    func select(_ members: [TypeDescriptor.Member], requested: String?, arguments: [InjectionPoint], kind: String,
                type: String, _ definition: Definition) -> TypeDescriptor.Member? {
        switch MemberChoice.choose(members, requested: requested, arguments: arguments, kind: kind, type: type, definition, parse: parsedSignature) {
        case .success(let index): return members[index]
        case .failure(let problem):
            problems.append(problem)
            return nil
        }
    }

    /// Signatures as parsed, by their text: the definitions of one file name the same few.
    private var signatures: [String: Signature?] = [:]

    private func parsedSignature(_ text: String) -> Signature? {
        if let parsed = signatures[text] { return parsed }
        let parsed = Signature(text)
        signatures[text] = parsed
        return parsed
    }

    /// The member's parameter each given argument is for (``MemberChoice/targets(of:in:_:)``);
    /// `nil` after recording why one has none.
    func targets(of given: [InjectionPoint], in member: TypeDescriptor.Member, _ definition: Definition) -> [Int]? {
        switch MemberChoice.targets(of: given, in: member.signature, definition) {
        case .success(let targets): return targets
        case .failure(let problem):
            problems.append(problem)
            return nil
        }
    }

    /// The member's typed points with the given arguments' sources and locations at `targets`.
    /// The parameters a definition does not give: the source a module's setting gives them
    /// (``ParameterSourceSetting``), else their Swift default or autowiring by type — or, with
    /// autowiring off, a problem for each.
    private func completeLeftOut(_ points: inout [InjectionPoint], of member: TypeDescriptor.Member, given targets: [Int],
                                 _ definition: Definition, _ catalog: CatalogContents) -> Bool {
        let suppliesParameters = definition.suppliesParameters
        guard suppliesParameters || !definition.autowires, targets.count < points.count else { return true }
        let labels = member.signature.labels ?? []
        var complete = true
        for position in points.indices where !targets.contains(position) {
            let label = position < labels.count ? labels[position] : nil
            let type = position < member.parameterTypes.count ? member.parameterTypes[position] : nil
            let parameter = LeftOutParameter(label: label, type: type, catalog: catalog)
            if suppliesParameters, let point = definition.moduleSettings.source(for: parameter) {
                points[position].source = point.source
                points[position].location = point.location
                supplied.append((position, parameter))
            } else if !definition.autowires, Self.isResolvedByType(points[position].source) {
                problems.append(.notGivenWithAutowiringOff(definition, signature: member.signature.description, position: position, label: label))
                complete = false
            }
        }
        return complete
    }

    /// Whether a parameter's own source resolves it by its type (autowiring), not by what its
    /// declaration says (a Swift default, `@Named`, `@Config`).
    static func isResolvedByType(_ source: InjectionSource) -> Bool {
        switch source {
        case .type, .all, .optional(.type): return true
        default: return false
        }
    }

    /// The placeholders of the sources a catalog entry declares for parameters a definition
    /// does not give (`@Config("${retries:3}")`), resolved as the definition's own were;
    /// `false` after reporting one that has no value.
    private func resolveDeclared(_ points: inout [InjectionPoint], given targets: [Int], _ definition: Definition) -> Bool {
        guard targets.count < points.count else { return true }
        for position in points.indices where !targets.contains(position) {
            guard case .config(let value) = points[position].source, case .string(let text) = value.kind,
                  PlaceholderResolver.mayContainPlaceholder(text) else { continue }
            do throws(IoCError) {
                points[position].source = .config(try resolver.resolve(ConfigValue(.string(text), at: definition.location)))
            } catch {
                problems.append(error)
                return false
            }
        }
        return true
    }

    static func fill(_ points: inout [InjectionPoint], with given: [InjectionPoint], at targets: [Int]) {
        for position in given.indices {
            points[targets[position]].source = given[position].source
            points[targets[position]].location = given[position].location
        }
    }
}

extension IoCError {
    /// A parameter `definition` leaves out with autowiring off, which nothing else gives: what
    /// `build()` reports, and the config plugin at `swift build` in the same words.
    package static func notGivenWithAutowiringOff(_ definition: Definition, signature: String, position: Int, label: String?) -> IoCError {
        IoCError(.invalidDefinition(
            component: definition.label,
            reason: "\(signature) parameter \(position) '\(label ?? "_")' is not given, and autowiring is off for it (autowire: false). "
                + "Give it in arguments, bind it, or turn autowiring on.",
            location: definition.location))
    }
}
