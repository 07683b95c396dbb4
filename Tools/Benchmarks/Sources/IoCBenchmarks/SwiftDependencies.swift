import BenchCases
import Dependencies

// The resolve cases in pointfreeco/swift-dependencies 1.17.1, where its model expresses them.
// A dependency is a key type with a live value, declared in source; `@Dependency(\.key)` reads
// the task's current `DependencyValues` and finds the key's value in it (made from `liveValue`
// and kept the first time the key is read). A value is shared per key, so a component made
// anew on each access is a factory closure, and a graph is factories that read the others'
// dependencies when they run. What has no counterpart is not measured: lookup by name (keys
// are types), a per-graph scope, and start-up of many (10,000 keys would be 10,000 types).

struct MakeD: Sendable { var make: @Sendable () -> D }
struct MakeE: Sendable { var make: @Sendable () -> E }
struct MakeB: Sendable { var make: @Sendable () -> B }
struct MakeC: Sendable { var make: @Sendable () -> C }
struct MakeA: Sendable { var make: @Sendable () -> A }

private enum MakeDKey: DependencyKey { static let liveValue = MakeD { D() } }
private enum MakeEKey: DependencyKey { static let liveValue = MakeE { E() } }
private enum MakeBKey: DependencyKey {
    static let liveValue = MakeB {
        @Dependency(\.makeD) var d
        return B(d: d.make())
    }
}
private enum MakeCKey: DependencyKey {
    static let liveValue = MakeC {
        @Dependency(\.makeD) var d
        @Dependency(\.makeE) var e
        return C(d: d.make(), e: e.make())
    }
}
private enum MakeAKey: DependencyKey {
    static let liveValue = MakeA {
        @Dependency(\.makeB) var b
        @Dependency(\.makeC) var c
        return A(b: b.make(), c: c.make())
    }
}
private enum SingleKey: DependencyKey { static let liveValue = Single() }

extension DependencyValues {
    var makeD: MakeD {
        get { self[MakeDKey.self] }
        set { self[MakeDKey.self] = newValue }
    }
    var makeE: MakeE {
        get { self[MakeEKey.self] }
        set { self[MakeEKey.self] = newValue }
    }
    var makeB: MakeB {
        get { self[MakeBKey.self] }
        set { self[MakeBKey.self] = newValue }
    }
    var makeC: MakeC {
        get { self[MakeCKey.self] }
        set { self[MakeCKey.self] = newValue }
    }
    var makeA: MakeA {
        get { self[MakeAKey.self] }
        set { self[MakeAKey.self] = newValue }
    }
    var single: Single {
        get { self[SingleKey.self] }
        set { self[SingleKey.self] = newValue }
    }
}

/// One access each, as an app reads a dependency where it needs it.
enum SwiftDependencies {
    static func transient() -> E {
        @Dependency(\.makeE) var e
        return e.make()
    }

    static func singleton() -> Single {
        @Dependency(\.single) var single
        return single
    }

    static func graph() -> A {
        @Dependency(\.makeA) var a
        return a.make()
    }
}
