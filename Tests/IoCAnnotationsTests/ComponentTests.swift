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
        #expect(controller.days == 5)
        #expect(controller.isReady)
        #expect(try container.resolve(String.self) == "hello from eu via urlsession")
    }
}
