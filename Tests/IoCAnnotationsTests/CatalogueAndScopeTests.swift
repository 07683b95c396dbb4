import Foundation
import IoCAnnotations
import IoCXML
import Testing

// @Catalogued types built from XML, task-local proxies, and eager components.

@Catalogued(names: ["SOEndpoint"])
struct Endpoint: Sendable {
    var url: URL
    var retries = 3
}

@Catalogued
final class Mirror: @unchecked Sendable {
    let endpoint: Endpoint
    var label = "none"
    init(endpoint: Endpoint) { self.endpoint = endpoint }
}

@Suite("@Catalogued types from XML")
struct CataloguedXMLTests {
    @Test func xml_buildsCataloguedTypes_byInitializerAndProperties_underEveryName() throws {
        let catalog = TypeCatalog()
        catalog.add(Endpoint.self)
        catalog.add(Mirror.self)
        let builder = ContainerBuilder()
        builder.catalog = catalog
        try builder.loadXML("""
            <beans>
              <bean id="primary" class="Endpoint">
                <constructor-arg name="url" value="https://one.example"/>
              </bean>
              <bean id="legacy" class="SOEndpoint">
                <constructor-arg name="url" value="https://two.example"/>
                <property name="retries" value="9"/>
              </bean>
              <bean id="mirror" class="Mirror">
                <constructor-arg name="endpoint" ref="legacy"/>
                <property name="label" value="backup"/>
              </bean>
            </beans>
            """, name: "beans.xml")
        let container = try builder.build()
        let primary = try container.resolve(Endpoint.self, name: "primary")
        #expect(primary.url.absoluteString == "https://one.example")
        #expect(primary.retries == 3, "a property the XML does not set keeps its default")
        let legacy = try container.resolve(Endpoint.self, name: "legacy")
        #expect(legacy.url.absoluteString == "https://two.example")
        #expect(legacy.retries == 9)
        let mirror = try container.resolve(Mirror.self, name: "mirror")
        #expect(mirror.endpoint.retries == 9)
        #expect(mirror.label == "backup")
    }

    @Test func cataloguedType_hasNoDefinitionOfItsOwn() throws {
        let catalog = TypeCatalog()
        catalog.add(Endpoint.self)
        let builder = ContainerBuilder()
        builder.catalog = catalog
        let container = try builder.build()
        #expect(!container.isRegistered(Endpoint.self))
    }
}

/// The ids of the task-local greeters built and disposed, in order.
struct TaskLog: Sendable {
    let builds = Log<UUID>()
    let disposals = Log<UUID>()
}

@Component(scope: .taskLocal, proxy: Greeter.self)
final class TaskGreeter: Greeter, @unchecked Sendable {
    let id = UUID()
    let log: TaskLog
    init(log: TaskLog) {
        self.log = log
        log.builds.add(id)
    }
    func greet(_ name: String) -> String { "\(id) \(name)" }
    func fail() throws {}
    @Dispose func close() { log.disposals.add(id) }
}

@Suite("Task-local proxies")
struct TaskLocalProxyTests {
    @Test func taskLocalComponent_inASingleton_isReachedPerTaskScope_andDisposedWithIt() async throws {
        let log = TaskLog()
        let builder = ContainerBuilder()
        builder.register(instance: log)
        builder.register(TaskGreeter.self)
        builder.register(Host.self)
        let container = try builder.build()
        let host = try await container.resolve(Host.self)
        #expect(log.builds.all.isEmpty, "injecting the proxy builds nothing")

        let first = try await container.withTaskScope { () async throws -> String in
            let here = host.greeter.greet("x")
            let child = await Task { host.greeter.greet("x") }.value
            #expect(child == here, "a task started inside the scope shares its instance")
            #expect(host.greeter.greet("x") == here)
            return here
        }
        #expect(log.builds.all.count == 1)
        #expect(log.disposals.all == log.builds.all, "the instance is disposed when its scope ends")

        let second = try container.withTaskScope { host.greeter.greet("x") }
        #expect(second != first, "another scope reaches its own instance")
        #expect(log.builds.all.count == 2)
        #expect(log.disposals.all == log.builds.all)
    }
}

@Component(scope: .singleton, eager: true)
final class EagerCache: @unchecked Sendable {
    init(starts: Log<String>) { starts.add("cache") }
}

@Component(scope: .singleton)
final class OnDemandCache: @unchecked Sendable {
    init(starts: Log<String>) { starts.add("on-demand") }
}

@Suite("eager: on @Component")
struct EagerComponentTests {
    @Test func eagerComponent_isBuiltByBuild_andOnlyOnce() throws {
        let starts = Log<String>()
        let builder = ContainerBuilder()
        builder.register(instance: starts)
        builder.register(EagerCache.self)
        builder.register(OnDemandCache.self)
        let container = try builder.build()
        #expect(starts.all == ["cache"], "build() makes the eager singleton and nothing else")
        _ = try container.resolve(EagerCache.self)
        _ = try container.resolve(OnDemandCache.self)
        #expect(starts.all == ["cache", "on-demand"])
    }
}
