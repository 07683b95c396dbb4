import IoCCore

/// The component of the compiled-yaml-10k case: a name, two references and a value.
/// Declared here, where IoCConfigPlugin reads it with the config.
public final class Service: @unchecked Sendable {
    public let name: String
    public var next: Service?
    public var peer: Service?
    public var retries: Int = 0
    public init(name: String) { self.name = name }
}

/// Registers the 10,000 components of the config `make bench` writes beside this file, as
/// the plugin compiled them.
public func registerCompiled(in builder: ContainerBuilder) {
    GeneratedConfig.register(in: builder)
}
