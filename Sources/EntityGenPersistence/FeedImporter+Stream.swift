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
        // Each batch is parsed into the memory of the one before (the previous document is gone by then).
        let reader = JSONReader()
        let flush: ([UInt8], Int) throws -> Void = { batch, before in
            var page = try batchFeed.prepare(
                batch, page: "\(file.lastPathComponent) elements from \(before)", reader: reader)
            // A batch is its own array: its paths (`$[500]`) become indices in the whole array.
            for index in page.report.skipped.indices {
                page.report.skipped[index].path = Self.path(page.report.skipped[index].path, offsetBy: before)
            }
            for index in page.report.issues.indices {
                page.report.issues[index].path = Self.path(page.report.issues[index].path, offsetBy: before)
            }
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
        do { try splitter.finish(flush: flush) } catch let failure as JSONArraySplitter.Failure {
            throw ImportError.malformedPage(
                page: file.lastPathComponent, path: "byte \(failure.offset)", message: failure.message)
        }
        return report
    }

    /// `$[n]...` with `n` increased by `offset`; other paths unchanged.
    static func path(_ path: String, offsetBy offset: Int) -> String {
        guard offset > 0, path.hasPrefix("$["), let close = path.firstIndex(of: "]") else { return path }
        let digits = path[path.index(path.startIndex, offsetBy: 2)..<close]
        guard let index = Int(digits) else { return path }
        return "$[\(index + offset)]" + path[path.index(after: close)...]
    }
}
