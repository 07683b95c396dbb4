import IoCCore

extension PlaceholderSpelling {
    /// A services.yaml parameter, `%key%`: the YAML loader gives the keys its files write so
    /// this spelling, and a problem about one says where such keys are defined.
    public static let parameter = PlaceholderSpelling(noun: "Parameter", opening: "%", closing: "%",
                                                      whereToDefine: "under parameters:, or in another property source")
}
