@testable import IoCCore
import Testing

/// An injection point's slot: what the build's checks and a first bind ask of its type.
@Suite("Slots")
struct SlotTests {
    @Test func aSlot_fitsAnExistentialsInlineBuffer() {
        // A point keeps its slot as `any SlotBinding`: within three words it needs no box.
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
