import Foundation
import IoCCore
import Testing

private final class Node1: Sendable { init() {} }

@Suite("Cycles and depth at resolve time")
struct CycleAndDepthTests {
    @Test func closureCycle_betweenPrototypes_reportsPath() throws {
        let builder = ContainerBuilder()
        builder.register(B.self) { r in _ = try r.resolve(C.self); return B(d: D()) }
        builder.register(C.self) { r in _ = try r.resolve(B.self); return C(d: D(), e: E()) }
        let container = try builder.build()
        #expect(errorText { _ = try container.resolve(B.self) }
            == "Dependency cycle: B -> C -> B. Break it by injecting one side as Lazy<T> or Provider<T>, or through a property or method call of a shared (not prototype) class.")
    }

    @Test func closureCycle_betweenSingletons_reportsPathWithoutDeadlock() throws {
        let builder = ContainerBuilder()
        builder.register(B.self) { r in _ = try r.resolve(C.self); return B(d: D()) }.singleton()
        builder.register(C.self) { r in _ = try r.resolve(B.self); return C(d: D(), e: E()) }.singleton()
        let container = try builder.build()
        #expect(errorText { _ = try container.resolve(B.self) }
            == "Dependency cycle: B -> C -> B. Break it by injecting one side as Lazy<T> or Provider<T>, or through a property or method call of a shared (not prototype) class.")
        #expect(errorText { _ = try container.resolve(C.self) }
            == "Dependency cycle: C -> B -> C. Break it by injecting one side as Lazy<T> or Provider<T>, or through a property or method call of a shared (not prototype) class.",
                "a failed creation leaves nothing locked")
    }

    @Test func selfReferencingClosure_throughTopLevelContainer_isCycleNotDeadlock() throws {
        let box = ContainerBox()
        let builder = ContainerBuilder()
        builder.register(D.self) { _ in
            _ = try box.container?.resolve(D.self)
            return D()
        }.singleton()
        let container = try builder.build()
        box.container = container
        #expect(errorText { _ = try container.resolve(D.self) }
            == "Dependency cycle: D -> D. Break it by injecting one side as Lazy<T> or Provider<T>, or through a property or method call of a shared (not prototype) class.")
    }

    /// A chain of `depth` closure registrations, each resolving the next by name.
    private func chain(_ depth: Int) -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.maxResolutionDepth = 100_000
        for index in 0..<depth {
            let next = "n\(index + 1)"
            builder.register(Node1.self, name: "n\(index)") { r in
                if index + 1 < depth { _ = try r.resolve(Node1.self, name: next) }
                return Node1()
            }
        }
        return builder
    }

    @Test func chain10000Deep_resolvesOrFailsCleanly_onSmallStack() throws {
        let container = try chain(10_000).build()
        let outcome = OutcomeBox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.text = errorText { _ = try container.resolve(Node1.self, name: "n0") }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        let text = try #require(outcome.text)
        print("chain outcome:", text.prefix(200))
        #expect(text == "no error" || text.hasPrefix("Resolution stopped "), "\(text.prefix(300))")
    }

    @Test func deepChain_beyondLimit_failsWithDepthError() throws {
        let builder = chain(50)
        builder.maxResolutionDepth = 20
        let container = try builder.build()
        #expect(errorText { _ = try container.resolve(Node1.self, name: "n0") }.hasPrefix(
            "Resolution went deeper than 20 levels (21 components in the path: \"n0\" (Node1) -> \"n1\" (Node1) -> \"n2\" (Node1) -> \"n3\" (Node1) -> ... ->"))
    }

    @Test func chain1000Deep_resolves() throws {
        let container = try chain(1_000).build()
        _ = try container.resolve(Node1.self, name: "n0")
    }
}

final class ContainerBox: @unchecked Sendable { var container: Container? }
final class OutcomeBox: @unchecked Sendable { var text: String? }

@Suite("Container lifetime")
struct ContainerLifetimeTests {
    final class Link: @unchecked Sendable {
        var next: Link?
        init() {}
    }

    @Test func container_isFreedWhenReleased_exposuresAndHandlesIncluded() throws {
        weak var weakContainer: Container?
        do {
            let builder = ContainerBuilder()
            builder.register(FreeWeatherClient.init).as((any WeatherClient).self) { $0 }.singleton()
            builder.register(ReportService.init)
            builder.register(D.init).lazy(as: D.self) { lazy in (try? lazy.get()) ?? D() }
            let container = try builder.build()
            _ = try container.resolve(ReportService.self)
            weakContainer = container
        }
        #expect(weakContainer == nil, "no reference cycle keeps a container alive")
    }

    @Test func longChainOfDefinitions_buildsResolvesOrFailsCleanly_andIsFreed() throws {
        weak var weakContainer: Container?
        do {
            let container = try Self.chainBuilder(10_000).build()
            weakContainer = container
            let outcome = errorText { _ = try container.resolve(Link.self, name: "link9999") }
            #expect(outcome == "no error" || outcome.hasPrefix("Resolution stopped "), "\(outcome.prefix(200))")
        }
        #expect(weakContainer == nil)
    }

    @Test func chainOf60000Definitions_isFreedWithoutOneStackFramePerLink() throws {
        // Freeing a node must not free the next one from inside its own deinit: a long chain
        // would then need one stack frame per link and overflow the stack.
        weak var weakContainer: Container?
        do {
            let container = try Self.chainBuilder(60_000).build()
            weakContainer = container
            #expect(container.definitions.count == 60_000)
        }
        #expect(weakContainer == nil)
    }

    /// A builder of `count` links, each but the first pointing at the one before; with
    /// `closing`, the first points at the last (a cycle through every link).
    private static func chainBuilder(_ count: Int, closing: Bool = false) -> ContainerBuilder {
        let catalog = TypeCatalog()
        catalog.add(Link.self) { link in
            link.initializer("init()") { Link() }
            link.property("next", \.next)
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        let location = ConfigLocation(file: "chain.yaml", line: 1)
        for index in 0..<count {
            var definition = Definition(name: "link\(index)", typeName: "Link", location: location)
            if index > 0 || closing {
                let next = index > 0 ? index - 1 : count - 1
                definition.properties = [PropertyInjection(name: "next", source: .named("link\(next)"))]
            }
            builder.add(definition)
        }
        return builder
    }

    /// Runs `body` on a thread with a 256 KB stack, and waits for it.
    private func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 256 * 1024
        thread.start()
        done.wait()
    }

    @Test func longChain_isCheckedWithoutOneStackFramePerLink() {
        // The graph checks at build (dependency order, cycle search) walk the chain with a
        // loop: on a 256 KB stack, recursion through 30,000 links would overflow it.
        let outcome = Locked("")
        onSmallStack {
            do {
                let container = try Self.chainBuilder(30_000).build()
                outcome.set("built \(container.definitions.count)")
            } catch {
                outcome.set("\(error)")
            }
        }
        #expect(outcome.value == "built 30000")
    }

    @Test func cycleThroughALongChain_isReportedOnceFromItsFirstMember() {
        let outcome = Locked("")
        onSmallStack {
            do {
                _ = try Self.chainBuilder(30_000, closing: true).build()
                outcome.set("built")
            } catch {
                outcome.set("\(error)")
            }
        }
        let text = outcome.value
        // One cycle, listed from link0 (the first name in order) round to link0 again.
        #expect(text.hasPrefix("Container validation failed with 1 problem:\n1. Dependency cycle: \"link0\" (Link) -> \"link29999\" (Link) -> \"link29998\" (Link) -> "))
        #expect(text.components(separatedBy: "Dependency cycle:").count == 2)
        #expect(text.contains("-> \"link1\" (Link) -> \"link0\" (Link)"))
    }
}

/// A value set on one thread and read on another.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value { lock.withLock { stored } }
}
