import Foundation

/// Replaces `${key}` and `${key:default}` in config strings with values from the builder's
/// property sources, at build. A value may itself hold placeholders; a circle of them is an
/// error, as is a key with no value and no default. `$${` stands for a literal `${`.
///
/// A secret value (``ConfigValue/isSecret``) is taken as it is, its text not searched for
/// placeholders; text a secret was put into, and what a function made from one, is secret too.
struct PlaceholderResolver {
    let sources: [any PropertySource]
    /// The functions `${name(argument)}` may call (``PlaceholderFunction``), by name.
    var functions: [String: any PlaceholderFunction] = [:]
    /// The directories a function may read files from (config roots, symbolic links resolved).
    var roots: [String] = []
    /// The most text resolving may make in all (``ContainerBuilder/maxPlaceholderTextBytes``).
    let maxTextBytes: Int
    /// The keys config writes otherwise than `${key}`, with how: problems quote them so.
    var spellings: [String: PlaceholderSpelling] = [:]
    private let state = State()

    init(sources: [any PropertySource], roots: [String] = [], maxTextBytes: Int = .max) {
        self.sources = sources
        self.roots = roots
        self.maxTextBytes = maxTextBytes
    }

    /// What one build's resolving remembers: each key's value once resolved, so a value that
    /// repeats another is resolved once (a parameter doubled forty times took 2^40 steps), and
    /// the text made so far, held to ``maxTextBytes``.
    private final class State {
        var values: [String: ConfigValue] = [:]
        var madeBytes = 0
    }

    /// Whether `text` has anything to resolve (a fast check for the common case).
    static func mayContainPlaceholder(_ text: String) -> Bool {
        // NB: over the bytes in place, each `$` found by `memchr`: every config string of every
        // definition passes here, and nearly none holds a `$`.
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard var cursor = bytes.baseAddress else { return false }
            var left = bytes.count
            while left > 1, let found = memchr(cursor, Int32(UInt8(ascii: "$")), left) {
                let dollar = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                let offset = dollar - cursor
                if offset + 1 < left && dollar[1] == UInt8(ascii: "{") { return true }
                cursor = dollar + 1
                left -= offset + 1
            }
            return false
        } ?? text.contains("${")
    }

    /// The resolved value of a config string. A string that is exactly one placeholder takes
    /// the property's value as it is (an int stays an int); otherwise the result is text.
    func resolve(_ text: String, at location: ConfigLocation, chain: [String] = []) throws(IoCError) -> ConfigValue {
        let segments = try parse(text, at: location)
        if segments.count == 1, case .placeholder(let key, let fallback) = segments[0] {
            return try value(of: key, default: fallback, at: location, chain: chain)
        }
        var result = ""
        var holdsSecret = false
        for segment in segments {
            switch segment {
            case .text(let literal): result += literal
            case .placeholder(let key, let fallback):
                let value = try value(of: key, default: fallback, at: location, chain: chain)
                guard let text = value.scalarText else {
                    throw IoCError(.malformedPlaceholder(text: text, location: location,
                                                         reason: "${\(key)} is \(value.kindName), which cannot be put inside text"))
                }
                result += text
                holdsSecret = holdsSecret || value.isSecret
            }
            // Checked as it grows: one value may put a long one together with itself many times.
            guard state.madeBytes + result.utf8.count <= maxTextBytes else {
                throw IoCError(.placeholderTextLimit(text: text, location: location, limit: maxTextBytes))
            }
        }
        state.madeBytes += result.utf8.count
        return ConfigValue(.string(result), isSecret: holdsSecret, at: location)
    }

    /// A config value with every placeholder in its strings resolved.
    func resolve(_ value: ConfigValue) throws(IoCError) -> ConfigValue {
        switch value.kind {
        case .string(let text) where !value.isSecret && Self.mayContainPlaceholder(text):
            var resolved = try resolve(text, at: value.location)
            resolved.location = value.location
            return resolved
        case .list(let items):
            var resolved: [ConfigValue] = []
            for item in items { resolved.append(try resolve(item)) }
            return ConfigValue(.list(resolved), at: value.location)
        case .map(let entries):
            var resolved: [(key: String, value: ConfigValue)] = []
            for (key, item) in entries { resolved.append((key, try resolve(item))) }
            return ConfigValue(.map(resolved), at: value.location)
        default:
            return value
        }
    }

    /// A name (reference, type name) with its placeholders resolved to text.
    func resolveName(_ text: String, at location: ConfigLocation) throws(IoCError) -> String {
        guard Self.mayContainPlaceholder(text) else { return text }
        let value = try resolve(text, at: location)
        guard let resolved = value.scalarText else {
            throw IoCError(.malformedPlaceholder(text: text, location: location, reason: "a name must resolve to text, not \(value.kindName)"))
        }
        return resolved
    }

    private func value(of key: String, default fallback: String?, at location: ConfigLocation, chain: [String]) throws(IoCError) -> ConfigValue {
        if chain.contains(key) { throw IoCError(.placeholderCycle(chain: chain + [key], location: location)) }
        if let (function, argument) = call(in: key) {
            return try value(of: key, calling: function, with: argument, default: fallback, at: location, chain: chain)
        }
        if let known = state.values[key] { return known }
        if let found = lookup(key) { return remembered(try expanded(found, of: key, at: location, chain: chain), for: key) }
        if let fallback { return try resolve(fallback, at: location, chain: chain + [key]) }
        throw unresolved(key, at: location, chain: chain)
    }

    /// The problem of `key` without a value, quoted as config writes it.
    private func unresolved(_ key: String, at location: ConfigLocation, chain: [String]) -> IoCError {
        let advice = call(in: key).flatMap { $0.function.adviceWhenUnset(String($0.argument)) }
        return IoCError(.unresolvedPlaceholder(key: key, location: location, chain: chain, sources: sources.map(\.name), advice: advice,
                                               spelling: spellings[key] ?? .placeholder))
    }

    /// `value`, what `key` resolved to, remembered for the rest of the build. (A key that
    /// resolves does so whatever chain asks: one in a circle fails the first time it is asked.)
    /// A value keeps the location of the use that resolved it first; ``resolve(_:)`` gives the
    /// value it returns the location of its own use.
    private func remembered(_ value: ConfigValue, for key: String) -> ConfigValue {
        state.values[key] = value
        return value
    }

    /// The value of `key` in the first property source that has it, as the source holds it.
    private func lookup(_ key: String) -> ConfigValue? {
        for source in sources { if let found = source.value(for: key) { return found } }
        return nil
    }

    /// `value`, found for `key`, with the placeholders of its text resolved.
    private func expanded(_ value: ConfigValue, of key: String, at location: ConfigLocation, chain: [String]) throws(IoCError) -> ConfigValue {
        guard !value.isSecret, case .string(let text) = value.kind, Self.mayContainPlaceholder(text) else { return value }
        return try resolve(text, at: location, chain: chain + [key])
    }

    /// The function `text` starts by calling, `name(`, when `name` is one of ``functions``:
    /// the function and where its `(` stands.
    private func function(calledBy text: String) -> (function: any PlaceholderFunction, open: String.Index)? {
        guard !functions.isEmpty, let open = text.firstIndex(of: "("), let function = functions[String(text[..<open])] else { return nil }
        return (function, open)
    }

    /// The function `key` calls, `name(argument)`, and its argument.
    private func call(in key: String) -> (function: any PlaceholderFunction, argument: Substring)? {
        guard key.hasSuffix(")"), let (function, open) = function(calledBy: key) else { return nil }
        return (function, key[key.index(after: open)..<key.index(before: key.endIndex)])
    }

    /// The value of a function's call `key` (``PlaceholderFunction``).
    private func value(of key: String, calling function: any PlaceholderFunction, with argument: Substring, default fallback: String?,
                       at location: ConfigLocation, chain: [String]) throws(IoCError) -> ConfigValue {
        if let known = state.values[key] { return known }
        // What the function makes from a secret is secret: the call notes each it is given.
        let gaveSecret = SecretNote()
        let call = PlaceholderCall(
            text: key, location: location, roots: roots,
            lookupValue: { name in lookup(name).map(gaveSecret.noting) },
            resolveText: { (value: String) throws(IoCError) -> ConfigValue in gaveSecret.noting(try resolve(value, at: location, chain: chain + [key])) })
        if let value = try function.value(of: String(argument), in: call) {
            return remembered(gaveSecret.seen ? value.markedSecret() : value, for: key)
        }
        if let fallback { return try resolve(fallback, at: location, chain: chain + [key]) }
        throw unresolved(key, at: location, chain: chain)
    }

    /// Whether a function's call was given a secret value.
    private final class SecretNote {
        var seen = false

        func noting(_ value: ConfigValue) -> ConfigValue {
            if value.isSecret { seen = true }
            return value
        }
    }

    private enum Segment {
        case text(String)
        case placeholder(key: String, default: String?)
    }

    private func parse(_ text: String, at location: ConfigLocation) throws(IoCError) -> [Segment] {
        // NB: scans UTF-8 bytes: `$`, `{`, `}` and `:` are ASCII, and Characters are slow to walk.
        let bytes = Array(text.utf8)
        let dollar = UInt8(ascii: "$"), open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var segments: [Segment] = []
        var literal: [UInt8] = []
        var index = 0
        func flush() {
            if !literal.isEmpty {
                segments.append(.text(String(decoding: literal, as: UTF8.self)))
                literal.removeAll()
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == dollar, index + 2 < bytes.count, bytes[index + 1] == dollar, bytes[index + 2] == open {
                literal += [dollar, open]
                index += 3
                continue
            }
            guard byte == dollar, index + 1 < bytes.count, bytes[index + 1] == open else {
                literal.append(byte)
                index += 1
                continue
            }
            // Find the matching brace; defaults may hold placeholders of their own.
            var depth = 1
            var end = index + 2
            while end < bytes.count {
                if bytes[end] == open, bytes[end - 1] == dollar { depth += 1 }
                if bytes[end] == close {
                    depth -= 1
                    if depth == 0 { break }
                }
                end += 1
            }
            guard depth == 0 else { throw IoCError(.malformedPlaceholder(text: text, location: location, reason: "'${' is not closed")) }
            let bodyBytes = bytes[(index + 2)..<end]
            let body = String(decoding: bodyBytes, as: UTF8.self)
            var key = body
            var fallback: String?
            if let (_, open) = function(calledBy: body), let close = body.firstIndex(of: ")") {
                // `env(int:NAME)`: the colons inside belong to the function's argument.
                key = String(body[...close])
                let rest = body[body.index(after: close)...]
                if rest.first == ":" { fallback = String(rest.dropFirst()) } else if !rest.isEmpty {
                    let name = body[..<open]
                    throw IoCError(.malformedPlaceholder(text: text, location: location, reason: "'${\(name)(...)' must end after its ')', or give a default as ${\(name)(...):default}"))
                }
            } else if let colon = Self.topLevelColon(in: bodyBytes) {
                key = String(decoding: bodyBytes[..<colon], as: UTF8.self)
                fallback = String(decoding: bodyBytes[(colon + 1)...], as: UTF8.self)
            }
            key = key.trimmedOfBlanks
            guard !key.isEmpty else { throw IoCError(.malformedPlaceholder(text: text, location: location, reason: "a placeholder has no key")) }
            flush()
            segments.append(.placeholder(key: key, default: fallback))
            index = end + 1
        }
        flush()
        if segments.isEmpty { segments.append(.text("")) }
        return segments
    }

    /// Where the first `:` outside any nested `${...}` stands in a placeholder's body (its
    /// UTF-8 bytes: the marks are ASCII, and walking Characters cost a tenth of a config load).
    private static func topLevelColon(in body: ArraySlice<UInt8>) -> Int? {
        var depth = 0
        var previous = UInt8(ascii: " ")
        for index in body.indices {
            let byte = body[index]
            if byte == UInt8(ascii: "{"), previous == UInt8(ascii: "$") { depth += 1 }
            if byte == UInt8(ascii: "}") { depth -= 1 }
            if byte == UInt8(ascii: ":"), depth == 0 { return index }
            previous = byte
        }
        return nil
    }
}

extension ContainerBuilder {
    /// The resolver of this builder's placeholders: its property sources and functions, the
    /// config roots a function may read (symbolic links resolved), its text limit, and the keys
    /// config writes otherwise than `${key}`.
    func placeholderResolver() -> PlaceholderResolver {
        var resolver = PlaceholderResolver(sources: propertySources,
                                           roots: configRoots.compactMap { FilePaths.realPath($0.standardizedFileURL.path) },
                                           maxTextBytes: maxPlaceholderTextBytes)
        resolver.spellings = placeholderSpellings
        resolver.functions = placeholderFunctions
        return resolver
    }
}
