import IoCCore
import IoCYAML
import Testing

private final class Handler: Sendable {
    let route: String
    init(info: ComponentInfo) { route = info.attribute("route", ofTag: "handler")?.scalarText ?? "?" }
}

private final class Dispatcher: Sendable {
    let handlers: [Handler]
    init(handlers: [Handler]) { self.handlers = handlers }
}

@Suite("YAML: tag attributes")
struct YAMLTagAttributeTests {
    @Test func symfonyTagAttributes_orderTheCollection_andReachTheComponent() throws {
        let container = try build("""
            services:
              home: { class: Handler, tags: [{ name: handler, route: /, priority: -1 }] }
              login: { class: Handler, tags: [{ name: handler, route: /login, priority: 20 }] }
              about: { class: Handler, tags: [{ name: handler, route: /about }] }
              dispatcher: { class: Dispatcher, arguments: [!tagged_iterator handler] }
            """, catalog: { catalog in
                catalog.add(Handler.self) { $0.initializer("init(info:)") { (info: ComponentInfo) in Handler(info: info) } }
                catalog.add(Dispatcher.self) { $0.initializer("init(handlers:)") { (handlers: [Handler]) in Dispatcher(handlers: handlers) } }
            })
        #expect(try container.resolve(Dispatcher.self).handlers.map(\.route) == ["/login", "/about", "/"])
    }
}
