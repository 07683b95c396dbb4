import Foundation
import IoCCore
import IoCDeclarations

/// The catalog entry of one type config names: the statements `@Catalogued` writes for it
/// (``TypeShape/catalogStatements(exposures:)``: initializers with their defaults, settable
/// properties, annotated methods), the methods config names, and the conformances to types of
/// the same sources.
struct CatalogEntryWriter {
    let type: SourceIndex.DeclaredType
    let shape: TypeShape
    /// Where config first names the type: the generated lines are marked with it, so that an
    /// error the compiler finds in them is reported there.
    let location: ConfigLocation
    let statements: [String]
    /// For a nested type, `typealias Till = Shop.Till` for each type its declaration may name
    /// by a short name its enclosing types give (the entry is written in an extension of the
    /// type, which sees the type's own members but not its siblings).
    let aliases: [String]

    init(type: SourceIndex.DeclaredType, shape: TypeShape, location: ConfigLocation, methods: Set<String>, index: SourceIndex) {
        self.type = type
        self.shape = shape
        self.location = location
        // Innermost first, as Swift looks names up: the type's own members, then each enclosing type's.
        let path = type.name.split(separator: ".").map(String.init)
        var taken = Set(index.types.compactMap { Self.child(of: type.name, $0.name) })
        var aliases: [String] = []
        for depth in stride(from: path.count - 1, through: 1, by: -1) {
            let enclosing = path.prefix(depth).joined(separator: ".")
            // Another module's types the target may use: an alias of an internal one does not compile.
            for declared in index.types where declared.isVisible {
                guard let short = Self.child(of: enclosing, declared.name), taken.insert(short).inserted else { continue }
                aliases.append("typealias \(short) = \(declared.name)")
            }
        }
        self.aliases = aliases
        // Conformances to the protocols and superclasses of these sources only: another
        // module's (Sendable, Codable, a protocol with associated types) config cannot name.
        let exposures = shape.inheritedTypes.filter { index.type(named: $0, module: nil) != nil }
        var statements = shape.catalogStatements(exposures: exposures)
        var written = Set(statements.compactMap(Self.methodSignature))
        for method in shape.methods where methods.contains(method.callable.baseName) && written.insert(method.callable.signature).inserted {
            statements += Self.statements(for: method, of: shape)
        }
        self.statements = statements
    }

    /// `Till` for (`Shop`, `Shop.Till`); `nil` when `name` is not a type nested right in `enclosing`.
    private static func child(of enclosing: String, _ name: String) -> String? {
        guard name.hasPrefix(enclosing + ".") else { return nil }
        let rest = name.dropFirst(enclosing.count + 1)
        return rest.contains(".") ? nil : String(rest)
    }

    /// `close()` of `type.method("close()") { ... }`, `close` of `type.method("close") { ... }`.
    private static func methodSignature(_ statement: String) -> String? {
        for prefix in ["type.method(\"", "type.factoryMethod(\"", "type.staticFactory(\""] where statement.hasPrefix(prefix) {
            let rest = statement.dropFirst(prefix.count)
            let name = String(rest.prefix { $0 != "\"" })
            return name.contains("(") ? name : name + "()"
        }
        return nil
    }

    /// A method config may name: a hook or call (`method`), a factory method (one that returns
    /// something), or a static factory (a static one returning the type).
    private static func statements(for method: TypeShape.Method, of shape: TypeShape) -> [String] {
        let callable = method.callable
        let signature = quoted(callable.signature)
        let typeName = shape.typeName
        if method.isStatic {
            guard !shape.isMainActor, shape.staticFactories.contains(where: { $0.callable.signature == callable.signature }) else { return [] }
            return ["type.staticFactory(\(signature)) \(callable.closure(calling: "\(typeName).\(callable.baseName)", isThrowing: method.isThrowing))"]
        }
        if method.result == nil { return [shape.methodStatement(callable, isThrowing: method.isThrowing)] }
        return shape.isMainActor ? [] : [shape.factoryMethodStatement(callable, isThrowing: method.isThrowing)]
    }
}

/// The Swift file the plugin writes: a type holding the catalog of every type the config names.
struct GeneratedCodeWriter {  // docs/PerformanceLedger.md C1
    let typeName: String
    /// For a library target: the type, its functions and the accessors of public types are
    /// public, so that an app that depends on the library registers its config.
    var isPublic = false
    let configFiles: [URL]
    let entries: [CatalogEntryWriter]
    let protocols: [SourceIndex.DeclaredType]
    let registrations: CompiledRegistrations

    /// `public ` for a library target's declarations, else nothing (internal).
    private var access: String { isPublic ? "public " : "" }

    /// The modules the declaration needs, as `import` lines.
    var imports: [String] {
        var modules: Set<String> = ["IoCCore"]
        for entry in entries { modules.formUnion(entry.type.imports) }
        for type in protocols { modules.formUnion(type.imports) }
        // IoCConfig's: `env(…)`, the dialects' settings of a definition, a bean file's property
        // files, the spelling of services.yaml's parameters.
        if registrations.usesEnvironmentFunction || registrations.usesConfigSettings || !registrations.propertySources.isEmpty
            || !registrations.parameterSpellings.isEmpty {
            modules.insert("IoCConfig")
        }
        // A registration's settings no modifier states, through the core's interface for generated code.
        let core = registrations.usesGeneratedInterface ? "@_spi(GeneratedConfig) import IoCCore" : "import IoCCore"
        return modules.sorted().map { $0 == "IoCCore" ? core : "import \($0)" }
    }

    /// The file: a header naming the config files, the imports of every declaration, the declarations.
    static func file(configFiles: [URL], imports: [String], declarations: [String]) -> String {
        var lines = ["// Written by IoCConfigPlugin from " + configFiles.map(\.lastPathComponent).joined(separator: ", ") + ": do not edit.", ""]
        var seen: Set<String> = []
        // One import of IoCCore: the one with the generated code's interface when any needs it.
        let spi = imports.contains { $0.hasPrefix("@_spi") }
        let byModule = imports.sorted { ($0.split(separator: " ").last ?? "") < ($1.split(separator: " ").last ?? "") }
        for line in byModule where seen.insert(line).inserted && !(spi && line == "import IoCCore") { lines.append(line) }
        return (lines + declarations).joined(separator: "\n")
    }

    /// `enum GeneratedConfig { … }`.
    var declaration: String {
        var lines: [String] = []
        lines += [
            "",
            "/// The types this target's config files name, read from its Swift sources at build: give",
            "/// it to the builder that loads them (`builder.catalog = \(typeName).catalog()`).",
            "\(access)enum \(typeName) {",
        ]
        // The config files' paths, which the registrations' locations name.
        for (file, constant) in registrations.fileConstants.sorted(by: { $0.value < $1.value }) {
            lines.append("    private static let \(constant) = \(quoted(file))")
        }
        lines += [
            "    \(access)static func catalog() -> IoCCore.TypeCatalog {",
            "        let catalog = IoCCore.TypeCatalog(compiledFromConfig: true)",
        ]
        for type in protocols {
            lines.append("        catalog.add(protocol: (any \(type.name)).self, names: \(quoted(type.name)))")
        }
        // A nested type's entry is written in an extension of the type, where the names its
        // declaration uses (a sibling type, `Till` for `Shop.Till`) mean what they mean there.
        var extensions: [String] = []
        let entryFunction = "_\(typeName)CatalogEntry"
        for entry in entries {
            let mark = Self.sourceLocation(entry.location)
            let names = ([entry.type.name] + entry.type.aliases).map(quoted).joined(separator: ", ")
            var entryLines = [mark, "        catalog.add(\(entry.shape.typeName).self, names: \(names)) { type in"]
            for statement in entry.statements {
                entryLines += [mark, "            " + statement]
            }
            entryLines += ["        }", "#sourceLocation()"]
            if entry.type.name.contains(".") {
                lines.append("        \(entry.shape.typeName).\(entryFunction)(catalog)")
                extensions += ["", "extension \(entry.shape.typeName) {",
                               "    fileprivate static func \(entryFunction)(_ catalog: IoCCore.TypeCatalog) {"]
                    + entry.aliases.map { "        " + $0 } + entryLines + ["    }", "}"]
            } else {
                lines += entryLines
            }
        }
        lines += ["        return catalog", "    }", ""]
        lines += accessorLines
        lines += registerLines
        lines += ["}"] + extensions + [""]
        return lines.joined(separator: "\n")
    }

    /// `Components`: a typed accessor for each named component, for the compiled and the
    /// interpreted form alike.
    private var accessorLines: [String] {
        var lines = [
            "    /// The config's named components, each resolved by its name and type: a name or a type",
            "    /// written wrong in Swift is a compile error (`try \(typeName).components(of: container).reportService`).",
            "    \(access)struct Components {",
            "        private let container: IoCCore.Container",
            "        init(_ container: IoCCore.Container) { self.container = container }",
        ]
        for accessor in registrations.accessors {
            lines.append("        /// \(quoted(accessor.name)), defined at \(URL(fileURLWithPath: accessor.location.file).lastPathComponent):\(accessor.location.line).")
            let visible = isPublic && registrations.publicTypes.contains(accessor.type) ? "public " : ""
            lines.append("        \(visible)var \(accessor.property): \(accessor.type) { get throws { try component(\(quoted(accessor.name))) } }")
        }
        lines += [
            "        // One function the accessors call: resolving through it costs the type checker one",
            "        // candidate per accessor instead of every `resolve` overload.",
            "        private func component<T>(_ name: String) throws -> T { try container.resolve(T.self, name: name) }",
        ]
        lines += [
            "    }",
            "",
            "    /// The typed accessors of `container`'s components that the config names.",
            "    \(access)static func components(of container: IoCCore.Container) -> Components { Components(container) }",
            "",
        ]
        return lines
    }

    /// `register(in:)`: the config's components as code registrations, or, when the config
    /// uses what the compiled form does not express, a declaration that says so where it is used.
    private var registerLines: [String] {
        var lines = [
            "    /// Registers what the config files define as code registrations, their initializers called",
            "    /// directly: the same graph as loading the files, without reading them at launch. Profiles",
            "    /// and placeholder values stay dynamic (read when the builder builds).",
        ]
        if let first = registrations.unsupported.first {
            let place = "\(first.location.file):\(first.location.line):\(first.location.column)"
            let more = registrations.unsupported.count > 1 ? " (and \(registrations.unsupported.count - 1) more)" : ""
            lines.append("    @available(*, unavailable, message: \(quoted("Not compiled: \(first.reason) (\(place))\(more). Load the file with loadYAML/loadXML instead.")))")
            lines.append("    \(access)static func register(in builder: IoCCore.ContainerBuilder) {}")
            return lines
        }
        // Components of one shape share a function (`make0`…). Consecutive ones whose holes are
        // plain values are rows of a table the function is called for in a loop (`rows0`…:
        // literals the type checker reads in a line each); the others are a call each. The
        // order of the config is kept: it orders overrides and tagged collections.
        var shapes: [String: Int] = [:]
        var shapeLines: [String] = []
        var body: [String] = []
        var tables: [String] = []
        var tableCount = 0
        var run: (key: String, rowType: String, call: String, rows: [String], single: [String])?
        func flush() {
            guard let current = run else { return }
            run = nil
            // A run of one is a call.
            guard current.rows.count > 1 else { return body += current.single }
            let name = "rows\(tableCount)"
            tableCount += 1
            body.append("        for row in \(name)() { \(current.call) }")
            // NB: a function the optimizer leaves alone, not a `static let`: the optimizer's
            // work on 100 constant arrays of 10,000 string rows took 4 minutes of a 4.5-minute
            // release compile; building the rows at launch costs microseconds.
            tables += ["", "    @_optimize(none)", "    private static func \(name)() -> [\(current.rowType)] {", "        ["]
                + current.rows.map { "            \($0)," } + ["        ]", "    }"]
        }
        for statement in registrations.statements {
            let number: Int
            if let known = shapes[statement.template] {
                number = known
            } else {
                number = shapes.count
                shapes[statement.template] = number
                let holes = statement.holes.enumerated().map { ", _ h\($0.offset): \($0.element.type)" }.joined()
                shapeLines += [
                    "",
                    "    @inline(never)",
                    "    private static func make\(number)(_ builder: IoCCore.ContainerBuilder, _ name: String?, _ file: String, _ line: Int\(holes)) {",
                    Self.sourceLocation(statement.location),
                    "        " + statement.template,
                    "#sourceLocation()",
                    "    }",
                ]
            }
            let file = registrations.fileConstants[statement.location.file] ?? quoted(statement.location.file)
            let name = statement.name.map(quoted) ?? "nil"
            let line = "\(max(statement.location.line, 1))"
            let arguments = ["builder", name, file, line] + statement.holes.map { Self.expression($0.value, file: file) }
            let call = [Self.sourceLocation(statement.location), "        make\(number)(\(arguments.joined(separator: ", ")))", "#sourceLocation()"]
            if let row = Self.row(statement.holes.map(\.value), file: file) {
                let key = "\(number) \(file) \(row.kinds)"
                // At most 100 rows a table: the type checker reads an array literal as one
                // expression, and one of 10,000 rows exhausted its memory.
                if run?.key != key || (run?.rows.count ?? 0) >= 100 { flush() }
                if run == nil { run = (key, "(String?, Int\(row.types))", "make\(number)(builder, row.0, \(file), row.1\(row.arguments))", [], call) }
                run?.rows.append("(\(name), \(line)\(row.values))")
            } else {
                flush()
                body += call
            }
        }
        flush()
        lines.append("    \(access)static func register(in builder: IoCCore.ContainerBuilder) {")
        let values = ConfigValueWriter(fileConstants: registrations.fileConstants)
        for (_, parameters) in registrations.parameters where !parameters.isEmpty {
            lines.append("        builder.propertySources.append(IoCCore.DictionaryPropertySource(name: \"parameters\", \(values.dictionary(parameters))))")
        }
        if registrations.usesEnvironmentFunction {
            // `${env(…)}`, as a load adds it (the app's own `env` function, if it set one, stays).
            lines.append("        builder.addEnvironmentFunction()")
        }
        if !registrations.parameterSpellings.isEmpty {
            lines.append("        builder.spellPlaceholders([\(registrations.parameterSpellings.sorted().map(quoted).joined(separator: ", "))], as: .parameter)")
        }
        // A bean file's property files, as its load reads them: read at build, compiled in
        // (a change to one rebuilds, as the plugin's inputs are all of the target's resources).
        for source in registrations.propertySources {
            lines.append("        builder.propertySources.append(IoCConfig.PropertiesFileSource(values: \(values.dictionary(source.values)), name: \(quoted(source.name))))")
        }
        lines += body
        lines.append("    }")
        lines += tables
        lines += shapeLines
        lines += registrations.inners.lines(fileConstants: registrations.fileConstants)
        lines += [
            "",
            "    private static func configText(_ text: String, _ file: String, _ line: Int, _ column: Int) -> IoCCore.InjectionSource {",
            "        .config(IoCCore.ConfigValue(.string(text), at: IoCCore.ConfigLocation(file: file, line: line, column: column)))",
            "    }",
            "",
            "    private static func configNumber(_ number: Int, _ file: String, _ line: Int, _ column: Int) -> IoCCore.InjectionSource {",
            "        .config(IoCCore.ConfigValue(.int(number), at: IoCCore.ConfigLocation(file: file, line: line, column: column)))",
            "    }",
        ]
        guard !registrations.typeChecks.isEmpty else { return lines }
        // Never called: the compiler checks it, and reports a reference to a component of the
        // wrong type at the config line that writes the reference.
        lines += ["", "    /// That each component config references by name can be injected where it is.", "    private static func checkReferences() {"]
        for check in registrations.typeChecks {
            lines.append(Self.sourceLocation(check.location))
            lines.append("        " + check.line)
        }
        lines += ["#sourceLocation()", "    }"]
        return lines
    }

    /// A table row for these hole values, when each is a plain value: the kinds (the table's
    /// key), the row's types and values after `(name, line`, and the call's arguments after
    /// `(builder, row.0, file, row.1`.
    static func row(_ values: [RegistrationWriter.HoleValue], file: String)
        -> (kinds: String, types: String, values: String, arguments: String)? {
        var types = "", row = "", arguments = ""
        var field = 2
        for value in values {
            switch value {
            case let .text(text, line, column):
                types += ", String, Int, Int"
                row += ", \(quoted(text)), \(line), \(column)"
                arguments += ", configText(row.\(field), \(file), row.\(field + 1), row.\(field + 2))"
                field += 3
            case let .number(number, line, column):
                types += ", Int, Int, Int"
                row += ", \(number), \(line), \(column)"
                arguments += ", configNumber(row.\(field), \(file), row.\(field + 1), row.\(field + 2))"
                field += 3
            case .named(let name):
                types += ", String"
                row += ", \(quoted(name))"
                arguments += ", .named(row.\(field))"
                field += 1
            case .expression:
                return nil
            }
        }
        return (values.map(\.kind).joined(separator: ","), types, row, arguments)
    }

    /// A hole's value as the expression a call passes.
    static func expression(_ value: RegistrationWriter.HoleValue, file: String) -> String {
        switch value {
        case let .text(text, line, column): return "configText(\(quoted(text)), \(file), \(line), \(column))"
        case let .number(number, line, column): return "configNumber(\(number), \(file), \(line), \(column))"
        case .named(let name): return ".named(\(quoted(name)))"
        case .expression(let expression): return expression
        }
    }

    /// Marks the next line as the config's: `#sourceLocation(file: "…/services.yaml", line: 12)`.
    static func sourceLocation(_ location: ConfigLocation) -> String {
        "#sourceLocation(file: \(quoted(location.file)), line: \(max(location.line, 1)))"
    }
}
