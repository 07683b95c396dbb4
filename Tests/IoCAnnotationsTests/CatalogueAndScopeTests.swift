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

/// A client whose initializer has defaulted parameters, one of them evaluated per call.
@Component
final class RetryingClient: Sendable {
    let host: String
    let retries: Int
    let token: Int
    init(host: String, retries: Int = 3, token: Int = RetryingClient.nextToken()) {
        self.host = host
        self.retries = retries
        self.token = token
    }
    private static let tokens = Locked(0)
    static func nextToken() -> Int { tokens.withLock { $0 += 1; return $0 } }
}

@Catalogued
struct Backoff: Sendable {
    let base: Double
    let factor: Double
    init(_ base: Double, _ factor: Double = 2) {
        self.base = base
        self.factor = factor
    }
}

@Suite("Defaulted initializer parameters")
struct DefaultedParameterTests {
    private func catalog() -> TypeCatalog {
        let catalog = TypeCatalog()
        catalog.add(RetryingClient.self)
        catalog.add(Backoff.self)
        return catalog
    }

    @Test func yaml_leavingOutADefaultedParameter_takesItsDefault_evaluatedPerInstance() throws {
        let builder = ContainerBuilder()
        builder.catalog = catalog()
        try builder.loadYAML("""
            services:
              client:
                class: RetryingClient
                shared: false
                arguments: { host: api.example }
              patient:
                class: RetryingClient
                arguments: { host: slow.example, retries: 9 }
              backoff:
                class: Backoff
                arguments: [0.5]
            """, name: "services.yaml")
        let container = try builder.build()
        let first = try container.resolve(RetryingClient.self, name: "client")
        let second = try container.resolve(RetryingClient.self, name: "client")
        #expect(first.host == "api.example" && first.retries == 3)
        #expect(first.token != second.token, "a default is evaluated for every instance, as Swift does per call")
        #expect(try container.resolve(RetryingClient.self, name: "patient").retries == 9)
        let backoff = try container.resolve(Backoff.self, name: "backoff")
        #expect(backoff.base == 0.5 && backoff.factor == 2)
    }

    @Test func xml_leavingOutADefaultedParameter_takesItsDefault() throws {
        let builder = ContainerBuilder()
        builder.catalog = catalog()
        try builder.loadXML("""
            <beans>
              <bean id="client" class="RetryingClient"><constructor-arg name="host" value="api.example"/></bean>
            </beans>
            """, name: "beans.xml")
        #expect(try builder.build().resolve(RetryingClient.self, name: "client").retries == 3)
    }

    @Test func component_registeredInCode_leavesDefaultedParametersToSwift() throws {
        let builder = ContainerBuilder()
        builder.register(instance: "api.example")
        RetryingClient.register(into: builder)
        let client = try builder.build().resolve(RetryingClient.self)
        #expect(client.host == "api.example" && client.retries == 3)
    }

    @Test func defaultThatDoesNotFitItsParameter_isAnInconsistentCatalogEntry() {
        struct Client: Sendable { let retries: Int }
        let catalog = TypeCatalog()
        catalog.add(Client.self) { type in
            type.initializer("init(retries:)", defaults: [0: DefaultArgument { "three" }]) { (retries: Int) in Client(retries: retries) }
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        builder.add(Definition(name: "client", typeName: "Client", location: ConfigLocation(file: "app.yaml", line: 3)))
        let text: String
        do { _ = try builder.build(); text = "no error" } catch { text = String(describing: error) }
        #expect(text == """
            Container validation failed with 2 problems:
            1. The catalog entry for Client is inconsistent: the default given for parameter 0 of init(retries:) has type String, but the parameter has type Int.
            2. Client has no initializer taking () (for "client" (Client) at app.yaml:3). Its catalog entry lists none.
            """)
    }
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
            let here = try host.greeter.greet("x")
            let child = try await Task { try host.greeter.greet("x") }.value
            #expect(child == here, "a task started inside the scope shares its instance")
            #expect(try host.greeter.greet("x") == here)
            return here
        }
        #expect(log.builds.all.count == 1)
        #expect(log.disposals.all == log.builds.all, "the instance is disposed when its scope ends")

        let second = try container.withTaskScope { try host.greeter.greet("x") }
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

@Component
final class ConfiguredUploader: Sendable {
    let bucket: String
    let retries: Int
    let region: String
    init(bucket: String, @Config("${uploader.retries:3}") retries: Int, @Named("region") region: String) {
        self.bucket = bucket
        self.retries = retries
        self.region = region
    }
}

/// What a type's declaration says about a parameter (`@Config`, `@Named`) holds wherever the
/// type is built from: config that names the type through its catalog entry and leaves the
/// parameter out gets it from there, as the component's own registration does.
@Suite("Declared parameter sources, from config")
struct DeclaredParameterSourceTests {
    private func builder(yaml: String? = nil, xml: String? = nil, _ sources: [String: ConfigValue] = [:]) throws -> ContainerBuilder {
        let builder = ContainerBuilder()
        let catalog = TypeCatalog()
        catalog.add(ConfiguredUploader.self)
        builder.catalog = catalog
        builder.propertySources = [DictionaryPropertySource(sources)]
        builder.register(instance: "eu-west").named("region")
        if let yaml { try builder.loadYAML(yaml, name: "services.yaml") }
        if let xml { try builder.loadXML(xml, name: "beans.xml") }
        return builder
    }

    @Test(arguments: ["yaml", "xml"])
    func aParameterConfigLeavesOut_takesWhatItsDeclarationSays(format: String) throws {
        let builder = format == "yaml"
            ? try builder(yaml: "services:\n  uploader: { class: ConfiguredUploader, arguments: { bucket: photos } }\n")
            : try builder(xml: #"<beans><bean id="uploader" class="ConfiguredUploader"><constructor-arg name="bucket" value="photos"/></bean></beans>"#)
        let uploader = try builder.build().resolve(ConfiguredUploader.self, name: "uploader")
        #expect((uploader.bucket, uploader.retries, uploader.region) == ("photos", 3, "eu-west"))
    }

    @Test func aDeclaredPlaceholder_readsTheBuildersSources_andAGivenArgumentWins() throws {
        let fromSource = try builder(yaml: "services:\n  uploader: { class: ConfiguredUploader, arguments: { bucket: photos } }\n",
                                     ["uploader.retries": ConfigValue(.int(7))])
        #expect(try fromSource.build().resolve(ConfiguredUploader.self, name: "uploader").retries == 7)
        let given = try builder(yaml: "services:\n  uploader: { class: ConfiguredUploader, arguments: { bucket: photos, retries: 1 } }\n")
        #expect(try given.build().resolve(ConfiguredUploader.self, name: "uploader").retries == 1)
    }
}
