// The container's references that do not count: every `Unmanaged` of IoCCore is here, behind
// two names, so that what keeps each object alive is said once per kind of use and the rest of
// the code reads as plain Swift. docs/PerformanceLedger.md ("Unusual constructs") has the figures.

/// A reference that does not keep its object alive, used without retaining it.
///
/// Whoever makes one says what keeps the object alive for as long as the reference is used:
/// a container owns its nodes and outlives every reference to them and to itself (a child
/// keeps its parent alive); a node owns its producer and retires a replaced one to its
/// container, which keeps it until it goes; an argument's node is its container's.
///
/// Why: a strong reference is retained and released around every use, from many threads at
/// once on one object. Nodes, arguments, lookup tables and producers are read through this type
/// instead of strong references or `takeUnretainedValue()` (which retains): docs/PerformanceLedger.md
/// U9, guarded by `make instructions` (`graph`, `form-resolve`).
@usableFromInline
struct Unretained<Object: AnyObject> {  // docs/PerformanceLedger.md U9
    @usableFromInline let reference: Unmanaged<Object>

    // NB: every member is inlined where it is used: a call left in unspecialized generic code
    // (a node's `make`) would ask the runtime for `Object`'s metadata on every resolve
    // (docs/PerformanceLedger.md U9).

    /// A reference to `object`, which something else keeps alive.
    @inlinable @inline(__always) init(_ object: Object) { reference = .passUnretained(object) }

    /// The object at `address`, which a ``Retained`` address (or whoever passed the address)
    /// keeps alive.
    @inlinable @inline(__always) init(address: UnsafeRawPointer) { reference = .fromOpaque(address) }

    /// Calls `body` with the object, retaining it for neither the call nor the result.
    @inlinable @inline(__always)
    func with<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try reference._withUnsafeGuaranteedRef(body)
    }

    /// The object, as a strong reference (retained while the caller holds it).
    @inlinable var object: Object {
        @inline(__always) get { reference.takeUnretainedValue() }
    }

    /// The object's address: equal for two references to one object.
    @inlinable var address: UnsafeMutableRawPointer {
        @inline(__always) get { reference.toOpaque() }
    }
}

/// A Swift object handed to a C callback as its `void *` context (libxml2's parser, libyaml's
/// emitter), read back unretained (U9): how the YAML writer reaches Swift state from C. The XML
/// reader, called back for every event, keeps its own (docs/PerformanceLedger.md L20). Whoever
/// passes the address keeps the object alive for as long as the C code may call back (the emit,
/// in `withExtendedLifetime`).
package enum CallbackContext {
    /// The address to give C for `object`.
    @inlinable @inline(__always)
    package static func address<Object: AnyObject>(of object: Object) -> UnsafeMutableRawPointer { Unretained(object).address }

    /// Calls `body` with the object at `address`, retaining it for neither.
    @inlinable @inline(__always)
    package static func with<Object: AnyObject, Result>(_ address: UnsafeRawPointer, as type: Object.Type,
                                                       _ body: (Object) throws -> Result) rethrows -> Result {
        try Unretained<Object>(address: address).with(body)
    }
}

// NB: Sendable whatever the object: every object the container reads unretained is one its build
// published and never changes after (nodes, producers, lookup tables), or a bound argument
// (``Frozen``).
extension Unretained: @unchecked Sendable {}

/// A bound argument as the code that resolves it holds it: made by the build before the
/// container is published, and never changed after (an argument's state is `let`: the node or
/// value it reads, its site), so every thread that resolves may read it without a lock.
///
/// Why a wrapper, not `Sendable` on the arguments: they are a class hierarchy (`AnyArgument`,
/// `Argument<X>` and eleven subclasses), and Swift asks each subclass of an `@unchecked
/// Sendable` class to restate the conformance; this is the one place it is stated. The
/// wrapper is one strong reference: the closures that capture it compile as if it were the
/// argument (`make instructions`: `graph`, `properties`, `form-resolve` unchanged).
@usableFromInline
struct Frozen<Object: AnyObject>: @unchecked Sendable {  // docs/PerformanceLedger.md U22
    @usableFromInline let object: Object

    @inlinable @inline(__always) init(_ object: Object) { self.object = object }
}

extension Frozen {
    /// The argument's value (``Argument/get(_:)``).
    @inlinable @inline(__always)
    func get<X>(_ ctx: ResolutionContext) throws -> X where Object == Argument<X> { try object.get(ctx) }

    /// The argument's value, awaiting an `async` component (``Argument/getAsync(_:)``).
    @inlinable @inline(__always)
    func getAsync<X>(_ ctx: ResolutionContext) async throws -> X where Object == Argument<X> { try await object.getAsync(ctx) }
}

/// Objects kept alive by a raw address: what an atomic slot holds (a node table's nodes, a
/// node's producer) and a thread's pthread-specific value. Each address made by
/// ``address(retaining:)`` is given back once, by ``release(_:as:)`` or ``take(_:as:)``.
///
/// Why: an atomic of a raw address loads without asking the runtime for anything; an atomic
/// of `Unmanaged<Producer<T>>?` in unspecialized generic code looked up its type's witnesses
/// on every load (docs/PerformanceLedger.md U28).
enum Retained {
    /// Retains `object` and returns its address.
    @inlinable @inline(__always) static func address(retaining object: AnyObject) -> UnsafeRawPointer {
        UnsafeRawPointer(Unmanaged.passRetained(object).toOpaque())
    }

    /// Gives back the reference ``address(retaining:)`` made for `address`.
    @inline(__always) static func release<Object: AnyObject>(_ address: UnsafeRawPointer, as type: Object.Type) {
        Unmanaged<Object>.fromOpaque(address).release()
    }

    /// The object at `address`, taking over the reference ``address(retaining:)`` made.
    @inline(__always) static func take<Object: AnyObject>(_ address: UnsafeRawPointer, as type: Object.Type) -> Object {
        Unmanaged<Object>.fromOpaque(address).takeRetainedValue()
    }
}

// The casts from a type-erased node or argument to its typed class, without the runtime's
// check: every `unsafeDowncast` of a node or an argument is one of these two.
//
// Why: `as? Node<T>` asks the runtime for the metadata of `Node<T>` on every resolve; the
// build has already checked what each node and argument produces (docs/PerformanceLedger.md U17).
extension AnyNode {
    /// This node as the `Node<T>` it is: the caller knows it produces `T` (a lookup table's
    /// component for the key `T`, or ``producedType`` compared).
    @inlinable @inline(__always)
    final func typed<T>(_ type: T.Type) -> Node<T> { unsafeDowncast(self, to: Node<T>.self) }
}

extension AnyArgument {
    /// This argument as the `Argument<X>` it is: the caller knows it was bound for `X` (by the
    /// slot or the shape made for that same type).
    @inlinable @inline(__always)
    final func typed<X>(_ type: X.Type) -> Argument<X> { unsafeDowncast(self, to: Argument<X>.self) }
}
