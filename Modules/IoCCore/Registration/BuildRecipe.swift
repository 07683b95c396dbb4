import Foundation

/// What a builder held when it built a container: enough to build the same container again,
/// with changes. IoCTesting builds its overlays from it. The definitions are the builder's own
/// array, shared, not copied; or, when the build kept that array as it was, the container's
/// own table of them, rows and all (``DefinitionTable``).
package struct BuildRecipe {
    let storedDefinitions: DefinitionTable
    /// The builder's definitions (made from the container's rows, when it keeps them so).
    package var definitions: [Definition] { storedDefinitions.all }
    let parent: Container?
    let eagerSingletons: Bool
    let maxResolutionDepth: Int
    let creationWaitSeconds: Double?
    let events: (@Sendable (ContainerEvent) -> Void)?
    let slowCreationSeconds: Double?
    let allowsCaptiveDependencies: Bool
    let converters: ValueConverters
    let propertySources: [any PropertySource]
    let maxPlaceholderTextBytes: Int
    let maxInheritedSettings: Int
    let placeholderFunctions: [String: any PlaceholderFunction]
    let configRoots: [URL]
    let syntheticNames: [String: ConfigLocation]
    let placeholderSpellings: [String: PlaceholderSpelling]
    let activeProfiles: Set<String>
    let catalog: TypeCatalog?
    let postProcessors: [any InstancePostProcessor]
    let customScopes: [String: any CustomScope]

    /// What `builder` holds, with its definitions as `definitions` keeps them.
    init(_ builder: ContainerBuilder, definitions: DefinitionTable) {
        storedDefinitions = definitions
        parent = builder.parent
        eagerSingletons = builder.eagerSingletons
        maxResolutionDepth = builder.maxResolutionDepth
        creationWaitSeconds = builder.creationWaitSeconds
        events = builder.events
        slowCreationSeconds = builder.slowCreationSeconds
        allowsCaptiveDependencies = builder.allowsCaptiveDependencies
        converters = builder.converters
        propertySources = builder.propertySources
        maxPlaceholderTextBytes = builder.maxPlaceholderTextBytes
        maxInheritedSettings = builder.maxInheritedSettings
        placeholderFunctions = builder.placeholderFunctions
        configRoots = builder.configRoots
        syntheticNames = builder.syntheticNames
        placeholderSpellings = builder.placeholderSpellings
        activeProfiles = builder.activeProfiles
        catalog = builder.catalog
        postProcessors = builder.postProcessors
        customScopes = builder.customScopes
    }
}

extension ContainerBuilder {
    /// A builder holding everything `base` was built from, whose build shares with `base` every
    /// singleton its changes do not affect (a test overlay).
    package convenience init(overlaying base: Container, recipe: BuildRecipe) {
        if let parent = recipe.parent { self.init(parent: parent) } else { self.init() }
        // The base's definitions name code its table reaches (the builder's, and what its build bound).
        code = CodeTable(extending: [base.code])
        add(contentsOf: recipe.definitions)
        eagerSingletons = recipe.eagerSingletons
        maxResolutionDepth = recipe.maxResolutionDepth
        creationWaitSeconds = recipe.creationWaitSeconds
        events = recipe.events
        slowCreationSeconds = recipe.slowCreationSeconds
        allowsCaptiveDependencies = recipe.allowsCaptiveDependencies
        converters = recipe.converters
        propertySources = recipe.propertySources
        maxPlaceholderTextBytes = recipe.maxPlaceholderTextBytes
        maxInheritedSettings = recipe.maxInheritedSettings
        placeholderFunctions = recipe.placeholderFunctions
        configRoots = recipe.configRoots
        syntheticNames = recipe.syntheticNames
        placeholderSpellings = recipe.placeholderSpellings
        activeProfiles = recipe.activeProfiles
        catalog = recipe.catalog
        postProcessors = recipe.postProcessors
        customScopes = recipe.customScopes
        sharingBase = base
    }

    /// Changes the definition at `index` in place (an overlay's property values).
    package func updateDefinition(at index: Int, _ change: (inout Definition) -> Void) {
        update(index, change)
    }
}
