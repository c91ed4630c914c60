import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A fresh SQLite file in a temporary folder, migrated with the generated schema.
func makeDatabase() throws -> (pool: DatabasePool, path: String) {
    let folder = try TemporaryFolder.make("entitygen-tests")
    let path = folder.appendingPathComponent("db.sqlite").path
    return (try openFreshDatabase(atPath: path), path)
}

/// Opens a new database at `path` as the generated `openDatabase(atPath:)` does, from a copy of a file
/// the generated migrations built once in this test process: the whole migration history (every
/// recorded version of every schema of this target) runs once, not for each of the hundreds of
/// databases the tests open. The copy is what a fresh install's first launch leaves. Tests of
/// migrating itself (Test_AppLifecycle, Test_Migrations, Test_FirstLaunchAfterUpdate) build their own.
func openFreshDatabase(atPath path: String) throws -> DatabasePool {
    try FileManager.default.copyItem(atPath: migratedTemplate.get(), toPath: path)
    return try EntityGenDatabase.openDatabase(atPath: path)
}

/// The file ``openFreshDatabase(atPath:)`` copies: migrated, then closed, so that its write-ahead log
/// is checkpointed into it and removed.
private let migratedTemplate = Result { () throws -> String in
    let folder = try TemporaryFolder.make("entitygen-migrated-template")
    let path = folder.appendingPathComponent("template.sqlite").path
    try EntityGenDatabase.openDatabase(atPath: path).close()
    guard !FileManager.default.fileExists(atPath: path + "-wal") else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path + "-wal"])
    }
    return path
}

/// A fresh database file migrated by the generated migrations up to `migration` only, as an app
/// released with that migration left it.
func makeDatabase(migratedUpTo migration: String) throws -> DatabasePool {
    let folder = try TemporaryFolder.make("entitygen-tests")
    let pool = try DatabasePool(
        path: folder.appendingPathComponent("db.sqlite").path,
        configuration: EntityGenConfiguration.prepared(Configuration()))
    var migrator = DatabaseMigrator()
    EntityGenDatabase.registerMigrations(in: &migrator)
    try migrator.migrate(pool, upTo: migration)
    return pool
}

/// Runs every generated migration `writer` has not run yet, as an app's new version does at launch.
func migrateToLatest(_ writer: some DatabaseWriter) throws {
    var migrator = DatabaseMigrator()
    EntityGenDatabase.registerMigrations(in: &migrator)
    try migrator.migrate(writer)
}

/// Counts rows of a table.
func count(_ table: String, in reader: any DatabaseReader) throws -> Int {
    try reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \"\(table)\"") ?? 0 }
}

/// Serves canned responses to URLSession by URL (the OHHTTPStubs of the seeds).
final class StubProtocol: URLProtocol {
    /// Responses by absolute URL: (status, body).
    nonisolated(unsafe) static var responses: [String: (Int, Data)] = [:]
    nonisolated(unsafe) static var requested: [String] = []
    static let lock = NSLock()

    /// A session answering from `responses` (merged into the shared table: tests running in parallel
    /// use hosts of their own).
    static func session(_ responses: [String: (Int, Data)]) -> URLSession {
        lock.withLock {
            Self.responses.merge(responses) { $1 }
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        return URLSession(configuration: configuration)
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let url = request.url!.absoluteString
        let response = Self.lock.withLock { () -> (Int, Data)? in
            Self.requested.append(url)
            return Self.responses[url]
        }
        let (status, body) = response ?? (404, Data("not stubbed: \(url)".utf8))
        client?.urlProtocol(
            self,
            didReceive: HTTPURLResponse(
                url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!,
            cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

/// The real podspecs as pages of `{"number_of_pages": N, "result": [...]}` (seed 004's web service).
func podPages(pageSize: Int) throws -> [Data] {
    let specs = try Fixtures.podspecs()
    let chunks = stride(from: 0, to: specs.count, by: pageSize).map {
        Array(specs[$0..<min($0 + pageSize, specs.count)])
    }
    return chunks.map { chunk in
        var page = Data("{\"number_of_pages\": \(chunks.count), \"result\": [".utf8)
        for (offset, spec) in chunk.enumerated() {
            if offset > 0 { page.append(contentsOf: Array(",".utf8)) }
            page.append(contentsOf: spec.bytes)
        }
        page.append(contentsOf: Array("]}".utf8))
        return page
    }
}
