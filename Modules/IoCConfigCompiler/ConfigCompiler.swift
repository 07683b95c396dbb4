import Foundation
import IoCConfig
import IoCCore
import IoCDeclarations
import IoCXML
import IoCYAML

/// What `IoCConfigPlugin` runs at `swift build`: reads a target's services.yaml and bean XML
/// files through the front ends and its Swift sources through swift-syntax, reports every
/// problem at the config file's line, and writes the catalog of the types the config names
/// (so the app writes none by hand).
package struct ConfigCompiler {
    /// The config files (services.yaml, bean XML) to compile.
    package var configFiles: [URL]
    /// The target's Swift sources: (path, text).
    package var sources: [(path: String, text: String)]
    /// The target's module name, which config may put before a type's name.
    package var module: String
    /// Types of other modules the app catalogs by hand (`ioc-plugin.json`'s `externalTypes`).
    package var externalTypes: Set<String> = []
    /// The sources of the modules the target depends on, whose public types config may name.
    package var dependencies: [SourceIndex.Dependency] = []
    /// Whether the target is a library, whose generated type an app calls: it is public.
    package var isLibrary = false
    /// The config files of the modules the target depends on (feature modules): their
    /// components are in the graph the target's config is checked in, so that a reference to
    /// one is checked, and what they declare synthetic is the target's to provide.
    package var dependencyConfigs: [URL] = []
    /// Components the app registers in code, which config refers to (`ioc-plugin.json`'s
    /// `provided`; a services.yaml can say `synthetic: true` instead).
    package var providedNames: Set<String> = []
    /// What the generated code calls the type holding the catalog.
    package var generatedTypeName = "GeneratedConfig"
    /// Whether the app's builder lets a component hold a shorter-lived one
    /// (`allowsCaptiveDependencies`), so that the build does not report it either.
    package var allowsCaptiveDependencies = false
    /// Parameters the app gives at launch (`ioc-plugin.json`'s `launchParameters`): a
    /// services.yaml's `%key%` that no `parameters:` entry defines must be one of these.
    package var launchParameters: Set<String> = []

    package init(configFiles: [URL], sources: [(path: String, text: String)], module: String) {
        self.configFiles = configFiles
        self.sources = sources
        self.module = module
    }

    /// The outcome: the Swift code (written even when there are problems, so that the build
    /// reports only the config's problems, not a missing file), and every problem.
    package struct Output {
        package var code: String
        /// The code's parts, for a file that holds several generated types: its `import` lines,
        /// and the type's declaration.
        package var imports: [String]
        package var declaration: String
        package var diagnostics: [ConfigDiagnostic]
        package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    package func compile() -> Output {
        var diagnostics: [ConfigDiagnostic] = []
        var files: [LoadedFile] = []
        for file in configFiles {
            let loaded = LoadedFile(file)
            for problem in loaded.problems { diagnostics += Self.diagnostics(of: problem, file: file) }
            files.append(loaded)
        }
        // A file another one imports is read with it (its load reads both), not again alone.
        let standard = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        let imported = Set(files.flatMap { file in file.read.map(standard).filter { $0 != standard(file.path) } })
        files.removeAll { imported.contains(standard($0.path)) }
        // What `ioc validate` checks without the app's types: references, duplicates, cycles,
        // aliases, parents, placeholders' syntax — of the files together, as the loads of all of
        // them into one builder make one graph. Placeholder values are read at launch, and the
        // components the app registers in code (declared synthetic, or listed as provided) are
        // there then.
        let builder = ContainerBuilder()
        // The features' components first, as the app registers its features before its own
        // config. Their own problems are their module's build's to report.
        let features = dependencyConfigs.map(LoadedFile.init)
        let featurePaths = Set(features.flatMap { [$0.path] + $0.read }.map(standard))
        for file in features { builder.add(file.contribution) }
        for file in files { builder.add(file.contribution) }
        // What a feature declares synthetic is not absent here: the app defines it, says it is
        // synthetic too, or lists it as provided.
        builder.absentNames = Set(files.flatMap(\.synthetic.keys)).union(providedNames).union(files.flatMap(\.skipped))
            .union(features.flatMap(\.skipped))
        // A services.yaml's `%key%` is a parameter: one no file defines, and that the app does
        // not say it gives at launch, is the error `ioc validate` reports (Symfony's too).
        let defined = Set(files.flatMap(\.parameters.keys))
        let undefined = Set(files.flatMap(\.parameterSpellings).filter { !$0.hasPrefix("env(") }).subtracting(defined).subtracting(launchParameters)
        // Every other key is the launch's to give, so it has a stand-in here: a component whose
        // placeholder has no value yet is checked, not dropped. What only a real value can show
        // (an env processor's conversion) is left to the launch.
        builder.propertySources.append(LaunchValues(refusing: undefined))
        builder.allowsCaptiveDependencies = allowsCaptiveDependencies
        let graph = builder.configGraph()
        let inFeature = { (location: ConfigLocation?) in location.map { featurePaths.contains(standard($0.file)) } ?? false }
        for problem in graph.problems {
            if problem.kind == .badEnvironmentExpression { continue }
            if inFeature(problem.location) {
                // A feature's need the target does not meet: reported at the feature's line.
                guard case .missingSynthetic(let key, _, _, _) = problem.problem else { continue }
                let name = key.name ?? key.description
                diagnostics.append(ConfigDiagnostic(.error, problem.description + " Target \(module) provides it: define \"\(name)\" in its config, "
                    + "or register it in code and list it in its ioc-plugin.json (\"provided\": [\"\(name)\"]).", at: problem.location))
                continue
            }
            if case .unresolvedPlaceholder(let key, _, _, _, _, _) = problem.problem {
                guard undefined.contains(key) else { continue }
                let suggestion = Suggestions.closest(to: key, in: defined.sorted()).first.map { " Did you mean %\($0)%?" } ?? ""
                let declare = " A parameter the app gives at launch is listed in ioc-plugin.json: \"launchParameters\": [\"\(key)\"]."
                diagnostics.append(ConfigDiagnostic(.error, problem.description + suggestion + declare, at: problem.location))
                continue
            }
            diagnostics.append(ConfigDiagnostic(.error, problem.description, at: problem.location))
        }
        // A deprecated component still resolves: each use is a warning, as `ioc validate` gives.
        for use in graph.deprecatedUses where !inFeature(use.location) {
            diagnostics.append(ConfigDiagnostic(.warning, use.message, at: use.location))
        }
        let definitions = files.flatMap(\.definitions)
        let names = ConfigNames(definitions)
        // The features' types too: what they need from the app is checked here (``FeatureNeeds``).
        let featureDefinitions = features.flatMap(\.definitions)
        let named = [names, ConfigNames(featureDefinitions)]
        var index = SourceIndex(sources: sources, dependencies: relevant(dependencies, to: named))
        // The types the features' initializers take, which config does not name.
        let taken = Set(featureDefinitions.compactMap(\.typeName).compactMap { index.type(named: $0, module: module)?.shape }
            .flatMap(\.callableInitializers).flatMap(\.parameters).map { SourceIndex.named($0.type.trimmedDescription) })
        if taken.contains(where: { index.type(named: $0, module: module) == nil }) {
            index = SourceIndex(sources: sources, dependencies: relevant(dependencies, to: named, and: taken))
        }
        if !dependencies.isEmpty, names.types.contains(where: { index.type(named: $0.name, module: module) == nil && !externalTypes.contains($0.name) }) {
            // A name no file has: every file, for "did you mean".
            index = SourceIndex(sources: sources, dependencies: dependencies)
        }
        var checks = MemberChecks(index: index, module: module, allowsCaptiveDependencies: allowsCaptiveDependencies)
        for file in files { checks.parameters.merge(file.parameters) { $1 } }
        for problem in checks.problems(of: definitions) {
            diagnostics.append(ConfigDiagnostic(.error, problem.description, at: problem.location))
        }
        if !featureDefinitions.isEmpty {
            diagnostics += FeatureNeeds(index: index, module: module, provided: providedNames).problems(of: featureDefinitions, with: definitions)
        }
        var entries: [CatalogEntryWriter] = []
        var protocols: [SourceIndex.DeclaredType] = []
        var seen: Set<String> = []
        for named in names.types {
            if let type = index.type(named: named.name, module: module) {
                guard seen.insert(type.name).inserted else { continue }
                if !type.isVisible, let owner = type.module {
                    diagnostics.append(ConfigDiagnostic(.error, "Type \"\(named.name)\" for \(named.component) is not public in module \(owner), which the target "
                        + "\(module) cannot use. Make it public (and the initializer config calls).",
                        at: named.location))
                    continue
                }
                if type.isProtocol {
                    protocols.append(type)
                } else if let shape = type.shape {
                    entries.append(CatalogEntryWriter(type: type, shape: shape, location: named.location, methods: names.methods, index: index))
                }
            } else if !externalTypes.contains(named.name) {
                diagnostics.append(ConfigDiagnostic(.error, unknownType(named, index), at: named.location))
            }
        }
        // A `resource:` registers every catalogued type under its prefix, which config does not
        // name one by one: the catalog has an entry for each type of these sources it selects.
        for definition in definitions {
            guard let resource = definition.resource else { continue }
            for type in index.types where type.module == nil && !type.isProtocol && !type.isExtended && "\(module).\(type.name)".hasPrefix(resource.namePrefix) {
                guard let shape = type.shape, seen.insert(type.name).inserted else { continue }
                entries.append(CatalogEntryWriter(type: type, shape: shape, location: definition.location, methods: names.methods, index: index))
            }
        }
        // Another module's type the target extends is not one of its module's, which a resource selects.
        let catalogued = entries.filter { !$0.type.isExtended }.map { "\(module).\($0.type.name)" }
        let registrations = compiledRegistrations(files, index, builder, catalogued: catalogued)
        for problem in registrations.unsupported {
            if let message = problem.launchProblem { diagnostics.append(ConfigDiagnostic(.error, message, at: problem.location)) }
        }
        var writer = GeneratedCodeWriter(typeName: generatedTypeName, configFiles: configFiles, entries: entries, protocols: protocols,
                                         registrations: registrations)
        writer.isPublic = isLibrary
        // The declaration once: for 10,000 services it is most of the generator's time.
        let imports = writer.imports, declaration = writer.declaration
        return Output(code: GeneratedCodeWriter.file(configFiles: configFiles, imports: imports, declarations: [declaration]),
                      imports: imports, declaration: declaration, diagnostics: diagnostics)
    }

    /// Each file's registrations as code, or the first thing the compiled form cannot express.
    private func compiledRegistrations(_ files: [LoadedFile], _ index: SourceIndex, _ builder: ContainerBuilder,
                                       catalogued: [String]) -> CompiledRegistrations {
        var compiled = CompiledRegistrations()
        // The files read (a file's imports too), which the definitions' locations name.
        for path in files.flatMap({ [$0.path] + $0.read }) where compiled.fileConstants[path] == nil {
            compiled.fileConstants[path] = "file\(compiled.fileConstants.count)"
        }
        // The property files bean files read: their values keep their lines too.
        for source in files.flatMap(\.propertySources) {
            for file in Set(source.values.values.map(\.location.file)).sorted() where compiled.fileConstants[file] == nil && !file.isEmpty {
                compiled.fileConstants[file] = "file\(compiled.fileConstants.count)"
            }
        }
        compiled.publicTypes = Set(index.types.filter(\.isPublic).map(\.name))
        let written = files.flatMap(\.definitions)
        // Resources, `_instanceof`, parents, decorators and alias definitions applied here, where the launch cannot change them.
        let definitions = AppliedAtBuild.definitions(written, in: builder, index: index, module: module, catalogued: catalogued)
        var byName: [String: Definition] = [:]
        for definition in written + definitions { if let name = definition.name { byName[name] = definition } }
        let writer = RegistrationWriter(index: index, module: module, byName: byName, fileConstants: compiled.fileConstants,
                                        inners: compiled.inners)
        var seenAccessors: [String: String] = [:]
        for definition in written {
            guard let accessor = writer.accessor(for: definition) else { continue }
            if let type = seenAccessors[accessor.property] {
                // The same name in two profiles: one accessor when both make one type, none else.
                if type != accessor.type { compiled.accessors.removeAll { $0.property == accessor.property } }
                continue
            }
            seenAccessors[accessor.property] = accessor.type
            compiled.accessors.append((accessor.property, accessor.type, accessor.name, definition.location))
        }
        for file in files {
            compiled.parameters.append((file.path, file.parameters))
            compiled.parameterSpellings.formUnion(file.parameterSpellings)
            compiled.usesEnvironmentFunction = compiled.usesEnvironmentFunction || file.usesEnvironmentFunction
            compiled.propertySources += file.propertySources
        }
        for definition in definitions {
            // A template the passes did not apply is only ever a definition: not compiled.
            let result = definition.isAbstract
                ? .failure(RegistrationWriter.Unsupported(reason: "\(definition.label) is a template for its children", location: definition.location))
                : writer.lines(for: definition)
            switch result {
            case .success(let written):
                compiled.statements.append(CompiledRegistrations.Statement(
                    location: definition.location, name: definition.name, template: written.template.joined(), holes: written.holes))
                for check in written.typeChecks where compiled.checked.insert(check.line).inserted { compiled.typeChecks.append(check) }
                compiled.usesGeneratedInterface = compiled.usesGeneratedInterface || written.usesGeneratedInterface
                compiled.usesConfigSettings = compiled.usesConfigSettings || written.usesConfigSettings
            case .failure(let unsupported):
                // `register(in:)` is code registrations only: what they cannot state makes it
                // unavailable, saying why and where (the file still loads at launch).
                compiled.unsupported.append(unsupported)
            }
        }
        // The inner registrations' checks and interfaces, once every outer one has kept or dropped them.
        for check in compiled.inners.typeChecks where compiled.checked.insert(check.line).inserted { compiled.typeChecks.append(check) }
        compiled.usesGeneratedInterface = compiled.usesGeneratedInterface || compiled.inners.usesGeneratedInterface
        compiled.usesConfigSettings = compiled.usesConfigSettings || compiled.inners.usesConfigSettings
        return compiled
    }

    /// The dependencies' files that may declare a type config names (their text has its name
    /// or one of its enclosing types'): parsing every file of every module the target depends on
    /// at each build would cost more than the rest of the compile.
    private func relevant(_ dependencies: [SourceIndex.Dependency], to names: [ConfigNames], and more: Set<String> = []) -> [SourceIndex.Dependency] {
        guard !dependencies.isEmpty else { return [] }
        let modules = Set(dependencies.map(\.module))
        let words = Set((names.flatMap(\.types).map(\.name) + more).flatMap { $0.split(separator: ".").map(String.init) }).subtracting(modules)
        return dependencies.map { dependency in
            SourceIndex.Dependency(module: dependency.module, samePackage: dependency.samePackage,
                                   sources: dependency.sources.filter { source in words.contains { source.text.contains($0) } })
        }
    }

    private func unknownType(_ named: (name: String, location: ConfigLocation, component: String), _ index: SourceIndex) -> String {
        var text = "Unknown type \"\(named.name)\" for \(named.component): "
        if let candidates = index.ambiguous[named.name] {
            text += "several types of module \(module) have that name (\(candidates.joined(separator: ", "))). Write the one you mean by its full name."
            return text
        }
        text += "no class, struct, actor or protocol of that name is declared in the Swift sources of target \(module)"
            + (dependencies.isEmpty ? "." : " or of the modules it depends on.")
        let suggestions = Suggestions.closest(to: named.name, in: index.allNames)
        if !suggestions.isEmpty { text += " Did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: " or ") + "?" }
        text += " A type of a module without sources here (Foundation's URL) is known by what the target declares in an extension of it"
            + " (and a typealias, for another name): declare there the initializer or static factory config calls."
        return text
    }

    /// One diagnostic per problem a front end reported.
    static func diagnostics(of error: any Error, file: URL) -> [ConfigDiagnostic] {
        let problems: [(String, ConfigLocation?)]
        switch error {
        case let error as ConfigError: problems = error.problems.map { ($0.description, $0.location) }
        default: problems = [("\(error)", nil)]
        }
        return problems.map { ConfigDiagnostic(.error, $0.0, at: $0.1 ?? ConfigLocation(file: file.path, line: 0)) }
    }
}

/// One config file as its front end read it.
struct LoadedFile {
    let path: String
    /// What the file and its imports contribute, read past problems: its front end goes on past
    /// each (an unknown key leaves its service out), so that one problem does not hide the others.
    let contribution: ConfigContribution

    var definitions: [Definition] { contribution.definitions }
    /// A services.yaml's `parameters`, which its load adds as a property source.
    var parameters: [String: ConfigValue] { contribution.parameters }
    var synthetic: [String: ConfigLocation] { contribution.synthetic }
    /// The placeholder keys the file writes as parameters (`%key%`), which problems quote so.
    var parameterSpellings: Set<String> { contribution.writtenAsParameters }
    /// A bean file's property files (`context:property-placeholder`), as its load reads them.
    var propertySources: [PropertiesFileSource] { contribution.propertySources }
    /// Every config file its load reads: itself and the files it imports.
    var read: [String] { contribution.files }
    var problems: [ConfigError] { contribution.problems }
    /// Names of what was left out for a problem, so that references to them are not reported
    /// again as missing.
    var skipped: [String] { contribution.skipped }

    /// Whether one of those files may call `env(…)` in a placeholder (its text has `env(`), so
    /// the compiled form adds IoCConfig's `EnvironmentFunction` as the load does.
    var usesEnvironmentFunction: Bool {
        read.contains { path in
            guard let data = FileManager.default.contents(atPath: path) else { return false }
            return data.range(of: Data("env(".utf8)) != nil
        }
    }

    /// Reads `file` with the front end of its format.
    init(_ file: URL) {
        path = file.path
        contribution = ConfigFiles.check(file, root: nil, readers: [YAMLLoader(), XMLLoader()])
    }
}

/// The registrations the generated `register(in:)` makes, and why it cannot when it cannot.
struct CompiledRegistrations {
    var fileConstants: [String: String] = [:]
    var parameters: [(file: String, values: [String: ConfigValue])] = []
    var parameterSpellings: Set<String> = []
    /// Whether a file may call `env(…)` in a placeholder: the code adds IoCConfig's `EnvironmentFunction`.
    var usesEnvironmentFunction = false
    /// Bean files' property files, read at build: their values are compiled in.
    var propertySources: [PropertiesFileSource] = []
    /// Whether the code uses the core's interface for generated code (`@_spi(GeneratedConfig)`):
    /// a registration's settings no modifier states.
    var usesGeneratedInterface = false
    /// Whether a registration sets one of IoCConfig's settings (a deprecation): the code imports IoCConfig.
    var usesConfigSettings = false
    /// One component: where it is defined, its name, its registration's template and the
    /// expressions of its holes (``RegistrationWriter/Written``).
    struct Statement {
        let location: ConfigLocation
        let name: String?
        let template: String
        let holes: [(type: String, value: RegistrationWriter.HoleValue)]
    }

    /// The functions registering the inner definitions of the code registrations.
    let inners = InnerRegistrations()

    var statements: [Statement] = []
    /// The types a library's accessors may show publicly: public ones, by their Swift names.
    var publicTypes: Set<String> = []
    /// The typed accessors of the named components: property, type, component name, place.
    var accessors: [(property: String, type: String, name: String, location: ConfigLocation)] = []
    /// Statements the Swift compiler checks, at the config's places (``RegistrationWriter/Written``).
    var typeChecks: [(location: ConfigLocation, line: String)] = []
    /// The type checks written: each pair of types is checked once, at its first place.
    var checked: Set<String> = []
    var unsupported: [RegistrationWriter.Unsupported] = []
}

/// Stands in for every value read at launch (environment, the app's sources) while the graph is
/// checked at build.
private struct LaunchValues: PropertySource {
    let name = "the values read at launch"
    /// Keys the launch does not give: parameters no file defines.
    let refusing: Set<String>
    func value(for key: String) -> ConfigValue? { refusing.contains(key) ? nil : ConfigValue(.string("0")) }
}
