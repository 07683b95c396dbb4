import Foundation
import IoCAnnotations
import Testing

@Suite("Annotated components")
struct ComponentTests {
    @Test func annotatedTypes_registeredByType_resolveWithEveryInjection() throws {
        let builder = ContainerBuilder()
        builder.register(URLSessionClient.self)
        builder.register(FreeWeatherClient.self)
        builder.register(MyViewController.self)
        builder.register(ReportService.self)
        builder.register(module: NetworkModule.self)
        let container = try builder.build()
        let controller = try container.resolve(MyViewController.self, name: "mainViewController")
        #expect(controller.myService.name == "urlsession")
        #expect(try controller.weather.baseURL.absoluteString == "https://api.example.com")
        #expect(controller.days == 5)
        #expect(try controller.reports.get().days == 5)
        #expect(try controller.makeReport.get() !== controller.makeReport.get(), "a Provider of a prototype makes one per call")
        #expect(controller.optionalClock == nil, "no Clock is registered")
        #expect(controller.isReady)
        #expect(try container.resolve(String.self) == "hello from eu via urlsession")
        try container.shutdown()
        #expect(controller.isClosed)
    }
}

class Vehicle {
    init() {}
}

@Component
class Car: Vehicle {
    override init() {}
}

final class Truck: Car {}

@Suite("Annotated class hierarchies")
struct HierarchyTests {
    @Test func subclassWithoutItsOwnComponent_failsTheBuild_namingIt() throws {
        let builder = ContainerBuilder()
        builder.register(Truck.self)
        // The location is the superclass's declaration: what the subclass inherited.
        do {
            _ = try builder.build()
            Issue.record("the build should fail")
        } catch {
            #expect("\(error)" == """
                Container validation failed with 1 problem:
                1. Invalid definition of Truck at IoCAnnotationsTests/ComponentTests.swift:34: it inherits @Component from its superclass Car but has none of its own, so nothing says how to build it. Give Truck its own @Component.
                """)
        }
    }
}
