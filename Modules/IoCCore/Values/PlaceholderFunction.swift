/// A function config may call inside a placeholder: `${name(argument)}`, with a default as
/// `${name(argument):default}`. A front end adds the functions its dialect has to
/// ``ContainerBuilder/placeholderFunctions`` under their names; the core knows none of its own.
/// IoCConfig's `EnvironmentFunction` (`${env(int:PORT)}`) is one.
///
/// ```swift
/// struct Upper: PlaceholderFunction {
///     func value(of argument: String, in call: PlaceholderCall) throws(IoCError) -> ConfigValue? {
///         call.lookup(argument).flatMap(\.scalarText).map { ConfigValue(.string($0.uppercased()), at: call.location) }
///     }
/// }
/// builder.placeholderFunctions["upper"] = Upper()   // ${upper(app.name)}
/// ```
public protocol PlaceholderFunction: Sendable {
    /// The value of a call with `argument` (the text between the parentheses); `nil` when it has
    /// none, so that the placeholder's default is taken, or, without one, the build reports the
    /// placeholder as unresolved. A value the function cannot make is an error of its own
    /// (``IoCError/init(_:message:location:)``).
    func value(of argument: String, in call: PlaceholderCall) throws(IoCError) -> ConfigValue?

    /// What to tell the user when a call with `argument` has no value and no default: the first
    /// half of a sentence that the message ends with ", or ${call:default}."; `nil` for the
    /// general advice.
    func adviceWhenUnset(_ argument: String) -> String?
}

extension PlaceholderFunction {
    public func adviceWhenUnset(_ argument: String) -> String? { nil }
}

/// What a ``PlaceholderFunction`` may use of the build that calls it.
public struct PlaceholderCall {
    /// The call as written: `env(int:APP_PORT)`.
    public let text: String
    /// Where the placeholder was written.
    public let location: ConfigLocation
    /// The directories the build may read files from (``ContainerBuilder/configRoots``, symbolic
    /// links resolved); empty when config came as text.
    public let roots: [String]
    let lookupValue: (String) -> ConfigValue?
    let resolveText: (String) throws(IoCError) -> ConfigValue

    /// The value of `key` in the first property source that has it, as the source holds it
    /// (its own placeholders not resolved).
    public func lookup(_ key: String) -> ConfigValue? { lookupValue(key) }

    /// `text` with its placeholders resolved, as a config string is (a circle through this call
    /// is reported as one).
    public func resolve(_ text: String) throws(IoCError) -> ConfigValue { try resolveText(text) }
}
