import IoCCore

// Spring's `<meta key=… value=…/>` and `<qualifier value=…/>` as settings of a definition
// (IoCCore's `DefinitionSetting`): notes for tools and post-processors, which the container does
// nothing with.

/// The key-value notes a bean file attaches to a component (Spring's `<meta>`).
enum Metadata: DefinitionSetting {
    static let defaultValue: [String: String] = [:]

    /// Spring's merged bean keeps its parent's `<meta>` attributes under its own.
    static func inherited(from parent: [String: String], by own: [String: String]) -> [String: String] {
        parent.merging(own) { _, own in own }
    }

    static func describe(_ value: [String: String]) -> [String] {
        value.keys.sorted().map { "meta \($0): \(value[$0] ?? "")" }
    }
}

extension Definition {
    /// Key-value notes a config file attaches to the component (Spring's `<meta>`), for tools
    /// and post-processors (`ComponentInfo.metadata`); the container does nothing with
    /// them. A child definition has its parent's under its own.
    public var metadata: [String: String] {
        get { self[setting: Metadata.self] }
        set { self[setting: Metadata.self] = newValue }
    }
}

extension ComponentInfo {
    /// The key-value notes config attached to it (Spring's `<meta>`).
    public var metadata: [String: String] { self[setting: Metadata.self] }
}

/// The qualifiers a bean file gives a component (Spring's `<qualifier value=…/>`).
enum Qualifiers: DefinitionSetting {
    static let defaultValue: [String] = []

    /// Spring's merged bean has its parent's qualifiers and its own.
    static func inherited(from parent: [String], by own: [String]) -> [String] {
        parent.filter { !own.contains($0) } + own
    }

    static func describe(_ value: [String]) -> [String] { value.map { "qualifier \($0)" } }
}

extension Definition {
    /// The values of the bean's `<qualifier>` elements (Spring), for tools and post-processors.
    /// A qualifier is matching metadata for Java's `@Qualifier`, not a name: several beans may
    /// share one, and `ref` never reaches a bean by it. A child definition has its parent's and
    /// its own.
    public var qualifiers: [String] {
        get { self[setting: Qualifiers.self] }
        set { self[setting: Qualifiers.self] = newValue }
    }
}

extension ComponentInfo {
    /// The values of its `<qualifier>` elements (Spring).
    public var qualifiers: [String] { self[setting: Qualifiers.self] }
}
