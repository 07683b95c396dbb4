/// The deliberate differences between what Symfony or Spring reads and what swift-ioc reads:
/// each listed once, with its id, in docs/Fidelity.md (a test checks both lists are the same).
/// A difference the comparison meets that is none of these is a failure.
enum KnownDifference: String, CaseIterable, Comparable {
    // services.yaml against Symfony
    case phpClassNames = "php-class-names"
    case placeholderSpelling = "placeholder-spelling"
    case syntheticServices = "synthetic-services"
    case locatorsAsCollections = "locators-as-collections"
    case iteratorsAsLists = "iterators-as-lists"
    case publicByDefault = "public-by-default"
    case autowireByDefault = "autowire-by-default"
    case autoconfigureByDefault = "autoconfigure-by-default"
    case innerDefinitions = "inner-definitions"
    case invokableFactories = "invokable-factories"
    // Spring <beans> against Spring
    case utilCollectionsInlined = "util-collections-inlined"
    case lookupMethodsAsProviders = "lookup-methods-as-providers"
    case idrefsAsText = "idrefs-as-text"
    case constructorAutowiringByDefault = "constructor-autowiring-by-default"
    case propertyMetaInBeanMeta = "property-meta-in-bean-meta"
    case shortcutAttributeOrder = "shortcut-attribute-order"
    // both
    case refusedConstructs = "refused-constructs"

    static func < (lhs: KnownDifference, rhs: KnownDifference) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The rule that explains a difference in one setting of a component, if one does.
    /// `path` leads from the component to the setting: `["autowire"]`, or
    /// `["arguments", "0", "value", "inline", "shared"]` inside an inner definition.
    static func explaining(format: Format, path: [String], oracle: Canon, swift: Canon) -> KnownDifference? {
        let field = path.last ?? ""
        let isInner = path.dropLast().contains("inline")
        switch (format, field, oracle, swift) {
        // Symfony registers a `!service` value as a private, shared service that only its holder
        // references, which its compiler inlines into the holder's factory: one for each holder
        // made. swift-ioc makes an inner definition with its holder each time, and never by name.
        case (.yaml, "shared", .bool(true), .bool(false)) where isInner: return .innerDefinitions
        case (.yaml, "public", .bool(false), .bool(true)) where isInner: return .innerDefinitions
        // XML attributes have no order: Spring sets `p:` properties in its parser's order
        // (alphabetical), swift-ioc in the order written.
        case (.xml, "properties", .list(let a), .list(let b)) where path.count == 1 && a.count == b.count && sortedDescriptions(a) == sortedDescriptions(b):
            return .shortcutAttributeOrder
        // Symfony's services are private unless they say otherwise; swift-ioc's can be resolved
        // by name or type unless they say `public: false`.
        case (.yaml, "public", .bool(false), .bool(true)): return .publicByDefault
        // swift-ioc resolves an initializer parameter the file does not give by its type, unless
        // the service says `autowire: false`; Symfony only when it says `autowire: true`.
        case (.yaml, "autowire", .bool(false), .bool(true)): return .autowireByDefault
        // swift-ioc lets a service stand for the protocols its catalog entry lists unless it says
        // `autoconfigure: false`; Symfony tags by interface only when it says `autoconfigure: true`.
        case (.yaml, "autoconfigure", .bool(false), .bool(true)): return .autoconfigureByDefault
        // Spring autowires nothing unless asked; swift-ioc resolves initializer parameters the
        // bean does not give by their type (`autowire="no"` turns it off).
        case (.xml, "autowire", .string("no"), .string("constructor")): return .constructorAutowiringByDefault
        default: return nil
        }
    }

    /// The records as text, sorted: the same records in any order give the same list.
    private static func sortedDescriptions(_ records: [Canon]) -> [String] {
        records.map(\.description).sorted()
    }
}
