import EntityGenRuntime
import Foundation
import GRDB

extension FeedImporter {
    /// Imports a file holding one top-level array of items, element by element in batches of
    /// `batchSize`, each batch in its own transaction: memory stays flat whatever the file's size.
    ///
    /// A batch that fails (bad JSON, a database error) throws; the batches before it stay committed.
    /// Errors name the elements by their index in the whole array.
    @discardableResult
    public func importArray(
        contentsOf file: URL, batchSize: Int = 1000, chunkSize: Int = 1 << 20
    ) throws -> ImportReport {
        guard let handle = FileHandle(forReadingAtPath: file.path) else {
            throw ImportError.fetch(url: file.path, message: "cannot open the file for reading")
        }
        defer { try? handle.close() }
        let batchFeed = Feed<Entity>(name: feed.name, actions: feed.actions)
        var splitter = JSONArraySplitter()
        var report = ImportReport()
        let flush: ([UInt8], Int) throws -> Void = { batch, before in
            let page = try batchFeed.prepare(batch, page: "\(file.lastPathComponent) elements from \(before)")
            report.merge(try self.write(page))
        }
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: chunkSize) ?? Data() } catch {
                throw ImportError.fetch(url: file.path, message: "read failed: \(error.localizedDescription)")
            }
            if chunk.isEmpty { break }
            do {
                try chunk.withUnsafeBytes { raw in
                    try splitter.consume(raw.bindMemory(to: UInt8.self), batchSize: max(1, batchSize), flush: flush)
                }
            } catch let failure as JSONArraySplitter.Failure {
                throw ImportError.malformedPage(
                    page: file.lastPathComponent, path: "byte \(failure.offset)", message: failure.message)
            }
        }
        do { try splitter.finish() } catch let failure as JSONArraySplitter.Failure {
            throw ImportError.malformedPage(
                page: file.lastPathComponent, path: "byte \(failure.offset)", message: failure.message)
        }
        return report
    }
}
