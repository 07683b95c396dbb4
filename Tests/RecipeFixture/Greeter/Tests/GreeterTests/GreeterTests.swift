import IoCCore
import IoCTesting
import Testing
@testable import Greeter

struct MorningClock: Clock {
    var hour: Int { 9 }
}

@Test func greeter_saysGoodMorning_beforeNoon() throws {
    let builder = ContainerBuilder()
    GeneratedConfig.register(in: builder)
    let app = try builder.build()
    let test = try app.overlay { $0.replace((any Clock).self, with: MorningClock()) }
    #expect(try test.resolve(Greeter.self).greeting() == "Good morning, World")
}
