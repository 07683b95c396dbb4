import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct IoCAnnotationsPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [
        ComponentMacro.self, CataloguedMacro.self, InjectMacro.self, InjectedPropertyMacro.self, LifecycleMacro.self,
        ModuleMacro.self, ProvidesMacro.self, LazyProxyMacro.self,
    ]
}
