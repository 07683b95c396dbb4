/// Bounds on what a YAML config file may ask of the reader. Config files are input: each limit
/// fails with an error that names it, so a hostile or broken file can neither exhaust memory
/// nor hang the build.
public struct YAMLLimits: Sendable, Equatable {
    /// The largest file, in bytes. A document larger than 2 GiB (2,147,483,647 bytes) is refused
    /// whatever this says.
    public var maxDocumentBytes = 16 * 1024 * 1024
    /// The longest scalar, in bytes.
    public var maxScalarBytes = 1024 * 1024
    /// How deeply collections may nest.
    public var maxDepth = 64
    /// How many nodes aliases (`*anchor`) may add in all; a billion-laughs file stops here.
    public var maxAliasExpansion = 100_000
    /// How deep `imports` may chain.
    public var maxImportDepth = 16
    /// How many files one load may read, the first and every import, a file imported twice
    /// counted twice: a file that imports another several times, which does the same, asks
    /// for their product.
    public var maxFilesRead = 1_000
    /// How many bytes one load may read in all, the first file and every import.
    public var maxBytesRead = 64 * 1024 * 1024

    /// The default bounds, as listed.
    ///
    /// ```swift
    /// var limits = YAMLLimits()
    /// limits.maxAliasExpansion = 10_000
    /// ```
    public init() {}
}
