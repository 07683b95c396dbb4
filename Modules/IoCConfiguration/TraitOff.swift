// Without the package trait "Configuration" this module is empty but for this: a use names the fix.
#if !Configuration
@available(*, unavailable, message: "IoCConfiguration needs swift-ioc's package trait \"Configuration\": add traits: [.defaults, \"Configuration\"] to swift-ioc's .package line (README, \"Modules\")")
public enum ConfigurationPropertySource {}
#endif
