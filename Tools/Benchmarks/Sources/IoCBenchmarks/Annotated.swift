import IoCAnnotations

// The graph case's types, annotated: `graph-macro` resolves them against the same graph
// registered in code, in the same process.
@Component final class MD: @unchecked Sendable { init() {} }
@Component final class ME: @unchecked Sendable { init() {} }
@Component final class MB: @unchecked Sendable { let d: MD; init(d: MD) { self.d = d } }
@Component final class MC: @unchecked Sendable { let d: MD; let e: ME; init(d: MD, e: ME) { self.d = d; self.e = e } }
@Component final class MA: @unchecked Sendable { let b: MB; let c: MC; init(b: MB, c: MC) { self.b = b; self.c = c } }

func macroGraph() throws -> IoCCore.Container {
    let builder = ContainerBuilder()
    builder.register(MD.self)
    builder.register(ME.self)
    builder.register(MB.self)
    builder.register(MC.self)
    builder.register(MA.self)
    return try builder.build()
}
