// Without the package trait "SwiftSyntax" the macros' implementation is not built: say so once.
#if !SwiftSyntax
#warning("IoCAnnotations is built without swift-ioc's package trait \"SwiftSyntax\", so its macros cannot expand: give traits: [.defaults] (or list \"SwiftSyntax\") on swift-ioc's .package line")
#endif
