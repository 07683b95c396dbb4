import IoCCore
import IoCLogging
import Logging

// The code examples of IoCLogging's doc comments and of the docs that show it (see
// SnippetCoverageTests: here, not in DocCommentSnippetTests, whose fixture has types named
// Logger and Logging). Compiled, not run.

// Modules/IoCLogging/ContainerLogging.swift: ContainerBuilder.log(to:slowCreationSeconds:)
func loggingTheContainer(builder: ContainerBuilder) { // scaffold
    let logger = Logger(label: "app.container")
    builder.log(to: logger, slowCreationSeconds: 0.05)
} // scaffold
