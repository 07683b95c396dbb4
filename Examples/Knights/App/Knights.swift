import Foundation

// Seed 003's middle ages, in Swift: the classes its XML assembly (MiddleAgesAssembly.xml,
// verbatim) names. None of them knows the container.

/// Something a knight can set out on.
public protocol Quest: AnyObject, Sendable {
    var imageUrl: URL? { get }
    var isReady: Bool { get }
}

/// The quest the assembly gives every knight: a new one each time (scope="prototype").
public final class CampaignQuest: Quest, @unchecked Sendable {
    public var imageUrl: URL?
    public private(set) var isReady = false
    public init() {}
    /// The assembly's after-property-injection hook: the quest is ready once its image is set.
    public func questAfterPropertyInjection() { isReady = imageUrl != nil }
}

/// A knight: its quest injected by reference, its count by value.
public class Knight: @unchecked Sendable {
    public var quest: (any Quest)?
    public var damselsRescued = 0
    public init() {}
    public init(quest: any Quest) { self.quest = quest }

    public var story: String {
        guard let quest else { return "stays home: no quest" }
        return "sets out on a \(type(of: quest)) (\(quest.imageUrl?.absoluteString ?? "no image")), \(damselsRescued) damsels rescued so far"
    }
}

/// A knight on horseback, given his quest through his initializer (`initWithQuest:`).
public final class CavalryMan: Knight, @unchecked Sendable {
    public var hasHorseWillTravel = false
    public override var story: String { super.story + (hasHorseWillTravel ? "; has horse, will travel" : "") }
}

public struct Sword: Sendable, Equatable, CustomStringConvertible {
    public let specification: String
    public var description: String { "a \(specification) sword" }
}

/// A factory component: the assembly asks it for the blue sword (`swordWithSpecification:`).
public final class SwordFactory: Sendable {
    public init() {}
    public func sword(specification: String) -> Sword { Sword(specification: specification) }
}

/// `URLWithString:` as a throwing Swift function: a bad URL in the XML is an error, not a crash.
public struct BadURL: Error, CustomStringConvertible {
    public let text: String
    public var description: String { "'\(text)' is not a URL" }
}
