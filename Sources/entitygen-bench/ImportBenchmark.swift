import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB

/// `swift run -c release entitygen-bench import`: the generated importer against raw SQLite, GRDB's
/// `upsert` and the naive find-or-create, on 100,000 synthetic pods, into an empty database and again
/// with every row present (every row's summary changed, so each is a real update); the raw loop again
/// with multi-row statements (the lever the issue proposed, measured on the same rows); then the peak
/// memory of streaming a generated array file of 100 MB and 500 MB (each in a child process). The cases
/// take turns (``rounds``), so a ratio compares times measured in the same phase of the machine.
enum ImportBenchmark {
    static let count = 100_000
    /// Rounds in which every case runs once; each case keeps its best time.
    static let rounds = 3

    static func run(executable: URL) throws {
        let first = Data(PodsPayload.make(count: count))
        let second = changed(first)
        let firstPods = try BenchPod.mapArray(json: first).value
        let secondPods = try BenchPod.mapArray(json: second).value
        print("import: \(count) pods, \(first.count / 1_000_000) MB of JSON")

        // Every case runs once per round, the rounds one after another, and each keeps its best time: this
        // machine runs in slow and fast phases of seconds, and a baseline measured in another phase than
        // what it is compared with skews the ratio (the reader and mapping benchmarks take turns too).
        var cases: [(name: String, body: (DatabasePool) throws -> Void, updating: ((DatabasePool) throws -> Void)?)] =
            []
        func measure(
            _ name: String, _ body: @escaping (DatabasePool) throws -> Void,
            updating: ((DatabasePool) throws -> Void)? = nil
        ) {
            cases.append((name, body, updating))
        }
        let feed = Feed<BenchPod>(name: "BenchPods")
        // The page is built before the clock starts, as the raw loop's rows are: building and freeing
        // 100,000 operations is the caller's work, not the importer's.
        func generatedMapped(_ pods: [BenchPod], reportsChanges: Bool = false) -> (DatabasePool) throws -> Void {
            var page = PreparedPage<BenchPod, RowKey>()
            page.operations = pods.map { .save($0) }
            return { [page] pool in
                try FeedImporter(feed: feed, writer: pool, reportsChanges: reportsChanges).write(page)
            }
        }
        let fill: (DatabasePool) throws -> Void = { try ImportBaselines.rawUpsert(firstPods, into: $0) }

        // (a) rows already mapped
        measure("generated_insert", generatedMapped(firstPods))
        measure("raw_insert", { try ImportBaselines.rawUpsert(firstPods, into: $0) })
        measure("generated_update", generatedMapped(secondPods), updating: fill)
        measure("raw_update", { try ImportBaselines.rawUpsert(secondPods, into: $0) }, updating: fill)
        // The raw loop binding text in place, as the importer does (info: the strongest single-row loop).
        measure("raw_inplace_insert", { try ImportBaselines.rawUpsert(firstPods, into: $0, inPlace: true) })
        measure(
            "raw_inplace_update", { try ImportBaselines.rawUpsert(secondPods, into: $0, inPlace: true) },
            updating: fill)
        // The same with change sets (every written row's identity returned and kept).
        measure("generated_insert_changes", generatedMapped(firstPods, reportsChanges: true))
        measure("generated_update_changes", generatedMapped(secondPods, reportsChanges: true), updating: fill)
        // The multi-row lever on the same rows: VALUES (...), (...) per statement, sized by the variable limit.
        let rows = ImportBaselines.rowsPerMultiRowStatement
        measure("raw_multirow_insert", { try ImportBaselines.rawUpsert(firstPods, into: $0, rowsPerStatement: rows) })
        measure(
            "raw_multirow_update", { try ImportBaselines.rawUpsert(secondPods, into: $0, rowsPerStatement: rows) },
            updating: fill)
        // (b), (c) JSON bytes -> SQLite
        measure("generated_e2e_insert", { try FeedImporter(feed: feed, writer: $0).importPage(first) })
        measure("generated_e2e_update", { try FeedImporter(feed: feed, writer: $0).importPage(second) }, updating: fill)
        measure("grdb_upsert_insert", { try ImportBaselines.grdbUpsert(first, into: $0) })
        measure("grdb_upsert_update", { try ImportBaselines.grdbUpsert(second, into: $0) }, updating: fill)
        measure("naive_insert", { try ImportBaselines.naiveFindOrCreate(first, into: $0) })
        measure("naive_update", { try ImportBaselines.naiveFindOrCreate(second, into: $0) }, updating: fill)

        var roundSeconds: [String: [Double]] = [:]
        for _ in 0..<rounds {
            for (name, body, updating) in cases {
                let (pool, folder) = try freshDatabase()
                if let updating { try updating(pool) }
                let elapsed = try Measurement.seconds { try body(pool) }
                roundSeconds[name, default: []].append(elapsed)
                let rows = try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM benchPod") }
                precondition(rows == count, "\(name) left \(rows ?? -1) rows")
                try? FileManager.default.removeItem(at: folder)
            }
        }
        var seconds: [String: Double] = [:]
        for (name, _, _) in cases { seconds[name] = Measurement.printRounds(name, roundSeconds[name]!, rows: count) }

        for (name, generated, baseline) in [
            ("insert_empty_vs_raw_sqlite", "generated_insert", "raw_insert"),
            ("update_vs_raw_sqlite", "generated_update", "raw_update"),
            // JSON bytes to rows against the raw loop writing rows that were already mapped.
            ("end_to_end_vs_raw_sqlite", "generated_e2e_insert", "raw_insert"),
            ("end_to_end_update_vs_raw_sqlite", "generated_e2e_update", "raw_update"),
            // Info: against a raw loop that also binds text in place instead of letting SQLite copy it.
            ("insert_empty_vs_raw_sqlite_inplace", "generated_insert", "raw_inplace_insert"),
            ("update_vs_raw_sqlite_inplace", "generated_update", "raw_inplace_update"),
            // Above 1: a multi-row statement writes these rows faster than the single-row loop.
            ("raw_multirow_vs_single_row_insert", "raw_multirow_insert", "raw_insert"),
            ("raw_multirow_vs_single_row_update", "raw_multirow_update", "raw_update"),
            ("end_to_end_vs_grdb_upsert", "generated_e2e_insert", "grdb_upsert_insert"),
            ("end_to_end_update_vs_grdb_upsert", "generated_e2e_update", "grdb_upsert_update"),
            ("end_to_end_vs_naive", "generated_e2e_insert", "naive_insert"),
            ("end_to_end_update_vs_naive", "generated_e2e_update", "naive_update"),
            // Info: what listing the changed rows costs (below 1: slower than without).
            ("changes_insert_vs_without", "generated_insert_changes", "generated_insert"),
            ("changes_update_vs_without", "generated_update_changes", "generated_update"),
        ] {
            Measurement.summary("ratio", name, seconds[baseline]! / seconds[generated]!)
        }

        // (d) streaming: peak resident memory of a child process importing a file.
        for megabytes in [100, 500] {
            let folder = BenchStorage.folder("entitygen-stream")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("pods.json")
            let elements = try writeArray(to: file, megabytes: megabytes)
            let process = Process()
            process.executableURL = executable
            process.arguments = ["import-stream", file.path, folder.appendingPathComponent("db.sqlite").path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0,
                let line = output.split(separator: "\n").first(where: { $0.hasPrefix("peak_mb ") })
            else {
                throw ImportError.database("streaming child failed: \(output)")
            }
            print(
                "streamed \(megabytes) MB (\(elements) pods): \(output.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: "; "))"
            )
            Measurement.summary("rss_mb", "stream_\(megabytes)mb", Double(line.split(separator: " ")[1])!)
        }
    }

    /// What `profile-import` runs: the generated importer alone, for profilers.
    enum ProfiledCase: String, CaseIterable {
        /// Already-mapped pods into an empty file.
        case insert
        /// Already-mapped pods, each with a changed summary, into a file that holds every pod (written
        /// by the raw loop, outside the profile's interest): every row an update.
        case update
        /// JSON bytes to rows (`importPage`) into an empty file, taking turns with the raw loop writing
        /// the mapped pods, so that one short run prints the end-to-end ratio too.
        case e2e
        /// JSON bytes to rows over a file that holds every pod, with the raw loop's update beside it.
        case e2eUpdate = "e2e-update"
    }

    /// Runs `kind` `rounds` times on fresh files, printing each time (and the best ratio against the raw
    /// loop for the end-to-end cases).
    static func profile(_ kind: ProfiledCase, rounds: Int) throws {
        let first = Data(PodsPayload.make(count: count))
        let updating = kind == .update || kind == .e2eUpdate
        let payload = updating ? changed(first) : first
        let pods = try BenchPod.mapArray(json: payload).value
        let existing = updating ? try BenchPod.mapArray(json: first).value : []
        var page = PreparedPage<BenchPod, RowKey>()
        page.operations = pods.map { .save($0) }
        let feed = Feed<BenchPod>(name: "BenchPods")
        var best = (generated: Double.infinity, raw: Double.infinity)
        func timed(_ body: (DatabasePool) throws -> Void) throws -> Double {
            let (pool, folder) = try freshDatabase()
            defer { try? FileManager.default.removeItem(at: folder) }
            if updating { try ImportBaselines.rawUpsert(existing, into: pool) }
            return try Measurement.seconds { try body(pool) }
        }
        for _ in 0..<rounds {
            let generated: Double
            switch kind {
            case .insert, .update:
                generated = try timed { _ = try FeedImporter(feed: feed, writer: $0).write(page) }
            case .e2e, .e2eUpdate:
                generated = try timed { _ = try FeedImporter(feed: feed, writer: $0).importPage(payload) }
                let raw = try timed { try ImportBaselines.rawUpsert(pods, into: $0) }
                Measurement.summary("seconds", "raw", raw)
                best.raw = min(best.raw, raw)
            }
            Measurement.summary("seconds", "generated_\(kind.rawValue)", generated)
            best.generated = min(best.generated, generated)
        }
        if best.raw.isFinite {
            Measurement.summary("ratio", "best_\(kind.rawValue)_vs_raw_sqlite", best.raw / best.generated)
        }
    }

    /// The pods of `payload` with every summary changed: the second page of the update cases.
    static func changed(_ payload: Data) -> Data {
        Data(
            String(decoding: payload, as: UTF8.self).replacingOccurrences(
                of: "that does useful things", with: "that does useful things, v2"
            ).utf8)
    }

    /// The child side of (d): streams `file` into a new database and prints the peak RSS.
    static func stream(file: String, database: String) throws {
        let pool = try DatabasePool(path: database, configuration: EntityGenConfiguration.prepared(Configuration()))
        var migrator = DatabaseMigrator()
        EntityGenDatabase.registerMigrations(in: &migrator)
        try migrator.migrate(pool)
        let start = DispatchTime.now().uptimeNanoseconds
        let report = try FeedImporter(feed: Feed<BenchPod>(name: "BenchPods"), writer: pool).importArray(
            contentsOf: URL(fileURLWithPath: file))
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print("rows \(report.total.inserted) seconds \(String(format: "%.1f", elapsed))")
        print("peak_mb \(peakResidentMegabytes())")
    }

    static func peakResidentMegabytes() -> Int {
        let kilobytes = Measurement.procValue("VmHWM", in: "/proc/self/status")?.split(separator: " ").first
        return (kilobytes.flatMap { Int($0) } ?? 0) / 1024
    }

    static func freshDatabase() throws -> (DatabasePool, URL) {
        let folder = BenchStorage.folder("entitygen-import")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pool = try EntityGenDatabase.openDatabase(atPath: folder.appendingPathComponent("db.sqlite").path)
        return (pool, folder)
    }

    /// Writes a JSON array of distinct pods of about `megabytes` MB, 10,000 pods at a time.
    static func writeArray(to file: URL, megabytes: Int) throws -> Int {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var written = 0
        var elements = 0
        var batch = 0
        try handle.write(contentsOf: Data("[".utf8))
        while written < megabytes * 1_000_000 {
            var chunk = PodsPayload.make(count: 10_000)
            chunk.removeFirst()
            chunk.removeLast()
            var text = String(decoding: chunk, as: UTF8.self).replacingOccurrences(
                of: "\"name\":\"Pod", with: "\"name\":\"B\(batch)Pod")
            if elements > 0 { text = "," + text }
            try handle.write(contentsOf: Data(text.utf8))
            written += text.utf8.count
            elements += 10_000
            batch += 1
        }
        try handle.write(contentsOf: Data("]".utf8))
        return elements
    }
}
