import Foundation
import IoCCore
import IoCXML
import Testing

/// Spring's start rule: `<beans>` make every singleton that is not `lazy-init` at build.
@Suite("Spring XML: singletons made at build unless lazy-init")
struct SpringStartTests {
    /// Counts the instances made of each bean, by the `name` property's value.
    final class Made: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        func add(_ name: String) { lock.withLock { names.append(name) } }
        var all: [String] { lock.withLock { names.sorted() } }
    }

    final class Part: @unchecked Sendable {
        var name = ""
        var inner: Part?
        init() {}
    }

    struct Broken: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    private func build(_ xml: String, _ made: Made) throws -> Container {
        let catalog = TypeCatalog()
        catalog.add(Part.self) { part in
            part.initializer("init()") { Part() }
            part.property("name", \.name)
            part.property("inner", \.inner)
            part.method("made") { made.add($0.name) }
            part.method("fail") { (_: Part) throws in throw Broken() }
        }
        let builder = ContainerBuilder()
        builder.catalog = catalog
        try builder.loadXML(xml, name: "beans.xml")
        return try builder.build()
    }

    @Test func singletons_areMadeAtBuild_prototypesAndLazyInitOnesOnFirstRequest() throws {
        let made = Made()
        let container = try build("""
            <beans default-init-method="made">
              <bean id="a" class="Part" p:name="a" xmlns:p="http://www.springframework.org/schema/p"/>
              <bean id="b" class="Part" lazy-init="true"><property name="name" value="b"/></bean>
              <bean id="c" class="Part" scope="prototype"><property name="name" value="c"/></bean>
              <bean id="d" class="Part" lazy-init="false">
                <property name="name" value="d"/>
                <property name="inner"><bean class="Part"><property name="name" value="inner"/></bean></property>
              </bean>
            </beans>
            """, made)
        #expect(made.all == ["a", "d", "inner"], "the inner bean is made with the one holding it")
        _ = try container.resolve(Part.self, name: "b")
        _ = try container.resolve(Part.self, name: "c")
        #expect(made.all == ["a", "b", "c", "d", "inner"])
    }

    @Test func defaultLazyInit_makesNoneAtBuild_butABeanMayStillAskToBe() throws {
        let made = Made()
        let container = try build("""
            <beans default-lazy-init="true" default-init-method="made">
              <bean id="a" class="Part"><property name="name" value="a"/></bean>
              <bean id="b" class="Part" lazy-init="false"><property name="name" value="b"/></bean>
              <beans default-lazy-init="false">
                <bean id="c" class="Part"><property name="name" value="c"/></bean>
              </beans>
            </beans>
            """, made)
        #expect(made.all == ["b", "c"])
        _ = try container.resolve(Part.self, name: "a")
        #expect(made.all == ["a", "b", "c"])
    }

    @Test func aChild_takesItsStartFromItself_andAnAbstractParentIsNeverMade() throws {
        let made = Made()
        _ = try build("""
            <beans default-init-method="made">
              <bean id="template" class="Part" abstract="true"><property name="name" value="template"/></bean>
              <bean id="lazyParent" class="Part" lazy-init="true"><property name="name" value="lazyParent"/></bean>
              <bean id="first" parent="template"><property name="name" value="first"/></bean>
              <bean id="second" parent="lazyParent"><property name="name" value="second"/></bean>
            </beans>
            """, made)
        #expect(made.all == ["first", "second"])
    }

    @Test func beansOfOneShape_eachKeepTheirOwnHooks() throws {
        // The build binds definitions of one shape by the first one's plan: hooks are part of the shape.
        let made = Made()
        let container = try build("""
            <beans>
              <bean id="a" class="Part" init-method="made"><property name="name" value="a"/></bean>
              <bean id="b" class="Part"><property name="name" value="b"/></bean>
              <bean id="c" class="Part" init-method="made"><property name="name" value="c"/></bean>
              <bean id="d" class="Part" init-method="fail" lazy-init="true"><property name="name" value="d"/></bean>
              <bean id="e" class="Part" init-method="fail" lazy-init="true"><property name="name" value="e"/></bean>
              <beans default-init-method="absent">
                <bean id="f" class="Part"><property name="name" value="f"/></bean>
                <bean id="g" class="Part"><property name="name" value="g"/></bean>
              </beans>
            </beans>
            """, made)
        #expect(made.all == ["a", "c"])
        #expect(errorText { _ = try container.resolve(Part.self, name: "e") } == "Creating \"e\" (Part) failed: the disk is full.")
        #expect(try container.resolve(Part.self, name: "g").name == "g")
        // `default-init-method` names a method Part lacks: left out of both, not kept unbound.
        #expect(container.definitions.filter { ["f", "g"].contains($0.name) }.map(\.hooks) == [[], []])
    }

    @Test func aSingletonThatFails_failsTheBuild() {
        let text = errorText {
            _ = try build("""
                <beans>
                  <bean id="store" class="Part" init-method="fail"/>
                  <bean id="later" class="Part" init-method="fail" lazy-init="true"/>
                </beans>
                """, Made())
        }
        #expect(text == "Creating \"store\" (Part) failed: the disk is full.")
    }

    @Test(arguments: [
        ("singleton", "<aop:scoped-proxy/> at beans.xml:1 has no Swift meaning: a scoped proxy follows a thread, task or custom scope (scope=\"thread-local\", \"task-local\", or a registered custom scope such as \"request\"), and this bean's scope is singleton; inject it directly, or with lazy-init=\"true\" through a lazy proxy."),
        ("prototype", "<aop:scoped-proxy/> at beans.xml:1 has no Swift meaning: a scoped proxy of a prototype makes a new instance for every call; inject Provider<T> where a new one is wanted."),
    ])
    func scopedProxy_ofAScopeWithoutContexts_isRefusedWithTheSwiftWay(scope: String, message: String) {
        let text = errorText {
            _ = try build("""
                <beans xmlns:aop="http://www.springframework.org/schema/aop"><bean id="a" class="Part" scope="\(scope)"><aop:scoped-proxy/></bean></beans>
                """, Made())
        }
        #expect(text == message)
    }

    @Test func scopedProxy_heldAsItsClass_isACaptiveDependency() {
        let text = errorText {
            _ = try build("""
                <beans xmlns:aop="http://www.springframework.org/schema/aop">
                  <bean id="perThread" class="Part" scope="thread-local"><aop:scoped-proxy/></bean>
                  <bean id="holder" class="Part"><property name="inner" ref="perThread"/></bean>
                </beans>
                """, Made())
        }
        #expect(text == """
            Container validation failed with 1 problem:
            1. Captive dependency: singleton "holder" (Part) holds thread-local "perThread" (Part) through property 'inner' at beans.xml:3; it would keep one thread-local instance for as long as the singleton lives. Inject a Provider or Lazy of it, or give "perThread" (Part) a scope that lives at least as long.
            """)
    }
}

