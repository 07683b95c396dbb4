import Foundation
import IoCAnnotations
import IoCXML
import IoCYAML
import Testing

protocol Store: Sendable {
    var path: String { get }
}

private final class Connection: Store, @unchecked Sendable {
    let path: String
    let timeout: Int
    init(path: String, timeout: Int) { self.path = path; self.timeout = timeout }
}

/// Spring's FactoryBean, OxIC's factory object: configured like any component, asked for its product.
private final class ConnectionFactory: ComponentFactory, @unchecked Sendable {
    let path: String
    var timeout = 5
    var opened = false
    init(path: String) { self.path = path }
    func open() { opened = true }
    func makeProduct() throws -> Connection {
        guard opened else { throw CocoaError(.fileReadUnknown) }
        return Connection(path: path, timeout: timeout)
    }
}

private final class Repository: Sendable {
    let store: any Store
    init(store: any Store) { self.store = store }
}

private func factoryCatalog() -> TypeCatalog {
    let catalog = TypeCatalog()
    catalog.add(ConnectionFactory.self) { factory in
        factory.initializer("init(path:)") { (path: String) in ConnectionFactory(path: path) }
        factory.property("timeout", \.timeout)
        factory.method("open") { $0.open() }
        factory.makesProduct()
    }
    catalog.add(Connection.self) { $0.conforms(to: (any Store).self) { $0 } }
    catalog.add(Repository.self) { $0.initializer("init(store:)") { (store: any Store) in Repository(store: store) } }
    return catalog
}

private func build(yaml: String? = nil, xml: String? = nil) throws -> Container {
    let builder = ContainerBuilder()
    builder.catalog = factoryCatalog()
    if let yaml { try builder.loadYAML(yaml, name: "services.yaml") }
    if let xml { try builder.loadXML(xml, name: "beans.xml") }
    return try builder.build()
}

@Suite("Factory classes named in config")
struct ConfigFactoryTests {
    @Test func yamlService_ofAFactoryClass_isItsProduct_madeByTheConfiguredFactory() throws {
        let container = try build(yaml: """
            services:
              connection:
                class: ConnectionFactory
                arguments: [reports.sqlite]
                properties: { timeout: 30 }
                after-injection: open
              repository: { class: Repository, arguments: ['@connection'] }
            """)
        let repository = try container.resolve(Repository.self)
        #expect(repository.store.path == "reports.sqlite")
        let connection = try container.resolve(Connection.self, name: "connection")
        #expect(connection.timeout == 30)
        #expect(connection === repository.store as AnyObject, "shared, as Symfony services are")
    }

    @Test func springFactoryBean_isItsProduct() throws {
        let container = try build(xml: """
            <beans>
              <bean id="connection" class="ConnectionFactory" scope="prototype" init-method="open">
                <constructor-arg value="orders.sqlite"/>
                <property name="timeout" value="12"/>
              </bean>
            </beans>
            """)
        let first = try container.resolve((any Store).self)
        let second = try container.resolve(Connection.self, name: "connection")
        #expect(first.path == "orders.sqlite" && second.timeout == 12)
        #expect(first as AnyObject !== second, "a prototype product: one per resolve")
    }

    @Test func productExposedAsAProtocolItsEntryDoesNotDeclare_isAnError() {
        let text: String
        do {
            _ = try build(yaml: """
                services:
                  connection: { class: ConnectionFactory, arguments: [x], as: [Cache] }
                """)
            text = "no error"
        } catch {
            text = "\(error)"
        }
        #expect(text == """
            Container validation failed with 1 problem:
            1. Connection has no protocol Cache (for "connection" (ConnectionFactory) at services.yaml:2:3). It has: Store.
            """)
    }
}
