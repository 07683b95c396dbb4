import IoCCore
import Testing

private final class Greeter: Sendable {
    let greeting: String
    let locale: String
    init(greeting: String, locale: String) {
        self.greeting = greeting
        self.locale = locale
    }
}

/// Every parameter labelled `locale` of type `String` takes this text, written where it says.
private struct GivenLocale: Equatable, Sendable {
    var text: String
    var location: ConfigLocation
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
}

extension GivenLocale: ParameterSourceSetting {
    static let defaultValue: GivenLocale? = nil
    static func source(for parameter: LeftOutParameter, in value: GivenLocale?) -> InjectionPoint? {
        guard let value, parameter.label == "locale", parameter.hasType(named: "String") else { return nil }
        return InjectionPoint(label: "locale", source: .config(.string(value.text)), location: value.location)
    }
    static func mapSources(_ value: GivenLocale?, _ transform: (InjectionPoint) throws(IoCError) -> InjectionSource) throws(IoCError) -> GivenLocale? {
        guard var value else { return nil }
        guard case .config(let resolved) = try transform(InjectionPoint(label: "locale", source: .config(ConfigValue(.string(value.text), at: value.location)),
                                                                        location: value.location)),
              case .string(let text) = resolved.kind else { return value }
        value.text = text
        return value
    }
}

/// The seam for settings that give sources to the parameters a definition leaves out
/// (IoCConfig's bindings are one): asked when the build binds a definition through the catalog.
@Suite("Modules' sources for parameters left out")
struct ParameterSourceSettingTests {
    private func builder(_ locales: [(name: String, text: String, line: Int)]) -> ContainerBuilder {
        let catalog = TypeCatalog()
        catalog.add(Greeter.self) {
            $0.initializer("init(greeting:locale:)") { (greeting: String, locale: String) in Greeter(greeting: greeting, locale: locale) }
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        builder.propertySources = [DictionaryPropertySource(name: "app", ["lang": "pt"])]
        for (name, text, line) in locales {
            var definition = Definition(name: name, typeName: "Greeter", location: ConfigLocation(file: "greeters.yaml", line: line))
            definition.construction.append(InjectionPoint(label: "greeting", source: .config(.string("hi"))))
            definition[setting: GivenLocale.self] = GivenLocale(text: text, location: ConfigLocation(file: "greeters.yaml", line: line + 1))
            builder.add(definition)
        }
        return builder
    }

    @Test func aParameterLeftOut_takesTheSettingsSource_resolvedLikeTheDefinitionsOwn() throws {
        let container = try builder([("french", "fr", 1), ("lusophone", "${lang}", 10)]).build()
        #expect(try container.resolve(Greeter.self, name: "french").locale == "fr")
        #expect(try container.resolve(Greeter.self, name: "lusophone").locale == "pt")
    }

    @Test func definitionsOfOneShape_eachTakeTheirOwnSource_fromWhereTheirsWasWritten() throws {
        // The second and third bind by the first's plan: equal settings, written elsewhere.
        let container = try builder([("first", "fr", 1), ("second", "fr", 10), ("third", "de", 20)]).build()
        let lines = ["first", "second", "third"].map { name in
            container.definitions.first { $0.name == name }?.construction.arguments.last?.location?.line
        }
        #expect(lines == [2, 11, 21])
        #expect(try container.resolve(Greeter.self, name: "third").locale == "de")
    }

    @Test func aPlaceholderWithoutAValue_leavesTheDefinitionOut_withItsProblem() {
        let error = #expect(throws: IoCError.self) { try builder([("unknown", "${region}", 1)]).build() }
        #expect(error?.problems.count == 1)
        #expect(error?.problems.map(\.description) == [
            "Placeholder ${region} at greeters.yaml:2 has no value: not found in app. Define region, or give a default: ${region:default}.",
        ])
    }
}
