import EntityGenPostgres
import EntityGenRuntime
import Foundation
import PostgresNIO

/// `swift run -c release entitygen-bench postgres`: the PostgreSQL importer on 100,000 synthetic pods, JSON
/// bytes to rows, against (a) the SQL floor: the importer's own statements on rows already encoded as it
/// stages them (COPY into its staging table, then its plain insert into the empty table, or its merge),
/// through postgres-nio with no mapping, in one transaction; (b) a per-row `INSERT ... ON CONFLICT`
/// through postgres-nio with bound values in one transaction (what users write today); and, as an info
/// line, (c) COPY of the mapped rows straight into the table, which no upsert can match. Each into an
/// empty table, and again with every row present and changed; the cases take turns in three rounds,
/// each keeping its best time. Starts its own server with `.ci/postgres`
/// unless `ENTITYGEN_POSTGRES` names one (`host:port`).
///
/// The end-to-end runs use the code the build plugin generated from `Schemas/BenchPods.yaml` with
/// `backends: [sqlite, postgres]` (tables from `EntityGenPostgresDatabase.migrator`, the importer through
/// `BenchPod`'s generated `PostgresEntity` conformance); the baselines encode the same columns by
/// hand.
enum PostgresBenchmark {
    static let count = 100_000

    /// Runs every case, or with `floorOnly` only the end-to-end imports and the SQL floor
    /// (`profile-postgres`: the lines the importer's own changes move, in a fraction of the time).
    static func run(floorOnly: Bool = false) async throws {
        let server = try PostgresServer.start(packageRoot: packageRoot, in: BenchStorage.directory)
        defer { server.stop() }
        let first = PodsPayload.make(count: count)
        let second = Array(
            String(decoding: first, as: UTF8.self).replacingOccurrences(
                of: "that does useful things", with: "that does useful things, v2"
            ).utf8)
        let firstPods = try BenchPod.mapArray(json: Data(first)).value
        let secondPods = try BenchPod.mapArray(json: Data(second)).value
        print("postgres: \(count) pods, \(first.count / 1_000_000) MB of JSON, server \(server.host):\(server.port)")

        let configuration = PostgresClient.Configuration(
            host: server.host, port: server.port, username: "postgres", password: nil, database: "postgres",
            tls: .disable)
        let client = PostgresClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            // Every case runs once per round and keeps its best time, so that a ratio compares times
            // measured in the same phase of the machine (as `import` does).
            var cases: [(name: String, prefilled: Bool, body: () async throws -> Void)] = []
            func measure(_ name: String, prefilled: Bool, _ body: @escaping () async throws -> Void) {
                cases.append((name, prefilled, body))
            }
            let importer = PostgresImporter(feed: Feed<BenchPod>(name: "BenchPods"), client: client)
            let (firstStaged, secondStaged) = (staged(firstPods), staged(secondPods))
            measure("postgres_e2e_insert", prefilled: false) { try await importer.importPage(first) }
            measure("postgres_floor_insert", prefilled: false) {
                try await sqlFloor(firstStaged, update: false, client: client)
            }
            measure("postgres_e2e_update", prefilled: true) { try await importer.importPage(second) }
            measure("postgres_floor_update", prefilled: true) {
                try await sqlFloor(secondStaged, update: true, client: client)
            }
            if !floorOnly {
                measure("postgres_copy_insert", prefilled: false) { try await copy(firstPods, client: client) }
                measure("postgres_per_row_insert", prefilled: false) { try await perRow(firstPods, client: client) }
                measure("postgres_copy_update", prefilled: true) {
                    // The limit for an update: the changed rows replace the table's in one COPY.
                    try await client.withTransaction(logger: importer.logger) { connection in
                        try await connection.query(
                            PostgresQuery(unsafeSQL: "TRUNCATE \"benchPod\" CASCADE"), logger: importer.logger)
                        try await copy(secondPods, on: connection, logger: importer.logger)
                    }
                }
                measure("postgres_per_row_update", prefilled: true) { try await perRow(secondPods, client: client) }
            }
            var seconds: [String: [Double]] = [:]
            for _ in 0..<3 {
                for (name, prefilled, body) in cases {
                    try await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA public CASCADE"))
                    try await client.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA public"))
                    try await EntityGenPostgresDatabase.migrator.migrate(client)
                    if prefilled { try await copy(firstPods, client: client) }
                    let start = DispatchTime.now().uptimeNanoseconds
                    try await body()
                    seconds[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                    let rows = try await client.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \"benchPod\""))
                    for try await stored in rows.decode(Int64.self) where stored != count {
                        throw ImportError.database("\(name) left \(stored) rows")
                    }
                }
            }
            var best: [String: Double] = [:]
            for (name, _, _) in cases { best[name] = Measurement.printRounds(name, seconds[name]!, rows: count) }
            for kind in ["insert", "update"] {
                let e2e = best["postgres_e2e_\(kind)"]!
                // Above 1: faster than the baseline. Targets: the floor >= 0.9; per row >= 20 (insert), 15 (update).
                Measurement.summary(
                    "ratio", "postgres_end_to_end_vs_sql_floor_\(kind)", best["postgres_floor_\(kind)"]! / e2e)
                if floorOnly { continue }
                // Info: a bare COPY into the table, which no upsert can match.
                Measurement.summary(
                    "ratio", "postgres_end_to_end_vs_copy_\(kind)", best["postgres_copy_\(kind)"]! / e2e)
                Measurement.summary(
                    "ratio", "postgres_end_to_end_vs_per_row_\(kind)", best["postgres_per_row_\(kind)"]! / e2e)
            }
        }
    }

    /// `profile-postgres-stage [rounds]`: staging alone, with no server, for profilers and A/B runs of
    /// the COPY encoding. 100,000 pods, mapped once, are staged as the importer stages a large page
    /// (the generated `BenchPod.Postgres.save` into a `PostgresSession`, taken every 10,000 rows) and,
    /// in turns with it, encoded by hand into the same buffer type (`staged(_:)`: the same columns,
    /// position and absent words, with no session). Prints each side's best round and their ratio
    /// (`info postgres_stage_vs_handwritten`; above 1, the generated staging is faster).
    static func profileStaging(rounds: Int) throws {
        let pods = try BenchPod.mapArray(json: Data(PodsPayload.make(count: count))).value
        var seconds: [String: [Double]] = [:]
        var handWrittenBytes = 0
        for _ in 0..<rounds {
            seconds["postgres_stage_generated", default: []].append(
                Measurement.seconds {
                    var session = PostgresSession()
                    for (offset, pod) in pods.enumerated() {
                        BenchPod.Postgres.save(pod, absent: AbsentTree(), in: &session)
                        // The importer's chunk size: its buffers are handed over and begun anew.
                        if (offset + 1) % 10_000 == 0 { _ = session.take(deletions: false) }
                    }
                })
            seconds["postgres_stage_handwritten", default: []].append(
                Measurement.seconds { handWrittenBytes = staged(pods).count })
        }
        let generated = Measurement.printRounds(
            "postgres_stage_generated", seconds["postgres_stage_generated"]!, rows: count)
        let handWritten = Measurement.printRounds(
            "postgres_stage_handwritten", seconds["postgres_stage_handwritten"]!, rows: count)
        print("info postgres_stage_bytes \(handWrittenBytes) (by hand)")
        Measurement.summary("info", "postgres_stage_vs_handwritten", handWritten / generated)
    }

    /// The rows as the importer stages them: the table's columns, the row's position in the page, and its
    /// absent-field words (none absent).
    static func staged(_ pods: [BenchPod]) -> [UInt8] {
        var rows = PostgresCopyBuffer()
        for (position, pod) in pods.enumerated() {
            writeColumns(pod, to: &rows)
            rows.append(Int64(position))
            for _ in 0..<BenchPod.Postgres.table.absentWords { rows.append(Int64(0)) }
            rows.endRow()
        }
        return rows.bytes
    }

    /// The SQL floor of a page: its staged rows COPY'd into the importer's staging table, then the
    /// statement the importer writes them with (the plain insert into an empty table, else the merge), in
    /// one transaction.
    static func sqlFloor(_ staged: [UInt8], update: Bool, client: PostgresClient) async throws {
        let logger = Logger(label: "bench")
        let table = BenchPod.Postgres.table
        try await client.withTransaction(logger: logger) { connection in
            for sql in table.createStagingSQL {
                try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            }
            try await copy(
                staged, into: table.stagingName, columns: table.stagingColumns, on: connection, logger: logger)
            let statement = update ? table.mergeWithoutAbsentSQL : table.plainInsertSQL ?? table.mergeWithoutAbsentSQL
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
    }

    /// COPY of already-mapped rows into the table, in one transaction.
    static func copy(_ pods: [BenchPod], client: PostgresClient) async throws {
        let logger = Logger(label: "bench")
        try await client.withTransaction(logger: logger) { connection in
            try await copy(pods, on: connection, logger: logger)
        }
    }

    static func copy(_ pods: [BenchPod], on connection: PostgresConnection, logger: Logger) async throws {
        var rows = PostgresCopyBuffer()
        for pod in pods {
            writeColumns(pod, to: &rows)
            rows.endRow()
        }
        try await copy(
            rows.bytes, into: "benchPod", columns: BenchPod.Postgres.table.columns, on: connection, logger: logger)
    }

    /// COPY text into `table`'s `columns`, a megabyte at a time.
    static func copy(
        _ bytes: [UInt8], into table: String, columns: [String], on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
            var start = 0
            while start < bytes.count {
                let end = min(start + 1 << 20, bytes.count)
                try await writer.write(ByteBuffer(bytes: bytes[start..<end]))
                start = end
            }
        }
    }

    /// One bound `INSERT ... ON CONFLICT DO UPDATE` per row, in one transaction.
    static func perRow(_ pods: [BenchPod], client: PostgresClient) async throws {
        let logger = Logger(label: "bench")
        let columns = BenchPod.Postgres.table.columns
        let others = columns.dropFirst(2).map { "\"\($0)\" = excluded.\"\($0)\"" }.joined(separator: ", ")
        let sql =
            "INSERT INTO \"benchPod\" (\(columns.map { "\"\($0)\"" }.joined(separator: ", "))) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12::jsonb, $13, $14::jsonb) ON CONFLICT (name, version) DO UPDATE SET \(others)"
        let strings = MapTransformer(StringTransformer())
        let list = ArrayTransformer(StringTransformer())
        func json(_ write: (inout JSONWriter) -> Void) -> String {
            var writer = JSONWriter()
            write(&writer)
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        try await client.withTransaction(logger: logger) { connection in
            for pod in pods {
                var bindings = PostgresBindings(capacity: 14)
                bindings.append(pod.name)
                bindings.append(pod.version)
                bindings.append(pod.summary)
                bindings.append(pod.details)
                bindings.append(pod.homepage?.absoluteString)
                bindings.append(pod.socialMediaUrl?.absoluteString)
                bindings.append(pod.licenseType)
                bindings.append(pod.licenseFile)
                bindings.append(json { strings.encode(pod.authors, to: &$0) })
                bindings.append(pod.sourceGit?.absoluteString)
                bindings.append(pod.sourceTag)
                bindings.append(json { strings.encode(pod.platforms, to: &$0) })
                bindings.append(pod.requiresArc)
                bindings.append(json { list.encode(pod.sourceFiles, to: &$0) })
                try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
            }
        }
    }
}

extension PostgresBenchmark {
    /// The COPY baseline's encoding of a pod: the generated table's columns, written by hand.
    static func writeColumns(_ pod: BenchPod, to row: inout PostgresCopyBuffer) {
        row.append(pod.name)
        row.append(pod.version)
        row.append(pod.summary)
        row.append(pod.details)
        row.append(pod.homepage)
        row.append(pod.socialMediaUrl)
        row.append(pod.licenseType)
        row.append(pod.licenseFile)
        row.appendJSON(pod.authors, MapTransformer(StringTransformer()))
        row.append(pod.sourceGit)
        row.append(pod.sourceTag)
        row.appendJSON(pod.platforms, MapTransformer(StringTransformer()))
        row.append(pod.requiresArc)
        row.appendJSON(pod.sourceFiles, ArrayTransformer(StringTransformer()))
    }
}
