import IoCCore

/// A definition that a config format cannot express, met while writing definitions out as
/// that format (`ioc convert`, `YAMLWriter`, `XMLWriter`). Nothing is written when it is thrown.
public struct ConfigWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The component, as messages print it: `"knight" (Knight)`.
    public var component: String
    /// Where the definition was written.
    public var location: ConfigLocation
    /// The format being written: `YAML`, `Spring XML`.
    public var format: String
    /// What the format has no form for: `tags`, `method calls`, `a Lazy source`.
    public var feature: String
    /// What to do instead.
    public var advice: String

    /// An error about `component`, defined at `location`, which `format` cannot write because of
    /// `feature`; `advice` says what to do instead.
    ///
    /// ```swift
    /// throw ConfigWriteError(component: "\"mailer\" (Mailer)", location: location, format: "Spring XML",
    ///                        feature: "tags", advice: "Write it as YAML, which has tags.")
    /// ```
    public init(component: String, location: ConfigLocation, format: String, feature: String, advice: String) {
        self.component = component
        self.location = location
        self.format = format
        self.feature = feature
        self.advice = advice
    }

    /// The error for `definition`, named and placed as messages print it.
    package init(_ definition: Definition, format: String, feature: String, advice: String) {
        self.init(component: definition.label, location: definition.location, format: format, feature: feature, advice: advice)
    }

    public var description: String {
        "Cannot write \(component), defined at \(location), as \(format): it has \(feature), which \(format) cannot express. \(advice)"
    }
}

extension Construction {
    /// An initializer's arguments, labelled so that the labels alone pick it again: the front
    /// ends that write config (which has no way to name an initializer) use this. `nil` when the
    /// labels cannot say which initializer is meant (an unlabelled parameter, another count).
    package var argumentsLabelledForInitializer: [InjectionPoint]? {
        guard case .initializer(let written) = kind else { return nil }
        guard let written, written != "init()" || !arguments.isEmpty else { return arguments }
        guard let open = written.firstIndex(of: "("), written.hasSuffix(")") else { return nil }
        let inside = written[written.index(after: open)..<written.index(before: written.endIndex)]
        let labels = inside.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        guard labels.count == arguments.count, !labels.contains("_") else { return nil }
        var points: [InjectionPoint] = []
        for (label, point) in zip(labels, arguments) {
            if let own = point.label, own != label { return nil }
            points.append(InjectionPoint(label: label, source: point.source, location: point.location))
        }
        return points
    }
}

/// How a config file writes a definition's construction: what both writers can express.
package enum WrittenConstruction {
    /// An initializer (or the parent's construction), picked by these arguments' labels.
    case initializer(arguments: [InjectionPoint])
    /// A static factory method of the type.
    case staticFactory(String, arguments: [InjectionPoint])
    /// A method of the named component.
    case factoryMethod(String, factory: String, arguments: [InjectionPoint])
}

extension Definition {
    /// The construction as a config file writes it, or the error a writer for `format` throws.
    /// A definition made in code (a type, no class name) has no text form.
    package func writtenConstruction(format: String) throws(ConfigWriteError) -> WrittenConstruction {
        func failure(_ feature: String, _ advice: String) -> ConfigWriteError {
            ConfigWriteError(self, format: format, feature: feature, advice: advice)
        }
        if typeName == nil, type != nil {
            throw failure("a type given in code", "Only definitions read from config, which name their class, can be written.")
        }
        switch construction.kind {
        case .initializer(nil), .inherited: return .initializer(arguments: construction.arguments)
        case .initializer(let signature?):
            // Config cannot name an initializer: the arguments' labels pick it.
            guard let labelled = construction.argumentsLabelledForInitializer else {
                throw failure("the initializer \(signature) with unlabelled parameters",
                              "Write it in code, or give the type an initializer whose parameters have labels.")
            }
            return .initializer(arguments: labelled)
        case .staticFactory(let signature): return .staticFactory(signature, arguments: construction.arguments)
        case .factoryMethod(let signature):
            guard case .named(let factory)? = construction.factory else {
                throw failure("a factory method of a component that is not named", "Name the factory component.")
            }
            return .factoryMethod(signature, factory: factory, arguments: construction.arguments)
        default:
            throw failure("a \(construction.kind) construction", "Only definitions read from config can be written.")
        }
    }
}

/// Settings of a definition that only some config formats have words for. A writer names the
/// ones it writes; ``Definition/checkWritable(_:format:advice:)`` refuses a definition that has
/// any other, so that converting never drops a setting without saying so.
package struct WritableSettings: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// `public: false`, and aliases public when their component is not (Symfony).
    package static let visibility = WritableSettings(rawValue: 1 << 0)
    /// `deprecated:` on a service or an alias (Symfony).
    package static let deprecation = WritableSettings(rawValue: 1 << 1)
    /// `bind:` (Symfony).
    package static let bindings = WritableSettings(rawValue: 1 << 2)
    /// Tag attributes such as `priority` (Symfony).
    package static let tagAttributes = WritableSettings(rawValue: 1 << 3)
    /// `decoration_priority`, `decoration_inner_name`, `decoration_on_invalid`, `decorates_tag` (Symfony).
    package static let decoration = WritableSettings(rawValue: 1 << 4)
    /// No autowiring of initializer arguments (`autowire: false`, `autowire="no"`).
    package static let noAutowiring = WritableSettings(rawValue: 1 << 5)
    /// Not exposed through its conformances (`autoconfigure: false`).
    package static let noConformances = WritableSettings(rawValue: 1 << 6)
    /// Left out of injection by type (`autowire-candidate="false"`, Spring).
    package static let notAutowireCandidate = WritableSettings(rawValue: 1 << 7)
    /// A child's collection added to its parent's (`merge="true"`, Spring).
    package static let mergedCollections = WritableSettings(rawValue: 1 << 9)
    /// `<meta>` entries (Spring).
    package static let metadata = WritableSettings(rawValue: 1 << 8)
    /// `<qualifier>` values (Spring).
    package static let qualifiers = WritableSettings(rawValue: 1 << 10)
}

extension Definition {
    /// Throws the writer's error for the first setting of this definition that `format` does not
    /// write (`writes`), or for one no format writes (a catalog resource, `_instanceof` settings,
    /// main-actor isolation, a construction strategy, all of which come from a file's context or code).
    package func checkWritable(_ writes: WritableSettings, format: String, advice: String) throws(ConfigWriteError) {
        let present: [(WritableSettings?, Bool, String)] = [
            (.visibility, !isPublic || !publicAliases.isEmpty, "visibility (public: false, or a public alias)"),
            (.deprecation, deprecation != nil || !deprecatedAliases.isEmpty, "a deprecation"),
            (.bindings, !bindings.isEmpty, "argument bindings (bind)"),
            (.tagAttributes, !tagAttributes.isEmpty, "tag attributes"),
            (.decoration, decoration != Decoration(), "decoration settings"),
            (.noAutowiring, !autowires, "autowiring turned off"),
            (.noConformances, !exposesConformances, "exposure through its conformances turned off (autoconfigure: false)"),
            (.notAutowireCandidate, !isAutowireCandidate, "autowire-candidate=\"false\""),
            (.metadata, !metadata.isEmpty, "metadata (<meta>)"),
            (.qualifiers, !qualifiers.isEmpty, "qualifiers (<qualifier>)"),
            (.mergedCollections, properties.contains(where: \.mergesWithParent), "a collection added to its parent's (merge=\"true\")"),
            (nil, resource != nil, "a catalog resource (resource:)"),
            (nil, !conditionalSettings.isEmpty, "settings for conforming types (_instanceof)"),
            (nil, isMainActor, "main-actor isolation"),
            (nil, strategyName != nil, "a construction strategy"),
        ]
        for (setting, isPresent, feature) in present where isPresent && !(setting.map(writes.contains) ?? false) {
            throw ConfigWriteError(self, format: format, feature: feature, advice: setting == nil ? "Keep this definition in its original file." : advice)
        }
    }
}
