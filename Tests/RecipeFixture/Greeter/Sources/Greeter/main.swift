import IoCCore

let builder = ContainerBuilder()
GeneratedConfig.register(in: builder)   // services.yaml, checked and compiled at `swift build`
let container = try builder.build()
print(try container.resolve(Greeter.self).greeting())
