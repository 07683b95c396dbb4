import IoCAnnotations
import Testing

// Typhoon's and Spring's setter cycle, written with annotations: each is constructed, then
// given the other.
@Component(scope: .singleton)
final class Husband {
    @Inject var wife: Wife
    init() {}
}

@Component(scope: .singleton)
final class Wife {
    @Inject var husband: Husband
    init() {}
}

@Component
final class Draft {
    @Inject var review: Review
    init() {}
}

@Component
final class Review {
    let draft: Draft
    init(draft: Draft) { self.draft = draft }
}

@Suite("Annotated components on cycles")
struct AnnotatedCycleTests {
    @Test func injectedPropertiesOfSingletons_closeTheirCycle() throws {
        let builder = ContainerBuilder()
        builder.register(Husband.self)
        builder.register(Wife.self)
        let container = try builder.build()
        let wife = try container.resolve(Wife.self)
        #expect(wife.husband.wife === wife)
        #expect(try container.resolve(Husband.self) === wife.husband)
    }

    @Test func injectedPropertyOfAPrototype_isAnEndlessCycle() {
        let builder = ContainerBuilder()
        builder.register(Draft.self)
        builder.register(Review.self)
        do {
            _ = try builder.build()
            Issue.record("built")
        } catch {
            #expect("\(error)" == """
                Container validation failed with 1 problem:
                1. Dependency cycle: Draft -> Review -> Draft (defined at IoCAnnotationsTests/CycleTests.swift:19) never ends: \
                Draft is a prototype, so the property or method call that closes the cycle makes a new one each time. Give Draft \
                a shared scope (singleton, object graph, weak singleton or a custom scope), or inject one side as Lazy<T> or Provider<T>.
                """)
        }
    }
}
