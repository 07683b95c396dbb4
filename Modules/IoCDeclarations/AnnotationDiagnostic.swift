import SwiftDiagnostics
import SwiftSyntax

/// Every message the annotation macros give, word for word (the tests assert these texts).
package struct AnnotationDiagnostic: DiagnosticMessage, Error {
    package let message: String
    package let diagnosticID: MessageID
    package let severity: DiagnosticSeverity

    private init(_ id: String, _ message: String, _ severity: DiagnosticSeverity = .error) {
        self.message = message
        self.diagnosticID = MessageID(domain: "IoCAnnotations", id: id)
        self.severity = severity
    }

    package static func injectOnLet(_ name: String) -> Self {
        .init("injectOnLet", "@Inject needs a 'var': the container sets '\(name)' after the instance is made")
    }

    package static func valueOnLet(_ name: String) -> Self {
        .init("valueOnLet", "@Value needs a 'var': the container sets '\(name)' after the instance is made")
    }

    package static func injectOnComputed(_ attribute: String, _ name: String) -> Self {
        .init("injectOnComputed", "\(attribute) cannot set computed property '\(name)': put it on a stored 'var'")
    }

    package static func injectOnStatic(_ attribute: String, _ name: String) -> Self {
        .init("injectOnStatic", "\(attribute) cannot set static property '\(name)': the container injects instances")
    }

    package static func injectWithObservers(_ attribute: String, _ name: String) -> Self {
        .init("injectWithObservers", "\(attribute) property '\(name)' has observers: move that work to an @AfterInjection method")
    }

    package static func injectNeedsType(_ attribute: String, _ name: String) -> Self {
        .init("injectNeedsType", "\(attribute) property '\(name)' needs a type annotation: the container injects by the declared type")
    }

    package static func injectSeveralBindings(_ attribute: String) -> Self {
        .init("injectSeveralBindings", "\(attribute) applies to one property: declare each injected property on its own line")
    }

    package static func injectMisplaced(_ attribute: String) -> Self {
        .init("injectMisplaced", "\(attribute) goes on a stored 'var', an initializer or a method of a @Component")
    }

    package static func valueMisplaced() -> Self {
        .init("valueMisplaced", "@Value goes on a stored 'var'; for an initializer parameter use @Config(\"...\")")
    }

    package static func injectInActor(_ name: String) -> Self {
        .init("injectInActor", "An actor's property '\(name)' cannot be set from outside it: inject it through the initializer instead")
    }

    package static func severalInitializers(_ type: String, count: Int) -> Self {
        .init("severalInitializers",
              "'\(type)' has \(count) initializers and none is marked: mark the one the container calls with @Inject")
    }

    package static func severalMarkedInitializers(_ type: String) -> Self {
        .init("severalMarkedInitializers", "'\(type)' marks several initializers with @Inject: mark only the one the container calls")
    }

    package static func unusableInitializer(_ signature: String, reason: String) -> Self {
        .init("unusableInitializer", "The container cannot call '\(signature)': \(reason)")
    }

    package static func notAComponentType(_ macro: String, kind: String) -> Self {
        .init("notAComponentType", "\(macro) goes on a class, struct or actor, not on \(kind)")
    }

    package static func referenceTypeRequired(_ type: String, kind: String, reason: String) -> Self {
        .init("referenceTypeRequired", "'\(type)' is \(kind), but \(reason): make it a class")
    }

    package static func genericComponent(_ macro: String, _ type: String) -> Self {
        .init("genericComponent", "\(macro) cannot register generic type '\(type)': register each specialization in code")
    }

    package static func unknownScope(_ text: String, suggestion: String?) -> Self {
        let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
        return .init("unknownScope",
                     "Unknown scope '\(text)'.\(hint) Built-in scopes: .prototype, .singleton, .weakSingleton, .objectGraph, .threadLocal, .taskLocal; a scope of your own is .custom(\"name\")")
    }

    package static func duplicateName(_ name: String) -> Self {
        .init("duplicateName", "'\(name)' is named twice in this declaration: keep one")
    }

    package static func notAnArrayLiteral(_ label: String) -> Self {
        .init("notAnArrayLiteral", "'\(label):' must be an array literal: the macro reads it at compile time")
    }

    package static func providesNotStatic(_ name: String) -> Self {
        .init("providesNotStatic", "@Provides function '\(name)' must be static: a module is never instantiated")
    }

    package static func providesOutsideModule(_ name: String) -> Self {
        .init("providesOutsideModule", "@Provides function '\(name)' is outside a @Module and is never registered", .warning)
    }

    package static func providesMisplaced() -> Self {
        .init("providesMisplaced", "@Provides goes on a static function of a @Module")
    }

    package static func providesReturnsNothing(_ name: String) -> Self {
        .init("providesReturnsNothing", "@Provides function '\(name)' returns nothing: it must return the component it provides")
    }

    package static func providesInMainActor(_ name: String, _ typeName: String) -> Self {
        .init("providesInMainActor", "@Provides method '\(name)' of main-actor component '\(typeName)' is not supported: register its product in code with register(mainActor:), or move the method to a nonisolated type")
    }

    package static func providesAsync(_ name: String) -> Self {
        .init("providesAsync", "@Provides function '\(name)' is async: register async factories in code with register(_:asyncFactory:)")
    }

    package static func moduleMisplaced() -> Self {
        .init("moduleMisplaced", "@Module goes on a struct, enum or class holding static @Provides functions")
    }

    package static func emptyModule(_ name: String) -> Self {
        .init("emptyModule", "Module '\(name)' has no @Provides function", .warning)
    }

    package static func hookMisplaced(_ attribute: String) -> Self {
        .init("hookMisplaced", "\(attribute) goes on an instance method of a @Component")
    }

    package static func hookHasParameters(_ attribute: String, _ name: String) -> Self {
        .init("hookHasParameters", "\(attribute) method '\(name)' takes parameters: a lifecycle hook takes none (use @Inject on a method to inject its parameters)")
    }

    package static func hookIsAsync(_ attribute: String, _ name: String) -> Self {
        .init("hookIsAsync", "\(attribute) method '\(name)' is async: lifecycle hooks run synchronously")
    }

    package static func hookIsMutating(_ attribute: String, _ name: String) -> Self {
        .init("hookIsMutating", "\(attribute) method '\(name)' is mutating: the container cannot call it on its copy of a struct; make the component a class")
    }

    package static func proxyMisplaced() -> Self {
        .init("proxyMisplaced", "@LazyProxy goes on a protocol")
    }

    package static func proxyUnsupportedMember(_ member: String, reason: String) -> Self {
        .init("proxyUnsupportedMember", "@LazyProxy cannot forward '\(member)': \(reason)")
    }
}

/// A fix-it's label.
package struct AnnotationFixIt: FixItMessage {
    package let message: String
    package var fixItID: MessageID { MessageID(domain: "IoCAnnotations", id: message) }
    package init(_ message: String) { self.message = message }
}
