import IoCCore

/// A node of a parsed YAML document: a value, whose lists and maps are shared between copies
/// (copy-on-write), so an alias costs no copy of what its anchor holds. Each node knows how many
/// nodes it stands for once aliases are expanded (its weight), which the reader bounds.
///
/// NB: a struct, not a class: a scalar costs no allocation (a service of a few lines has a
/// dozen of them).
struct YAMLNode: Sendable {
    enum Kind {
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    let kind: Kind
    let tag: String?
    let location: SourceLocation
    let weight: Int

    init(_ kind: Kind, tag: String?, location: SourceLocation) {
        self.kind = kind
        self.tag = tag
        self.location = location
        switch kind {
        case .scalar: weight = 1
        case .sequence(let items): weight = items.reduce(1) { $0 + $1.weight }
        case .mapping(let entries): weight = entries.reduce(1) { $0 + $1.key.weight + $1.value.weight }
        }
    }

    var scalar: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// What the node is, for messages.
    var kindName: String {
        switch kind {
        case .scalar: return "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a map"
        }
    }

    /// The entries of a mapping node.
    var entries: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }
}
