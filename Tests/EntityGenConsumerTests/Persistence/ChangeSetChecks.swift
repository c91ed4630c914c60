import EntityGenImport
import Testing

/// What both backends' change-set tests check, in one place (this file is linked into the PostgreSQL
/// tests too).
enum ChangeSetChecks {
    /// `name version` of pod identities.
    static func names(_ identities: [RowIdentity]) -> [String] {
        identities.map { identity in
            "\(identity.value("name", as: String.self) ?? "?") \(identity.value("version", as: String.self) ?? "?")"
        }
    }

    /// Every entity's lists hold as many rows as its counts say.
    static func expectListsMatchCounts(_ report: ImportReport, sourceLocation: SourceLocation = #_sourceLocation) {
        for (entity, counts) in report.entities {
            let changes = report.changes[entity] ?? ChangeSet()
            let listed = ImportReport.Counts(
                inserted: changes.inserted.count, updated: changes.updated.count, unchanged: counts.unchanged,
                deleted: changes.deleted.count)
            #expect(listed == counts, "\(entity)", sourceLocation: sourceLocation)
        }
    }
}
