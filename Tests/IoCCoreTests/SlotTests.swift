@testable import IoCCore
import Testing

/// An injection point's slot: what the build's checks and a first bind ask of its type. A
/// point keeps only its type; the slot is its type's (``Slots``), and a parameter's Swift
/// default is its construction's (``RecipeBox/defaults``).
@Suite("Slots")
struct SlotTests {
    @Test func aPoint_keepsItsTypeAndNoSlot() throws {
        // Label, type, source and location: 72 bytes, where a slot kept in the point made it
        // 112 (`profile memory-deps`).
        #expect(MemoryLayout<InjectionPoint>.size == 72)
        let point = InjectionPoint(typedFor: [E].self)
        #expect(point.type == TypeRef([E].self))
        let slot = try #require(point.slot)
        #expect(slot.type == TypeRef([E].self))
        #expect(slot.defaultSource == .all(TypeRef(E.self)))
        #expect(InjectionPoint(label: "e", source: .named("e")).slot == nil)   // unbound: no type yet
    }

    /// A catalog entry's default, when the build binds the component in full (an eager
    /// singleton), and a default asked of a parameter that has none.
    @Test func aDefault_isTheConstructions_boundInFull_andOnlyWhereTheParameterHasOne() throws {
        final class Client: Sendable {
            let host: String
            let retries: Int
            init(host: String, retries: Int) { self.host = host; self.retries = retries }
        }
        let catalog = TypeCatalog()
        catalog.add(Client.self) { client in
            client.initializer("init(host:retries:)", defaults: [1: DefaultArgument { 3 }]) { (host: String, retries: Int) in
                Client(host: host, retries: retries)
            }
        }
        func builder(host: InjectionSource) -> ContainerBuilder {
            let builder = ContainerBuilder()
            builder.catalog = catalog
            var client = Definition(name: "client", typeName: "Client",
                                    construction: .initializer(arguments: [InjectionPoint(label: "host", source: host)]),
                                    location: ConfigLocation(file: "services.yaml", line: 2))
            client.scope = .singleton
            client.isEager = true
            builder.add(client)
            return builder
        }
        let client = try builder(host: .config(.string("example.com"))).build().resolve(Client.self, name: "client")
        #expect(client.host == "example.com" && client.retries == 3)
        #expect(errorText { _ = try builder(host: .defaultArgument).build() } == """
            Container validation failed with 1 problem:
            1. Source 'default' does not fit String in "client" (Client), argument 0 'host', at services.yaml:2. \
            This parameter has no default value in its catalog entry; give it a value or a reference.
            """)
    }

    /// A construction's defaults are its own parameters': a method call's argument at the same
    /// position that asks for a default has none.
    @Test func aMethodCallsArgument_takesNoDefaultOfTheConstruction() throws {
        final class Client: @unchecked Sendable {
            var configured: Int?
            init(retries: Int) {}
            func configure(timeout: Int) { configured = timeout }
        }
        let catalog = TypeCatalog()
        catalog.add(Client.self) { client in
            client.initializer("init(retries:)", defaults: [0: DefaultArgument { 3 }]) { (retries: Int) in Client(retries: retries) }
            client.method("configure(timeout:)") { (client: Client, timeout: Int) in client.configure(timeout: timeout) }
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        var client = Definition(name: "client", typeName: "Client", location: ConfigLocation(file: "services.yaml", line: 2))
        client.methodCalls = [MethodInjection(method: "configure(timeout:)", arguments: [InjectionPoint(source: .defaultArgument)])]
        builder.add(client)
        #expect(errorText { _ = try builder.build() } == """
            Container validation failed with 1 problem:
            1. Source 'default' does not fit Int in "client" (Client), configure(timeout:) argument 0, at services.yaml:2. \
            This parameter has no default value in its catalog entry; give it a value or a reference.
            """)
    }

    @Test func aSlot_fitsAnExistentialsInlineBuffer() {
        // The table of slots (``Slots``) keeps each as `any SlotBinding`: within three words it
        // needs no box, and a lookup copies it out without a reference to count.
        #expect(MemoryLayout<Slot<E?>>.size <= 3 * MemoryLayout<Int>.size)
        #expect(MemoryLayout<Slot<[String: E]>>.size <= 3 * MemoryLayout<Int>.size)
    }

    @Test func aSlot_saysHowItsShapeTakesAPlainReference() throws {
        let plain = try #require(Slot<E>().plainReference)
        #expect(plain.type == ObjectIdentifier(E.self) && plain.form == nil)
        let optional = try #require(Slot<E?>().plainReference)
        #expect(optional.type == ObjectIdentifier(E.self) && optional.form == .optional)
        let list = try #require(Slot<[E]>().plainReference)
        #expect(list.type == ObjectIdentifier(E.self) && list.form == .elements)
        let handle = try #require(Slot<Lazy<E>>().plainReference)
        #expect(handle.type == ObjectIdentifier(E.self) && handle.form == .lazy)
        // A shape in a shape takes no plain reference: the full binding binds it.
        #expect(Slot<Lazy<[E]>>().plainReference == nil)
        #expect(Slot<[E?]>().plainReference == nil)
        // What a cast fills: a subclass of the type, or of the type the shape wraps.
        #expect(Slot<Tool?>().takesSubtype(TypeRef(Hammer.self)))
        #expect(!Slot<E?>().takesSubtype(TypeRef(Hammer.self)))
        #expect(Slot<[Tool]>().takesSubtype(TypeRef(Hammer.self)))
    }
}
