// Without the package trait "Commands" the tool's commands are left out: a use of the tool names the fix.
#if !Commands
@available(*, unavailable, message: "IoCCommands needs swift-ioc's package trait \"Commands\": add traits: [.defaults, \"Commands\"] to swift-ioc's .package line (README, \"Modules\")")
public enum IoCTool {}
#endif
