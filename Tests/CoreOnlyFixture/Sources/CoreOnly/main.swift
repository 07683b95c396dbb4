import IoCCore

final class Greeting: Sendable { let text = "Hello from IoCCore alone" }

let builder = ContainerBuilder()
builder.register(Greeting.init).singleton()
let container = try builder.build()
print(try container.resolve(Greeting.self).text)
