import IoCConfig
import IoCCore

/// A value a document names with an id (Spring's `util:` elements).
struct NamedValue: Sendable {
    var source: InjectionSource?
    /// Why a reference to it cannot inject it, when it cannot.
    var refusal: String?
    var location: ConfigLocation
}

/// Translates one document's elements into definitions, for the three dialects: Spring
/// `<beans>`, spring-objective-c `<assembly>`, OxIC `<container>` (also spelled `contanier`).
package struct XMLTranslator: ConfigTranslation {
    package var definitions: [Definition] = []
    /// The defaults of the `<beans>` being read, for the inner beans inside its beans.
    private var enclosingDefaults = BeansDefaults()
    package var imports: [ConfigImport] = []
    /// `<alias>` elements; `profiles` are those of the `<beans profile>` around one, which
    /// exists only in them, as the beans beside it do.
    package var aliases: [ConfigAlias] = []
    /// `.properties` files named by `<context:property-placeholder>`, relative to the document.
    var propertyFiles: [PropertyFile] = []
    /// Top-level `util:list`, `util:set`, `util:map`, `util:properties` and `util:constant`
    /// elements by id: a reference to one injects its value (the loader puts it in place).
    var namedValues: [String: NamedValue] = [:]
    /// The places in ``definitions`` of top-level `<beans>` beans without an id or name.
    var unnamedBeans: [Int] = []
    /// `util:properties` elements that read files, by id, for `properties-ref`.
    var propertyFileSets: [String: [PropertyFile]] = [:]
    /// `<context:property-placeholder properties-ref=>` ids, resolved once the whole document is read.
    var propertyReferences: [(id: String, location: ConfigLocation)] = []
    /// `<util:properties id>` with `<prop>` entries: a property source when `properties-ref` names it.
    var inlinePropertySets: [String: [String: ConfigValue]] = [:]
    /// With `collecting`, an element that is wrong is skipped and its problem kept here, so
    /// that one run reports them all; otherwise the first problem is thrown.
    package var problems: [ConfigError] = []
    /// The ids of components left out because of a problem (collecting only).
    package var skipped: [String] = []
    var collecting = false

    /// Translates one child element: a problem is thrown, or kept when collecting, with the
    /// id of the component it leaves out.
    mutating func part(_ element: XMLElementNode, _ body: (inout XMLTranslator) throws(ConfigError) -> Void) throws(ConfigError) {
        do {
            try body(&self)
        } catch {
            guard collecting else { throw error }
            problems += error.problems
            // What the element defines is left out: references to it are broken, not missing.
            guard ["bean", "component", "object"].contains(element.name) || element.name.hasPrefix("util:") else { return }
            if let id = element.attribute("id") ?? element.attribute("key") ?? element.attribute("name").flatMap({ Self.names($0).first }) {
                skipped.append(id)
            }
        }
    }

    /// Namespaces of other `<beans>` documents: Jakarta EE's (and Java EE's) CDI `beans.xml`.
    static let cdiNamespaces: Set<String> = ["https://jakarta.ee/xml/ns/jakartaee", "http://xmlns.jcp.org/xml/ns/javaee", "http://java.sun.com/xml/ns/javaee"]

    mutating func translate(_ root: XMLElementNode) throws(ConfigError) {
        if root.name == "beans", let namespace = root.rootNamespace, Self.cdiNamespaces.contains(namespace) {
            throw .refused(construct: "<beans> of the namespace \(namespace) (a CDI beans.xml)", reason: "it tells a Java EE server to discover the archive's Java beans; in Swift, annotate types with @Component and register them, or list them in a catalog", location: root.location)
        }
        switch root.name {
        case "beans": try beans(root, profiles: [])
        case "assembly": try assembly(root)
        case "container", "contanier": try oxic(root)
        default: throw .unknownRoot(name: root.name, location: root.location)
        }
    }

    // MARK: Spring <beans>

    static let beansChildren = ["bean", "alias", "import", "beans", "description", "context:property-placeholder", "util:list", "util:set",
                                "util:map", "util:properties", "util:constant"]
    static let beansAttributes = ["profile", "default-lazy-init", "default-autowire", "default-init-method", "default-destroy-method",
                                  "default-merge", "default-autowire-candidates"]
    static let beanAttributes = ["id", "name", "class", "scope", "lazy-init", "init-method", "destroy-method", "depends-on",
                                 "primary", "parent", "abstract", "factory-bean", "factory-method", "autowire", "autowire-candidate"]
    static let beanChildren = ["constructor-arg", "property", "description", "meta", "qualifier", "lookup-method", "replaced-method", "aop:scoped-proxy"]

    /// What a `<beans>` element sets for the beans inside it.
    struct BeansDefaults {
        var profiles: [String] = []
        var lazyInit: Bool?
        var autowire: String?
        var initMethod: String?
        var destroyMethod: String?
        var merge = false
        /// Spring's `default-autowire-candidates`: name patterns (`*Service`) of the beans that
        /// are candidates for injection by type; `nil` when every bean is.
        var candidatePatterns: [String]?
    }

    /// Namespaces whose elements configure a Java runtime, with the Swift way where there is one.
    static let javaOnly: [String: String] = [
        "aop": "aspects are woven into Java classes; in Swift, wrap a component with a decorator (decorates, or .decorate { }) or an InstancePostProcessor",
        "tx": "transactions are managed by Spring's Java proxies; in Swift, a component manages its own",
        "jdbc": "it configures Java database access",
        "jee": "it looks up Java EE resources (JNDI)",
        "mvc": "it configures Spring's Java web framework",
        "task": "it schedules Java methods; in Swift, start the work from a component's after-injection hook",
        "cache": "it adds Java caching proxies",
        "lang": "it loads beans from Java scripting languages",
        "jms": "it configures Java messaging",
        "oxm": "it configures Java XML marshalling",
        "websocket": "it configures Spring's Java WebSocket support",
        "security": "it configures Spring Security's Java filters",
        "integration": "it configures Spring Integration's Java endpoints",
        "batch": "it configures Spring Batch's Java jobs",
        "rabbit": "it configures Spring AMQP's Java listeners",
        "tool": "it annotates Spring's Java schema",
        "webflow-config": "it configures Spring Web Flow's Java flow engine",
        "data": "it configures Spring Data's Java repositories",
        "jpa": "it configures Spring Data JPA's Java repositories",
    ]

    /// Elements of the context namespace this reader has no Swift meaning for, with the Swift way.
    static let contextRefused: [String: String] = [
        "component-scan": "it finds Java classes on the classpath; in Swift, annotate types with @Component and register them (Type.register(into: builder)), or list them in a catalog",
        "annotation-config": "it turns on Java annotation processing; Swift macros (@Component, @Inject) need no switch",
        "load-time-weaver": "it weaves Java bytecode",
        "spring-configured": "it injects into Java objects made outside the container; in Swift, use container.inject(into:)",
        "mbean-export": "it exports Java management beans",
        "mbean-server": "it configures a Java management server",
        "property-override": "it overrides Java bean properties by name; in Swift, use profiles or a test overlay's setProperty",
    ]
    static let constructorArgAttributes = ["index", "name", "type", "value", "ref"]
    static let propertyAttributes = ["name", "value", "ref"]
    static let shortcutPrefixes = ["p:", "c:"]
    static let reference = ["ref"]
    static let valueElements = ["value", "ref", "idref", "bean", "null", "list", "set", "array", "map", "props", "util:list", "util:set", "util:map",
                                "util:properties", "util:constant"]
    static let collections = ["list", "set", "array", "map", "props"]

    private mutating func beans(_ element: XMLElementNode, profiles: [String]) throws(ConfigError) {
        try beans(element, inherited: BeansDefaults(profiles: profiles))
    }

    private mutating func beans(_ element: XMLElementNode, inherited: BeansDefaults) throws(ConfigError) {
        try check(element, attributes: Self.beansAttributes)
        var defaults = inherited
        let own = element.attribute("profile").map(Self.names) ?? []
        if !own.isEmpty { defaults.profiles = own }
        if let lazy = element.attribute("default-lazy-init"), lazy != "default" { defaults.lazyInit = try bool(lazy, element) }
        if let autowire = element.attribute("default-autowire"), autowire != "default" {
            defaults.autowire = try autowireMode(autowire, at: element)
        }
        if let method = element.attribute("default-init-method") { defaults.initMethod = method }
        if let method = element.attribute("default-destroy-method") { defaults.destroyMethod = method }
        if let merge = element.attribute("default-merge"), merge != "default" { defaults.merge = try bool(merge, element) }
        if let patterns = element.attribute("default-autowire-candidates") { defaults.candidatePatterns = Self.names(patterns) }
        let active = defaults.profiles
        let outer = enclosingDefaults
        enclosingDefaults = defaults
        defer { enclosingDefaults = outer }
        for child in element.children {
            try part(child) { (this) throws(ConfigError) in
                switch child.name {
                case "bean":
                    var definition = try this.bean(child, defaults: defaults)
                    if definition.profiles.isEmpty { definition.profiles = active }
                    // Named as Spring names it once every file is read (``XMLConfig/naming``).
                    if definition.name == nil { this.unnamedBeans.append(this.definitions.count) }
                    this.definitions.append(definition)
                case "context:property-placeholder":
                    try this.propertyPlaceholder(child)
                case let util where util.hasPrefix("util:"):
                    try this.namedValue(child)
                case "alias":
                    try this.check(child, attributes: ["name", "alias"])
                    this.aliases.append(ConfigAlias(name: try this.required(child, "alias"), target: try this.required(child, "name"),
                                                    location: child.location, profiles: active, isPublic: true))
                case "import":
                    try this.check(child, attributes: ["resource"])
                    let resource = Self.springResource(try this.required(child, "resource"))
                    this.imports.append(ConfigImport(path: resource.path, location: child.location, fromRoot: resource.fromRoot))
                case "beans": try this.beans(child, inherited: defaults)
                case "description": return
                default:
                    if let refusal = Self.refusal(of: child) { throw refusal }
                    throw this.unknownElement(child, in: element, known: Self.beansChildren)
                }
            }
        }
    }

    /// A bean with the defaults of the `<beans>` around it; an inner one (`isInner`) is made with
    /// the bean holding it: Spring ignores an inner bean's lazy-init.
    private func bean(_ element: XMLElementNode, defaults: BeansDefaults, isInner: Bool = false) throws(ConfigError) -> Definition {
        // NB: the attributes checked and read in one pass: a bean has a few, and asking for each
        // name a bean may have searched them a dozen times.
        var id, nameList, typeName, scope, lazy, primary, abstract, parent: String?
        var initMethod, destroyMethod, dependsOn, factoryMethod, factoryBean, autowire, candidate: String?
        var hasShortcuts = false
        for (name, value) in element.attributes {
            switch name {
            case "id": id = value
            case "class": typeName = value
            case "scope": scope = value
            case "name": nameList = value
            case "lazy-init": lazy = value
            case "primary": primary = value
            case "abstract": abstract = value
            case "parent": parent = value
            case "init-method": initMethod = value
            case "destroy-method": destroyMethod = value
            case "depends-on": dependsOn = value
            case "factory-method": factoryMethod = value
            case "factory-bean": factoryBean = value
            case "autowire": autowire = value
            case "autowire-candidate": candidate = value
            default:
                // Besides these, only Spring's `p:` and `c:` shortcuts.
                guard Self.shortcutPrefixes.contains(where: name.hasPrefix) else {
                    if name.contains(":") {
                        throw .refused(construct: "the attribute '\(name)'", reason: "an attribute of another namespace decorates the bean through a Java namespace handler; set what it stands for with <property> or <constructor-arg>", location: element.location)
                    }
                    throw unknownAttribute(name, of: element, known: Self.beanAttributes)
                }
                hasShortcuts = true
            }
        }
        var names = nameList.map(Self.names) ?? []
        var definition = Definition(name: id ?? (names.isEmpty ? nil : names.removeFirst()), typeName: typeName, location: element.location)
        definition.aliases = names
        // A child without a scope of its own takes its parent's (Spring); any other bean is a
        // singleton unless it says otherwise.
        if let scope {
            definition.scope = Scope.builtIn(named: scope) ?? .custom(scope)
        } else if parent == nil {
            definition.scope = .singleton
        }
        // Spring pre-instantiates every singleton that is not lazy-init; each bean states its
        // own start (Spring takes lazy-init from the child, never from the parent). A child
        // that takes a narrower scope from its parent is made when asked (see the merge).
        let isLazy = try lazy.flatMap { text throws(ConfigError) in text == "default" ? nil : try bool(text, element) } ?? defaults.lazyInit ?? false
        definition.isLazy = isLazy
        definition.isEager = !isLazy && (definition.scope == .singleton || (scope == nil && parent != nil)) && !isInner
        var mode = defaults.autowire
        if let autowire, autowire != "default" { mode = try autowireMode(autowire, at: element) }
        if mode == "no" { definition.autowires = false }
        if let mode, let properties = PropertyAutowiring(rawValue: mode) { definition.propertyAutowiring = properties }
        if let candidate, candidate != "default" {
            definition.isAutowireCandidate = try bool(candidate, element)
        } else if let patterns = defaults.candidatePatterns, let name = definition.name {
            definition.isAutowireCandidate = patterns.contains { Wildcard.matches(name, pattern: $0) }
        }
        // Stated on every child: Spring takes `primary` from the child, never from its parent.
        if let primary {
            definition.isPrimary = try bool(primary, element)
        } else if parent != nil {
            definition.isPrimary = false
        }
        if let abstract { definition.isAbstract = try bool(abstract, element) }
        definition.parent = parent
        // A bean's own method must exist; a default applies to the beans that have it (Spring).
        if let initMethod = initMethod ?? defaults.initMethod, !initMethod.isEmpty {
            definition.hooks.append(LifecycleHook(kind: .afterInjection, method: initMethod, isOptional: initMethod != element.attribute("init-method")))
        }
        if let destroyMethod = destroyMethod ?? defaults.destroyMethod, !destroyMethod.isEmpty {
            definition.hooks.append(LifecycleHook(kind: .dispose, method: destroyMethod, isOptional: destroyMethod != element.attribute("destroy-method")))
        }
        definition.dependsOn = dependsOn.map(Self.names) ?? []

        var arguments = ConstructorArguments()
        var properties: [PropertyInjection] = []
        var childProblems: [ConfigError] = []
        for child in element.children {
            // Every child's problem is reported, not only the first: a child that is wrong is
            // noted and the next one read.
            do throws(ConfigError) {
                try beanChild(child, of: element, defaults: defaults, into: &definition, arguments: &arguments, properties: &properties)
            } catch {
                childProblems += error.problems
            }
        }
        if let problem = ConfigError.combining(childProblems) { throw problem }
        definition.properties = properties
        if hasShortcuts { try shortcuts(of: element, into: &definition, arguments: &arguments) }
        let points: [InjectionPoint]
        switch parent == nil ? arguments.inOrder : .success(arguments.ofChild) {
        case .success(let placed): points = placed
        case .failure(let empty):
            throw .badValue(value: "index", reason: "no constructor-arg is at index \(empty.index), before a later index: a Swift initializer's unlabelled arguments are taken in order, so give index \(empty.index) too, or name the arguments (name=\"label\")", location: element.location)
        }
        if let method = factoryMethod {
            let signature = SelectorMapping.swiftSignature(method) ?? method
            if let factory = factoryBean {
                definition.construction = .factoryMethod(signature, of: .named(factory), arguments: points)
            } else {
                definition.construction = .staticFactory(signature, arguments: points)
            }
        } else if definition.parent != nil && points.isEmpty {
            definition.construction = .inherited
        } else {
            definition.construction = .initializer(arguments: points)
        }
        return definition
    }

    /// One child element of a bean: a constructor argument, a property, `<meta>`, a qualifier, a
    /// lookup method, a scoped proxy, or a refusal naming what it is.
    private func beanChild(_ child: XMLElementNode, of element: XMLElementNode, defaults: BeansDefaults, into definition: inout Definition,
                           arguments: inout ConstructorArguments, properties: inout [PropertyInjection]) throws(ConfigError) {
        switch child.name {
        case "constructor-arg":
            try check(child, attributes: Self.constructorArgAttributes)
            var index: Int?
            if let text = child.attribute("index") {
                guard let number = Int(text), number >= 0 else { throw .badValue(value: text, reason: "an index is a whole number from 0", location: child.location) }
                index = number
            }
            try add(InjectionPoint(label: child.attribute("name"), source: try valueSource(of: child), location: child.location),
                    index: index, to: &arguments, of: element)
        case "property":
            try check(child, attributes: Self.propertyAttributes)
            // Room for four at once, not one, two, four: a bean sets a few.
            if properties.isEmpty { properties.reserveCapacity(4) }
            var property = try self.property(child, elements: true)
            for meta in child.children where meta.name == "meta" {
                try check(meta, attributes: ["key", "value"])
                definition.metadata["\(property.name).\(try required(meta, "key"))"] = meta.attribute("value") ?? ""
            }
            if let collection = child.children.first(where: { Self.collections.contains($0.name) }) {
                let merge = collection.attribute("merge").flatMap { $0 == "default" ? nil : $0 }
                property.mergesWithParent = try merge.map { text throws(ConfigError) in try bool(text, collection) } ?? defaults.merge
            }
            properties.append(property)
        case "description": return
        case "meta":
            try check(child, attributes: ["key", "value"])
            definition.metadata[try required(child, "key")] = child.attribute("value") ?? ""
        case "qualifier":
            // Matching metadata for Java's @Qualifier, not a name: several beans may share one.
            try check(child, attributes: ["value", "type"])
            if let value = child.attribute("value"), !value.isEmpty { definition.qualifiers.append(value) }
        case "lookup-method":
            // A method returning a new bean on every call: a Provider property of that bean.
            try check(child, attributes: ["name", "bean"])
            guard child.attribute("bean") != nil else {
                throw .refused(construct: "<lookup-method> without 'bean'", reason: "Spring finds the bean by the Java method's return type, which the catalog does not see here; name the bean (bean=\"...\")", location: child.location)
            }
            properties.append(PropertyInjection(name: try required(child, "name"), source: .provider(.named(try required(child, "bean"))),
                                                location: child.location))
        case "aop:scoped-proxy":
            try scopedProxy(child, of: &definition)
        case "replaced-method":
            throw .refused(construct: "<replaced-method>", reason: "it replaces a method's body at run time through a generated Java subclass, which Swift types cannot have; implement the method in the type, or decorate the component", location: child.location)
        default:
            if let refusal = Self.refusal(of: child) { throw refusal }
            throw unknownElement(child, in: element, known: Self.beanChildren)
        }
    }

    /// Spring's `p:name="value"` / `p:name-ref="bean"` (a property) and `c:label="value"`,
    /// `c:_0="value"`, `c:label-ref="bean"` (a constructor argument by label or index).
    private func shortcuts(of element: XMLElementNode, into definition: inout Definition,
                           arguments: inout ConstructorArguments) throws(ConfigError) {
        for (qualified, value) in element.attributes where qualified.hasPrefix("p:") || qualified.hasPrefix("c:") {
            var name = String(qualified.dropFirst(2))
            let isReference = name.hasSuffix("-ref")
            if isReference { name.removeLast(4) }
            guard !name.isEmpty else {
                throw .badValue(value: qualified, reason: "a p: or c: attribute names a property or argument", location: element.location)
            }
            let source: InjectionSource = isReference ? .named(value) : .config(ConfigValue(.string(value), at: element.location))
            if qualified.hasPrefix("p:") {
                definition.properties.append(PropertyInjection(name: name, source: source, location: element.location))
                continue
            }
            var index: Int?
            var label: String? = name
            if name == "_" {
                // `c:_="value"`: the (only) argument, by position.
                label = nil
            } else if name.hasPrefix("_") {
                guard let number = Int(name.dropFirst()), number >= 0 else {
                    throw .badValue(value: qualified, reason: "c:_N takes an argument index, a whole number from 0", location: element.location)
                }
                index = number
                label = nil
            }
            try add(InjectionPoint(label: label, source: source, location: element.location), index: index, to: &arguments, of: element)
        }
    }

    /// Adds a constructor argument of `bean`, refusing a second one at the same index or label.
    private func add(_ point: InjectionPoint, index: Int?, to arguments: inout ConstructorArguments,
                     of bean: XMLElementNode) throws(ConfigError) {
        let location = point.location ?? bean.location
        let earlier = arguments.earlier(index: index, label: point.label)
        if let index, let at = earlier.index {
            throw .repeated(what: "constructor-arg index \(index)", location: location, first: arguments.points[at].location ?? bean.location)
        }
        if let label = point.label, let at = earlier.label {
            throw .repeated(what: "constructor-arg '\(label)'", location: location, first: arguments.points[at].location ?? bean.location)
        }
        arguments.append(point, index: index)
    }

    /// The source of a constructor-arg or property: its `value`/`ref` attribute or its one value element.
    private func valueSource(of element: XMLElementNode) throws(ConfigError) -> InjectionSource {
        try oneValue(of: element, references: Self.reference, elements: true)
    }

    /// The one value an element gives: a reference attribute, a `value` attribute, or (when
    /// `elements`) one value element; none or several is an error naming what was found.
    func oneValue(of element: XMLElementNode, references: [String], elements: Bool, skipping skipped: String = "meta") throws(ConfigError) -> InjectionSource {
        // NB: counted first, spelled out only for the error: most elements give exactly one.
        enum Found {
            case reference(String)
            case value(String)
            case element(XMLElementNode)
        }
        var count = 0
        var last: Found?
        for attribute in references {
            if let name = element.attribute(attribute) { count += 1; last = .reference(name) }
        }
        if let text = element.attribute("value") { count += 1; last = .value(text) }
        if elements {
            for child in element.children where child.name != "description" && child.name != "meta" && child.name != skipped { count += 1; last = .element(child) }
        }
        guard count == 1, let only = last else {
            var found = references.filter { element.attribute($0) != nil }.map { "'\($0)'" }
            if element.attribute("value") != nil { found.append("'value'") }
            if elements { found += element.children.filter { $0.name != "description" && $0.name != "meta" && $0.name != skipped }.map { "<\($0.name)>" } }
            let allowed = references.map { "'\($0)'" } + ["'value'"] + (elements ? ["one value element"] : [])
            throw .valueCount(element: element.name, found: found, allowed: allowed, location: element.location)
        }
        switch only {
        case .reference(let name): return .named(name)
        case .value(let text): return .config(ConfigValue(.string(text), at: element.location))
        case .element(let child): return try value(child)
        }
    }

    func value(_ element: XMLElementNode) throws(ConfigError) -> InjectionSource {
        switch element.name {
        case "value":
            try check(element, attributes: ["type"])
            // Spring keeps a <value>'s text as written; attributes (`value="…"`) are kept too.
            return .config(ConfigValue(.string(element.writtenText), at: element.location))
        case "ref":
            try check(element, attributes: ["bean", "local", "parent"])
            guard let name = element.attribute("bean") ?? element.attribute("local") ?? element.attribute("parent") else {
                throw .missingAttribute(name: "bean", element: "ref", location: element.location)
            }
            return .named(name)
        case "bean": return .inner(try bean(element, defaults: enclosingDefaults, isInner: true))
        case "null": return .nilValue
        case "idref":
            // The name of a bean, as text (Spring's `<idref bean="..."/>`).
            try check(element, attributes: ["bean", "local"])
            guard let name = element.attribute("bean") ?? element.attribute("local") else {
                throw .missingAttribute(name: "bean", element: "idref", location: element.location)
            }
            return .config(ConfigValue(.string(name), at: element.location))
        case let util where util.hasPrefix("util:"):
            let named = try utilValue(element)
            guard let source = named.source else {
                throw .refused(construct: "<\(util)> as a value", reason: named.refusal ?? "", location: element.location)
            }
            return source
        case "list", "set", "array":
            try check(element, attributes: ["value-type", "merge"])
            var items: [InjectionSource] = []
            for child in element.children where child.name != "description" { items.append(try value(child)) }
            return Self.collapse(items, at: element.location)
        case "map":
            try check(element, attributes: ["key-type", "value-type", "merge"])
            return try mapValue(element)
        case "props":
            try check(element, attributes: ["merge", "value-type"])
            return try propsValue(element)
        default:
            if let refusal = Self.refusal(of: element) { throw refusal }
            throw .unknownElement(name: element.name, parent: "value", known: Self.valueElements,
                                  suggestion: Suggestions.closest(to: element.name, in: Self.valueElements).first, location: element.location)
        }
    }

    /// The entries of a `<map>` (or `util:map`).
    func mapValue(_ element: XMLElementNode) throws(ConfigError) -> InjectionSource {
            var entries: [String: InjectionSource] = [:]
            var keyLocations: [String: ConfigLocation] = [:]
            for entry in element.children where entry.name != "description" {
                guard entry.name == "entry" else { throw unknownElement(entry, in: element, known: ["entry"]) }
                try check(entry, attributes: ["key", "key-ref", "value", "value-ref", "ref", "value-type"])
                if entry.attribute("key-ref") != nil {
                    throw .refused(construct: "key-ref", reason: "map keys here are text (a [String: T] is injected); give the key as text with key=\"...\"", location: entry.location)
                }
                let key: String
                if let keyElement = entry.children.first(where: { $0.name == "key" }) {
                    // `<key><value>pdf</value></key>`: the key as an element.
                    guard case .config(let value) = try oneValue(of: keyElement, references: [], elements: true), case .string(let text) = value.kind else {
                        throw .refused(construct: "<key> with a reference", reason: "map keys here are text; give the key as <value> or key=\"...\"", location: keyElement.location)
                    }
                    key = text
                } else {
                    key = try required(entry, "key")
                }
                if let first = keyLocations[key] { throw .repeated(what: "map key '\(key)'", location: entry.location, first: first) }
                keyLocations[key] = entry.location
                entries[key] = try oneValue(of: entry, references: ["value-ref", "ref"], elements: true, skipping: "key")
            }
            if entries.values.allSatisfy({ if case .config = $0 { true } else { false } }) {
                let pairs: [(key: String, value: ConfigValue)] = entries.sorted { $0.key < $1.key }.compactMap { key, source in
                    if case .config(let value) = source { return (key, value) } else { return nil }
                }
                return .config(ConfigValue(.map(pairs), at: element.location))
            }
            return .map(entries)
    }

    /// The `<prop key="">text</prop>` entries of a `<props>` (or `util:properties`).
    func propsValue(_ element: XMLElementNode) throws(ConfigError) -> InjectionSource {
        var pairs: [(key: String, value: ConfigValue)] = []
        for prop in element.children where prop.name != "description" {
            guard prop.name == "prop" else { throw unknownElement(prop, in: element, known: ["prop"]) }
            pairs.append((try required(prop, "key"), ConfigValue(.string(prop.text), at: prop.location)))
        }
        return .config(ConfigValue(.map(pairs), at: element.location))
    }

    /// A list of plain values becomes one config list (convertible to any array type); a list
    /// with references stays a list of sources.
    static func collapse(_ items: [InjectionSource], at location: ConfigLocation) -> InjectionSource {
        var values: [ConfigValue] = []
        for item in items {
            guard case .config(let value) = item else { return .list(items) }
            values.append(value)
        }
        return .config(ConfigValue(.list(values), at: location))
    }
}
