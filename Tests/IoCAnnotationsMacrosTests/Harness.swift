import IoCAnnotationsMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Every annotation macro, by the name source code uses.
let annotationMacros: [String: MacroSpec] = [
    "Component": MacroSpec(type: ComponentMacro.self, conformances: ["AnnotatedComponent"]),
    "Catalogued": MacroSpec(type: CataloguedMacro.self, conformances: ["DescribedType"]),
    "Inject": MacroSpec(type: InjectMacro.self),
    "Value": MacroSpec(type: InjectMacro.self),
    "InjectedProperty": MacroSpec(type: InjectedPropertyMacro.self),
    "IoCAnnotations.InjectedProperty": MacroSpec(type: InjectedPropertyMacro.self),
    "BeforeInjection": MacroSpec(type: LifecycleMacro.self),
    "AfterInjection": MacroSpec(type: LifecycleMacro.self),
    "Dispose": MacroSpec(type: LifecycleMacro.self),
    "Module": MacroSpec(type: ModuleMacro.self),
    "Provides": MacroSpec(type: ProvidesMacro.self),
    "LazyProxy": MacroSpec(type: LazyProxyMacro.self),
]

/// Expands `source` and compares the result and the diagnostics with what is expected.
/// NB: swift-syntax's XCTest variant reports to XCTest, which a Swift Testing `@Test` does not
/// see; this one records each mismatch as an issue of the calling test.
func assertExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    fixedSource: String? = nil,
    macros: [String: MacroSpec] = annotationMacros,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: macros,
        fixedSource: fixedSource,
        testModuleName: "App",
        testFileName: "Weather.swift",
        indentationWidth: .spaces(4),
        failureHandler: { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        }
    )
}

@Suite("Expansion harness")
struct HarnessTests {
    @Test func wrongExpansion_isRecordedAsAnIssue() {
        withKnownIssue("a wrong expected expansion must fail the test") {
            assertExpansion(
                """
                @AfterInjection func ready() {}
                """,
                expandedSource: """
                func somethingElse() {}
                """)
        }
    }

    @Test func missingDiagnostic_isRecordedAsAnIssue() {
        withKnownIssue("an expected diagnostic that does not come must fail the test") {
            assertExpansion(
                """
                @AfterInjection func ready() {}
                """,
                expandedSource: """
                func ready() {}
                """,
                diagnostics: [DiagnosticSpec(message: "not given", line: 1, column: 1)])
        }
    }

    @Test func rightExpansion_recordsNothing() {
        assertExpansion(
            """
            @AfterInjection func ready() {}
            """,
            expandedSource: """
            func ready() {}
            """)
    }
}
