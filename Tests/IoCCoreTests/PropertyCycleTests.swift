import Foundation
import IoCCore
import Testing

// Spring's and Typhoon's husband and wife: two shared components that reference each other
// through properties.
private final class Person: @unchecked Sendable {
    let name: String
    var spouse: Person?
    init(name: String, made: Counter? = nil) {
        self.name = name
        made?.increment()
    }
}

/// Constructed with its owner; the owner gets it back through a property.
private final class Owner: @unchecked Sendable {
    let pet: Pet
    init(pet: Pet) { self.pet = pet }
}

private final class Pet: @unchecked Sendable {
    var owner: Owner?
    var ownerAtInjection: Owner?
    init() {}
    func setOwner(_ owner: Owner) { self.owner = owner }
}

private struct Coin: Sendable {
    var other: Coin2?
}

private final class Coin2: Sendable {
    let coin: Coin
    init(coin: Coin) { self.coin = coin }
}

@Suite("Cycles that properties close")
struct PropertyCycleTests {
    private func couple(_ scope: Scope, made: Counter? = nil) -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.register { Person(name: "husband", made: made) }.named("husband")
            .property(\.spouse, .named("wife")).scope(scope)
        builder.register { Person(name: "wife", made: made) }.named("wife")
            .property(\.spouse, .named("husband")).scope(scope)
        return builder
    }

    @Test(arguments: [Scope.singleton, .objectGraph, .weakSingleton])
    func setterCycle_ofSharedComponents_buildsAndResolvesFromEitherSide(scope: Scope) throws {
        let container = try couple(scope).build()
        for start in ["husband", "wife"] {
            let person = try container.resolve(Person.self, name: start)
            let spouse = try #require(person.spouse)
            #expect(spouse.name == (start == "husband" ? "wife" : "husband"))
            #expect(spouse.spouse === person, "the cycle closes on the same instance")
        }
    }

    @Test func setterCycle_ofSingletons_makesEachOnce() throws {
        let made = Counter()
        let container = try couple(.singleton, made: made).build()
        let husband = try container.resolve(Person.self, name: "husband")
        let wife = try container.resolve(Person.self, name: "wife")
        #expect(husband.spouse === wife && wife.spouse === husband)
        #expect(made.count == 2)
    }

    @Test func setterCycle_ofPrototypes_isEndlessCycleError() throws {
        let builder = couple(.prototype)
        let text = errorText { _ = try builder.build() }
        #expect(text.contains(#"Dependency cycle: "husband" (Person) -> "wife" (Person) -> "husband" (Person) (defined at "#), "\(text)")
        #expect(text.hasSuffix("""
            never ends: "husband" (Person) is a prototype, so the property or method call that closes the cycle \
            makes a new one each time. Give "husband" (Person) a shared scope (singleton, object graph, weak singleton \
            or a custom scope), or inject one side as Lazy<T> or Provider<T>.
            """), "\(text)")
    }

    @Test func setterCycle_ofPrototypes_buildsWithTheFixItsMessageGives_lazyOrProvider() throws {
        let lazy = ContainerBuilder()
        lazy.register { Person(name: "husband") }.named("husband").prototype()
            .property(\.spouse, .named("wife"))
        lazy.register { (husband: Lazy<Person>) in Person(name: "wife") }.named("wife").prototype()
            .argument(0, .lazy(.named("husband")))
        #expect(try lazy.build().resolve(Person.self, name: "husband").spouse?.name == "wife")

        let provider = ContainerBuilder()
        provider.register { Person(name: "husband") }.named("husband").prototype()
            .property(\.spouse, .named("wife"))
        provider.register { (husband: Provider<Person>) in Person(name: "wife") }.named("wife").prototype()
            .argument(0, .provider(.named("husband")))
        #expect(try provider.build().resolve(Person.self, name: "husband").spouse?.name == "wife")
    }

    @Test func setterCycle_closedByOneSharedSide_builds() throws {
        let builder = couple(.prototype)
        builder.allowsCaptiveDependencies = true   // the singleton wife keeps one husband
        builder.register { Person(name: "wife") }.named("wife")
            .property(\.spouse, .named("husband")).singleton().overriding()
        let container = try builder.build()
        let husband = try container.resolve(Person.self, name: "husband")
        let wife = try container.resolve(Person.self, name: "wife")
        #expect(husband.spouse === wife)
        #expect(wife.spouse !== husband, "a prototype: another husband each time")
        #expect(wife.spouse?.spouse === wife)
    }

    /// The owner is constructed with its pet; the pet gets its owner through a method call.
    private func household(ownerScope: Scope) -> ContainerBuilder {
        let builder = ContainerBuilder()
        builder.allowsCaptiveDependencies = true   // the singleton pet keeps its owner
        builder.register { (pet: Pet) in Owner(pet: pet) }.scope(ownerScope)
        builder.register { Pet() }
            .call("setOwner", arguments: [.type(Owner.self)]) { (pet: Pet, owner: Owner) in pet.setOwner(owner) }
            .singleton()
        return builder
    }

    @Test(arguments: [Scope.singleton, .objectGraph])
    func initializerAndMethodCycle_resolvesFromEitherSide(ownerScope: Scope) throws {
        for first in ["owner", "pet"] {
            let container = try household(ownerScope: ownerScope).build()
            if first == "owner" {
                let owner = try container.resolve(Owner.self)
                #expect(owner.pet.owner === owner)
            } else {
                let pet = try container.resolve(Pet.self)
                #expect(pet.owner?.pet === pet)
            }
        }
    }

    @Test func initializerAndPrototypeOwner_resolves() throws {
        let container = try household(ownerScope: .prototype).build()
        let owner = try container.resolve(Owner.self)
        let pet = try container.resolve(Pet.self)
        #expect(owner.pet === pet)
        #expect(pet.owner?.pet === pet)
    }

    @Test func initializerOnlyCycle_staysAnError_withAdviceThatWorks() throws {
        let builder = ContainerBuilder()
        builder.register { (pet: Pet) in Owner(pet: pet) }.singleton()
        builder.register { (owner: Owner) in
            let pet = Pet()
            pet.owner = owner
            return pet
        }.singleton()
        #expect(errorText { _ = try builder.build() }.contains(
            "Dependency cycle: Owner -> Pet -> Owner (defined at IoCCoreTests/PropertyCycleTests.swift:"))
        #expect(errorText { _ = try builder.build() }.hasSuffix(
            "Break it by injecting one side as Lazy<T> or Provider<T>, or through a property or method call of a shared (not prototype) class."))

        // The advice, applied each way.
        let lazy = ContainerBuilder()
        lazy.register { (pet: Pet) in Owner(pet: pet) }.singleton()
        lazy.register { (owner: Lazy<Owner>) in Pet() }.singleton()
        _ = try lazy.build().resolve(Owner.self)

        let provider = ContainerBuilder()
        provider.register { (pet: Pet) in Owner(pet: pet) }.singleton()
        provider.register { (owner: Provider<Owner>) in Pet() }.singleton()
        _ = try provider.build().resolve(Owner.self)

        let property = ContainerBuilder()
        property.register { (pet: Pet) in Owner(pet: pet) }.singleton()
        property.register { Pet() }.property(\.owner, .type(Owner.self)).singleton()
        let owner = try property.build().resolve(Owner.self)
        #expect(owner.pet.owner === owner)
    }

    @Test func valueOnACycle_isRefusedAtResolve() throws {
        let builder = ContainerBuilder()
        let line = #line + 1
        builder.register { Coin() }.property(\.other, .type(Coin2.self)).singleton()
        builder.register { (coin: Coin) in Coin2(coin: coin) }.singleton()
        let container = try builder.build()
        let text = errorText { _ = try container.resolve(Coin.self) }
        #expect(text.contains("""
            Invalid definition of Coin at IoCCoreTests/PropertyCycleTests.swift:\(line): it is on a dependency cycle that properties close, and it is a value (Coin): \
            the copy its cycle is handed would never see its properties set. Make it a class, or inject one side of the \
            cycle as Lazy<T> or Provider<T>.
            """), "\(text)")
    }

    @Test func decoratorReplacingACycleMember_isRefused() throws {
        let builder = couple(.singleton)
        let line = #line + 1
        builder.register { Person(name: "wife") }.named("wife")
            .property(\.spouse, .named("husband")).singleton().overriding()
            .decorate { _ in Person(name: "other") }
        let container = try builder.build()
        let text = errorText { _ = try container.resolve(Person.self, name: "wife") }
        #expect(text.contains("""
            Invalid definition of "wife" (Person) at IoCCoreTests/PropertyCycleTests.swift:\(line): a decorator or post-processor replaced it after its dependency \
            cycle was handed the instance it constructed, so the cycle holds another object.
            """), "\(text)")
    }

    @Test func concurrentFirstResolves_ofBothSides_makeEachOnce_withoutDeadlock() async throws {
        for _ in 0..<20 {
            let made = Counter()
            let container = try couple(.singleton, made: made).build()
            let start = DispatchGroup()
            start.enter()
            let resolve = { @Sendable (name: String) -> String in
                start.wait()
                do {
                    let person = try container.resolve(Person.self, name: name)
                    return "\(person.name) married to \(person.spouse?.name ?? "nobody"), \(person.spouse?.spouse === person)"
                } catch {
                    return "\(error)"
                }
            }
            async let first = onOwnThread { resolve("husband") }
            async let second = onOwnThread { resolve("wife") }
            async let third = onOwnThread { resolve("wife") }
            start.leave()
            let results = await [first, second, third]
            #expect(results == ["husband married to wife, true", "wife married to husband, true", "wife married to husband, true"])
            #expect(made.count == 2)
            let husband = try await container.resolve(Person.self, name: "husband")
            #expect(try await container.resolve(Person.self, name: "wife").spouse === husband)
        }
    }
}
