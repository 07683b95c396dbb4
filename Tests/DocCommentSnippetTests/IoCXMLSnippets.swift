import Foundation
import IoCCore
import IoCXML
import IoCYAML

// The code examples of IoCXML's doc comments, each where the compiler checks it (see
// SnippetCoverageTests). Lines marked `// scaffold` give an example what it takes for granted.

// Modules/IoCXML/SelectorMapping.swift:18
func selectorMapping18() throws { // scaffold
    let signature = SelectorMapping.swiftSignature("initWithQuest:")   // "init(quest:)"
    _ = signature // scaffold
} // scaffold

// Modules/IoCXML/XMLLimits.swift:21
func xMLLimits21() throws { // scaffold
    var limits = XMLLimits()
    limits.maxDocumentBytes = 1024 * 1024
    _ = limits // scaffold
} // scaffold

// Modules/IoCXML/XMLLoader.swift:27
func xMLLoader27(builder: ContainerBuilder, catalog: TypeCatalog) throws { // scaffold
    builder.catalog = catalog
    try builder.loadXML(contentsOf: URL(fileURLWithPath: "MiddleAgesAssembly.xml"))
} // scaffold

// Modules/IoCXML/XMLLoader.swift:37
func xMLLoader37() throws { // scaffold
    var limits = XMLLimits()
    limits.maxDocumentBytes = 1024 * 1024
    let config = try XMLLoader(limits: limits).load(contentsOf: URL(fileURLWithPath: "beans.xml"))
    _ = limits // scaffold
    _ = config // scaffold
} // scaffold

// Modules/IoCXML/XMLLoader.swift:57
func xMLLoader57() throws { // scaffold
    let config = try XMLLoader().load(contentsOf: URL(fileURLWithPath: "config/beans.xml"))
    _ = config // scaffold
} // scaffold

// Modules/IoCXML/XMLLoader.swift:68
func xMLLoader68() throws { // scaffold
    let checked = XMLLoader().check(contentsOf: URL(fileURLWithPath: "config/beans.xml"))
    for problem in checked.problems { print(problem) }
    _ = checked // scaffold
} // scaffold

// Modules/IoCXML/XMLLoader.swift:81
func xMLLoader81() throws { // scaffold
    let config = try XMLLoader().load(string: #"<beans><bean id="clock" class="SystemClock"/></beans>"#)
    _ = config // scaffold
} // scaffold

// Modules/IoCXML/XMLLoader.swift:234
func xMLLoader234(builder: ContainerBuilder) throws { // scaffold
    try builder.loadXML(contentsOf: URL(fileURLWithPath: "config/beans.xml"))
} // scaffold

// Modules/IoCXML/XMLLoader.swift:246
func xMLLoader246(builder: ContainerBuilder) throws { // scaffold
    try builder.loadXML(#"<beans><bean id="clock" class="SystemClock"/></beans>"#, name: "test.xml")
} // scaffold

// Modules/IoCXML/XMLWriter.swift:10
func xMLWriter10(url: URL) throws { // scaffold
    let config = try YAMLLoader().load(contentsOf: url)
    let xml = try XMLWriter.string(from: config.definitions)
    _ = config // scaffold
    _ = xml // scaffold
} // scaffold

// Modules/IoCXML/XMLWriter.swift:19
func xMLWriter19(builder: ContainerBuilder) throws { // scaffold
    let xml = try XMLWriter.string(from: builder.definitions)
    _ = xml // scaffold
} // scaffold
