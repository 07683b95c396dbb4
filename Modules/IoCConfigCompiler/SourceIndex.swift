import IoCDeclarations
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax

/// The types a target's Swift sources declare, read with swift-syntax: what config may name
/// when the plugin writes the catalog. Each type is read as the macros read one
/// (``TypeShape``), with its extensions and, for a class, what it inherits from a superclass
/// declared in the same sources.
package struct SourceIndex {
    /// One declared type.
    package struct DeclaredType {
        /// As Swift code in the module names it: `Outer.Inner`.
        package let name: String
        package let isProtocol: Bool
        /// For a class, struct or actor: its initializers, properties, methods and conformances.
        package let shape: TypeShape?
        /// The file that declares it, and the imports of that file (which the generated code needs).
        package let file: String
        package let imports: [String]
    }

    /// Types by the names config may use for them: `Inner` and `Outer.Inner`. A short name two
    /// types share is left out of ``byName`` and listed in ``ambiguous``.
    package private(set) var types: [DeclaredType] = []
    private var byName: [String: Int] = [:]
    /// Short names two or more types share, with their full names.
    package private(set) var ambiguous: [String: [String]] = [:]

    /// Reads `sources`: (path, text) pairs.
    package init(sources: [(path: String, text: String)]) {
        var collector = Collector()
        for source in sources {
            collector.read(Parser.parse(source: source.text), file: source.path)
        }
        var shapes: [String: TypeShape] = [:]
        for found in collector.found {
            guard let declaration = found.declaration else { continue }
            shapes[found.name] = TypeShape.read(declaration, typeName: found.name, macro: "", attribute: nil, diagnose: { _ in })
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
        var seenShort: [String: [String]] = [:]
        for found in collector.found {
            let type = DeclaredType(name: found.name, isProtocol: found.isProtocol, shape: shapes[found.name], file: found.file,
                                    imports: collector.imports[found.file] ?? [])
            types.append(type)
            byName[found.name] = types.count - 1
            let short = String(found.name.split(separator: ".").last ?? "")
            seenShort[short, default: []].append(found.name)
        }
        for (short, names) in seenShort where byName[short] == nil {
            // A top-level type of that name is the one named; else the one nested type, if one.
            if names.count == 1 { byName[short] = byName[names[0]] } else { ambiguous[short] = names }
        }
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
    }

    var found: [Found] = []
    var extensions: [String: [ExtensionDeclSyntax]] = [:]
    var imports: [String: [String]] = [:]

    mutating func read(_ file: SourceFileSyntax, file path: String) {
        for item in file.statements {
            if let importDecl = item.item.as(ImportDeclSyntax.self) {
                imports[path, default: []].append(importDecl.path.trimmedDescription)
            } else if let decl = item.item.as(DeclSyntax.self) {
                read(decl, outer: nil, file: path)
            }
        }
    }

    private mutating func read(_ decl: DeclSyntax, outer: String?, file: String) {
        func qualified(_ name: TokenSyntax) -> String { outer.map { "\($0).\(name.text)" } ?? name.text }
        let group: (any DeclGroupSyntax)?
        let name: String?
        if let decl = decl.as(ClassDeclSyntax.self), !decl.modifiers.isPrivate {
            (group, name) = (decl, qualified(decl.name))
        } else if let decl = decl.as(StructDeclSyntax.self), !decl.modifiers.isPrivate {
            (group, name) = (decl, qualified(decl.name))
        } else if let decl = decl.as(ActorDeclSyntax.self), !decl.modifiers.isPrivate {
            (group, name) = (decl, qualified(decl.name))
        } else if let decl = decl.as(EnumDeclSyntax.self), !decl.modifiers.isPrivate {
            // Named for its nested types, and as a namespace; not built from config.
            for member in decl.memberBlock.members { read(member.decl, outer: qualified(decl.name), file: file) }
            return
        } else if let decl = decl.as(ProtocolDeclSyntax.self), !decl.modifiers.isPrivate {
            found.append(Found(name: qualified(decl.name), isProtocol: true, declaration: nil, file: file))
            return
        } else if let decl = decl.as(ExtensionDeclSyntax.self) {
            let extended = decl.extendedType.trimmedDescription
            extensions[outer.map { "\($0).\(extended)" } ?? extended, default: []].append(decl)
            for member in decl.memberBlock.members { read(member.decl, outer: extended, file: file) }
            return
        } else {
            return
        }
        guard let group, let name else { return }
        found.append(Found(name: name, isProtocol: false, declaration: group, file: file))
        for member in group.memberBlock.members { read(member.decl, outer: name, file: file) }
    }
}
