import IoCConfig
import IoCCore

// XMLTranslator: attribute and element helpers, and the `util:` namespace.

extension XMLTranslator {
    func check(_ element: XMLElementNode, attributes known: [String], allowingPrefixes prefixes: [String] = []) throws(ConfigError) {
        for (name, _) in element.attributes where !known.contains(name) && !prefixes.contains(where: name.hasPrefix) {
            throw unknownAttribute(name, of: element, known: known)
        }
    }

    func unknownAttribute(_ name: String, of element: XMLElementNode, known: [String]) -> ConfigError {
        .unknownAttribute(name: name, element: element.name, known: known,
                          suggestion: Suggestions.closest(to: name, in: known).first, location: element.location)
    }

    func required(_ element: XMLElementNode, _ attribute: String) throws(ConfigError) -> String {
        guard let value = element.attribute(attribute), !value.isEmpty else {
            throw .missingAttribute(name: attribute, element: element.name, location: element.location)
        }
        return value
    }

    func bool(_ text: String, _ element: XMLElementNode) throws(ConfigError) -> Bool {
        switch text.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw .badValue(value: text, reason: "expected true/false or yes/no", location: element.location)
        }
    }

    func unknownElement(_ element: XMLElementNode, in parent: XMLElementNode, known: [String]) -> ConfigError {
        .unknownElement(name: element.name, parent: parent.name, known: known,
                        suggestion: Suggestions.closest(to: element.name, in: known).first, location: element.location)
    }

    /// Spring's autowire modes this reader can honour: `no` and `constructor` (initializer
    /// parameters), refusing the property modes.
    func autowireMode(_ mode: String, at element: XMLElementNode) throws(ConfigError) -> String {
        switch mode {
        case "no", "constructor", "byType", "byName": return mode
        case "autodetect":
            throw .refused(construct: "autowire=\"autodetect\"", reason: "Spring 3 removed it (it chose constructor or byType by whether the class has a no-argument constructor): say which with autowire=\"constructor\" or \"byType\"", location: element.location)
        default:
            throw .badValue(value: mode, reason: "autowire is no, constructor, byType, byName or default", location: element.location)
        }
    }

    /// Why an element of another namespace is refused: a Java-only namespace or context
    /// element, or a third-party schema; `nil` for an element of this vocabulary.
    static func refusal(of element: XMLElementNode) -> ConfigError? {
        let name = element.name
        if name.hasPrefix("{"), let close = name.firstIndex(of: "}") {
            let namespace = String(name[name.index(after: name.startIndex)..<close])
            return .refused(construct: "<\(name[name.index(after: close)...])> of the namespace \(namespace)",
                            reason: "its schema configures a Java library; describe the Swift components it stands for as beans", location: element.location)
        }
        guard let colon = name.firstIndex(of: ":") else { return nil }
        let prefix = String(name[..<colon]), local = String(name[name.index(after: colon)...])
        if prefix == "context", let reason = contextRefused[local] {
            return .refused(construct: "<context:\(local)>", reason: reason, location: element.location)
        }
        if let reason = javaOnly[prefix] {
            return .refused(construct: "<\(name)> (the \(prefix) namespace)", reason: reason, location: element.location)
        }
        return nil
    }

    /// Spring's `<aop:scoped-proxy/>`: the bean is injected through the catalog's proxy of a
    /// protocol it is seen as, which reaches the current thread's, task's or custom scope's
    /// instance on every call — what the core does for a lazy component of such a scope. Swift
    /// proxies protocols only, so `proxy-target-class` (Spring's choice between a class and an
    /// interface proxy) changes nothing; a holder of the bean as its class is checked as captive.
    func scopedProxy(_ element: XMLElementNode, of definition: inout Definition) throws(ConfigError) {
        try check(element, attributes: ["proxy-target-class"])
        if let text = element.attribute("proxy-target-class") { _ = try bool(text, element) }
        guard definition.scope.isContextScoped else {
            let reason = definition.scope == .prototype
                ? "a scoped proxy of a prototype makes a new instance for every call; inject Provider<T> where a new one is wanted"
                : "a scoped proxy follows a thread, task or custom scope (scope=\"thread-local\", \"task-local\", or a registered custom scope such as \"request\"), and this bean's scope is \(definition.scope); inject it directly, or with lazy-init=\"true\" through a lazy proxy"
            throw .refused(construct: "<aop:scoped-proxy/>", reason: reason, location: element.location)
        }
        definition.isLazy = true
        definition.isEager = false
    }

    /// `<context:property-placeholder location="app.properties"/>`: a `.properties` file inside
    /// the config root becomes a property source for `${...}`.
    mutating func propertyPlaceholder(_ element: XMLElementNode) throws(ConfigError) {
        try check(element, attributes: ["location", "ignore-resource-not-found", "file-encoding", "order", "system-properties-mode",
                                        "local-override", "ignore-unresolvable", "properties-ref", "trim-values", "null-value", "value-separator"])
        if let trim = element.attribute("trim-values"), try bool(trim, element) {
            throw .refused(construct: "trim-values=\"true\"", reason: "property values are read as written; trim them in the file", location: element.location)
        }
        if let separator = element.attribute("value-separator"), separator != ":" {
            throw .refused(construct: "value-separator=\"\(separator)\"", reason: "a placeholder's default follows ':' here (${key:default})", location: element.location)
        }
        if element.attribute("null-value") != nil {
            throw .refused(construct: "null-value", reason: "a placeholder gives text here; give an optional property no value instead (<null/>)", location: element.location)
        }
        if let reference = element.attribute("properties-ref") { propertyReferences.append((reference, element.location)) }
        if let unresolvable = element.attribute("ignore-unresolvable"), try bool(unresolvable, element) {
            throw .refused(construct: "ignore-unresolvable=\"true\"", reason: "a placeholder without a value or a default is an error at build here; give it a default (${key:default})", location: element.location)
        }
        if let encoding = element.attribute("file-encoding"), encoding.uppercased() != "UTF-8" {
            throw .badValue(value: encoding, reason: "properties files are read as UTF-8", location: element.location)
        }
        var optional = false
        if let text = element.attribute("ignore-resource-not-found") { optional = try bool(text, element) }
        // Without a location the placeholders come from the builder's other sources (the environment).
        propertyFiles += Self.propertyFileList(element.attribute("location") ?? "", optional: optional, at: element.location)
    }

    /// A `.properties` file a `location` names.
    typealias PropertyFile = (path: String, optional: Bool, location: ConfigLocation, fromRoot: Bool)

    /// The files a `location` attribute names.
    static func propertyFileList(_ locations: String, optional: Bool, at location: ConfigLocation) -> [PropertyFile] {
        names(locations).map { written in
            let resource = springResource(written)
            return (path: resource.path, optional: optional, location: location, fromRoot: resource.fromRoot)
        }
    }

    /// A resource location as Spring writes it, in one meaning for imports and property files:
    /// `classpath:x` (and `classpath*:x`) is `x` in the config root, as the class path's root is
    /// Spring's; `file:x` and a plain `x` are beside the file that names them.
    static func springResource(_ written: String) -> (path: String, fromRoot: Bool) {
        for scheme in ["classpath*:", "classpath:"] where written.hasPrefix(scheme) {
            return (String(written.dropFirst(scheme.count).drop { $0 == "/" }), true)
        }
        return (written.hasPrefix("file:") ? String(written.dropFirst("file:".count)) : written, false)
    }

    // MARK: util:

    /// A top-level `util:` element: a value other beans reference by its id.
    mutating func namedValue(_ element: XMLElementNode) throws(ConfigError) {
        let value = try utilValue(element)
        // A top-level util:constant without an id is named by its static-field, as in Spring.
        let fallback = element.name == "util:constant" ? element.attribute("static-field") : nil
        guard let id = element.attribute("id").flatMap({ $0.isEmpty ? nil : $0 }) ?? fallback else {
            throw .missingAttribute(name: "id", element: element.name, location: element.location)
        }
        namedValues[id] = value
        if element.name == "util:properties", case .config(let props)? = value.source, case .map(let entries) = props.kind {
            inlinePropertySets[id] = Dictionary(entries.map { ($0.key, $0.value) }) { _, last in last }
        }
        if element.name == "util:properties", let locations = element.attribute("location") {
            let optional = try element.attribute("ignore-resource-not-found").map { text throws(ConfigError) in try bool(text, element) } ?? false
            propertyFileSets[id] = Self.propertyFileList(locations, optional: optional, at: element.location)
        }
    }

    /// What a `util:` element gives: a value, or (for a properties file) why it cannot be one.
    func utilValue(_ element: XMLElementNode) throws(ConfigError) -> NamedValue {
        let local = String(element.name.dropFirst(5))
        let javaClass = ["list": "list-class", "set": "set-class", "map": "map-class"][local]
        if let javaClass, element.attribute(javaClass) != nil {
            throw .refused(construct: javaClass, reason: "it names the Java collection class to make; the Swift type comes from the property or parameter it is injected into", location: element.location)
        }
        switch local {
        case "list", "set":
            try check(element, attributes: ["id", "value-type", "scope"])
            var items: [InjectionSource] = []
            for child in element.children where child.name != "description" { items.append(try value(child)) }
            return NamedValue(source: Self.collapse(items, at: element.location), location: element.location)
        case "map":
            try check(element, attributes: ["id", "key-type", "value-type", "scope"])
            return NamedValue(source: try mapValue(element), location: element.location)
        case "properties":
            try check(element, attributes: ["id", "location", "ignore-resource-not-found", "local-override", "scope"])
            if element.attribute("location") != nil {
                return NamedValue(refusal: "a util:properties read from a file is a property source here (for properties-ref): read its keys with ${key}", location: element.location)
            }
            return NamedValue(source: try propsValue(element), location: element.location)
        case "constant":
            // `static-field="Type.member"`: a static member of a catalogued type, through the
            // catalog's static factories.
            try check(element, attributes: ["id", "static-field"])
            let field = try required(element, "static-field")
            guard let dot = field.lastIndex(of: "."), dot != field.startIndex, field.index(after: dot) != field.endIndex else {
                throw .badValue(value: field, reason: "static-field names a type and one of its static members: Type.member", location: element.location)
            }
            var definition = Definition(name: nil, typeName: String(field[..<dot]), location: element.location)
            definition.construction = .staticFactory(String(field[field.index(after: dot)...]))
            return NamedValue(source: .inner(definition), location: element.location)
        case "property-path":
            throw .refused(construct: "<util:property-path>", reason: "it reads another bean's property through Java reflection; inject that bean and read the property in Swift, or give the value itself", location: element.location)
        default:
            throw .unknownElement(name: element.name, parent: "beans", known: Self.valueElements.filter { $0.hasPrefix("util:") },
                                  suggestion: nil, location: element.location)
        }
    }

    static func names(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == " " }).map(String.init)
    }
}
