import IoCAnnotationsMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Component expansion for main-actor types")
struct MainActorExpansionTests {
    @Test func mainActorClass_usesTheMainActorForms_inNonisolatedMembers() {
        assertExpansion(
            """
            @Component(scope: .singleton)
            @MainActor
            final class InboxViewController: Screen {
                @Inject var session: Session
                var title = "Inbox"
                init(store: Store) {}
                @AfterInjection func viewDidLoad() {}
                @Inject func attach(logger: Logger) {}
            }
            """,
            expandedSource: #"""
            @MainActor
            final class InboxViewController: Screen {
                @IoCAnnotations.InjectedProperty var session: Session
                var title = "Inbox"
                init(store: Store) {}
                func viewDidLoad() {}
                func attach(logger: Logger) {}

                public nonisolated static func register(into builder: IoCCore.ContainerBuilder) -> Int {
                    let index = builder.register(mainActor: { (p0: Store) in
                            InboxViewController(store: p0)
                        }, file: "App/Weather.swift", line: 3)
                    .scope(.singleton)
                    .as(Screen.self) {
                        $0
                    }
                    .property("session", onMainActor: { (instance: inout InboxViewController, value: Session) in
                            instance.session = value
                        })
                    .call("attach(logger:)", onMainActor: { (instance: InboxViewController, p0: Logger) in
                            instance.attach(logger: p0)
                        })
                    .afterInjection(named: "viewDidLoad", onMainActor: {
                            $0.viewDidLoad()
                        })
                    .index
                    return index
                }

                @discardableResult
                public nonisolated static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(InboxViewController.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init(store:)", onMainActor: { (p0: Store) in
                                InboxViewController(store: p0)
                            })
                        type.property("session", onMainActor: { (instance: inout InboxViewController, value: Session) in
                                instance.session = value
                            })
                        type.property("title", onMainActor: { (instance: inout InboxViewController, value) in
                                instance.title = value
                            })
                        type.method("viewDidLoad", onMainActor: {
                                $0.viewDidLoad()
                            })
                        type.method("attach(logger:)", onMainActor: { (instance: InboxViewController, p0: Logger) in
                                instance.attach(logger: p0)
                            })
                        type.conforms(to: Screen.self) {
                            $0
                        }
                    }
                }
            }

            extension InboxViewController: IoCAnnotations.AnnotatedComponent {
            }
            """#)
    }

    @Test func mainActorTrue_marksATypeThatInheritsItsIsolation_andProvidesIsRefusedThere() {
        assertExpansion(
            """
            @Component(mainActor: true)
            final class SettingsViewController: ViewController {
                init() {}
                @Provides func detail() -> DetailViewController { DetailViewController() }
            }
            """,
            expandedSource: #"""
            final class SettingsViewController: ViewController {
                init() {}
                func detail() -> DetailViewController { DetailViewController() }

                public nonisolated static func register(into builder: IoCCore.ContainerBuilder) -> Int {
                    let index = builder.register(mainActor: {
                            SettingsViewController()
                        }, file: "App/Weather.swift", line: 2)
                    .as(ViewController.self) {
                        $0
                    }
                    .index
                    return index
                }

                @discardableResult
                public nonisolated static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(SettingsViewController.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init()", onMainActor: {
                                SettingsViewController()
                            })
                        type.conforms(to: ViewController.self) {
                            $0
                        }
                    }
                }
            }

            extension SettingsViewController: IoCAnnotations.AnnotatedComponent {
            }
            """#,
            diagnostics: [
                DiagnosticSpec(message: "@Provides method 'detail' of main-actor component 'SettingsViewController' is not supported: register its product in code with register(mainActor:), or move the method to a nonisolated type",
                               line: 4, column: 5),
            ])
    }

    @Test func cataloguedMainActorStruct_describesItsMembersOnTheMainActor() {
        assertExpansion(
            """
            @Catalogued
            @MainActor
            struct Layout {
                var spacing: Double
            }
            """,
            expandedSource: #"""
            @MainActor
            struct Layout {
                var spacing: Double

                @discardableResult
                public nonisolated static func describe(into catalog: IoCCore.TypeCatalog, names: [String]) -> IoCCore.TypeDescriptor {
                    return catalog.add(Layout.self) { type in
                        for name in names {
                    type.alias(name)
                        }
                        type.initializer("init(spacing:)", onMainActor: { (p0: Double) in
                                Layout(spacing: p0)
                            })
                        type.property("spacing", onMainActor: { (instance: inout Layout, value) in
                                instance.spacing = value
                            })
                    }
                }
            }

            extension Layout: IoCAnnotations.DescribedType {
            }
            """#)
    }
}
