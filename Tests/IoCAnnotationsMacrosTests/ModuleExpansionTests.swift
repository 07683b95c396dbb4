import IoCAnnotationsMacros
import SwiftSyntaxMacroExpansion
import Testing

@Suite("@Module and @LazyProxy expansion")
struct ModuleExpansionTests {
    @Test func module_registersEachProvider() {
        assertExpansion(
            """
            @Module
            enum NetworkModule {
                @Provides("session", scope: .singleton, tags: ["net"])
                static func session(config: AppConfig, @Named("proxy") proxy: URL?) -> any HTTPSession { fatalError() }
                @Provides(eager: true)
                static func config() throws -> AppConfig { AppConfig() }
                static func helper() -> Int { 1 }
            }
            """,
            expandedSource: #"""
            enum NetworkModule {
                static func session(config: AppConfig, @Named("proxy") proxy: URL?) -> any HTTPSession { fatalError() }
                static func config() throws -> AppConfig { AppConfig() }
                static func helper() -> Int { 1 }
            }

            extension NetworkModule: IoCAnnotations.AnnotatedModule {
                public static func register(in builder: IoCCore.ContainerBuilder) {
                    builder.register({ (p0: AppConfig, p1: URL?) in
                            NetworkModule.session(config: p0, proxy: p1)
                        }, file: "App/Weather.swift", line: 4)
                .argument(1, .named("proxy"))
                .named("session")
                .scope(.singleton)
                .tagged("net")
                    builder.register({
                            try NetworkModule.config()
                        }, file: "App/Weather.swift", line: 6)
                .eager()
                }
            }
            """#)
    }

    @Test func lazyProxy_forwardsEveryMember() {
        assertExpansion(
            """
            @LazyProxy
            public protocol WeatherClient: AnyObject, Sendable {
                var name: String { get throws }
                var cached: Forecast { get async throws }
                func forecast(for city: String) async throws -> Forecast
                func ping() throws
                func temperature(_ city: String, in unit: inout Unit) throws -> Int
                func decode<T: Decodable>(_ type: T.Type) async throws -> T
            }
            """,
            expandedSource: #"""
            public protocol WeatherClient: AnyObject, Sendable {
                var name: String { get throws }
                var cached: Forecast { get async throws }
                func forecast(for city: String) async throws -> Forecast
                func ping() throws
                func temperature(_ city: String, in unit: inout Unit) throws -> Int
                func decode<T: Decodable>(_ type: T.Type) async throws -> T
            }

            /// Forwards every call to the `WeatherClient` its target gives (written by `@LazyProxy`).
            public final class WeatherClientProxy: WeatherClient, IoCAnnotations.ComponentProxy {
                public typealias Target = any WeatherClient
                private let _ioc_target: IoCAnnotations.ProxyTarget<any WeatherClient>

                public init(_ target: IoCAnnotations.ProxyTarget<any WeatherClient>) {
                    _ioc_target = target
                }

                public static func make(_ target: IoCAnnotations.ProxyTarget<any WeatherClient>) -> any WeatherClient {
                    WeatherClientProxy(target)
                }

                public var name: String {
                    get throws {
                        try _ioc_target.instance().name
                    }
                }

                public var cached: Forecast {
                    get async throws {
                        try await _ioc_target.instance().cached
                    }
                }

                public func forecast(for p0: String) async throws -> Forecast {
                    try await _ioc_target.instance().forecast(for: p0)
                }

                public func ping() throws {
                    try _ioc_target.instance().ping()
                }

                public func temperature(_ p0: String, in p1: inout Unit) throws -> Int {
                    try _ioc_target.instance().temperature(p0, in: &p1)
                }

                public func decode<T: Decodable>(_ p0: T.Type) async throws -> T {
                    try await _ioc_target.instance().decode(p0)
                }
            }
            """#)
    }
}
