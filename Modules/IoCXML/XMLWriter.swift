import CLibXML2
import IoCConfig
import IoCCore

/// Writes definitions as a Spring `<beans>` document, through libxml2's text writer (which
/// escapes every attribute and text): the XML form `ioc convert --to xml` prints. Reading it
/// back with ``XMLLoader`` gives the same components; values come back as text, which the
/// builder converts to the type each injection point needs, as it does for any XML.
///
/// ```swift
/// let config = try YAMLLoader().load(contentsOf: url)
/// let xml = try XMLWriter.string(from: config.definitions)
/// ```
public enum XMLWriter {
    /// The `<beans>` document for `definitions`. Throws when a definition has something Spring's
    /// vocabulary cannot express (tags, `as` types, method calls, a tagged collection...),
    /// naming it and where it was written.
    ///
    /// ```swift
    /// let xml = try XMLWriter.string(from: builder.definitions)
    /// ```
    public static func string(from definitions: [Definition]) throws(ConfigWriteError) -> String {
        var children: [Element] = []
        // Definitions of the same profiles sit together in a nested <beans profile="...">.
        for definition in definitions {
            let elements: [Element]
            if let target = definition.aliasTarget, let name = definition.name {
                // An alias of a component defined elsewhere, and any names given to the alias.
                // (Its visibility is its target's in both formats; a deprecation has no form here.)
                if definition.deprecation != nil {
                    throw failure(definition, "a deprecation", advice: keepInYAML)
                }
                elements = ([name] + definition.aliases).map { Element("alias", [("name", target), ("alias", $0)]) }
            } else {
                elements = [try self.bean(definition)]
            }
            guard !definition.profiles.isEmpty else { children += elements; continue }
            let profile = definition.profiles.joined(separator: ",")
            if let last = children.last, last.name == "beans", last.attributes.first?.value == profile {
                children[children.count - 1].children += elements
            } else {
                children.append(Element("beans", [("profile", profile)], elements))
            }
        }
        return try write(Element("beans", [], children))
    }

    // MARK: Definitions to elements

    struct Element {
        var name: String
        var attributes: [(name: String, value: String)]
        var children: [Element]
        var text: String?

        init(_ name: String, _ attributes: [(name: String, value: String)] = [], _ children: [Element] = [], text: String? = nil) {
            self.name = name
            self.attributes = attributes
            self.children = children
            self.text = text
        }
    }

    private static func failure(_ definition: Definition, _ feature: String, advice: String) -> ConfigWriteError {
        ConfigWriteError(definition, format: "Spring XML", feature: feature, advice: advice)
    }

    private static let keepInYAML = "Keep this file in YAML, or write this part in code."

    /// A `<bean>`; an inner one (`isInner`) is made with the bean holding it, whatever its start.
    static func bean(_ definition: Definition, isInner: Bool = false) throws(ConfigWriteError) -> Element {
        var attributes: [(name: String, value: String)] = []
        if let name = definition.name { attributes.append(("id", name)) }
        if !definition.aliases.isEmpty { attributes.append(("name", definition.aliases.joined(separator: ","))) }
        let construction = try definition.writtenConstruction(format: "Spring XML")
        if let typeName = definition.typeName { attributes.append(("class", typeName)) }
        if let parent = definition.parent { attributes.append(("parent", parent)) }
        if definition.isAbstract { attributes.append(("abstract", "true")) }
        // A child that states no scope takes its parent's, in Spring as here: none is written.
        if definition.stated.contains(.scope) || definition.parent == nil { attributes.append(("scope", definition.scope.description)) }
        if definition.stated.contains(.primary) || definition.isPrimary { attributes.append(("primary", String(definition.isPrimary))) }
        try definition.checkWritable([.noAutowiring, .notAutowireCandidate, .metadata, .qualifiers, .mergedCollections], format: "Spring XML", advice: keepInYAML)
        if let mode = definition.propertyAutowiring {
            attributes.append(("autowire", mode.rawValue))
        } else if !definition.autowires {
            attributes.append(("autowire", "no"))
        }
        if !definition.isAutowireCandidate { attributes.append(("autowire-candidate", "false")) }
        if !definition.dependsOn.isEmpty { attributes.append(("depends-on", definition.dependsOn.joined(separator: ","))) }
        var initMethod: String?
        var destroyMethod: String?
        for hook in definition.hooks {
            switch hook.kind {
            case .afterInjection where initMethod == nil: initMethod = hook.name
            case .dispose where destroyMethod == nil: destroyMethod = hook.name
            default: throw failure(definition, "a \(hook.kind) hook '\(hook.name)'", advice: keepInYAML)
            }
        }
        if let initMethod { attributes.append(("init-method", initMethod)) }
        if let destroyMethod { attributes.append(("destroy-method", destroyMethod)) }
        for (feature, present) in [("tags", !definition.tags.isEmpty), ("'as' types", !definition.exposedAs.isEmpty),
                                   ("method calls", !definition.methodCalls.isEmpty),
                                   ("'decorates'", definition.decorates != nil), ("an override", definition.isOverride)] where present {
            throw failure(definition, feature, advice: keepInYAML)
        }
        // Spring makes every singleton that is not lazy-init at build.
        if definition.isLazy {
            attributes.append(("lazy-init", "true"))
        } else if definition.scope == .singleton && !definition.isEager && !definition.isAbstract && !isInner {
            throw failure(definition, "creation on its first request (a singleton neither eager nor lazy)",
                          advice: "Spring XML makes every singleton that is not lazy-init at build, and lazy-init=\"true\" injects it through the catalog's lazy proxy where there is one: mark it eager: true (made at build) or lazy: true, or keep this file in YAML.")
        }

        let arguments: [InjectionPoint]
        switch construction {
        case .initializer(let points): arguments = points
        case let .staticFactory(signature, points):
            attributes.append(("factory-method", signature))
            arguments = points
        case let .factoryMethod(signature, factory, points):
            attributes.append(("factory-bean", factory))
            attributes.append(("factory-method", signature))
            arguments = points
        }
        var children = definition.metadata.keys.sorted().map { Element("meta", [("key", $0), ("value", definition.metadata[$0] ?? "")]) }
        children += definition.qualifiers.map { Element("qualifier", [("value", $0)]) }
        for argument in arguments {
            children.append(try injection("constructor-arg", name: argument.label, argument.source, of: definition))
        }
        for property in definition.properties {
            var element = try injection("property", name: property.name, property.source, of: definition)
            // A collection added to the parent's says so on its element, as it was written.
            if property.mergesWithParent, let first = element.children.first, XMLTranslator.collections.contains(first.name) {
                element.children[0].attributes.append(("merge", "true"))
            }
            children.append(element)
        }
        return Element("bean", attributes, children)
    }

    /// A `<constructor-arg>` or `<property>`: a reference or text as an attribute, anything
    /// else as one value element inside.
    private static func injection(_ element: String, name: String?, _ source: InjectionSource, of definition: Definition) throws(ConfigWriteError) -> Element {
        let named: [(name: String, value: String)] = name.map { [("name", $0)] } ?? []
        switch source {
        case .named(let target): return Element(element, named + [("ref", target)])
        case .config(let value):
            if let text = scalarText(value) { return Element(element, named + [("value", text)]) }
        default: break
        }
        return Element(element, named, [try self.value(source, of: definition)])
    }

    /// One value element: `<value>`, `<ref>`, `<null/>`, `<list>`, `<map>`, an inner `<bean>`.
    static func value(_ source: InjectionSource, of definition: Definition) throws(ConfigWriteError) -> Element {
        switch source {
        case .named(let target): return Element("ref", [("bean", target)])
        case .nilValue: return Element("null")
        case .config(let value): return configValue(value)
        case .inner(let inner): return try bean(inner, isInner: true)
        case .list(let items):
            var children: [Element] = []
            for item in items { children.append(try self.value(item, of: definition)) }
            return Element("list", [], children)
        case .map(let entries):
            var children: [Element] = []
            for key in entries.keys.sorted() {
                guard let item = entries[key] else { continue }
                if case .named(let target) = item {
                    children.append(Element("entry", [("key", key), ("value-ref", target)]))
                } else {
                    children.append(Element("entry", [("key", key)], [try self.value(item, of: definition)]))
                }
            }
            return Element("map", [], children)
        case .optional, .lazy, .provider, .tagged, .type, .typeNamed, .all, .value, .defaultArgument, .taggedIndexed, .abstractArgument:
            throw failure(definition, "the source '\(source)'", advice: keepInYAML)
        }
    }

    /// XML values are text: a scalar is written as the text that reads as it; `nil` for null,
    /// lists and maps, which are elements.
    private static func scalarText(_ value: ConfigValue) -> String? {
        switch value.kind {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return String(flag)
        case .null, .list, .map: return nil
        }
    }

    private static func configValue(_ value: ConfigValue) -> Element {
        if let text = scalarText(value) { return Element("value", text: text) }
        switch value.kind {
        case .list(let items): return Element("list", [], items.map(configValue))
        case .map(let entries):
            return Element("map", [], entries.map { entry in
                if let text = scalarText(entry.value) { return Element("entry", [("key", entry.key), ("value", text)]) }
                return Element("entry", [("key", entry.key)], [configValue(entry.value)])
            })
        default: return Element("null")
        }
    }

    // MARK: libxml2

    private static func write(_ root: Element) throws(ConfigWriteError) -> String {
        guard let buffer = xmlBufferCreate() else { throw writerFailure("cannot allocate a buffer") }
        defer { xmlBufferFree(buffer) }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else { throw writerFailure("cannot create a writer") }
        var freed = false
        defer { if !freed { xmlFreeTextWriter(writer) } }
        _ = xmlTextWriterSetIndent(writer, 1)
        _ = with("    ") { xmlTextWriterSetIndentString(writer, $0) }
        try check(xmlTextWriterStartDocument(writer, nil, "UTF-8", nil))
        try write(root, writer)
        try check(xmlTextWriterEndDocument(writer))
        xmlFreeTextWriter(writer)   // flushes into the buffer
        freed = true
        guard let content = xmlBufferContent(buffer) else { throw writerFailure("wrote nothing") }
        return String(cString: content)
    }

    private static func write(_ element: Element, _ writer: xmlTextWriterPtr) throws(ConfigWriteError) {
        try check(with(element.name) { xmlTextWriterStartElement(writer, $0) })
        for (name, value) in element.attributes {
            try check(with(name) { name in with(value) { xmlTextWriterWriteAttribute(writer, name, $0) } })
        }
        if let text = element.text { try check(with(text) { xmlTextWriterWriteString(writer, $0) }) }
        for child in element.children { try write(child, writer) }
        // A full end tag only where there is text, so that `<value></value>` keeps its (empty) text.
        try check(element.text != nil ? xmlTextWriterFullEndElement(writer) : xmlTextWriterEndElement(writer))
    }

    private static func with(_ text: String, _ body: (UnsafePointer<xmlChar>) -> Int32) -> Int32 {
        text.withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
    }

    static func check(_ result: Int32) throws(ConfigWriteError) {
        if result < 0 { throw writerFailure("a write failed") }
    }

    private static func writerFailure(_ problem: String) -> ConfigWriteError {
        ConfigWriteError(component: "the document", location: .unknown, format: "Spring XML",
                         feature: "text libxml2's writer refused (\(problem))", advice: "Report this with the input file.")
    }
}
