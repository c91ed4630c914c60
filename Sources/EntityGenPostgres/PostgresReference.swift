/// A `reference:` relationship's key columns in a PostgreSQL table: the key must name a row of the
/// target table once the page is written (targets may come later in the page, so the foreign key is
/// deferred and checked at the end of the page). A key naming no row is unset and reported, or fails the
/// page, as the relationship's `onMissingTarget` says.
public struct PostgresReference: Sendable {
    /// The relationship's schema name.
    public var relationship: String
    /// The foreign-key columns in the owner's table.
    public var columns: [String]
    /// The target table.
    public var targetTable: String
    /// The target table's key columns, in the order of `columns`.
    public var targetColumns: [String]
    /// Whether a missing target fails the page (`onMissingTarget: fail`) instead of being unset and
    /// reported.
    public var failsWhenMissing: Bool

    /// Creates a description.
    public init(
        relationship: String, columns: [String], targetTable: String, targetColumns: [String], failsWhenMissing: Bool
    ) {
        self.relationship = relationship
        self.columns = columns
        self.targetTable = targetTable
        self.targetColumns = targetColumns
        self.failsWhenMissing = failsWhenMissing
    }
}

/// The SQL that finds, among the rows a transaction wrote, those whose reference names no target row
/// (`checked` holds their keys, recorded as they were written), and repairs them: a to-one reference's
/// key is unset, a to-many reference's link is deleted.
struct PostgresReferenceCheck: Sendable {
    /// How a row naming no target is repaired when the reference does not fail the page.
    enum Repair: Sendable {
        /// `UPDATE ... SET` the reference's columns to NULL (a to-one reference's key).
        case unset
        /// `DELETE` the row (a to-many reference's link).
        case delete
    }

    /// The reference (its columns are the referencing columns of `table`).
    let reference: PostgresReference
    /// Returns the `described` columns (JSON text) of the first row whose reference names no target.
    let firstMissingSQL: String
    /// Repairs the rows whose reference names no target; returns their `described` columns (JSON text).
    let repairSQL: String

    /// Builds the statements for `reference` in `table`, whose written rows `checked` records by
    /// `rowKeys`; a missing row is described by the `described` columns.
    init(
        _ reference: PostgresReference, table: String, rowKeys: [String], checked: String, described: [String],
        repair: Repair
    ) {
        let id = PostgresSQL.identifier
        self.reference = reference
        let keys = rowKeys.map(id).joined(separator: ", ")
        let written = "(SELECT DISTINCT \(keys) FROM \(id(checked))) AS c"
        let sameRow = rowKeys.map { "t.\(id($0)) = c.\(id($0))" }
        // MATCH SIMPLE: a key with a NULL column names nothing and is not checked.
        let present = reference.columns.map { "t.\(id($0)) IS NOT NULL" }
        let target = zip(reference.targetColumns, reference.columns).map { "x.\(id($0)) = t.\(id($1))" }
        let missing =
            "NOT EXISTS (SELECT 1 FROM \(id(reference.targetTable)) AS x WHERE \(target.joined(separator: " AND ")))"
        let condition = (sameRow + present + [missing]).joined(separator: " AND ")
        // JSON text: strings quoted, numbers bare, as the SQLite importer describes values.
        let values = described.map { "to_jsonb(t.\(id($0)))::text" }.joined(separator: ", ")
        // A row's reference (`.unset`) is described by its identity, then the key it named.
        let named = reference.columns.map { "to_jsonb(t.\(id($0)))::text" }
        let order = rowKeys.map { "t.\(id($0))" }.joined(separator: ", ")
        switch repair {
        case .unset:
            firstMissingSQL =
                "SELECT \(([values] + named).joined(separator: ", ")) FROM \(id(table)) AS t, \(written) WHERE \(condition) ORDER BY \(order) LIMIT 1"
            let assignments = reference.columns.map { "\(id($0)) = NULL" }.joined(separator: ", ")
            // The named key is read before it is unset (RETURNING sees the new row).
            let namedColumns = named.enumerated().map { "\($1) AS \"_named\($0)\"" }.joined(separator: ", ")
            let namedValues = named.indices.map { "m.\"_named\($0)\"" }.joined(separator: ", ")
            repairSQL =
                "WITH m AS (SELECT t.ctid AS \"_row\", \(namedColumns) FROM \(id(table)) AS t, \(written) WHERE \(condition)) UPDATE \(id(table)) AS t SET \(assignments) FROM m WHERE t.ctid = m.\"_row\" RETURNING \(values), \(namedValues)"
        case .delete:
            firstMissingSQL =
                "SELECT \(values) FROM \(id(table)) AS t, \(written) WHERE \(condition) ORDER BY \(order) LIMIT 1"
            repairSQL = "DELETE FROM \(id(table)) AS t USING \(written) WHERE \(condition) RETURNING \(values)"
        }
    }
}
