#if Configuration  // the package trait: Package.swift, "traits"
import Configuration
import IoCCore

/// A setting a component reads while it runs: each ``value`` is what swift-configuration's
/// providers hold now — with a `ReloadingFileProvider`, the file as it was last read; with a
/// `MutableInMemoryProvider`, the value last set — without rebuilding the container.
///
/// A component asks for one by its type; config gives the setting's key (the key itself, not a
/// `${…}` placeholder, which would give the value as it is at build):
///
/// ```swift
/// final class RateLimiter {
///     let limit: ConfigHandle<Int>
///     init(limit: ConfigHandle<Int>) { self.limit = limit }
///     func allows(_ count: Int) -> Bool { count < limit.value }
/// }
/// ```
/// ```yaml
/// App\RateLimiter:
///   arguments:
///     $limit: rate.limit
/// ```
///
/// The key must have a value, of the handle's type, when the container is built (else the
/// build fails, naming the key and the config line). When a later read finds no value, or one
/// that is not of the type, ``value`` is the value the key had at build.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct ConfigHandle<Value: ConfigHandleValue>: Sendable, CustomStringConvertible {
    /// The setting's key, as placeholders write it: `rate.limit`.
    public let key: String
    /// Whether the value is a secret: ``description`` never shows it.
    public let isSecret: Bool
    private let reader: ConfigReader
    private let configKey: ConfigKey
    private let atBuild: Value

    init(key: String, isSecret: Bool, reader: ConfigReader, atBuild: Value) {
        self.key = key
        self.isSecret = isSecret
        self.reader = reader
        self.configKey = ConfigKey(key)
        self.atBuild = atBuild
    }

    /// The setting's value now; the value at build when the providers have none of the type.
    ///
    /// ```swift
    /// if requests >= limit.value { throw TooManyRequests() }
    /// ```
    public var value: Value { Value.read(configKey, isSecret: isSecret, from: reader) ?? atBuild }

    /// `rate.limit = 10`, or `db.password = <redacted>` for a secret.
    public var description: String { "\(key) = " + (isSecret ? IoCCore.ConfigValue.redacted : "\(value)") }
}

/// A type a ``ConfigHandle`` can read, and a ``ConfigurationPropertySource`` gives placeholders:
/// text, whole numbers, numbers, booleans and lists of them.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public protocol ConfigHandleValue: Sendable {
    /// The value of `key` in `reader` as this type; `nil` when it has none of this type.
    static func read(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> Self?
    /// The value as the container's config values hold it: `.string`, `.int`, `.list`…
    var configValueKind: IoCCore.ConfigValue.Kind { get }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension String: ConfigHandleValue {
    public static func read(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> String? { reader.string(forKey: key, isSecret: isSecret) }
    public var configValueKind: IoCCore.ConfigValue.Kind { .string(self) }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Int: ConfigHandleValue {
    public static func read(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> Int? { reader.int(forKey: key, isSecret: isSecret) }
    public var configValueKind: IoCCore.ConfigValue.Kind { .int(self) }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Double: ConfigHandleValue {
    public static func read(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> Double? { reader.double(forKey: key, isSecret: isSecret) }
    public var configValueKind: IoCCore.ConfigValue.Kind { .double(self) }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Bool: ConfigHandleValue {
    public static func read(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> Bool? { reader.bool(forKey: key, isSecret: isSecret) }
    public var configValueKind: IoCCore.ConfigValue.Kind { .bool(self) }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Array: ConfigHandleValue where Element: ConfigHandleArrayElement {
    public static func read(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> [Element]? {
        Element.readArray(key, isSecret: isSecret, from: reader)
    }
    public var configValueKind: IoCCore.ConfigValue.Kind { .list(map { IoCCore.ConfigValue($0.configValueKind) }) }
}

/// An element of a list a ``ConfigHandle`` can read: `String`, `Int`, `Double`, `Bool`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public protocol ConfigHandleArrayElement: ConfigHandleValue {
    /// The list at `key` in `reader`; `nil` when it has no list of this element type.
    static func readArray(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> [Self]?
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension String: ConfigHandleArrayElement {
    public static func readArray(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> [String]? { reader.stringArray(forKey: key, isSecret: isSecret) }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Int: ConfigHandleArrayElement {
    public static func readArray(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> [Int]? { reader.intArray(forKey: key, isSecret: isSecret) }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Double: ConfigHandleArrayElement {
    public static func readArray(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> [Double]? { reader.doubleArray(forKey: key, isSecret: isSecret) }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Bool: ConfigHandleArrayElement {
    public static func readArray(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> [Bool]? { reader.boolArray(forKey: key, isSecret: isSecret) }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ConfigurationPropertySource {
    /// A handle on the setting `key`, for a component made in code.
    ///
    /// - Throws: A ``IoCCore/ConversionFailure`` when the providers have no value of type
    ///   `Value` for `key` now.
    ///
    /// ```swift
    /// builder.register(RateLimiter.self) { _ in RateLimiter(limit: try source.handle("rate.limit", as: Int.self)) }
    /// ```
    public func handle<Value: ConfigHandleValue>(_ key: String, as type: Value.Type = Value.self) throws -> ConfigHandle<Value> {
        try handle(named: IoCCore.ConfigValue(.string(key), at: ConfigLocation(file: name, line: 0)))
    }

    /// The handle a config value names: the value is the setting's key.
    func handle<Value: ConfigHandleValue>(named value: IoCCore.ConfigValue) throws -> ConfigHandle<Value> {
        let target = "ConfigHandle<\(Value.self)>"
        guard case .string(let key) = value.kind, !key.isEmpty else {
            throw ConversionFailure(value: value, target: target, reason: "give the setting's key as text, such as rate.limit")
        }
        let found = self.value(for: key)
        let isSecret = found?.isSecret == true
        guard let current = Value.read(ConfigKey(key), isSecret: isSecret, from: reader) else {
            let kind = found.map { "its value is \($0.kindName), not \(Value.self)" } ?? "no provider has a value for it"
            throw ConversionFailure(value: value, target: target, reason: """
                \(name) reads no \(Value.self) at the key \(key): \(kind). Give the setting's key itself \
                (rate.limit, not ${rate.limit}, which gives its value at build)
                """)
        }
        return ConfigHandle(key: key, isSecret: isSecret, reader: reader, atBuild: current)
    }

    /// Registers, in `converters`, how config makes a ``ConfigHandle`` of each value type from a key.
    func registerHandles(in converters: inout ValueConverters) {
        func register<Value: ConfigHandleValue>(_: Value.Type) {
            converters.register(ConfigHandle<Value>.self) { value in try self.handle(named: value) }
        }
        for type in Self.valueTypes { register(type) }
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ContainerBuilder {
    /// Reads placeholders from `source` (after the property sources already added), and lets
    /// config give components a ``ConfigHandle`` on one of its settings by the setting's key.
    ///
    /// ```swift
    /// builder.addConfiguration(ConfigurationPropertySource(providers: [EnvironmentVariablesProvider()]))
    /// ```
    public func addConfiguration(_ source: ConfigurationPropertySource) {
        propertySources.append(source)
        source.registerHandles(in: &converters)
    }
}
#endif
