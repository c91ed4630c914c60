import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB
import GRDBSQLite

/// What a user writes by hand with GRDB: a Codable record for the same `benchPod` table, filled from the
/// JSONDecoder types of the mapping benchmark.
struct GRDBPod: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "benchPod"
    var name: String
    var version: String
    var summary: String?
    var details: String?
    var homepage: URL?
    var socialMediaUrl: URL?
    var licenseType: String?
    var licenseFile: String?
    var authors: [String: String]
    var sourceGit: URL?
    var sourceTag: String?
    var platforms: [String: String]
    var requiresArc: Bool
    var sourceFiles: [String]

    init(_ pod: CodablePod) {
        name = pod.name
        version = pod.version
        summary = pod.summary
        details = pod.description
        homepage = pod.homepage
        socialMediaUrl = pod.social_media_url
        licenseType = pod.license?.type
        licenseFile = pod.license?.file
        authors = pod.authors ?? [:]
        sourceGit = pod.source?.git
        sourceTag = pod.source?.tag
        platforms = pod.platforms ?? [:]
        requiresArc = pod.requires_arc ?? true
        sourceFiles = pod.source_files ?? []
    }
}

/// The three baselines of the import benchmark.
enum ImportBaselines {
    /// The limit: a raw sqlite3 prepared `INSERT ... ON CONFLICT DO UPDATE`, bound by hand, in one
    /// transaction (collections encoded to JSON text as the generated code stores them). With
    /// `rowsPerStatement` above 1, each statement carries that many rows (`VALUES (...), (...)`, the last
    /// chunk its own statement): the multi-row lever, measured against the single-row loop in the same run.
    /// With `inPlace`, text is copied into one scratch buffer per parameter and bound `SQLITE_STATIC`, as
    /// the importer binds it, instead of letting SQLite allocate and copy it (`SQLITE_TRANSIENT`).
    static func rawUpsert(
        _ pods: [BenchPod], into pool: DatabasePool, rowsPerStatement: Int = 1, inPlace: Bool = false
    ) throws {
        let columns = BenchPod.SQLite.table.columns
        let others = columns.dropFirst(2).map { "\"\($0)\" = excluded.\"\($0)\"" }.joined(separator: ", ")
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        func sql(rows: Int) -> String {
            "INSERT INTO benchPod (\(columns.map { "\"\($0)\"" }.joined(separator: ", "))) VALUES \(Array(repeating: row, count: rows).joined(separator: ", ")) ON CONFLICT (name, version) DO UPDATE SET \(others)"
        }
        try pool.writeWithoutTransaction { db in
            let connection = db.sqliteConnection!
            var prepared: [Int: OpaquePointer] = [:]
            defer { for statement in prepared.values { sqlite3_finalize(statement) } }
            func statement(rows: Int) throws -> OpaquePointer {
                if let statement = prepared[rows] { return statement }
                var statement: OpaquePointer?
                guard sqlite3_prepare_v2(connection, sql(rows: rows), -1, &statement, nil) == SQLITE_OK, let statement
                else {
                    throw ImportError.database("prepare: \(String(cString: sqlite3_errmsg(connection)))")
                }
                prepared[rows] = statement
                return statement
            }
            sqlite3_exec(connection, "BEGIN IMMEDIATE", nil, nil, nil)
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            // Scratch memory for the in-place variant: one buffer per parameter, as large as any value here.
            let scratchSize = 4_096
            let scratch = UnsafeMutableRawPointer.allocate(
                byteCount: inPlace ? scratchSize * columns.count * rowsPerStatement : 0, alignment: 8)
            defer { scratch.deallocate() }
            func bind(_ bytes: UnsafeRawBufferPointer, _ statement: OpaquePointer, _ index: Int32) {
                guard inPlace else {
                    sqlite3_bind_text(
                        statement, index, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                        transient)
                    return
                }
                precondition(bytes.count <= scratchSize)
                let target = scratch + Int(index - 1) * scratchSize
                target.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
                sqlite3_bind_text(statement, index, target.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
            }
            let strings = MapTransformer(StringTransformer())
            let list = ArrayTransformer(StringTransformer())
            var start = 0
            while start < pods.count {
                let chunk = pods[start..<min(start + rowsPerStatement, pods.count)]
                let statement = try statement(rows: chunk.count)
                func text(_ value: String?, _ index: Int32) {
                    guard var value else { sqlite3_bind_null(statement, index); return }
                    value.withUTF8 { bind(UnsafeRawBufferPointer($0), statement, index) }
                }
                func json(_ write: (inout JSONWriter) -> Void, _ index: Int32) {
                    var writer = JSONWriter()
                    write(&writer)
                    writer.bytes.withUnsafeBufferPointer { bind(UnsafeRawBufferPointer($0), statement, index) }
                }
                for (offset, pod) in chunk.enumerated() {
                    let first = Int32(offset * columns.count)
                    text(pod.name, first + 1); text(pod.version, first + 2); text(pod.summary, first + 3)
                    text(pod.details, first + 4); text(pod.homepage?.absoluteString, first + 5)
                    text(pod.socialMediaUrl?.absoluteString, first + 6)
                    text(pod.licenseType, first + 7); text(pod.licenseFile, first + 8)
                    json({ strings.encode(pod.authors, to: &$0) }, first + 9)
                    text(pod.sourceGit?.absoluteString, first + 10); text(pod.sourceTag, first + 11)
                    json({ strings.encode(pod.platforms, to: &$0) }, first + 12)
                    sqlite3_bind_int64(statement, first + 13, pod.requiresArc ? 1 : 0)
                    json({ list.encode(pod.sourceFiles, to: &$0) }, first + 14)
                }
                guard sqlite3_step(statement) == SQLITE_DONE else {
                    throw ImportError.database(String(cString: sqlite3_errmsg(connection)))
                }
                sqlite3_reset(statement)
                start += chunk.count
            }
            guard sqlite3_exec(connection, "COMMIT", nil, nil, nil) == SQLITE_OK else {
                throw ImportError.database("commit")
            }
        }
    }

    /// Rows per multi-row statement: as many as SQLite's default limit of 32,766 bound variables allows.
    static var rowsPerMultiRowStatement: Int { 32_766 / BenchPod.SQLite.table.columns.count }

    /// JSONDecoder, then GRDB's `upsert` per record, in one transaction.
    static func grdbUpsert(_ json: Data, into pool: DatabasePool) throws {
        let pods = try JSONDecoder().decode([CodablePod].self, from: json).map(GRDBPod.init)
        try pool.write { db in
            for pod in pods { try pod.upsert(db) }
        }
    }

    /// The seed's find-or-create: JSONDecoder, then per record a fetch by identity and an insert or update.
    static func naiveFindOrCreate(_ json: Data, into pool: DatabasePool) throws {
        let pods = try JSONDecoder().decode([CodablePod].self, from: json).map(GRDBPod.init)
        try pool.write { db in
            for pod in pods {
                if var existing = try GRDBPod.fetchOne(db, key: ["name": pod.name, "version": pod.version]) {
                    existing = pod
                    try existing.update(db)
                } else {
                    try pod.insert(db)
                }
            }
        }
    }
}
