import IoCCore
import Testing

private protocol Channel: Sendable {
    var name: String { get }
}

/// Reads its own tag attributes.
private final class TaggedChannel: Channel {
    let name: String
    let priority: String
    init(info: ComponentInfo) {
        name = info.attribute("channel", ofTag: "channel")?.scalarText ?? "?"
        priority = info.attribute("priority", ofTag: "channel")?.scalarText ?? "none"
    }
}

private final class Router: Sendable {
    let channels: [any Channel]
    init(channels: [any Channel]) { self.channels = channels }
}

@Suite("Tag attributes")
struct TagAttributeTests {
    @Test func taggedCollection_isOrderedByPriority_andEachComponentReadsItsOwnAttributes() throws {
        let builder = ContainerBuilder()
        builder.register(TaggedChannel.init).named("low").as((any Channel).self) { $0 }
            .tagged("channel", attributes: ["channel": .string("audit"), "priority": .int(-5)])
        builder.register(TaggedChannel.init).named("plain").as((any Channel).self) { $0 }
            .tagged("channel", attributes: ["channel": .string("main")])
        builder.register(TaggedChannel.init).named("high").as((any Channel).self) { $0 }
            .tagged("channel", attributes: ["channel": .string("alerts"), "priority": .int(10)])
        builder.register(Router.init).arguments(.tagged("channel"))
        let container = try builder.build()
        let router = try container.resolve(Router.self)
        #expect(router.channels.map(\.name) == ["alerts", "main", "audit"])
        let high = try container.resolve(TaggedChannel.self, name: "high")
        #expect(high.priority == "10")
        #expect(try container.resolve(TaggedChannel.self, name: "plain").priority == "none")
    }

    @Test func componentInfo_namesTheComponentBeingBuilt() throws {
        let builder = ContainerBuilder()
        builder.register { (info: ComponentInfo) in info.description }.named("greeting")
        #expect(try builder.build().resolve(String.self, name: "greeting") == #""greeting" (String)"#)
    }
}
