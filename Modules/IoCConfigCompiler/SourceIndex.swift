import IoCDeclarations
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax

/// The types a target's Swift sources declare, and those of the modules it depends on, read
/// with swift-syntax: what config may name when the plugin writes the catalog. Each type is
/// read as the macros read one (``TypeShape``), with its extensions and, for a class, what it
/// inherits from a superclass declared in the same module; another module's as the target
/// sees it (its public members).
package struct SourceIndex {
    /// One declared type.
    package struct DeclaredType {
        /// As Swift code in the target names it: `Outer.Inner`, `Types.Money` for another module's.
        package let name: String
        package let isProtocol: Bool
        /// For a class, struct or actor: its initializers, properties, methods and conformances.
        package let shape: TypeShape?
        /// The file that declares it, and the imports of that file (which the generated code
        /// needs), with its module for another module's.
        package let file: String
        package let imports: [String]
        /// The module that declares it: `nil` for the target's own.
        package var module: String?
        /// Whether the target may use it: its own, or one its module makes public (or package,
        /// from the same package).
        package var isVisible = true
        /// Whether its module makes it public (or open): what a library's public API may show.
        package var isPublic = false
        /// Whether it is another module's, known by the target's extensions of it only
        /// (``TypeShape/Kind/extended``): not one of the target's types.
        package var isExtended: Bool { shape?.kind == .extended }
        /// Other names the target gives it (`typealias NSURL = URL`), which config may use too:
        /// its catalog entry has them.
        package var aliases: [String] = []
    }

    /// The Swift sources of a module the target depends on.
    package struct Dependency {
        package let module: String
        /// Whether it is a target of the same package, whose `package` declarations the target sees.
        package let samePackage: Bool
        package let sources: [(path: String, text: String)]

        package init(module: String, samePackage: Bool, sources: [(path: String, text: String)]) {
            self.module = module
            self.samePackage = samePackage
            self.sources = sources
        }
    }

    /// Types by the names config may use for them: `Inner` and `Outer.Inner`. A short name two
    /// types share is left out of ``byName`` and listed in ``ambiguous``.
    package private(set) var types: [DeclaredType] = []
    private var byName: [String: Int] = [:]
    /// Short names two or more types share, with their full names.
    package private(set) var ambiguous: [String: [String]] = [:]

    /// Reads `sources`, the target's (path, text) pairs, and its `dependencies`.
    package init(sources: [(path: String, text: String)], dependencies: [Dependency] = []) {
        var seenShort: [String: [String]] = [:]
        let own = Self.collect(sources)
        for type in Self.types(own, module: nil) {
            types.append(type)
            byName[type.name] = types.count - 1
            let short = String(type.name.split(separator: ".").last ?? "")
            seenShort[short, default: []].append(type.name)
        }
        for (short, names) in seenShort where byName[short] == nil {
            // A top-level type of that name is the one named; else the one nested type, if one.
            if names.count == 1 { byName[short] = byName[names[0]] } else { ambiguous[short] = names }
        }
        // Another module's type by `Module.Name`, and by its names in its module unless the
        // target's own types or two modules have them.
        var others: [String: [Int]] = [:]
        for dependency in dependencies {
            for type in Self.types(Self.collect(dependency.sources), module: dependency) {
                types.append(type)
                byName[type.name] = types.count - 1
                let inModule = String(type.name.dropFirst(dependency.module.count + 1))
                for key in Set([inModule, String(inModule.split(separator: ".").last ?? "")]) { others[key, default: []].append(types.count - 1) }
            }
        }
        for (key, found) in others where byName[key] == nil && ambiguous[key] == nil {
            if found.count == 1, let only = found.first { byName[key] = only } else { ambiguous[key] = found.map { types[$0].name } }
        }
        // A type no source declares, which the target extends (Foundation's URL): by what its
        // extensions declare. A type alias of the target names a type too.
        for (name, extensions) in own.extensions.sorted(by: { $0.key < $1.key }) where byName[name] == nil && ambiguous[name] == nil && !own.enums.contains(name) {
            guard Self.isPlainName(name) else { continue }
            let file = own.extensionFiles[name] ?? ""
            types.append(DeclaredType(name: name, isProtocol: false, shape: .extended(typeName: name, by: extensions), file: file,
                                      imports: own.imports[file] ?? []))
            byName[name] = types.count - 1
        }
        for (alias, aliased) in own.aliases where byName[alias] == nil && ambiguous[alias] == nil {
            guard let found = byName[aliased] else { continue }
            byName[alias] = found
            types[found].aliases.append(alias)
        }
    }

    private static func collect(_ sources: [(path: String, text: String)]) -> Collector {
        var collector = Collector()
        for source in sources { collector.read(Parser.parse(source: source.text), file: source.path) }
        return collector
    }

    /// The types the sources `collector` read declare, of the target (`module` nil) or of a
    /// module it depends on.
    private static func types(_ collector: Collector, module: Dependency?) -> [DeclaredType] {
        let reader: TypeShape.Reader = module.map { .otherModule(samePackage: $0.samePackage) } ?? .ownModule
        // Another module's types as the target writes them: `Types.Money`.
        func swiftName(_ name: String) -> String { module.map { "\($0.module).\(name)" } ?? name }
        var shapes: [String: TypeShape] = [:]
        for found in collector.found {
            guard let declaration = found.declaration else { continue }
            shapes[found.name] = TypeShape.read(declaration, typeName: swiftName(found.name), macro: "", attribute: nil, reader: reader, diagnose: { _ in })
        }
        for (name, extensions) in collector.extensions {
            for declaration in extensions { shapes[name]?.read(extension: declaration) }
        }
        // Superclasses first: a class inherits from its superclass as that one inherited.
        var inherited: Set<String> = []
        func inherit(_ name: String, depth: Int) {
            guard depth < 64, !inherited.contains(name), let shape = shapes[name], shape.kind == .class,
                  let superclass = shape.inheritedTypes.first, shapes[superclass]?.kind == .class else { return }
            inherit(superclass, depth: depth + 1)
            if let parent = shapes[superclass] { shapes[name]?.inherit(from: parent) }
            inherited.insert(name)
        }
        for name in shapes.keys { inherit(name, depth: 0) }
        return collector.found.map { found in
            var type = DeclaredType(name: swiftName(found.name), isProtocol: found.isProtocol, shape: shapes[found.name], file: found.file,
                                    imports: (collector.imports[found.file] ?? []) + (module.map { [$0.module] } ?? []))
            type.module = module?.module
            type.isPublic = found.access == .public || found.access == .open
            if let module {
                type.isVisible = found.access == .public || found.access == .open || (module.samePackage && found.access == .package)
            }
            return type
        }
    }

    /// Whether `name` names a type plainly (`URL`, `JSONDecoder.Options`): no generic arguments,
    /// optionals or other syntax, which config cannot name.
    static func isPlainName(_ name: String) -> Bool {
        name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    }

    /// A parameter's type as config names it: `any WeatherClient` is `WeatherClient`.
    package static func named(_ typeText: String) -> String {
        typeText.hasPrefix("any ") ? String(typeText.dropFirst(4)) : typeText
    }

    /// The type config names `name` (`Inner` or `Outer.Inner`), with or without the module's name.
    package func type(named name: String, module: String?) -> DeclaredType? {
        var name = name
        if let module, name.hasPrefix(module + ".") { name.removeFirst(module.count + 1) }
        return byName[name].map { types[$0] }
    }

    /// A type as written inside a declaration (`Connection` in `enum Storage`), as code at
    /// file scope must write it (`Storage.Connection`): each name of a type nested in these
    /// sources, not preceded by a `.`, replaced with its full name.
    package func qualified(_ typeText: String) -> String {
        var result = ""
        var word = ""
        var previous: Character = " "
        func flush() {
            if !word.isEmpty {
                let nested = previous != "." && byName[word].map { types[$0].name.contains(".") && types[$0].name != word } == true
                result += nested ? byName[word].map { types[$0].name } ?? word : word
                word = ""
            }
        }
        for character in typeText {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
                previous = character
            }
        }
        flush()
        return result
    }

    /// Every name config may use, for "did you mean".
    package var allNames: [String] { Array(byName.keys) }
}

/// Walks source files for type declarations, nested ones by their full names.
private struct Collector {
    struct Found {
        let name: String
        let isProtocol: Bool
        let declaration: (any DeclGroupSyntax)?
        let file: String
        /// The access level another module sees it at: the narrowest of its own and its
        /// enclosing types' (`internal` when none states one).
        var access: Keyword = .internal
    }

    var found: [Found] = []
    var extensions: [String: [ExtensionDeclSyntax]] = [:]
    /// The file of each extended type's first extension.
    var extensionFiles: [String: String] = [:]
    /// The enums, namespaces for the types nested in them: no extension makes one a type here.
    var enums: Set<String> = []
    /// The file-scope type aliases of a named type (`typealias NSURL = URL`): alias, aliased.
    var aliases: [(alias: String, aliased: String)] = []
    var imports: [String: [String]] = [:]

    mutating func read(_ file: SourceFileSyntax, file path: String) {
        for item in file.statements {
            if let importDecl = item.item.as(ImportDeclSyntax.self) {
                imports[path, default: []].append(importDecl.path.trimmedDescription)
            } else if let decl = item.item.as(DeclSyntax.self) {
                read(decl, outer: nil, outerAccess: .open, file: path)
            }
        }
    }

    /// How widely a level reaches: open, public, package, internal.
    private static func width(_ access: Keyword) -> Int {
        [Keyword.internal, .package, .public, .open].firstIndex(of: access) ?? 0
    }

    /// The access a declaration states (`default` when none), no wider than its enclosing one's.
    private static func access(_ modifiers: DeclModifierListSyntax, default fallback: Keyword, within outer: Keyword) -> Keyword {
        let own = [Keyword.open, .public, .package, .internal].first { modifiers.contains($0) } ?? fallback
        return width(own) < width(outer) ? own : outer
    }

    /// `memberDefault`: the access a declaration that states none has (an extension that states
    /// `public` makes its members public).
    private mutating func read(_ decl: DeclSyntax, outer: String?, outerAccess: Keyword, memberDefault: Keyword = .internal, file: String) {
        func qualified(_ name: TokenSyntax) -> String { outer.map { "\($0).\(name.text)" } ?? name.text }
        let group: (any DeclGroupSyntax)?
        let name: String?
        let modifiers: DeclModifierListSyntax
        if let decl = decl.as(ClassDeclSyntax.self), !decl.modifiers.isPrivate {
            (group, name, modifiers) = (decl, qualified(decl.name), decl.modifiers)
        } else if let decl = decl.as(StructDeclSyntax.self), !decl.modifiers.isPrivate {
            (group, name, modifiers) = (decl, qualified(decl.name), decl.modifiers)
        } else if let decl = decl.as(ActorDeclSyntax.self), !decl.modifiers.isPrivate {
            (group, name, modifiers) = (decl, qualified(decl.name), decl.modifiers)
        } else if let decl = decl.as(EnumDeclSyntax.self), !decl.modifiers.isPrivate {
            // Named for its nested types, and as a namespace; not built from config.
            let access = Self.access(decl.modifiers, default: memberDefault, within: outerAccess)
            enums.insert(qualified(decl.name))
            for member in decl.memberBlock.members { read(member.decl, outer: qualified(decl.name), outerAccess: access, file: file) }
            return
        } else if let decl = decl.as(ProtocolDeclSyntax.self), !decl.modifiers.isPrivate {
            var protocolType = Found(name: qualified(decl.name), isProtocol: true, declaration: nil, file: file)
            protocolType.access = Self.access(decl.modifiers, default: memberDefault, within: outerAccess)
            found.append(protocolType)
            return
        } else if let decl = decl.as(ExtensionDeclSyntax.self) {
            let extended = decl.extendedType.trimmedDescription
            let key = outer.map { "\($0).\(extended)" } ?? extended
            extensions[key, default: []].append(decl)
            if extensionFiles[key] == nil { extensionFiles[key] = file }
            // A type nested in an extension: as it states, else as the extension states, within
            // what the extended type's is (not known here).
            let access = Self.access(decl.modifiers, default: .internal, within: .open)
            for member in decl.memberBlock.members {
                read(member.decl, outer: extended, outerAccess: .open, memberDefault: access, file: file)
            }
            return
        } else if let decl = decl.as(TypeAliasDeclSyntax.self), outer == nil, !decl.modifiers.isPrivate, decl.genericParameterClause == nil {
            let aliased = decl.initializer.value.trimmedDescription
            if SourceIndex.isPlainName(aliased) { aliases.append((decl.name.text, aliased)) }
            return
        } else {
            return
        }
        guard let group, let name else { return }
        var type = Found(name: name, isProtocol: false, declaration: group, file: file)
        type.access = Self.access(modifiers, default: memberDefault, within: outerAccess)
        found.append(type)
        for member in group.memberBlock.members { read(member.decl, outer: name, outerAccess: type.access, file: file) }
    }
}
