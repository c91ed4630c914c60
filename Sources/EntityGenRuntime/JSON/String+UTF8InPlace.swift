extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place when the storage is contiguous (every
    /// native string, small or not): no copy of the string, so no retain and release of storage that
    /// another thread may have written. Only a string without contiguous UTF-8 (foreign storage) is
    /// copied first. What a key lookup, a SQLite bind and a PostgreSQL COPY field share.
    @inlinable package func withUTF8InPlace<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
