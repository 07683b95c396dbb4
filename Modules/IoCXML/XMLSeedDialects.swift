import IoCConfig
import IoCCore

// XMLTranslator: the seeds' dialects — spring-objective-c's `<assembly>` and OxIC's `<container>`.

extension XMLTranslator {
    // MARK: spring-objective-c <assembly>

    static let assemblyAttributes = ["class", "key", "scope", "after-property-injection", "factory-component"]

    mutating func assembly(_ root: XMLElementNode) throws(ConfigError) {
        try check(root, attributes: [])
        for element in root.children {
            try part(element) { (this) throws(ConfigError) in
                switch element.name {
                case "component": this.definitions.append(try this.component(element))
                case "description": return
                default: throw this.unknownElement(element, in: root, known: ["component", "description"])
                }
            }
        }
    }

    private func component(_ element: XMLElementNode) throws(ConfigError) -> Definition {
        try check(element, attributes: Self.assemblyAttributes)
        var definition = Definition(name: element.attribute("key"), typeName: try required(element, "class"), location: element.location)
        definition.scope = .singleton
        if let scope = element.attribute("scope") { definition.scope = Scope.builtIn(named: scope) ?? .custom(scope) }
        if let hook = element.attribute("after-property-injection") {
            definition.hooks.append(LifecycleHook(kind: .afterInjection, method: hook))
        }
        for child in element.children {
            switch child.name {
            case "property":
                try check(child, attributes: ["name", "ref", "value"])
                try definition.properties.append(property(child, elements: false))
            case "initializer":
                try check(child, attributes: ["selector", "is-class-method"])
                let selector = try required(child, "selector")
                guard let signature = SelectorMapping.swiftSignature(selector) else {
                    throw .unmappableSelector(selector: selector, location: child.location)
                }
                var points: [InjectionPoint] = []
                for argument in child.children {
                    switch argument.name {
                    case "argument":
                        try check(argument, attributes: ["parameterName", "ref", "value", "required-class"])
                        points.append(InjectionPoint(source: try refOrValue(argument), location: argument.location))
                    case "description": continue
                    default: throw unknownElement(argument, in: child, known: ["argument", "description"])
                    }
                }
                let isClassMethod = try child.attribute("is-class-method").map { text throws(ConfigError) in try bool(text, child) }
                    ?? !SelectorMapping.looksLikeInitializer(selector)
                if let factory = element.attribute("factory-component") {
                    definition.construction = .factoryMethod(signature, of: .named(factory), arguments: points)
                } else if isClassMethod {
                    definition.construction = .staticFactory(signature, arguments: points)
                } else {
                    definition.construction = .initializer(signature, arguments: points)
                }
            case "description": continue
            default: throw unknownElement(child, in: element, known: ["property", "initializer", "description"])
            }
        }
        return definition
    }

    /// A `<property>`; Spring's may hold a value element (`elements`). One set twice is the core's to report.
    func property(_ element: XMLElementNode, elements: Bool) throws(ConfigError) -> PropertyInjection {
        PropertyInjection(name: try required(element, "name"), source: try oneValue(of: element, references: Self.reference, elements: elements),
                          location: element.location)
    }

    private func refOrValue(_ element: XMLElementNode) throws(ConfigError) -> InjectionSource {
        try oneValue(of: element, references: Self.reference, elements: false)
    }

    // MARK: OxIC <container>

    mutating func oxic(_ root: XMLElementNode) throws(ConfigError) {
        try check(root, attributes: [])
        for element in root.children {
            try part(element) { (this) throws(ConfigError) in this.definitions.append(try this.oxicObject(element, in: root)) }
        }
    }

    private func oxicObject(_ element: XMLElementNode, in root: XMLElementNode) throws(ConfigError) -> Definition {
        guard element.name == "object" else { throw unknownElement(element, in: root, known: ["object"]) }
        try check(element, attributes: ["id", "class", "lazy", "singleton"])
        var definition = Definition(name: try required(element, "id"), typeName: try required(element, "class"), location: element.location)
        definition.scope = try element.attribute("singleton").map { text throws(ConfigError) in try bool(text, element) } == false ? .prototype : .singleton
        if let lazy = element.attribute("lazy") { definition.isLazy = try bool(lazy, element) }
        for property in element.children {
            guard property.name == "property" else { throw unknownElement(property, in: element, known: ["property"]) }
            try check(property, attributes: ["name", "ref", "value"])
            try definition.properties.append(self.property(property, elements: false))
        }
        return definition
    }
}
