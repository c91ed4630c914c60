import EntityGenRuntime
import Foundation

/// The raw contents of one input file, as bytes, before any YAML parsing.
public struct SourceFile: Sendable {
    /// Largest schema or config file accepted. Real schemas are a few kilobytes; a larger file is almost
    /// certainly the wrong file, and refusing it keeps the linter's time and memory bounded.
    public static let maximumSize = 8 * 1024 * 1024

    /// The path as the user named it; diagnostics print it unchanged.
    public var path: String
    /// The file's bytes.
    public var bytes: [UInt8]

    /// Creates a source file from bytes already in memory (tests, rule examples).
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Creates a source file from text already in memory.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Reads a file from disk.
    /// - Throws: ``InputError`` when the file cannot be read, is not a regular file (a device such as
    ///   `/dev/zero` behind a symbolic link would be read forever, a FIFO would block), or is larger than
    ///   ``maximumSize`` (also when it grows past it while being read).
    public static func read(path: String) throws(InputError) -> SourceFile {
        SourceFile(
            path: path,
            bytes: try InputFile.read(path, limit: maximumSize, accepting: .regularFiles, what: "schema files"))
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset, for errors that libyaml
    /// reports as offsets and for invalid UTF-8.
    public func location(ofByteOffset offset: Int) -> SourceLocation {
        let (line, column) = bytes.withUnsafeBufferPointer { buffer in
            UTF8Validation.lineAndColumn(
                buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: buffer.count, offset: offset)
        }
        return SourceLocation(file: path, line: line, column: column)
    }
}

/// A problem with an input that stops it from being read at all (missing file, unreadable folder).
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path that could not be used.
    public var path: String
    /// What went wrong.
    public var message: String

    /// Creates an input error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: error: message`.
    public var description: String { "\(path): error: \(message)" }
}
