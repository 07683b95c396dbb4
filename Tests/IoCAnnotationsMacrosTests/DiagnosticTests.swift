import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Compile-time diagnostics")
struct DiagnosticTests {
    @Test func injectOnLet_isAnError_withAFixIt() {
        assertExpansion(
            """
            final class Screen {
                @Inject let service: MyService
            }
            """,
            expandedSource: #"""
            final class Screen {
                let service: MyService
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@Inject needs a 'var': the container sets 'service' after the instance is made",
                               line: 2, column: 13, fixIts: [FixItSpec(message: "Replace 'let' with 'var'")]),
            ],
            fixedSource: """
            final class Screen {
                @Inject var service: MyService
            }
            """)
    }

    @Test func valueOnLet_isAnError() {
        assertExpansion(
            """
            final class Screen {
                @Value("5") let days: Int
            }
            """,
            expandedSource: #"""
            final class Screen {
                let days: Int
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@Value needs a 'var': the container sets 'days' after the instance is made",
                               line: 2, column: 17, fixIts: [FixItSpec(message: "Replace 'let' with 'var'")]),
            ])
    }

    @Test func injectOnComputedProperty_isAnError() {
        assertExpansion(
            """
            final class Screen {
                @Inject var service: MyService { MyService() }
            }
            """,
            expandedSource: #"""
            final class Screen {
                var service: MyService { MyService() }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@Inject cannot set computed property 'service': put it on a stored 'var'", line: 2, column: 17),
            ])
    }

    @Test func injectWithoutTypeOrOnStaticOrWithObservers_isAnError() {
        assertExpansion(
            """
            final class Screen {
                @Inject var service = MyService()
                @Inject static var shared: Screen
                @Inject var c: Int { didSet {} }
            }
            """,
            expandedSource: #"""
            final class Screen {
                var service = MyService()
                static var shared: Screen
                var c: Int { didSet {} }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@Inject property 'service' needs a type annotation: the container injects by the declared type", line: 2, column: 17),
                DiagnosticSpec(message: "@Inject cannot set static property 'shared': the container injects instances", line: 3, column: 5),
                DiagnosticSpec(message: "@Inject property 'c' has observers: move that work to an @AfterInjection method", line: 4, column: 17),
            ])
    }

    @Test func injectInAnActor_isAnError() {
        assertExpansion(
            """
            actor Store {
                @Inject var service: MyService
            }
            """,
            expandedSource: #"""
            actor Store {
                var service: MyService
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "An actor's property 'service' cannot be set from outside it: inject it through the initializer instead", line: 2, column: 17),
            ])
    }

    @Test func misplacedInjectAndValue_areErrors() {
        assertExpansion(
            """
            final class Screen {
                @Value("x") init() {}
                @Inject struct Inner {}
            }
            """,
            expandedSource: #"""
            final class Screen {
                init() {}
                struct Inner {}
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@Value goes on a stored 'var'; for an initializer parameter use @Config(\"...\")", line: 2, column: 5),
                DiagnosticSpec(message: "@Inject goes on a stored 'var', an initializer or a method of a @Component", line: 3, column: 5),
            ])
    }

    @Test func severalInitializersNoneMarked_isAnError_withAFixIt() {
        assertExpansion(
            """
            @Component
            final class Knight {
                init() {}
                init(quest: Quest) {}
            }
            """,
            expandedSource: #"""
            final class Knight {
                init() {}
                init(quest: Quest) {}
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "'Knight' has 2 initializers and none is marked: mark the one the container calls with @Inject",
                               line: 2, column: 7, fixIts: [FixItSpec(message: "Mark 'init()' with @Inject")]),
            ],
            fixedSource: """
            @Component
            final class Knight {
                @Inject init() {}
                init(quest: Quest) {}
            }
            """)
    }

    @Test func severalMarkedOrAnUnusableMarkedInitializer_isAnError() {
        assertExpansion(
            """
            @Component
            final class Knight {
                @Inject init() {}
                @Inject init(quest: Quest) {}
            }
            @Component
            final class Squire {
                @Inject init?(name: String) {}
                init() {}
            }
            """,
            expandedSource: #"""
            final class Knight {
                init() {}
                init(quest: Quest) {}
            }
            final class Squire {
                init?(name: String) {}
                init() {}
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "'Knight' marks several initializers with @Inject: mark only the one the container calls", line: 4, column: 13),
                DiagnosticSpec(message: "The container cannot call 'init(name:)': it is failable; the container needs an instance or an error, so make it throw instead",
                               line: 8, column: 13),
            ])
    }

    @Test func weakSingletonStruct_andComponentOnAnEnum_areErrors() {
        assertExpansion(
            """
            @Component(scope: .weakSingleton)
            struct Settings {}
            @Component
            enum Mode { case on }
            @Component
            final class Box<T> {}
            """,
            expandedSource: #"""
            struct Settings {}
            enum Mode { case on 
            }
            final class Box<T> {}
            """#,
            diagnostics: [
                DiagnosticSpec(message: "'Settings' is a struct, but a weak singleton is held weakly, which only a class can be: make it a class", line: 1, column: 1),
                DiagnosticSpec(message: "@Component goes on a class, struct or actor, not on an enum", line: 3, column: 1),
                DiagnosticSpec(message: "@Component cannot register generic type 'Box': register each specialization in code", line: 5, column: 1),
            ])
    }

    @Test func unknownScope_isAnError_withTheClosestScopeAsFixIt() {
        assertExpansion(
            """
            @Component(scope: .sigleton)
            final class Clock {}
            """,
            expandedSource: #"""
            final class Clock {}
            """#,
            diagnostics: [
                DiagnosticSpec(message: "Unknown scope '.sigleton'. Did you mean '.singleton'? Built-in scopes: .prototype, .singleton, .weakSingleton, .objectGraph, .threadLocal, .taskLocal; a scope of your own is .custom(\"name\")",
                               line: 1, column: 19, fixIts: [FixItSpec(message: "Use '.singleton'")]),
            ],
            fixedSource: """
            @Component(scope: .singleton)
            final class Clock {}
            """)
    }

    @Test func customScopeNamedLikeABuiltInOne_isAnError() {
        assertExpansion(
            """
            @Component(scope: .custom("thread-locl"))
            final class Clock {}
            @Component(scope: .custom("session"))
            final class Cart {}
            """,
            expandedSource: #"""
            final class Clock {}
            final class Cart {

                public static func register(into builder: IoCCore.ContainerBuilder) -> Int {
                    let index = builder.register({
                            Cart()
                        }, file: "App/Weather.swift", line: 4)
                    .scope(.custom("session"))
                    .index
                    return index
                }

                @discardableResult
                public static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(Cart.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init()") {
                            Cart()
                        }
                    }
                }
            }

            extension Cart: IoCAnnotations.AnnotatedComponent {
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "Unknown scope '.custom(\"thread-locl\")'. Did you mean '.threadLocal'? Built-in scopes: .prototype, .singleton, .weakSingleton, .objectGraph, .threadLocal, .taskLocal; a scope of your own is .custom(\"name\")",
                               line: 1, column: 19, fixIts: [FixItSpec(message: "Use '.threadLocal'")]),
            ])
    }

    @Test func nameGivenTwice_isAnError() {
        assertExpansion(
            """
            @Component("clock", aliases: ["timer", "clock"])
            final class Clock {}
            @Module
            enum Clocks {
                @Provides("utc") static func utc() -> Clock { Clock() }
                @Provides("utc") static func local() -> Clock { Clock() }
            }
            """,
            expandedSource: #"""
            final class Clock {}
            enum Clocks {
                static func utc() -> Clock { Clock() }
                static func local() -> Clock { Clock() }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "'clock' is named twice in this declaration: keep one", line: 1, column: 40),
                DiagnosticSpec(message: "'utc' is named twice in this declaration: keep one", line: 6, column: 5),
            ])
    }

    @Test func providesNotStatic_isAnError_withAFixIt() {
        assertExpansion(
            """
            @Module
            struct NetworkModule {
                @Provides func session() -> Session { Session() }
            }
            """,
            expandedSource: #"""
            struct NetworkModule {
                func session() -> Session { Session() }
            }

            extension NetworkModule: IoCAnnotations.AnnotatedModule {
                public static func register(in builder: IoCCore.ContainerBuilder) {

                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@Provides function 'session' must be static: a module is never instantiated",
                               line: 3, column: 15, fixIts: [FixItSpec(message: "Make 'session' static")]),
                DiagnosticSpec(message: "Module 'NetworkModule' has no @Provides function", line: 1, column: 1, severity: .warning),
            ],
            fixedSource: """
            @Module
            struct NetworkModule {
                @Provides static func session() -> Session { Session() }
            }
            """)
    }

    @Test func providesOutsideAModuleOrReturningNothing_isReported() {
        assertExpansion(
            """
            enum Loose {
                @Provides static func session() -> Session { Session() }
            }
            @Module
            enum Tools {
                @Provides static func log() {}
                @Provides static func fetch() async -> Data { Data() }
            }
            """,
            expandedSource: #"""
            enum Loose {
                static func session() -> Session { Session() }
            }
            enum Tools {
                static func log() {}
                static func fetch() async -> Data { Data() }
            }

            extension Tools: IoCAnnotations.AnnotatedModule {
                public static func register(in builder: IoCCore.ContainerBuilder) {

                }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@Provides function 'session' is outside a @Module and is never registered", line: 2, column: 5, severity: .warning),
                DiagnosticSpec(message: "@Provides function 'log' returns nothing: it must return the component it provides", line: 6, column: 27),
                DiagnosticSpec(message: "@Provides function 'fetch' is async: register async factories in code with register(_:asyncFactory:)", line: 7, column: 27),
                DiagnosticSpec(message: "Module 'Tools' has no @Provides function", line: 4, column: 1, severity: .warning),
            ])
    }

    @Test func hooksTheContainerCannotCall_areErrors() {
        assertExpansion(
            """
            struct Counter {
                @AfterInjection func start(at value: Int) {}
                @Dispose func stop() async {}
                @BeforeInjection mutating func reset() {}
                @AfterInjection static func shared() {}
            }
            """,
            expandedSource: #"""
            struct Counter {
                func start(at value: Int) {}
                func stop() async {}
                mutating func reset() {}
                static func shared() {}
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@AfterInjection method 'start' takes parameters: a lifecycle hook takes none (use @Inject on a method to inject its parameters)", line: 2, column: 26),
                DiagnosticSpec(message: "@Dispose method 'stop' is async: lifecycle hooks run synchronously", line: 3, column: 19),
                DiagnosticSpec(message: "@BeforeInjection method 'reset' is mutating: the container cannot call it on its copy of a struct; make the component a class", line: 4, column: 36),
                DiagnosticSpec(message: "@AfterInjection goes on an instance method of a @Component", line: 5, column: 5),
            ])
    }

    @Test func lazyProxyOnAClassOrWithUnsupportedMembers_isAnError() {
        assertExpansion(
            """
            @LazyProxy
            final class Client {}
            @LazyProxy
            protocol Store: Repository {
                associatedtype Item
                var count: Int { get set }
                static func make() -> Self
                mutating func reset()
                subscript(index: Int) -> Int { get }
            }
            """,
            expandedSource: #"""
            final class Client {}
            protocol Store: Repository {
                associatedtype Item
                var count: Int { get set }
                static func make() -> Self
                mutating func reset()
                subscript(index: Int) -> Int { get }
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@LazyProxy goes on a protocol", line: 1, column: 1),
                DiagnosticSpec(message: "@LazyProxy cannot forward 'Repository': the proxy sees only this protocol's own members; put @LazyProxy on a protocol that declares every member it needs", line: 4, column: 10),
                DiagnosticSpec(message: "@LazyProxy cannot forward 'Item': a protocol with associated types has no single proxy", line: 5, column: 5),
                DiagnosticSpec(message: "@LazyProxy cannot forward 'count': a setter cannot throw, and the proxy builds its component on the first call, which can fail; declare a throwing method instead so that the error reaches the caller", line: 6, column: 9),
                DiagnosticSpec(message: "@LazyProxy cannot forward 'make()': static members belong to the type, not to an instance", line: 7, column: 17),
                DiagnosticSpec(message: "@LazyProxy cannot forward 'reset()': a mutating method would change a copy, not the component", line: 8, column: 19),
                DiagnosticSpec(message: "@LazyProxy cannot forward 'subscript': subscripts are not forwarded; declare a method", line: 9, column: 5),
            ])
    }

    @Test func lazyProxyMemberThatCannotThrow_isAnErrorWithAFixIt() {
        // The proxy builds its component on the first call: a member that cannot throw would
        // have no way to report that the build failed (it used to stop the program).
        assertExpansion(
            """
            @LazyProxy
            protocol Clock: AnyObject {
                var zone: String { get }
                func now() -> Double
                func sync() async
            }
            """,
            expandedSource: #"""
            protocol Clock: AnyObject {
                var zone: String { get }
                func now() -> Double
                func sync() async
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@LazyProxy cannot forward 'zone': its getter does not throw, and the proxy builds its component on the first call, which can fail; declare it '{ get throws }' so that the error reaches the caller", line: 3, column: 9),
                DiagnosticSpec(message: "@LazyProxy cannot forward 'now()': it does not throw, and the proxy builds its component on the first call, which can fail; declare it 'throws' so that the error reaches the caller",
                               line: 4, column: 10, fixIts: [FixItSpec(message: "Declare 'now()' 'throws'")]),
                DiagnosticSpec(message: "@LazyProxy cannot forward 'sync()': it does not throw, and the proxy builds its component on the first call, which can fail; declare it 'throws' so that the error reaches the caller",
                               line: 5, column: 10, fixIts: [FixItSpec(message: "Declare 'sync()' 'throws'")]),
            ],
            fixedSource: """
            @LazyProxy
            protocol Clock: AnyObject {
                var zone: String { get }
                func now() throws -> Double
                func sync() async throws
            }
            """)
    }

    @Test func listsThatAreNotArrayLiterals_areErrors() {
        assertExpansion(
            """
            @Component(tags: Tags.all)
            final class Clock {}
            """,
            expandedSource: #"""
            final class Clock {}
            """#,
            diagnostics: [
                DiagnosticSpec(message: "'tags:' must be an array literal: the macro reads it at compile time", line: 1, column: 18),
            ])
    }
}
