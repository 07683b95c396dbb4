#if Configuration  // the package trait: Package.swift, "traits"
import Configuration
import IoCCore

/// swift-configuration as a property source: `${db.host}` and `%env(DB_HOST)%` read through a
/// `ConfigReader` over the app's providers (environment variables, JSON files — YAML files
/// too, with swift-configuration's `YAML` trait —, secrets directories, in-memory values),
/// the first provider that has a key giving its value.
///
/// ```swift
/// let source = ConfigurationPropertySource(providers: [
///     EnvironmentVariablesProvider(secretsSpecifier: .specific(["DB_PASSWORD"])),
///     try await FileProvider<JSONSnapshot>(filePath: "config/app.json"),
/// ])
/// builder.addConfiguration(source)   // its values for placeholders, its handles for components
/// ```
///
/// A key is read as swift-configuration reads it: `db.host` is the key `["db", "host"]`, which
/// the environment provider finds in `DB_HOST` and a JSON file at `{"db": {"host": …}}`. A
/// value keeps its kind (text, a number, a boolean, a list); IoCCore converts it at build to
/// the type each injection point needs.
///
/// Values a provider marks secret (its `secretsSpecifier`) reach the container as secrets
/// (``IoCCore/ConfigValue/isSecret``): errors, `ioc explain`, the container's events and logs
/// show `<redacted>` for them, never their text.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct ConfigurationPropertySource: PropertySource {
    /// How messages name this source: `swift-configuration` unless given.
    public let name: String
    /// The reader over the providers: the app may read its own settings through it (what it
    /// reads is reported to the access reporter given, as before).
    public let reader: ConfigReader
    /// Keys the app marked secret itself (`init(reader:secretKeys:name:)`).
    private let secretKeys: Set<String>

    /// A source over `providers`, in order of precedence, through a reader of its own that
    /// learns which values the providers mark secret (and passes every access on to
    /// `accessReporter`, when given).
    ///
    /// ```swift
    /// let source = ConfigurationPropertySource(providers: [EnvironmentVariablesProvider()])
    /// ```
    public init(providers: [any ConfigProvider], accessReporter: (any AccessReporter)? = nil, name: String = "swift-configuration") {
        self.name = name
        self.reader = ConfigReader(providers: providers, accessReporter: SecretRecorder(forwardingTo: accessReporter))
        self.secretKeys = []
    }

    /// A source over a reader the app made. A reader does not tell which values its providers
    /// mark secret: name the secret keys here (as the placeholders write them), or build the
    /// source from the providers (``init(providers:accessReporter:name:)``), which does see
    /// the providers' marks.
    ///
    /// ```swift
    /// let source = ConfigurationPropertySource(reader: config, secretKeys: ["db.password"])
    /// ```
    public init(reader: ConfigReader, secretKeys: Set<String> = [], name: String = "swift-configuration") {
        self.name = name
        self.reader = reader
        self.secretKeys = secretKeys
    }

    /// The value of `key` in the first provider that has it, with its kind; `nil` when none has.
    ///
    /// ```swift
    /// let host = source.value(for: "db.host")   // .string("db.internal"), at EnvironmentVariablesProvider
    /// ```
    public func value(for key: String) -> IoCCore.ConfigValue? {
        let configKey = ConfigKey(key)
        let isSecret = secretKeys.contains(key)
        let recording = Locked<AccessEvent?>(nil)
        guard let content = SecretRecorder.$recording.withValue(recording, operation: { Self.read(configKey, isSecret: isSecret, from: reader) }) else {
            return nil
        }
        let event = recording.withLock { $0 }
        let provider = event?.providerResults.first { (try? $0.result.get().value) != nil }?.providerName ?? name
        let given: Configuration.ConfigValue? = event.flatMap { try? $0.result.get() }
        let markedSecret = isSecret || given?.isSecret == true
        let value = IoCCore.ConfigValue(content, at: ConfigLocation(file: provider, line: 0))
        return markedSecret ? value.markedSecret() : value
    }

    /// The types a provider's value is read as, the first that it converts to giving its kind:
    /// text first (an environment variable is text, whatever it spells), then a number, a
    /// boolean, a list (a JSON file keeps its values' kinds). Also the types a ``ConfigHandle`` reads.
    static let valueTypes: [any ConfigHandleValue.Type] = [
        String.self, Int.self, Double.self, Bool.self, [String].self, [Int].self, [Double].self, [Bool].self,
    ]

    /// The value of `key`, as the first of ``valueTypes`` a provider converts it to.
    static func read(_ key: ConfigKey, isSecret: Bool, from reader: ConfigReader) -> IoCCore.ConfigValue.Kind? {
        for type in valueTypes {
            if let value = type.read(key, isSecret: isSecret, from: reader) { return value.configValueKind }
        }
        return nil
    }
}

/// The access reporter of a source's own reader: it keeps the event of the read the source is
/// making (which provider answered, whether it marked the value secret), in the task-local
/// box that read set, and passes every event on to the app's reporter.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
struct SecretRecorder: AccessReporter {
    /// Where the read in progress on this task wants its event.
    @TaskLocal static var recording: Locked<AccessEvent?>?

    let upstream: (any AccessReporter)?

    init(forwardingTo upstream: (any AccessReporter)?) {
        self.upstream = upstream
    }

    func report(_ event: AccessEvent) {
        Self.recording?.withLock { $0 = event }
        upstream?.report(event)
    }
}
#endif
