import IoCCore
import IoCDeclarations

/// The inner definitions (`!service { … }`, an inner `<bean>`) of the code registrations, each
/// a code registration of its own: a function registers it in a builder of its own and gives
/// the outer registration `.inner(builder.keepingCode(of: registration.component))`, IoCCore's
/// route for an inner component made in code.
///
/// A reference type the writers share: the outer registration is written while its inner ones
/// are, and an outer one the compiled form cannot call directly takes its inner ones back
/// (``truncate(to:)``).
final class InnerRegistrations {
    struct Function {
        let name: String
        let location: ConfigLocation
        let componentName: String?
        let written: RegistrationWriter.Written
    }

    private(set) var functions: [Function] = []

    /// Keeps `written`, the inner definition at `location`; the expression that gives it to
    /// an outer registration in `builder` (`inner0(builder)`).
    func add(_ written: RegistrationWriter.Written, name: String?, at location: ConfigLocation) -> String {
        let function = "inner\(functions.count)"
        functions.append(Function(name: function, location: location, componentName: name, written: written))
        return "\(function)(builder)"
    }

    /// How many there are: where ``truncate(to:)`` goes back to.
    var count: Int { functions.count }

    /// Drops the functions written since `count`.
    func truncate(to count: Int) {
        functions.removeLast(functions.count - count)
    }

    /// The statements the Swift compiler checks, of every inner registration.
    var typeChecks: [(location: ConfigLocation, line: String)] { functions.flatMap(\.written.typeChecks) }
    var usesGeneratedInterface: Bool { functions.contains { $0.written.usesGeneratedInterface } }
    var usesConfigSettings: Bool { functions.contains { $0.written.usesConfigSettings } }

    /// The functions, as members of the generated type. Each names its builder, name, file,
    /// line and holes as a `make` function's parameters are named, so that it holds the
    /// registration's template unchanged.
    func lines(fileConstants: [String: String]) -> [String] {
        functions.flatMap { function in
            let file = fileConstants[function.location.file] ?? quoted(function.location.file)
            var lines = [
                "",
                "    private static func \(function.name)(_ outer: IoCCore.ContainerBuilder) -> IoCCore.InjectionSource {",
                "        let builder = IoCCore.ContainerBuilder()",
                "        let file = \(file), line = \(max(function.location.line, 1))",
            ]
            if let name = function.componentName { lines.append("        let name: String? = \(quoted(name))") }
            for (number, hole) in function.written.holes.enumerated() {
                lines.append("        let h\(number): \(hole.type) = \(GeneratedCodeWriter.expression(hole.value, file: "file"))")
            }
            lines += [
                GeneratedCodeWriter.sourceLocation(function.location),
                "        let registration = " + function.written.template.joined(),
                "#sourceLocation()",
                "        return .inner(outer.keepingCode(of: registration.component))",
                "    }",
            ]
            return lines
        }
    }
}
