import Dispatch
import IoCCore

/// The graph A(B(D), C(D, E)) registered in code, with a named `E` and a singleton.
public func iocGraph(dScope: Scope) throws -> IoCCore.Container {
    let builder = ContainerBuilder()
    builder.register(D.init).scope(dScope)
    builder.register(E.init)
    builder.register(B.init)
    builder.register(C.init)
    builder.register(A.init)
    builder.register(E.init).named("named-e")
    builder.register(Single.init).singleton()
    return try builder.build()
}

/// Builds `count` catalogued definitions as a config front end writes them: a type by name,
/// an initializer argument, a reference to the previous one, a placeholder value converted to Int.
public func bindCatalogued(_ count: Int) throws -> IoCCore.Container {
    let catalog = TypeCatalog()
    catalog.add(Service.self) { service in
        service.initializer("init(name:)") { (name: String) in Service(name: name) }
        service.property("next", \.next)
        service.property("retries", \.retries)
    }
    let builder = ContainerBuilder()
    builder.catalog = catalog
    builder.propertySources = [DictionaryPropertySource(["RETRIES": "3"])]
    let location = ConfigLocation(file: "services.yaml", line: 1)
    for index in 0..<count {
        var definition = Definition(name: "service\(index)", typeName: "Service",
                                    construction: .initializer(arguments: [InjectionPoint(label: "name", source: .config(.string("s\(index)")))]),
                                    location: location)
        definition.scope = .singleton
        if index > 0 { definition.properties.append(PropertyInjection(name: "next", source: .named("service\(index - 1)"))) }
        definition.properties.append(PropertyInjection(name: "retries", source: .config(.string("${RETRIES:5}"))))
        builder.add(definition)
    }
    return try builder.build()
}

/// Takes a result so the optimizer cannot drop the work that made it; thread-safe.
@inline(never) @_optimize(none)
public func consume(_ value: AnyObject) {}

public func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

