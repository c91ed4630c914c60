import EntityGenRuntime

/// How a large page is cut into chunks, mapped on two threads and written one after the other in one
/// transaction.
package enum PageChunking {
    /// The record limits of successive chunks: `size / 8` (at least one), doubling, then `size` for
    /// ever.
    package static func limits(size: Int) -> some IteratorProtocol<Int> {
        let size = max(size, 1)
        return sequence(first: max(size / 8, 1)) { Swift.min($0 * 2, size) }.makeIterator()
    }

    /// One chunk of a page's records: the first and how many, in feed order.
    package struct Chunk {
        /// The chunk's first record (an element of the page's array of records).
        package let first: JSONValue
        /// How many records the chunk holds.
        package let count: Int
    }

    /// The page's records (an array) cut into chunks of ``limits(size:)`` records each, in order. A
    /// chunk can then be mapped by whichever thread is free, without walking the records before it.
    ///
    /// The first chunk holds an eighth of `size` and each next one twice the last, up to `size`: the
    /// writer waits for the first chunk, so a small one lets it start sooner (2,048 pods took the mapping
    /// thread 11-18 ms), while later chunks are large enough that handing them over costs nothing.
    package static func chunks(of items: JSONValue, size: Int) -> [Chunk] {
        var limits = limits(size: size)
        var chunks: [Chunk] = []
        var first: JSONValue?
        var count = 0
        var limit = limits.next()!
        items.forEachElement { _, element in
            if first == nil { first = element }
            count += 1
            if count == limit {
                chunks.append(Chunk(first: first!, count: count))
                first = nil
                count = 0
                limit = limits.next()!
            }
        }
        if let first { chunks.append(Chunk(first: first, count: count)) }
        return chunks
    }
}

extension Feed {
    /// Maps one chunk of a page's records (``PageChunking/chunks(of:size:)``) into a page of its own
    /// operations and report, as ``prepare(_:page:reader:key:)`` maps them; the operations are reserved
    /// at the chunk's size, so the array is allocated once instead of doubling its way up.
    package func prepare<Key>(
        _ chunk: PageChunking.Chunk, page: String, key: DeleteKeyReader<Key>
    ) throws(ImportError) -> PreparedPage<Entity, Key> {
        var prepared = PreparedPage<Entity, Key>(reservingCapacity: chunk.count)
        try chunk.first.forEachElement(startingHereCount: chunk.count) { element throws(ImportError) in
            try prepareItem(element, page: page, key: key, into: &prepared)
        }
        return prepared
    }
}
