import Foundation
import IoCCore
import Testing

private enum Level: String, CaseIterable, Sendable { case low, high }
private struct Limits: Decodable, Equatable, Sendable { let retries: Int; let hosts: [String] }

@Suite("Config values: conversion")
struct ValueConversionTests {
    let converters = ValueConverters()
    let at = ConfigLocation(file: "app.yaml", line: 3, column: 7)

    private func convert<T>(_ kind: ConfigValue.Kind, to type: T.Type) throws -> T {
        try converters.convert(ConfigValue(kind, at: at), to: type)
    }

    private func failure<T>(_ kind: ConfigValue.Kind, to type: T.Type) -> String {
        do { _ = try converters.convert(ConfigValue(kind, at: at), to: type); return "no error" } catch { return error.description }
    }

    @Test func scalars_convertFromTypedAndTextForms() throws {
        #expect(try convert(.string("yes"), to: Bool.self) == true)
        #expect(try convert(.string("Off"), to: Bool.self) == false)
        #expect(try convert(.bool(true), to: Bool.self))
        #expect(try convert(.int(12), to: Int.self) == 12)
        #expect(try convert(.string(" 12 "), to: Int.self) == 12)
        #expect(try convert(.double(3.0), to: Int.self) == 3)
        #expect(try convert(.int(2), to: Double.self) == 2)
        #expect(try convert(.string("2.5"), to: Float.self) == 2.5)
        #expect(try convert(.int(5), to: String.self) == "5")
        #expect(try convert(.string("200"), to: UInt8.self) == 200)
    }

    @Test func integers_checkTheirRange() {
        #expect(failure(.int(300), to: UInt8.self) == "cannot convert 300 at app.yaml:3:7 to UInt8: out of range 0...255")
        #expect(failure(.string("-1"), to: UInt.self) == "cannot convert \"-1\" at app.yaml:3:7 to UInt: out of range 0...18446744073709551615")
        #expect(failure(.string("twelve"), to: Int.self) == "cannot convert \"twelve\" at app.yaml:3:7 to Int: not a whole number")
        #expect(failure(.double(2.5), to: Int.self) == "cannot convert 2.5 at app.yaml:3:7 to Int: expected a whole number, found a number")
    }

    @Test func bool_rejectsOtherWords() {
        #expect(failure(.string("maybe"), to: Bool.self) == "cannot convert \"maybe\" at app.yaml:3:7 to Bool: expected true/false or yes/no, found a string")
    }

    @Test func foundationTypes_convert() throws {
        #expect(try convert(.string("https://api.example.com/v1"), to: URL.self).host == "api.example.com")
        #expect(try convert(.string("2026-11-21T17:30:00Z"), to: Date.self) == Date(timeIntervalSince1970: 1_795_282_200))
        #expect(try convert(.string("2026-11-21"), to: Date.self) == Date(timeIntervalSince1970: 1_795_219_200))
        #expect(try convert(.string("aGVsbG8="), to: Data.self) == Data("hello".utf8))
        #expect(failure(.string("not base64!"), to: Data.self) == "cannot convert \"not base64!\" at app.yaml:3:7 to Data: not valid base64")
        #expect(failure(.string(""), to: URL.self) == "cannot convert \"\" at app.yaml:3:7 to URL: not a valid URL")
        #expect(failure(.string("yesterday"), to: Date.self)
            == "cannot convert \"yesterday\" at app.yaml:3:7 to Date: not an ISO 8601 date (2026-11-21, 2026-11-21T17:30:00Z)")
    }

    @Test func durations_takeUnits() throws {
        #expect(try convert(.string("250ms"), to: Duration.self) == .milliseconds(250))
        #expect(try convert(.string("5s"), to: Duration.self) == .seconds(5))
        #expect(try convert(.string("1.5m"), to: Duration.self) == .seconds(90))
        #expect(try convert(.string("2h"), to: Duration.self) == .seconds(7200))
        #expect(try convert(.int(3), to: Duration.self) == .seconds(3))
        #expect(failure(.string("5 parsecs"), to: Duration.self)
            == "cannot convert \"5 parsecs\" at app.yaml:3:7 to Duration: expected a number with a unit: ns, us, ms, s, m or h (250ms, 5s, 1.5m)")
    }

    @Test func enums_convertByRawValue_andListCases() throws {
        #expect(try convert(.string("high"), to: Level.self) == .high)
        #expect(failure(.string("medium"), to: Level.self) == "cannot convert \"medium\" at app.yaml:3:7 to Level: expected one of low, high")
    }

    @Test func containers_convertElementWise() throws {
        #expect(try convert(.list([.int(1), .string("2")]), to: [Int].self) == [1, 2])
        #expect(try convert(.list([.string("a"), .string("a")]), to: Set<String>.self) == ["a"])
        #expect(try convert(.map([("a", .int(1)), ("b", .int(2))]), to: [String: Int].self) == ["a": 1, "b": 2])
        #expect(try convert(.null, to: Int?.self) == nil)
        #expect(try convert(.int(4), to: Int?.self) == 4)
        let bad = ConfigValue(.string("x"), at: ConfigLocation(file: "app.yaml", line: 9, column: 5))
        #expect(throws: ConversionFailure(value: bad, target: "Int", reason: "not a whole number")) {
            try converters.convert(ConfigValue(.list([.int(1), bad]), at: at), to: [Int].self)
        }
        #expect(failure(.string("x"), to: [Int].self) == "cannot convert \"x\" at app.yaml:3:7 to Array<Int>: expected a list, found a string")
    }

    @Test func decodable_isDecodedFromTheSubtree_andFailuresPointAtTheNode() throws {
        let value = ConfigValue.map([("retries", .int(3)), ("hosts", .list([.string("a"), .string("b")]))], at: at)
        #expect(try converters.convert(value, to: Limits.self) == Limits(retries: 3, hosts: ["a", "b"]))
        let wrong = ConfigLocation(file: "app.yaml", line: 4, column: 12)
        let broken = ConfigValue.map([("retries", .string("three", at: wrong)), ("hosts", .list([]))], at: at)
        do {
            _ = try converters.convert(broken, to: Limits.self)
            Issue.record("expected a failure")
        } catch {
            #expect(error.value.location == wrong)
            #expect(error.reason == "expected Int at retries")
        }
    }

    @Test func userConverters_comeFirst() throws {
        struct Color: Equatable, Sendable { let hex: String }
        var converters = ValueConverters()
        converters.register(Color.self) { value in
            guard case .string(let text) = value.kind, text.hasPrefix("#") else {
                throw ConversionFailure(value: value, target: "Color", reason: "expected #rrggbb")
            }
            return Color(hex: text)
        }
        #expect(try converters.convert(.string("#ff0000"), to: Color.self) == Color(hex: "#ff0000"))
        #expect(!ValueConverters().canConvert(to: Color.self) && converters.canConvert(to: Color.self))
        #expect(throws: ConversionFailure(value: .string("red"), target: "Color", reason: "expected #rrggbb")) {
            try converters.convert(.string("red"), to: Color.self)
        }
    }

    @Test func unknownTypes_sayHowToRegisterAConverter() {
        final class Opaque {}
        #expect(failure(.string("x"), to: Opaque.self)
            == "cannot convert \"x\" at app.yaml:3:7 to Opaque: no conversion from config values is known; register one with builder.converters.register(Opaque.self) { ... }")
    }

    @Test func badValue_atBuild_namesValueTargetComponentAndLocation() {
        final class Settings: @unchecked Sendable { var days = 0; init() {} }
        let builder = ContainerBuilder()
        let line = #line; builder.register(Settings.init).property(\.days, .config(.string("five", at: at)))
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Value "five" at app.yaml:3:7 cannot become Int for Settings, property 'days': not a whole number.
            """)
        _ = line
    }
}
