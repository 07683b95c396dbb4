/// Bounds on what an XML config file may ask of the reader; each fails with an error naming it.
public struct XMLLimits: Sendable, Equatable {
    /// The largest file, in bytes. A document larger than 2 GiB (2,147,483,647 bytes) is refused
    /// whatever this says.
    public var maxDocumentBytes = 16 * 1024 * 1024
    /// How deeply elements may nest (libxml2 itself stops at 256).
    public var maxDepth = 64
    /// The longest attribute value or text, in bytes.
    public var maxValueBytes = 1024 * 1024
    /// How deep `import` may chain.
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
    /// var limits = XMLLimits()
    /// limits.maxDocumentBytes = 1024 * 1024
    /// ```
    public init() {}
}
