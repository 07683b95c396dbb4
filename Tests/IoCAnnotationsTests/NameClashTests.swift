import IoCAnnotations
import IoCCore
import Testing

// An app with types of its own named like the annotations. `@Inject` and `@Value` are macros,
// which a type of the same name does not hide; `@Config` and `@Named` are property wrappers,
// which such a type hides ("struct 'Config' cannot be used as an attribute"): the module's
// name picks ours.

enum AppOwnNames {
    struct Config: Sendable { let days: Int }
    struct Value: Sendable {}
    struct Named: Sendable {}
    struct Inject: Sendable {}

    @Component
    final class Report: @unchecked Sendable {
        @Value("${report.title:Weekly}") var title: String
        @Inject("city") var city: String
        let days: Int
        let region: String
        init(@IoCAnnotations.Config("${report.days:5}") days: Int, @IoCAnnotations.Named("region") region: String) {
            self.days = days
            self.region = region
        }
    }

    @Component
    final class Qualified: @unchecked Sendable {
        @IoCAnnotations.Value("${qualified.title:Daily}") var title: String
        @IoCAnnotations.Inject("city") var city: String
        init() {}
    }
}

@Suite("Annotations beside an app's own types of the same names")
struct NameClashTests {
    @Test func annotations_injectBesideTypesOfTheSameName() throws {
        let builder = ContainerBuilder()
        builder.register(instance: "Oslo", name: "city")
        builder.register(instance: "Nordland", name: "region")
        builder.register(AppOwnNames.Report.self)
        builder.register(AppOwnNames.Qualified.self)
        let container = try builder.build()
        let report = try container.resolve(AppOwnNames.Report.self)
        #expect([report.title, report.city, "\(report.days)", report.region] == ["Weekly", "Oslo", "5", "Nordland"])
        let qualified = try container.resolve(AppOwnNames.Qualified.self)
        #expect([qualified.title, qualified.city] == ["Daily", "Oslo"])
    }
}
