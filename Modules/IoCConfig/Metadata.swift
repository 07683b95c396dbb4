import IoCCore

// Spring's `<meta key=… value=…/>` as a setting of a definition (IoCCore's `DefinitionSetting`):
// notes for tools and post-processors, which the container does nothing with.

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
