/// How config writes a placeholder key, for the messages about it: `${key}` by default; a front
/// end whose files write some keys another way (services.yaml's parameters, `%key%`) tells the
/// builder which keys (``ContainerBuilder/spellPlaceholders(_:as:)``), so that a problem quotes
/// them as the file does.
///
/// ```swift
/// let parameter = PlaceholderSpelling(noun: "Parameter", opening: "%", closing: "%",
///                                     whereToDefine: "under parameters:, or in another property source")
/// builder.spellPlaceholders(["api.host"], as: parameter)
/// ```
public struct PlaceholderSpelling: Sendable, Hashable {
    /// What a message calls such a key: `Placeholder`, `Parameter`.
    public var noun: String
    /// What comes before and after the key as written: `${` and `}`, `%` and `%`.
    public var opening: String
    public var closing: String
    /// Where such a key is defined, said after it in the advice ("Define api.host (under
    /// parameters:, or in another property source)"); `nil` says nothing more.
    public var whereToDefine: String?

    /// A spelling: the noun of the messages, the key's delimiters, and where such keys are defined.
    public init(noun: String, opening: String, closing: String, whereToDefine: String? = nil) {
        self.noun = noun
        self.opening = opening
        self.closing = closing
        self.whereToDefine = whereToDefine
    }

    /// `${key}`: how the core writes placeholders.
    public static let placeholder = PlaceholderSpelling(noun: "Placeholder", opening: "${", closing: "}")

    /// `key` as written.
    func quote(_ key: String) -> String { opening + key + closing }
}
