import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB
import GRDBSQLite

/// `entitygen-bench read`: reading stored rows back through the generated records with GRDB's plain
/// requests, against a raw sqlite3 step loop that reads the same columns into the same structs (the
/// floor) and against GRDB's `Codable` records (what a user writes by hand), in the same run, on the same
/// file. Three reads: all 100,000 pods (`fetchAll`), a filtered and ordered request, and the graph request
/// (`requestIncludingRelationships()`) of 10,000 maintainers with 10 pods each.
///
/// Prints `seconds` lines and, per read and in total, `ratio read_<read>_vs_raw_sqlite` (the raw loop's
/// time over the generated code's: 1 is the floor's speed) and `ratio read_<read>_vs_grdb_codable`.
enum ReadBenchmark {
    static let podCount = 100_000
    static let maintainerCount = 10_000
    static let podsPerMaintainer = 10
    /// The filtered request: pods with a summary, by name descending.
    static let filterSQL = "SELECT * FROM benchPod WHERE summary IS NOT NULL ORDER BY name DESC"

    static func run() throws {
        let (pool, folder) = try ImportBenchmark.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        try fill(pool)
        let baselines: [(raw: () throws -> Int, codable: () throws -> Int)] = [
            (
                { try pool.read { db in try rawPods(db, sql: "SELECT * FROM benchPod").count } },
                { try pool.read { db in try GRDBPod.fetchAll(db).count } }
            ),
            (
                { try pool.read { db in try rawPods(db, sql: filterSQL).count } },
                {
                    try pool.read { db in
                        try GRDBPod.filter(Column("summary") != nil).order(Column("name").desc).fetchAll(db).count
                    }
                }
            ),
            (
                { try pool.read { db in try rawMaintainers(db).reduce(0) { $0 + $1.pods.count } } },
                {
                    try pool.read { db in
                        try GRDBMaintainerWithPods.all().fetchAll(db).reduce(0) { $0 + $1.pods.count }
                    }
                }
            ),
        ]
        let reads = zip(generatedReads(pool), baselines).map {
            (name: $0.name, generated: $0.read, raw: $1.raw, codable: $1.codable)
        }
        var totals = (generated: 0.0, raw: 0.0, codable: 0.0)
        for read in reads {
            // The three agree on what they read before any is timed.
            let counts = (try read.generated(), try read.raw(), try read.codable())
            guard counts.0 == counts.1, counts.0 == counts.2, counts.0 > 0 else {
                throw ImportError.database("read \(read.name): the readers disagree: \(counts)")
            }
            // Alternating rounds, each side's best: machine noise affects all three alike.
            var best = (generated: Double.infinity, raw: Double.infinity, codable: Double.infinity)
            for _ in 0..<5 {
                best.generated = min(best.generated, try Measurement.seconds { _ = try read.generated() })
                best.raw = min(best.raw, try Measurement.seconds { _ = try read.raw() })
                best.codable = min(best.codable, try Measurement.seconds { _ = try read.codable() })
            }
            Measurement.summary("seconds", "read_\(read.name)_generated", best.generated)
            Measurement.summary("seconds", "read_\(read.name)_raw_sqlite", best.raw)
            Measurement.summary("seconds", "read_\(read.name)_grdb_codable", best.codable)
            Measurement.summary("ratio", "read_\(read.name)_vs_raw_sqlite", best.raw / best.generated)
            Measurement.summary("ratio", "read_\(read.name)_vs_grdb_codable", best.codable / best.generated)
            totals.generated += best.generated
            totals.raw += best.raw
            totals.codable += best.codable
        }
        Measurement.summary("ratio", "read_vs_raw_sqlite", totals.raw / totals.generated)
        Measurement.summary("ratio", "read_vs_grdb_codable", totals.codable / totals.generated)
    }

    /// The generated code's three reads, each returning how many pods it read: what ``run()`` times
    /// against its baselines and ``profile(_:)`` alone.
    static func generatedReads(_ pool: DatabasePool) -> [(name: String, read: () throws -> Int)] {
        [
            ("all", { try pool.read { db in try BenchPod.fetchAll(db).count } }),
            (
                "filtered",
                {
                    try pool.read { db in
                        try BenchPod.filter(BenchPod.Columns.summary != nil).order(BenchPod.Columns.name.desc)
                            .fetchAll(db).count
                    }
                }
            ),
            (
                "graph",
                {
                    try pool.read { db in
                        try BenchMaintainer.requestIncludingRelationships().fetchAll(db).reduce(0) {
                            $0 + $1.pods.count
                        }
                    }
                }
            ),
        ]
    }

    /// The generated reads alone (`only` names one), ten times each, their times printed: for profilers.
    static func profile(_ only: String?) throws {
        let (pool, folder) = try ImportBenchmark.freshDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        try fill(pool)
        for (name, read) in generatedReads(pool) where only == nil || only == name {
            for _ in 0..<10 {
                Measurement.summary("seconds", "read_\(name)_generated", try Measurement.seconds { _ = try read() })
            }
        }
    }

    /// 100,000 pods and 10,000 maintainers of 10 pods each, saved by the generated importer.
    static func fill(_ pool: DatabasePool) throws {
        let pods = try BenchPod.mapArray(json: Data(PodsPayload.make(count: podCount))).value
        var page = PreparedPage<BenchMaintainer, RowKey>()
        page.operations = (0..<maintainerCount).map { index in
            let start = index * podsPerMaintainer
            return .save(
                BenchMaintainer(
                    login: "maintainer\(index)", name: index % 3 == 0 ? nil : "Maintainer \(index)",
                    pods: Array(pods[start..<start + podsPerMaintainer])))
        }
        try FeedImporter(feed: Feed<BenchMaintainer>(name: "BenchMaintainers"), writer: pool).write(page)
    }

    /// The floor: a prepared statement stepped by hand, each column read with sqlite3's own calls into
    /// the generated struct, JSON columns decoded by the same transformers the generated code uses.
    static func rawPods(_ db: Database, sql: String) throws -> [BenchPod] {
        var owners: [String]? = nil
        return try rawPods(db, sql: sql, owners: &owners)
    }

    /// ``rawPods(_:sql:)``, with each row's `_owner` column appended to `owners` when it is not `nil`.
    static func rawPods(_ db: Database, sql: String, owners: inout [String]?) throws -> [BenchPod] {
        // GRDB's statement owns (and finalizes) the sqlite3 one: kept alive while it is stepped.
        let prepared = try db.makeStatement(sql: sql)
        defer { _ = withExtendedLifetime(prepared) { sqlite3_reset(prepared.sqliteStatement) } }
        let statement = prepared.sqliteStatement
        let columns = Dictionary(
            (0..<sqlite3_column_count(statement)).map { (String(cString: sqlite3_column_name(statement, $0)), $0) },
            uniquingKeysWith: { first, _ in first })
        let index = { (name: String) in columns[name] ?? -1 }
        let (name, version, summary, details, homepage, social) = (
            index("name"), index("version"), index("summary"), index("details"), index("homepage"),
            index("socialMediaUrl")
        )
        let (licenseType, licenseFile, authors, sourceGit, sourceTag, platforms, arc, files) = (
            index("licenseType"), index("licenseFile"), index("authors"), index("sourceGit"), index("sourceTag"),
            index("platforms"), index("requiresArc"), index("sourceFiles")
        )
        let owner = index("_owner")
        var pods: [BenchPod] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw ImportError.database(String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            owners?.append(text(statement, owner) ?? "")
            pods.append(
                BenchPod(
                    name: text(statement, name) ?? "", version: text(statement, version) ?? "",
                    summary: text(statement, summary), details: text(statement, details),
                    homepage: text(statement, homepage).flatMap(URL.init(string:)),
                    socialMediaUrl: text(statement, social).flatMap(URL.init(string:)),
                    licenseType: text(statement, licenseType), licenseFile: text(statement, licenseFile),
                    authors: try json(statement, authors, MapTransformer(StringTransformer())),
                    sourceGit: text(statement, sourceGit).flatMap(URL.init(string:)),
                    sourceTag: text(statement, sourceTag),
                    platforms: try json(statement, platforms, MapTransformer(StringTransformer())),
                    requiresArc: sqlite3_column_int64(statement, arc) != 0,
                    sourceFiles: try json(statement, files, ArrayTransformer(StringTransformer()))))
        }
        return pods
    }

    /// The graph by hand, as GRDB's prefetch does it: the maintainers, then every link row joined with
    /// its pod in owner and position order, grouped by owner.
    static func rawMaintainers(_ db: Database) throws -> [BenchMaintainer] {
        let prepared = try db.makeStatement(sql: "SELECT login, name FROM benchMaintainer")
        defer { _ = withExtendedLifetime(prepared) { sqlite3_reset(prepared.sqliteStatement) } }
        let statement = prepared.sqliteStatement
        var maintainers: [(login: String, name: String?)] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            maintainers.append((text(statement, 0) ?? "", text(statement, 1)))
        }
        var owners: [String]? = []
        let linked = try rawPods(
            db,
            sql:
                "SELECT l.ownerLogin AS _owner, p.* FROM benchMaintainer_pods l JOIN benchPod p ON p.name = l.targetName AND p.version = l.targetVersion ORDER BY l.ownerLogin, l.position",
            owners: &owners)
        var pods: [String: [BenchPod]] = [:]
        for (owner, pod) in zip(owners ?? [], linked) { pods[owner, default: []].append(pod) }
        return maintainers.map { BenchMaintainer(login: $0.login, name: $0.name, pods: pods[$0.login] ?? []) }
    }

    /// A text column's value, `nil` for `NULL`.
    static func text(_ statement: OpaquePointer, _ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: bytes)
    }

    /// A JSON text column decoded by `transformer`.
    static func json<T: JSONTransformer>(
        _ statement: OpaquePointer, _ column: Int32, _ transformer: T
    ) throws -> T.Value {
        try JSONColumn.decode(text(statement, column)?.databaseValue ?? .null, transformer)
    }
}

/// The hand-written GRDB side of the graph read: Codable records and the association through the link
/// table, as GRDB's guide writes them. The links are ordered as the generated association orders them
/// (owner, then position: the link table's key, so the prefetch of every owner's pods needs no sort), so
/// that the ratio compares decoding, not the query plan.
struct GRDBMaintainer: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "benchMaintainer"
    static let links = hasMany(GRDBMaintainerPod.self, using: ForeignKey(["ownerLogin"], to: ["login"]))
        .order(Column("ownerLogin"), Column("position"))
    static let pods = hasMany(GRDBPod.self, through: links, using: GRDBMaintainerPod.pod, key: "pods")
    var login: String
    var name: String?
}

/// A row of the link table.
struct GRDBMaintainerPod: TableRecord {
    static let databaseTableName = "benchMaintainer_pods"
    static let pod = belongsTo(
        GRDBPod.self, using: ForeignKey(["targetName", "targetVersion"], to: ["name", "version"]))
}

/// A maintainer with its pods, decoded by GRDB from the graph request.
struct GRDBMaintainerWithPods: Decodable, FetchableRecord {
    var maintainer: GRDBMaintainer
    var pods: [GRDBPod]

    static func all() -> QueryInterfaceRequest<GRDBMaintainerWithPods> {
        GRDBMaintainer.including(all: GRDBMaintainer.pods).asRequest(of: GRDBMaintainerWithPods.self)
    }
}
