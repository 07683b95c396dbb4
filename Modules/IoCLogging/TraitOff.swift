// Without the package trait "Logging" this module is empty but for this: a call names the fix.
#if !Logging
import IoCCore

extension ContainerBuilder {
    @available(*, unavailable, message: "IoCLogging needs swift-ioc's package trait \"Logging\": add traits: [.defaults, \"Logging\"] to swift-ioc's .package line (README, \"Modules\")")
    public func log(to logger: Any, slowCreationSeconds: Double? = 0.1) {}
}
#endif
