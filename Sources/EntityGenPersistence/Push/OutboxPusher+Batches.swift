import EntityGenImport
import EntityGenRuntime
import Foundation
import GRDB

extension OutboxPusher {
    /// Edits picked up per transaction: the first edit of up to this many rows, in order.
    static var batchSize: Int { 64 }

    /// The next edits to send, the first pending edit of each of up to ``batchSize`` rows in outbox
    /// order, each marked as attempted with the body it will send; edits that need no request (the row
    /// is gone, no route) are dropped on the way, and those whose row points at a row with a temporary id
    /// (its creation refused) wait, listed in the report's `waiting`.
    func nextJobs(_ report: inout PushReport) async throws -> [PushJob] {
        let entities = entities
        let baseURL = baseURL
        let header = idempotencyHeader
        // Rows already found waiting in this push are skipped without asking the database again.
        let known = Set(report.waiting.map(\.sequence))
        let (jobs, dropped, waiting) = try await writer.write { db -> ([PushJob], Int, [OutboxEntry]) in
            guard try db.tableExists(Outbox.tableName) else { return ([], 0, []) }
            var dropped = 0
            var jobs: [PushJob] = []
            var waiting: [OutboxEntry] = []
            var foreignKeys: [String: [String]] = [:]
            let heads = try db.cachedStatement(
                sql: """
                    SELECT * FROM \(Outbox.tableName) AS o WHERE failedStatus IS NULL AND "_id" > ? AND NOT EXISTS (
                    SELECT 1 FROM \(Outbox.tableName) AS f
                    WHERE f.entity = o.entity AND f.key = o.key AND f."_id" < o."_id")
                    ORDER BY "_id" LIMIT ?
                    """)
            let mark = try db.cachedStatement(
                sql: "UPDATE \(Outbox.tableName) SET attempts = attempts + 1, payload = ? WHERE \"_id\" = ?")
            let drop = try db.cachedStatement(sql: "DELETE FROM \(Outbox.tableName) WHERE \"_id\" = ?")
            var cursor: Int64 = 0
            scan: while jobs.count < Self.batchSize {
                let rows = try Row.fetchAll(heads, arguments: [cursor, Self.batchSize])
                guard !rows.isEmpty else { break }
                for row in rows {
                    let entry = try OutboxEntry(row: row)
                    cursor = entry.sequence
                    guard let type = entities[entry.entity] else {
                        throw PushError.unknownEntity(entry.entity, report: .init())
                    }
                    if known.contains(entry.sequence) { continue }
                    if entry.operation != .delete {
                        let columns = try foreignKeys[entry.entity] ?? type.foreignKeyColumns(db)
                        foreignKeys[entry.entity] = columns
                        if try type.pointsAtTemporaryRow(entry, foreignKeys: columns, in: db) {
                            waiting.append(entry)
                            continue
                        }
                    }
                    if let job = try type.job(for: entry, baseURL: baseURL, idempotencyHeader: header, in: db) {
                        try mark.execute(arguments: [job.request.httpBody, entry.sequence])
                        jobs.append(job)
                        // What the batch would send next may point at this row, whose id the server is
                        // about to replace: it waits for the answer.
                        if entry.operation == .create, TemporaryIdentity.isTemporary(entry.key) { break scan }
                        if jobs.count == Self.batchSize { break scan }
                    } else {
                        try drop.execute(arguments: [entry.sequence])
                        dropped += 1
                    }
                }
            }
            return (jobs, dropped, waiting)
        }
        report.dropped += dropped
        report.waiting += waiting
        return jobs
    }

    /// Records how requests ended, in one transaction: each accepted edit removed and its response
    /// stored (unless the row was edited again since), each refused one marked failed; edits picked up
    /// but not sent go back to how they were.
    func settle(_ outcomes: [PushOutcome], unsent: [PushJob], report: inout PushReport) async throws {
        guard !outcomes.isEmpty || !unsent.isEmpty else { return }
        let issues = try await writer.writeWithoutTransaction { db -> [String] in
            try ImportSession.prepareConnection(db)
            var issues: [String] = []
            try db.inTransaction(.immediate) {
                // A stored response overrides no unsent edit (a row edited since keeps its values), so
                // there is no conflict to collect.
                _ = try Outbox.withoutCapture(db) {
                    let remove = try db.cachedStatement(sql: "DELETE FROM \(Outbox.tableName) WHERE \"_id\" = ?")
                    let editedSince = try db.cachedStatement(
                        sql: "SELECT EXISTS (SELECT 1 FROM \(Outbox.tableName) WHERE entity = ? AND key = ?)")
                    let fail = try db.cachedStatement(
                        sql: "UPDATE \(Outbox.tableName) SET failedStatus = ?, failure = ? WHERE \"_id\" = ?")
                    let release = try db.cachedStatement(
                        sql: """
                            UPDATE \(Outbox.tableName) SET attempts = attempts - 1,
                            payload = CASE WHEN attempts = 1 THEN NULL ELSE payload END WHERE "_id" = ?
                            """)
                    for outcome in outcomes {
                        let entry = outcome.job.entry
                        switch outcome.result {
                        case let .refused(failure):
                            try fail.execute(arguments: [failure.status, failure.message, entry.sequence])
                        case let .accepted(body):
                            try remove.execute(arguments: [entry.sequence])
                            guard entry.operation != .delete, Self.holdsObject(body) else { continue }
                            let what = "\(entry.entity) \(entry.operation.rawValue)"
                            try outcome.job.storeResponse(
                                Array(body), db,
                                { key in try Bool.fetchOne(editedSince, arguments: [entry.entity, key]) == true },
                                { issue in issues.append("\(what): \(issue)") })
                        }
                    }
                    for job in unsent { try release.execute(arguments: [job.entry.sequence]) }
                }
                return .commit
            }
            return issues
        }
        report.responseIssues += issues
        for outcome in outcomes {
            switch outcome.result {
            case let .refused(failure):
                var failed = outcome.job.entry
                failed.failure = failure
                failed.attempts += 1
                report.failed.append(failed)
            case .accepted:
                switch outcome.job.entry.operation {
                case .create: report.created += 1
                case .update: report.updated += 1
                case .delete: report.deleted += 1
                }
            }
        }
    }

    /// Whether a response body is a JSON object (an empty body, `204`, has nothing to store).
    static func holdsObject(_ body: Data) -> Bool {
        body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) } == UInt8(ascii: "{")
    }
}
