import Foundation
import IoCAnnotations
import IoCXML
import IoCYAML
import Testing

@LazyProxy
protocol Meter: Sendable {
    func read() throws -> Int
}

/// Counts its constructions.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

private final class SlowMeter: Meter {
    init(made: Tally) { made.add() }
    func read() throws -> Int { 42 }
}

private final class Dashboard: Sendable {
    let meter: any Meter
    init(meter: any Meter) { self.meter = meter }
}

private func meterCatalog(_ made: Tally, proxy: Bool = true) -> TypeCatalog {
    let catalog = TypeCatalog()
    catalog.add(SlowMeter.self) { type in
        type.initializer("init()") { SlowMeter(made: made) }
        type.conforms(to: (any Meter).self) { $0 }
    }
    catalog.add(Dashboard.self) { type in
        type.initializer("init(meter:)") { (meter: any Meter) in Dashboard(meter: meter) }
    }
    if proxy { catalog.add(proxy: MeterProxy.self) }
    return catalog
}

private func container(yaml: String? = nil, xml: String? = nil, _ catalog: TypeCatalog) throws -> Container {
    let builder = ContainerBuilder()
    builder.catalog = catalog
    if let yaml { try builder.loadYAML(yaml, name: "services.yaml") }
    if let xml { try builder.loadXML(xml, name: "beans.xml") }
    return try builder.build()
}

@Suite("Config lazy: proxies from the catalog")
struct ConfigLazyProxyTests {
    @Test(arguments: [
        "meter: { class: SlowMeter, lazy: true, as: [Meter] }",
        "meter: { class: SlowMeter, lazy: Meter }",
        "meter: { class: SlowMeter, lazy: true }",
    ])
    func yamlLazyService_isInjectedAsItsProxy_andBuiltOnFirstCall(meter: String) throws {
        let made = Tally()
        let container = try container(yaml: """
            services:
              \(meter)
              dashboard: { class: Dashboard, arguments: ['@meter'] }
            """, meterCatalog(made))
        let dashboard = try container.resolve(Dashboard.self)
        #expect(made.count == 0, "the proxy is injected; the meter is not built yet")
        #expect(try dashboard.meter.read() == 42)
        #expect(try dashboard.meter.read() == 42)
        #expect(made.count == 1)
    }

    @Test func servicesOfOneShape_lazyOrNot_eachKeepTheirOwnStart() throws {
        // The build binds definitions of one shape by the first one's plan: lazy is part of the shape.
        let made = Tally()
        let container = try container(yaml: """
            services:
              plain: { class: SlowMeter }
              first: { class: SlowMeter, lazy: true }
              second: { class: SlowMeter, lazy: true }
              last: { class: SlowMeter }
            """, meterCatalog(made))
        let first = try container.resolve((any Meter).self, name: "first")
        let second = try container.resolve((any Meter).self, name: "second")
        #expect(first is MeterProxy && second is MeterProxy)
        #expect(made.count == 0)
        #expect(try first.read() == 42)
        #expect(try second.read() == 42)
        #expect(made.count == 2, "each proxy builds its own service")
        #expect(!(try container.resolve((any Meter).self, name: "plain") is MeterProxy))
        #expect(!(try container.resolve((any Meter).self, name: "last") is MeterProxy))
        #expect(made.count == 4)
    }

    @Test func springScopedProxy_ofAThreadLocalBean_reachesEachThreadsInstance() throws {
        let made = Tally()
        let container = try container(xml: """
            <beans xmlns:aop="http://www.springframework.org/schema/aop">
              <bean id="meter" class="SlowMeter" scope="thread-local"><aop:scoped-proxy proxy-target-class="false"/></bean>
              <bean id="dashboard" class="Dashboard"><constructor-arg ref="meter"/></bean>
            </beans>
            """, meterCatalog(made))
        let dashboard = try container.resolve(Dashboard.self)
        #expect(dashboard.meter is MeterProxy)
        #expect(made.count == 0, "the singleton dashboard was made at build, with the proxy")
        #expect(try dashboard.meter.read() == 42)
        #expect(try dashboard.meter.read() == 42)
        #expect(made.count == 1)
        let done = DispatchSemaphore(value: 0)
        Thread { _ = try? dashboard.meter.read(); done.signal() }.start()
        done.wait()
        #expect(made.count == 2, "another thread reaches an instance of its own")
    }

    @Test func xmlLazyInitBean_isInjectedAsItsProxy_andBuiltOnFirstCall() throws {
        let made = Tally()
        let container = try container(xml: """
            <beans>
              <bean id="meter" class="SlowMeter" lazy-init="true"/>
              <bean id="dashboard" class="Dashboard"><constructor-arg ref="meter"/></bean>
            </beans>
            """, meterCatalog(made))
        let dashboard = try container.resolve(Dashboard.self)
        #expect(made.count == 0)
        #expect(try dashboard.meter.read() == 42)
        #expect(made.count == 1)
    }

    @Test func oxicLazyObject_isInjectedAsItsProxy() throws {
        let made = Tally()
        let container = try container(xml: """
            <container>
              <object id="meter" class="SlowMeter" lazy="true"/>
            </container>
            """, meterCatalog(made))
        let meter = try container.resolve((any Meter).self)
        #expect(made.count == 0)
        #expect(meter is MeterProxy)
        #expect(try meter.read() == 42)
        #expect(made.count == 1)
    }

    @Test func lazyServiceAskedForAsAProtocolWithoutProxy_isABuildError() {
        let text = errorText {
            _ = try container(yaml: """
                services:
                  meter: { class: SlowMeter, lazy: Meter }
                """, meterCatalog(Tally(), proxy: false))
        }
        #expect(text == """
            Container validation failed with 1 problem:
            1. Invalid definition of "meter" (SlowMeter) at services.yaml:2:3: it is lazy and injected as Meter, for which the \
            catalog has no proxy, so it would be built when injected. Put @LazyProxy on Meter and add its proxy to the catalog \
            (catalog.add(proxy: MeterProxy.self), or catalog.addProxy(for:_:)), or inject it as Lazy<T> where it is needed.
            """)
    }

    @Test func lazyServiceSeenAsAProtocolOnlyThroughItsCatalogEntry_withoutProxy_isBuiltWhenInjected() throws {
        let made = Tally()
        let container = try container(yaml: """
            services:
              meter: { class: SlowMeter, lazy: true }
              dashboard: { class: Dashboard, arguments: ['@meter'] }
            """, meterCatalog(made, proxy: false))
        #expect(made.count == 0, "lazy: never built at build")
        _ = try container.resolve(Dashboard.self)
        #expect(made.count == 1)
    }
}


private final class WatchedMeter: Meter {
    let dashboard: Dashboard
    init(dashboard: Dashboard) { self.dashboard = dashboard }
    func read() throws -> Int { 7 }
}

@Suite("Config lazy: a proxy closes a cycle")
struct ConfigLazyProxyCycleTests {
    static let yaml = """
        services:
          meter: { class: WatchedMeter, lazy: true, arguments: ['@dashboard'] }
          dashboard: { class: Dashboard, arguments: ['@meter'] }
        """

    static func catalog(proxy: Bool) -> TypeCatalog {
        let catalog = TypeCatalog()
        catalog.add(WatchedMeter.self) { type in
            type.initializer("init(dashboard:)") { (dashboard: Dashboard) in WatchedMeter(dashboard: dashboard) }
            type.conforms(to: (any Meter).self) { $0 }
        }
        catalog.add(Dashboard.self) { type in
            type.initializer("init(meter:)") { (meter: any Meter) in Dashboard(meter: meter) }
        }
        if proxy { catalog.add(proxy: MeterProxy.self) }
        return catalog
    }

    @Test func aCycleThroughALazyService_isClosedByItsProxy_asSymfonyClosesIt() throws {
        let container = try container(yaml: Self.yaml, Self.catalog(proxy: true))
        let dashboard = try container.resolve(Dashboard.self, name: "dashboard")
        #expect(try dashboard.meter.read() == 7)
        #expect(try container.resolve(WatchedMeter.self, name: "meter").dashboard === dashboard)
    }

    @Test func aCycleThroughALazyServiceWithoutAProxy_isReportedAsACycle_namingTheMissingProxy() {
        let text: String
        do { _ = try container(yaml: Self.yaml, Self.catalog(proxy: false)); text = "no error" } catch { text = String(describing: error) }
        #expect(text == """
            Container validation failed with 1 problem:
            1. Dependency cycle: "meter" (WatchedMeter) -> "dashboard" (Dashboard) -> "meter" (WatchedMeter) (defined at services.yaml:2:3). "meter" (WatchedMeter) is lazy, but no proxy closes the cycle: it is injected as its own class, or as a protocol the catalog has no proxy for, so it is built when injected. Inject it as a protocol with a proxy (@LazyProxy on the protocol, catalog.add(proxy:)), or inject one side as Lazy<T> or Provider<T>.
            """)
    }
}
