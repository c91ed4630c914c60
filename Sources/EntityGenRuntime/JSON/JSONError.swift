/// A JSON document that is not RFC 8259 JSON, or that exceeds the reader's limits.
///
/// Carries the byte offset of the problem, its 1-based line and column (columns count Unicode scalars),
/// and the JSON path of the value being read (`$.result[3].authors`).
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// Byte offset of the problem in the input.
    public var byteOffset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// The JSON path of the value being read when the problem was found; deeper than 64 levels, its first
    /// and last eight components around the number left out (`$[0][0]...<496 levels>...[0][0]`).
    public var path: String

    /// Creates an error.
    public init(message: String, byteOffset: Int, line: Int, column: Int, path: String) {
        self.message = message
        self.byteOffset = byteOffset
        self.line = line
        self.column = column
        self.path = path
    }

    /// `line:column (byte N) at $.path: message`.
    public var description: String {
        "\(line):\(column) (byte \(byteOffset)) at \(path): \(message)"
    }
}
