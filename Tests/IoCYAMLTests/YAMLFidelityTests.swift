import Foundation
import IoCCore
import IoCYAML
import Testing

/// services.yaml read as Symfony reads it, where the differential tests (Tests/FidelityTests,
/// docs/Fidelity.md) found swift-ioc reading otherwise. Each test names Symfony's rule.
@Suite("YAML: read as Symfony reads it")
struct YAMLFidelityTests {
    static func definitions(_ text: String) throws -> [Definition] {
        try YAMLLoader().load(string: text, name: "services.yaml").definitions
    }

    @Test func anAlias_isPublic_whenDefaultsMakeServicesPublic() throws {
        let definitions = try Self.definitions("""
            services:
              _defaults: { public: true }
              mailer: { class: Mailer }
              Mail.Sender: '@mailer'
              Mail.Transport: { alias: mailer }
              Mail.Private: { alias: mailer, public: false }
            """)
        let aliases = Dictionary(definitions.compactMap { d in d.aliasTarget.map { _ in (d.name ?? "", d.isPublic) } }) { a, _ in a }
        #expect(aliases == ["Mail.Sender": true, "Mail.Transport": true, "Mail.Private": false])
        let privateByDefault = try Self.definitions("services:\n  mailer: { class: Mailer }\n  Mail.Sender: '@mailer'\n")
        #expect(privateByDefault.first { $0.name == "Mail.Sender" }?.isPublic == false)
    }
}
