import Foundation
import IoCCore

/// Symfony's environment-variable expressions as a placeholder function: `${env(int:APP_PORT)}`,
/// written `%env(int:APP_PORT)%` in services.yaml. The YAML and XML loaders add it to the
/// builders they load into; code that writes such placeholders itself adds it:
///
/// ```swift
/// builder.addEnvironmentFunction()
/// ```
///
/// A processor it does not know, or a value one cannot process, is an ``IoCCore/IoCError`` of
/// kind ``IoCCore/IoCError/Kind/badEnvironmentExpression``.
public struct EnvironmentFunction: PlaceholderFunction {
    /// The app's own processors (Symfony's `EnvVarProcessorInterface`), by prefix: `myproc` for
    /// `%env(myproc:KEY)%`. Each is given the value to its right (the variable's, or what the
    /// processors after it made of it) and returns its own; an error it throws is the
    /// expression's. A variable that is not set reaches none of them.
    public var processors: [String: EnvironmentProcessor] = [:]

    public init() {}

    /// The name a loader adds it under.
    public static let name = "env"

    public func value(of argument: String, in call: PlaceholderCall) throws(IoCError) -> ConfigValue? {
        let expression: EnvironmentExpression
        do { expression = try EnvironmentExpression.parse(argument, custom: Set(processors.keys)) } catch {
            throw call.failure(error.reason)
        }
        guard let value = try expression.evaluate(in: call, custom: processors) else { return nil }
        // A variable's own value may hold placeholders (a parameter default such as
        // `env(NAME): '%other%'`); a processed one is what its processors made of it. A
        // secret is taken as it is.
        if expression.processors.isEmpty, !value.isSecret, case .string(let text) = value.kind, text.contains("${") {
            return try call.resolve(text)
        }
        return value
    }

    public func adviceWhenUnset(_ argument: String) -> String? {
        guard let name = argument.split(separator: ":").last else { return nil }
        return "Set the variable \(name), or give it a default: the parameter env(\(name))"
    }
}

/// An app's own environment processor: the value to its right in the expression, processed.
/// Throw to say why a value cannot be processed; the build reports it with the expression.
public typealias EnvironmentProcessor = @Sendable (ConfigValue) throws -> ConfigValue

extension ContainerBuilder {
    /// Adds ``EnvironmentFunction`` as `env`, unless the builder has a function of that name
    /// (one the app set stays): what the loaders, the `ioc` tool and the code IoCConfigPlugin
    /// writes call.
    public func addEnvironmentFunction() {
        if placeholderFunctions[EnvironmentFunction.name] == nil { placeholderFunctions[EnvironmentFunction.name] = EnvironmentFunction() }
    }

    /// Adds an environment processor of the app's own (Symfony's custom `EnvVarProcessor`):
    /// `%env(prefix:KEY)%` in services.yaml, `${env(prefix:KEY)}` elsewhere, passes the value of
    /// `KEY` (after the processors right of it) to `process`. A prefix of Symfony's own
    /// (`int`, `json`...) is replaced by the app's.
    ///
    /// ```swift
    /// builder.addEnvironmentProcessor("upper") { value in .string(value.scalarText?.uppercased() ?? "") }
    /// try builder.loadYAML(contentsOf: url)   // %env(upper:REGION)%
    /// ```
    public func addEnvironmentProcessor(_ prefix: String, _ process: @escaping EnvironmentProcessor) {
        var function = placeholderFunctions[EnvironmentFunction.name] as? EnvironmentFunction ?? EnvironmentFunction()
        function.processors[prefix] = process
        placeholderFunctions[EnvironmentFunction.name] = function
    }
}

extension IoCError.Kind {
    /// An environment expression (`${env(int:APP_PORT)}`, services.yaml's `%env(...)%`) names
    /// an unknown processor, or its value cannot be processed (``EnvironmentFunction``).
    public static let badEnvironmentExpression = IoCError.Kind("badEnvironmentExpression")
}

/// A Symfony environment-variable expression: `env(int:APP_PORT)`, `env(key:url:json:file:CONFIG)`.
///
/// The name (the last part) is looked up in the property sources, then as the parameter
/// `env(NAME)` (Symfony's default for a variable that is not set); the processors before it
/// are applied to its value from the innermost (the one next to the name) outwards. Written in
/// config as `${env(int:APP_PORT)}`; IoCYAML turns Symfony's `%env(...)%` into that form.
package struct EnvironmentExpression: Equatable {
    /// One processor, with its argument for `key:` and `default:`.
    enum Processor: Equatable {
        case string, int, float, bool, not, json, csv, base64, trim, file, resolve
        case key(String)
        case `default`(String)
        /// One of the app's (``EnvironmentFunction/processors``), by its prefix.
        case custom(String)
    }

    /// Outermost first, as written.
    let processors: [Processor]
    let name: String

    /// Processors a PHP runtime has that mean nothing in Swift, with why.
    static let refused: [String: String] = [
        "require": "it runs a PHP file",
        "const": "it reads a PHP constant",
        "enum": "it makes a PHP enum case",
        "url": "it parses into PHP's URL array; read the URL as a string and let the catalog convert it to URL",
        "query_string": "it parses into a PHP array",
        "shuffle": "it shuffles a PHP array",
        "urlencode": "it is a PHP string function",
    ]

    static let known = ["string", "int", "float", "bool", "not", "json", "csv", "base64", "trim", "file", "key", "default", "resolve"]

    /// Why a text is not an expression this container can evaluate.
    struct Unparsable: Error {
        let reason: String
    }

    /// Parses the text inside `env(...)`; `custom` names the app's own processors.
    static func parse(_ text: String, custom: Set<String> = []) throws(Unparsable) -> EnvironmentExpression {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.popLast(), !name.trimmedOfBlanks.isEmpty else {
            throw Unparsable(reason: "it names no variable")
        }
        var processors: [Processor] = []
        var index = 0
        while index < parts.count {
            let word = parts[index]
            index += 1
            if custom.contains(word) {
                processors.append(.custom(word))
                continue
            }
            switch word {
            case "string": processors.append(.string)
            case "int": processors.append(.int)
            case "float": processors.append(.float)
            case "bool": processors.append(.bool)
            case "not": processors.append(.not)
            case "json": processors.append(.json)
            case "csv": processors.append(.csv)
            case "base64": processors.append(.base64)
            case "trim": processors.append(.trim)
            case "file": processors.append(.file)
            case "resolve": processors.append(.resolve)
            case "key", "default":
                // The argument is the next part; `default:` may have an empty one (null).
                guard index < parts.count || word == "default" else {
                    throw Unparsable(reason: "the processor '\(word):' needs an argument, as in env(\(word):argument:NAME)")
                }
                let argument = index < parts.count ? parts[index] : ""
                index += 1
                if word == "key" {
                    guard !argument.isEmpty else { throw Unparsable(reason: "the processor 'key:' needs a key") }
                    processors.append(.key(argument))
                } else {
                    processors.append(.default(argument))
                }
            default:
                if let reason = refused[word] {
                    throw Unparsable(reason: "the processor '\(word):' has no Swift meaning: \(reason)")
                }
                let own = custom.sorted()
                throw Unparsable(reason: "'\(word):' is not a processor; known: " + (known + own).joined(separator: ", ")
                    + ". An app adds its own in code: builder.addEnvironmentProcessor(\"\(word)\") { value in ... }")
            }
        }
        return EnvironmentExpression(processors: processors, name: name)
    }
}

extension PlaceholderCall {
    /// The expression cannot be evaluated, for `reason`.
    fileprivate func failure(_ reason: String) -> IoCError {
        IoCError(.badEnvironmentExpression, message: "Cannot evaluate \(text) at \(location): \(reason).", location: location)
    }
}

extension EnvironmentExpression {
    /// The expression's value; `nil` when the variable is not set and nothing gives a default.
    func evaluate(in call: PlaceholderCall, custom: [String: EnvironmentProcessor] = [:]) throws(IoCError) -> ConfigValue? {
        var value = call.lookup(name) ?? call.lookup("env(\(name))")
        for processor in processors.reversed() {
            let wasSecret = value?.isSecret == true
            if case .custom(let prefix) = processor {
                guard let given = value, let process = custom[prefix] else { continue }
                do { value = try process(given) } catch {
                    throw call.failure("the processor '\(prefix):' failed: \(error)")
                }
            } else {
                value = try apply(processor, to: value, in: call)
            }
            // What a processor makes of a secret (`json:` a map, `key:` a part of it) is secret.
            if wasSecret { value = value?.markedSecret() }
        }
        return value
    }

    private func apply(_ processor: Processor, to value: ConfigValue?, in call: PlaceholderCall) throws(IoCError) -> ConfigValue? {
        let location = call.location
        if case .default(let fallback) = processor {
            if let value, value.scalarText?.isEmpty != true, value.kind != .null { return value }
            guard !fallback.isEmpty else { return ConfigValue(.null, at: location) }
            return call.lookup(fallback) ?? ConfigValue(.null, at: location)
        }
        guard let value else { return nil }
        /// `raw`, quoted for a message, unless the value is a secret.
        func quoted(_ raw: String) -> String { value.isSecret ? "the secret value of \(name)" : "\"\(raw)\"" }
        func text(_ what: String) throws(IoCError) -> String {
            guard let text = value.scalarText else {
                throw call.failure("'\(what):' needs text, but env(\(name)) gives \(value.kindName) at that point")
            }
            return text
        }
        switch processor {
        case .string:
            return ConfigValue(.string(try text("string")), at: location)
        case .int:
            if case .int = value.kind { return value }
            let raw = try text("int").trimmedOfBlanks
            guard let number = Int(raw) ?? Double(raw).flatMap({ $0.rounded() == $0 ? Int(exactly: $0) : nil }) else {
                throw call.failure("'int:' cannot read \(quoted(raw)) as a whole number")
            }
            return ConfigValue(.int(number), at: location)
        case .float:
            if case .double = value.kind { return value }
            let raw = try text("float").trimmedOfBlanks
            guard let number = Double(raw) else { throw call.failure("'float:' cannot read \(quoted(raw)) as a number") }
            return ConfigValue(.double(number), at: location)
        case .bool, .not:
            let flag: Bool
            if case .bool(let given) = value.kind {
                flag = given
            } else {
                // Symfony: "true", "on", "yes" and non-zero numbers are true; anything else false.
                let raw = try text("bool").trimmedOfBlanks.lowercased()
                flag = ["true", "on", "yes", "y"].contains(raw) || (Double(raw).map { $0 != 0 } ?? false)
            }
            return ConfigValue(.bool(processor == .not ? !flag : flag), at: location)
        case .json:
            let raw = try text("json")
            do {
                let object = try JSONSerialization.jsonObject(with: Data(raw.utf8), options: [.fragmentsAllowed])
                return ConfigValue(json: object, at: location)
            } catch {
                throw call.failure("'json:' cannot decode the value of \(name): it is not valid JSON")
            }
        case .csv:
            return ConfigValue(.list(Self.csvFields(try text("csv")).map { ConfigValue(.string($0), at: location) }), at: location)
        case .base64:
            let raw = try text("base64").trimmedOfBlanks
            let padded = raw.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                + String(repeating: "=", count: (4 - raw.count % 4) % 4)
            guard let data = Data(base64Encoded: padded), let decoded = String(data: data, encoding: .utf8) else {
                throw call.failure("'base64:' cannot decode the value of \(name) as base64 text")
            }
            return ConfigValue(.string(decoded), at: location)
        case .trim:
            return ConfigValue(.string(try text("trim").trimmingCharacters(in: .whitespacesAndNewlines)), at: location)
        case .file:
            return ConfigValue(.string(try read(try text("file"), in: call)), at: location)
        case .key(let key):
            guard case .map(let entries) = value.kind else {
                throw call.failure("'key:\(key):' needs a map (from 'json:'), but the value is \(value.kindName)")
            }
            guard let found = entries.first(where: { $0.key == key })?.value else {
                throw call.failure("'key:\(key):' finds no key \"\(key)\"; the map has " + entries.map(\.key).joined(separator: ", "))
            }
            return found
        case .resolve:
            // The value's own parameters, as Symfony writes them (`%name%`) or as `${name}`.
            return try call.resolve(Self.placeholders(inParameterText: try text("resolve")))
        case .default, .custom:
            return value  // handled above, and in `evaluate`
        }
    }

    /// The text of the file at `path`, which must lie inside a config root (symbolic links resolved).
    private func read(_ path: String, in call: PlaceholderCall) throws(IoCError) -> String {
        guard let root = call.roots.first else {
            throw call.failure("'file:' reads only inside the config root, and config given as text has none")
        }
        let candidate = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: root).appendingPathComponent(path)
        guard let real = FilePaths.realPath(candidate.standardizedFileURL.path) else {
            throw call.failure("'file:' cannot read \(path): no such file")
        }
        guard call.roots.contains(where: { FilePaths.isInside(real, $0) }) else {
            throw call.failure("'file:' may read only inside the config root \(root), and \(path) is outside it")
        }
        // Its kind and size before any of it is read: a secret or a small setting is expected, and
        // a file far larger (or a pipe that never ends) must not be read whole into the build.
        let attributes = try? FileManager.default.attributesOfItem(atPath: real)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw call.failure("'file:' cannot read \(path): it is not a regular file (a directory, pipe, socket or device)")
        }
        func tooLarge(_ size: String) -> IoCError {
            call.failure("'file:' will not read \(path): it is \(size) bytes, and a value read from a file may have at most \(Self.maxFileBytes) (1 MiB)")
        }
        if let size = attributes?[.size] as? Int, size > Self.maxFileBytes { throw tooLarge("\(size)") }
        // At most one byte past the limit, should the file have grown since.
        guard let handle = FileHandle(forReadingAtPath: real) else {
            throw call.failure("'file:' cannot read \(path): permission denied")
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: Self.maxFileBytes + 1) ?? Data() else {
            throw call.failure("'file:' cannot read \(path)")
        }
        if data.count > Self.maxFileBytes { throw tooLarge("more than \(Self.maxFileBytes)") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw call.failure("'file:' cannot read \(path) as UTF-8 text")
        }
        return text
    }

    /// The largest file `file:` reads, in bytes: a value read from a file is a scalar, held to the
    /// readers' default limit for one (`maxScalarBytes`, `maxValueBytes`).
    static let maxFileBytes = 1 << 20

    /// The fields of one CSV line: commas separate, double quotes enclose, `""` is a quote.
    static func csvFields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var characters = line.trimmingCharacters(in: .newlines)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters = characters.dropFirst() } else { quoted = false }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}

extension EnvironmentExpression {
    /// Symfony's parameters in `text` as placeholders: `%name%` → `${name}`,
    /// `%env(int:NAME)%` → `${env(int:NAME)}`, `%%` → `%` (what services.yaml values and
    /// `%env(resolve:NAME)%` values hold); `note` is told each parameter's key.
    package static func placeholders(inParameterText text: String, noting note: (Substring) -> Void = { _ in }) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "%") {
            result += rest[..<start]
            let after = rest.index(after: start)
            if after < rest.endIndex, rest[after] == "%" {
                result += "%"
                rest = rest[rest.index(after: after)...]
                continue
            }
            guard let end = rest[after...].firstIndex(of: "%") else {
                result += rest[start...]
                return result
            }
            let name = rest[after..<end]
            // `env(…)` is evaluated by EnvironmentFunction's processors (`int:`, `json:`, `key:`...), which
            // refuse unknown ones; a name with a space is text, not a parameter.
            if (name.hasPrefix("env(") && name.hasSuffix(")")) || (!name.isEmpty && !name.utf8.contains(UInt8(ascii: " "))) {
                result += "${" + name + "}"
                note(name)
            } else {
                result += rest[start...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
