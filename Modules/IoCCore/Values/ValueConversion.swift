import Foundation

/// Why a config value could not become the Swift value an injection point needs.
public struct ConversionFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The node that failed (for a list or map, the element that failed).
    public var value: ConfigValue
    /// The type it was converted to.
    public var target: String
    /// What was wrong, in a few words.
    public var reason: String

    /// A failure to convert `value` to the type named `target`, for `reason`.
    ///
    /// ```swift
    /// throw ConversionFailure(value: value, target: "Color", reason: "expected #rrggbb")
    /// ```
    public init(value: ConfigValue, target: String, reason: String) {
        self.value = value
        self.target = target
        self.reason = reason
    }

    public var description: String { "cannot convert \(value) at \(value.location) to \(target): \(reason)" }
}

/// Turns ``ConfigValue``s into Swift values: the standard scalars, `URL`, `Date` (ISO 8601),
/// `Duration` ("250ms", "5s"), `Data` (base64), `RawRepresentable` enums, optionals, arrays,
/// sets, dictionaries, any `Decodable`, and converters you register (spring-objective-c's
/// converter registry).
///
/// ```swift
/// builder.converters.register(Color.self) { value in
///     guard case .string(let hex) = value.kind, let color = Color(hex: hex) else {
///         throw ConversionFailure(value: value, target: "Color", reason: "expected #rrggbb")
///     }
///     return color
/// }
/// ```
public struct ValueConverters: Sendable {
    private var custom: [ObjectIdentifier: @Sendable (ConfigValue, ValueConverters) throws -> Any] = [:]

    /// The built-in rules only; add your own with ``register(_:_:)``.
    ///
    /// ```swift
    /// let converters = ValueConverters()
    /// let days = try converters.convert(.string("5"), to: Int.self)
    /// ```
    public init() {}

    /// Converts values to `T` with `convert`, before (and instead of) the built-in rules.
    ///
    /// ```swift
    /// builder.converters.register(Color.self) { value in try Color(parsing: value) }
    /// ```
    public mutating func register<T>(_ type: T.Type, _ convert: @escaping @Sendable (ConfigValue) throws -> T) {
        custom[ObjectIdentifier(type)] = { value, _ in try convert(value) }
    }

    /// Whether values can be converted to `T` at all (a converter, a built-in rule, `RawRepresentable` or `Decodable`).
    ///
    /// ```swift
    /// #expect(builder.converters.canConvert(to: Duration.self))
    /// ```
    public func canConvert<T>(to type: T.Type) -> Bool {
        custom[ObjectIdentifier(type)] != nil || T.self is any ConfigConvertible.Type
            || T.self is any RawRepresentable.Type || T.self is any Decodable.Type
    }

    /// The value as a `T`, or a ``ConversionFailure`` naming the node that failed.
    ///
    /// - Throws: A ``ConversionFailure`` naming the node that failed (for a list or map, the element)
    ///   and why.
    ///
    /// ```swift
    /// let timeout = try ValueConverters().convert(.string("250ms"), to: Duration.self)
    /// ```
    public func convert<T>(_ value: ConfigValue, to type: T.Type) throws(ConversionFailure) -> T {
        do {
            if let converter = custom[ObjectIdentifier(type)] {
                return try cast(converter(value, self), value)
            }
            if let convertible = T.self as? any ConfigConvertible.Type {
                return try converted(value, by: convertible)
            }
            if let raw = T.self as? any RawRepresentable.Type {
                return try cast(fromRawValue(raw, value), value)
            }
            if let decodable = T.self as? any Decodable.Type {
                return try cast(decode(decodable, value), value)
            }
        } catch let failure as ConversionFailure {
            throw failure
        } catch {
            throw ConversionFailure(value: value, target: TypeRef(T.self).name, reason: String(describing: error))
        }
        throw ConversionFailure(value: value, target: TypeRef(T.self).name,
                                reason: "no conversion from config values is known; register one with builder.converters.register(\(TypeRef(T.self).name).self) { ... }")
    }

    /// `value` by the built-in rule of `C`, which is `T` (opened from `T.self`).
    // NB: the value cast from `C` to `T`, the same type, not from an `Any` that boxed it: a
    // config value is converted when the build checks it and when it binds it, and the
    // runtime's cast out of an existential is slow (docs/PerformanceLedger.md U18).
    private func converted<C: ConfigConvertible, T>(_ value: ConfigValue, by type: C.Type) throws -> T {
        let made = try C.fromConfig(value, self)
        // NB: `C` is `T`, checked here, so the value moves across without the runtime's cast
        // (docs/PerformanceLedger.md U18).
        guard C.self == T.self else { return try cast(made, value) }
        return sameType(made, as: T.self)
    }

    private func cast<V, T>(_ converted: V, _ value: ConfigValue) throws -> T {
        if let typed = converted as? T { return typed }
        throw ConversionFailure(value: value, target: TypeRef(T.self).name, reason: "the converter returned a \(type(of: converted))")
    }

    private func fromRawValue<R: RawRepresentable>(_ type: R.Type, _ value: ConfigValue) throws -> R {
        let raw = try convert(value, to: R.RawValue.self)
        if let result = R(rawValue: raw) { return result }
        var reason = "not a valid value"
        if let cases = R.self as? any CaseIterable.Type {
            let names = (cases.allCases as any Collection).map { "\(($0 as? R)?.rawValue ?? raw)" }
            reason = "expected one of " + names.joined(separator: ", ")
        }
        throw ConversionFailure(value: value, target: TypeRef(R.self).name, reason: reason)
    }

    private func decode<D: Decodable>(_ type: D.Type, _ value: ConfigValue) throws -> D {
        let data = try JSONSerialization.data(withJSONObject: value.foundationObject, options: [.fragmentsAllowed])
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(D.self, from: data)
        } catch let error as DecodingError {
            let (path, reason) = Self.describe(error)
            let node = value.node(at: path) ?? value
            throw ConversionFailure(value: node, target: TypeRef(D.self).name,
                                    reason: path.isEmpty ? reason : "\(reason) at \(path.map(\.stringValue).joined(separator: "."))")
        }
    }

    private static func describe(_ error: DecodingError) -> ([any CodingKey], String) {
        switch error {
        case .keyNotFound(let key, let context): return (context.codingPath, "missing key '\(key.stringValue)'")
        case .typeMismatch(let type, let context): return (context.codingPath, "expected \(type)")
        case .valueNotFound(let type, let context): return (context.codingPath, "expected \(type), found null")
        case .dataCorrupted(let context): return (context.codingPath, context.debugDescription)
        @unknown default: return ([], String(describing: error))
        }
    }
}

extension ConfigValue {
    /// The node a decoding path leads to, for error locations.
    func node(at path: [any CodingKey]) -> ConfigValue? {
        var current = self
        for key in path {
            switch current.kind {
            case .map: guard let next = current[key.stringValue] else { return current }; current = next
            case .list(let items):
                guard let index = key.intValue, items.indices.contains(index) else { return current }
                current = items[index]
            default: return current
            }
        }
        return current
    }

    /// The scalar as text: strings as they are, numbers and booleans as written.
    public var scalarText: String? {
        switch kind {
        case .string(let text): return text
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return String(value)
        default: return nil
        }
    }
}

/// A type with a built-in conversion from config values.
protocol ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> Self
}

private func failure<T>(_ value: ConfigValue, _ type: T.Type, _ reason: String) -> ConversionFailure {
    ConversionFailure(value: value, target: TypeRef(type).name, reason: reason)
}

extension Bool: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> Bool {
        switch value.kind {
        case .bool(let flag): return flag
        case .int(0): return false
        case .int(1): return true
        case .string(let text):
            // Objective-C users wrote yes/no; YAML 1.1 wrote on/off.
            switch text.trimmedOfBlanks.lowercased() {
            case "true", "yes", "on", "1": return true
            case "false", "no", "off", "0": return false
            default: break
            }
        default: break
        }
        throw failure(value, Bool.self, "expected true/false or yes/no, found \(value.kindName)")
    }
}

/// Integers of every width, with range checks.
private func integer<I: FixedWidthInteger>(_ value: ConfigValue, _ type: I.Type) throws -> I {
    // Written only for an error: a conversion that succeeds does not pay for the text.
    var range: String { "\(I.min)...\(I.max)" }
    switch value.kind {
    case .int(let number):
        if let result = I(exactly: number) { return result }
        throw failure(value, I.self, "out of range \(range)")
    case .double(let number) where number.rounded() == number:
        if let result = I(exactly: number) { return result }
        throw failure(value, I.self, "out of range \(range)")
    case .string(let text):
        let trimmed = text.trimmedOfBlanks
        if let result = I(trimmed) { return result }
        if Int(trimmed) != nil || UInt64(trimmed) != nil || trimmed.allSatisfy({ $0.isNumber || $0 == "-" }) && !trimmed.isEmpty {
            throw failure(value, I.self, "out of range \(range)")
        }
        throw failure(value, I.self, "not a whole number")
    default:
        throw failure(value, I.self, "expected a whole number, found \(value.kindName)")
    }
}

extension Int: ConfigConvertible { static func fromConfig(_ v: ConfigValue, _ c: ValueConverters) throws -> Int { try integer(v, Int.self) } }
extension Int8: ConfigConvertible { static func fromConfig(_ v: ConfigValue, _ c: ValueConverters) throws -> Int8 { try integer(v, Int8.self) } }
extension Int16: ConfigConvertible { static func fromConfig(_ v: ConfigValue, _ c: ValueConverters) throws -> Int16 { try integer(v, Int16.self) } }
extension Int32: ConfigConvertible { static func fromConfig(_ v: ConfigValue, _ c: ValueConverters) throws -> Int32 { try integer(v, Int32.self) } }
extension Int64: ConfigConvertible { static func fromConfig(_ v: ConfigValue, _ c: ValueConverters) throws -> Int64 { try integer(v, Int64.self) } }
extension UInt: ConfigConvertible { static func fromConfig(_ v: ConfigValue, _ c: ValueConverters) throws -> UInt { try integer(v, UInt.self) } }
extension UInt8: ConfigConvertible { static func fromConfig(_ v: ConfigValue, _ c: ValueConverters) throws -> UInt8 { try integer(v, UInt8.self) } }
extension UInt16: ConfigConvertible { static func fromConfig(_ v: ConfigValue, _ c: ValueConverters) throws -> UInt16 { try integer(v, UInt16.self) } }
extension UInt32: ConfigConvertible { static func fromConfig(_ v: ConfigValue, _ c: ValueConverters) throws -> UInt32 { try integer(v, UInt32.self) } }
extension UInt64: ConfigConvertible { static func fromConfig(_ v: ConfigValue, _ c: ValueConverters) throws -> UInt64 { try integer(v, UInt64.self) } }

extension Double: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> Double {
        switch value.kind {
        case .double(let number): return number
        case .int(let number): return Double(number)
        case .string(let text):
            if let number = Double(text.trimmedOfBlanks) { return number }
            throw failure(value, Double.self, "not a number")
        default: throw failure(value, Double.self, "expected a number, found \(value.kindName)")
        }
    }
}

extension Float: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> Float {
        let number = try Double.fromConfig(value, converters)
        let single = Float(number)
        if single.isInfinite && !number.isInfinite { throw failure(value, Float.self, "out of range for Float") }
        return single
    }
}

extension String: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> String {
        if let text = value.scalarText { return text }
        throw failure(value, String.self, "expected text, found \(value.kindName)")
    }
}

extension URL: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> URL {
        guard case .string(let text) = value.kind else { throw failure(value, URL.self, "expected text, found \(value.kindName)") }
        guard !text.isEmpty, let url = URL(string: text) else { throw failure(value, URL.self, "not a valid URL") }
        return url
    }
}

extension Date: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> Date {
        guard case .string(let text) = value.kind else { throw failure(value, Date.self, "expected an ISO 8601 date, found \(value.kindName)") }
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        throw failure(value, Date.self, "not an ISO 8601 date (2026-11-21, 2026-11-21T17:30:00Z)")
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Duration: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> Duration {
        switch value.kind {
        case .int(let seconds): return .seconds(seconds)
        case .double(let seconds): return .milliseconds(Int64((seconds * 1000).rounded()))
        case .string(let text):
            if let duration = parseDuration(text.trimmedOfBlanks) { return duration }
            throw failure(value, Duration.self, "expected a number with a unit: ns, us, ms, s, m or h (250ms, 5s, 1.5m)")
        default:
            throw failure(value, Duration.self, "expected a duration such as 250ms or 5s, found \(value.kindName)")
        }
    }

    private static func parseDuration(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ns", 1e-9), ("us", 1e-6), ("µs", 1e-6), ("ms", 1e-3), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            let number = text.dropLast(suffix.count).trimmedOfBlanks
            guard let amount = Double(number), amount.isFinite, amount >= 0 else { continue }
            let nanoseconds = amount * scale * 1e9
            guard nanoseconds < Double(Int64.max) else { return nil }
            return .nanoseconds(Int64(nanoseconds.rounded()))
        }
        return nil
    }
}

extension Data: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> Data {
        guard case .string(let text) = value.kind else { throw failure(value, Data.self, "expected base64 text, found \(value.kindName)") }
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw failure(value, Data.self, "not valid base64")
        }
        return data
    }
}

extension Optional: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> Optional<Wrapped> {
        if case .null = value.kind { return nil }
        return .some(try converters.convert(value, to: Wrapped.self))
    }
}

extension Array: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> [Element] {
        guard case .list(let items) = value.kind else { throw failure(value, [Element].self, "expected a list, found \(value.kindName)") }
        return try items.map { try converters.convert($0, to: Element.self) }
    }
}

extension Set: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> Set<Element> {
        guard case .list(let items) = value.kind else { throw failure(value, Set<Element>.self, "expected a list, found \(value.kindName)") }
        return Set(try items.map { try converters.convert($0, to: Element.self) })
    }
}

extension Dictionary: ConfigConvertible {
    static func fromConfig(_ value: ConfigValue, _ converters: ValueConverters) throws -> [Key: Value] {
        guard case .map(let entries) = value.kind else { throw failure(value, [Key: Value].self, "expected a map, found \(value.kindName)") }
        var result: [Key: Value] = [:]
        for (key, item) in entries {
            let typedKey = try converters.convert(ConfigValue(.string(key), at: item.location), to: Key.self)
            result[typedKey] = try converters.convert(item, to: Value.self)
        }
        return result
    }
}

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without leading and trailing spaces and tabs (cheaper than Foundation's trimming).
    package var trimmedOfBlanks: String {
        // NB: most text has no blank at either end, which its UTF-8 bytes show without walking
        // its Characters (blanks are ASCII: a Character that is one starts or ends with its byte).
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        if let first = utf8.first, let last = utf8.last, first != space, first != tab, last != space, last != tab {
            return String(self)
        }
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension OptionSet {
    /// Inserts `member` when `on`, removes it otherwise: a flag kept in a set of flags, set as a `Bool`.
    @inlinable @inline(__always)
    mutating func set(_ member: Element, _ on: Bool) {
        if on { insert(member) } else { remove(member) }
    }
}
