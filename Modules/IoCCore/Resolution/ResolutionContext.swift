import Synchronization

/// What one top-level resolve carries down the graph it builds. Passed by value: each level
/// gets its own depth; the object-graph cache is shared by reference.
///
/// NB: every reference in here is `unowned(unsafe)`, so that copying a context at each level
/// is a plain copy with no reference counting; whoever makes a context keeps its objects
/// alive for as long as it is used (see `keepAlive`), and `Resolver` holds them strongly.
@usableFromInline
struct ResolutionContext {
    /// The container whose definitions the current component was registered in.
    @usableFromInline unowned(unsafe) var container: Container
    @usableFromInline var depth: Int
    /// Instances of object-graph scope, shared by everything this top-level resolve builds.
    @usableFromInline unowned(unsafe) var graph: ObjectGraph?
    /// The lowest stack address this thread may reach; 0 until the graph gets deep.
    @usableFromInline var stackLimit: UInt
    /// Identifies an `async` resolve for the creation coordinator; 0 for a synchronous one.
    @usableFromInline var asyncToken: UInt
    /// The singletons this resolve is creating, innermost first: re-entering one is a cycle,
    /// even when a factory passed its resolver to another thread.
    @usableFromInline unowned(unsafe) var creating: CreationChain?

    @inlinable
    init(container: Container, graph: ObjectGraph?, asyncToken: UInt = 0) {
        self.container = container
        self.depth = 0
        self.graph = graph
        self.stackLimit = 0
        self.asyncToken = asyncToken
        self.creating = nil
    }

    /// The cycle error when `cell` is already being created further up this resolve.
    func cycleIfCreating(_ cell: CellKey, label: String) -> IoCError? {
        var link = creating
        while let current = link {
            if current.cell == cell { return .cycle(path: [label], location: nil) }
            link = current.parent
        }
        return nil
    }

    /// This context, marked as creating `link`'s cell; the caller keeps `link` alive.
    func creating(_ link: CreationChain) -> ResolutionContext {
        var copy = self
        copy.creating = link
        return copy
    }

    /// The owner of a creation in progress: this thread, or this `async` resolve.
    var ownerToken: UInt { asyncToken != 0 ? asyncToken : ThreadIdentity.current }
}

/// One link of the chain of singletons a resolve is creating.
@usableFromInline
final class CreationChain: @unchecked Sendable {
    let cell: CellKey
    let parent: CreationChain?
    init(cell: CellKey, parent: CreationChain?) {
        self.cell = cell
        self.parent = parent
    }
}

/// Keeps `object` alive up to the call: the end of a context's use.
@inline(never)
func keepAlive(_ object: AnyObject?) {}

/// The object-graph scope's cache: one per top-level resolve that needs it.
@usableFromInline
final class ObjectGraph: @unchecked Sendable {
    private let entries = Locked<[(ObjectIdentifier, Any)]>([])

    @usableFromInline init() {}

    func value(for node: AnyNode) -> Any? {
        let id = ObjectIdentifier(node)
        return entries.withLock { list in list.first { $0.0 == id }?.1 }
    }

    func store(_ value: Any, for node: AnyNode) {
        entries.withLock { $0.append((ObjectIdentifier(node), value)) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A number that tells threads apart while they run (their pthread handle).
enum ThreadIdentity {
    static var current: UInt {
        #if canImport(Darwin)
        return UInt(bitPattern: pthread_self())
        #else
        return UInt(pthread_self())
        #endif
    }
}

/// Keeps deep graphs from overflowing the stack: past a depth of 64 each level checks how
/// much of the thread's stack is left and fails with ``IoCError`` instead of crashing.
enum StackGuard {
    /// Bytes kept free for the user code that runs between two levels.
    static let reserve: UInt = 128 * 1024

    /// The lowest address this thread's resolution may use, or 0 when it cannot be known.
    static func lowestUsableAddress() -> UInt {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return top > size + reserve ? top - size + reserve : 0
        #else
        guard let getAttributes = pthreadGetAttributes else { return 0 }
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return 0 }
        defer { pthread_attr_destroy(&attributes) }
        var base: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base else { return 0 }
        return UInt(bitPattern: base) + reserve
        #endif
    }

    #if !canImport(Darwin)
    // NB: glibc declares pthread_getattr_np only under _GNU_SOURCE, which Swift's Glibc module
    // does not set; the symbol is always there, so it is looked up at run time.
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let pthreadGetAttributes: GetAttributes? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetAttributes.self)
    }()
    #endif

    @inline(never)
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}
