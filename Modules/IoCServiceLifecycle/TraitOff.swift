// Without the package trait "ServiceLifecycle" this module is empty but for this: a use names the fix.
#if !ServiceLifecycle
import IoCCore

extension Container {
    @available(*, unavailable, message: "IoCServiceLifecycle needs swift-ioc's package trait \"ServiceLifecycle\": add traits: [.defaults, \"ServiceLifecycle\"] to swift-ioc's .package line (README, \"Modules\")")
    public func services(tagged tag: String = "lifecycle.service", logger: Any? = nil) {}
}

@available(*, unavailable, message: "IoCServiceLifecycle needs swift-ioc's package trait \"ServiceLifecycle\": add traits: [.defaults, \"ServiceLifecycle\"] to swift-ioc's .package line (README, \"Modules\")")
public enum ContainerServices {}
#endif
