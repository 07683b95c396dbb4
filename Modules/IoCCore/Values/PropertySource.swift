import Foundation

/// Where `${key}` placeholders find their values. The builder asks its sources in order and
/// takes the first answer (``ContainerBuilder/propertySources``).
///
/// ```swift
/// builder.propertySources = [
///     EnvironmentPropertySource(),
///     try PropertiesFileSource(contentsOf: configURL),   // IoCConfig's
///     DictionaryPropertySource(name: "defaults", ["report.days": "5"]),
/// ]
/// ```
public protocol PropertySource: Sendable {
    /// The source's name, for messages: `environment`, `app.properties`.
    var name: String { get }
    /// The value for `key`, or `nil` when the source does not define it.
    func value(for key: String) -> ConfigValue?
}

/// The process environment (Spring and Symfony's `env`).
public struct EnvironmentPropertySource: PropertySource {
    /// `environment`, as messages name this source.
    public let name = "environment"
    private let variables: [String: String]

    /// The environment as it is now, or `variables` (for tests).
    ///
    /// ```swift
    /// builder.propertySources = [EnvironmentPropertySource()]
    /// let testSource = EnvironmentPropertySource(["WEATHER_URL": "http://localhost:8080"])
    /// ```
    public init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    /// The variable `key`, as a string; `nil` when it is not set.
    ///
    /// ```swift
    /// let home = EnvironmentPropertySource(["HOME": "/root"]).value(for: "HOME")   // "/root", at "environment"
    /// ```
    public func value(for key: String) -> ConfigValue? {
        variables[key].map { ConfigValue(.string($0), at: ConfigLocation(file: "environment", line: 0)) }
    }
}

/// Values given in code (or a config file's `parameters` section).
public struct DictionaryPropertySource: PropertySource {
    /// How messages name this source (`code` unless given).
    public let name: String
    private let values: [String: ConfigValue]

    /// Values with their kinds and locations.
    ///
    /// ```swift
    /// builder.propertySources = [DictionaryPropertySource(["retries": .int(3)])]
    /// ```
    public init(name: String = "code", _ values: [String: ConfigValue]) {
        self.name = name
        self.values = values
    }

    /// String values, converted at build to the type each injection point needs.
    ///
    /// ```swift
    /// builder.propertySources = [DictionaryPropertySource(["weather.url": "https://api.example.com"])]
    /// ```
    public init(name: String = "code", _ values: [String: String]) {
        self.init(name: name, values.mapValues { ConfigValue(.string($0), at: ConfigLocation(file: name, line: 0)) })
    }

    /// The value given for `key`.
    ///
    /// ```swift
    /// let retries = DictionaryPropertySource(["retries": "3"]).value(for: "retries")   // .string("3")
    /// ```
    public func value(for key: String) -> ConfigValue? { values[key] }
}
