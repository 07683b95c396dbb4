extension String {
    /// Whether the text holds `byte` (an ASCII character), searched over the UTF-8 bytes in
    /// place: the translator asks this of every scalar it reads, and going through the
    /// UTF-8 view one index at a time cost several times as much.
    func containsASCII(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? utf8.contains(byte)
    }
}
