import Foundation

/// Reads JSON documents one after another into the same memory, as simdjson reuses its parser.
///
/// `JSONDocument(bytes:)` needs a copy of the input and a tape for every document: it takes the memory
/// a freed document left when there is some (a few sets of up to 4 MB inputs, process-wide) and
/// allocates otherwise, with a page fault per 4 KB it touches. A reader keeps its own, of any size, and
/// parses the next document into it once the previous document is gone. Documents stay safe to keep: while
/// one the reader returned is still alive (held by you, or a value sent elsewhere), the next `read`
/// gives the new document memory of its own instead of overwriting it.
///
/// ```swift
/// let reader = JSONReader()
/// for page in pages {
///     let document = try reader.read(page)
///     let count = document.withRoot { root in root.count }
/// }
/// ```
///
/// A reader keeps the memory of the largest document it has read until it is released. It is not
/// `Sendable`: use one per thread or task. The streaming importer (`importArray(contentsOf:)`) reads
/// its batches through one; `Feed.prepare(_:page:reader:)` takes yours.
public final class JSONReader {
    /// The settings every document is read with.
    public let options: JSONReaderOptions
    private var storage: JSONStorage?

    /// A reader with `options`.
    public init(options: JSONReaderOptions = .default) {
        self.options = options
    }

    /// Parses and validates `bytes`, reusing the memory of the previous document when nothing holds it
    /// any more.
    /// - Throws: ``JSONError`` with the byte offset, line, column and JSON path of the first problem.
    public func read(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSONDocument {
        if storage == nil || !isKnownUniquelyReferenced(&storage!) {
            storage = JSONStorage()
        }
        let storage = storage.unsafelyUnwrapped
        try storage.parse(bytes, options: options)
        return JSONDocument(parsedInto: storage)
    }
}
