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
/// (`checked` holds their identities: every staged row's, appended after each merge).
struct PostgresReferenceCheck: Sendable {
    /// The reference.
    let reference: PostgresReference
    /// Returns the identity (as text) of the first row whose key names no target.
    let firstMissingSQL: String
    /// Unsets the keys that name no target; returns the identities (as text) of the rows it changed.
    let unsetSQL: String

    /// Builds the statements for `reference` in `table` (identified by `identity`).
    init(_ reference: PostgresReference, table: String, identity: [String], checked: String) {
        let id = PostgresSQL.identifier
        self.reference = reference
        let keys = identity.map(id).joined(separator: ", ")
        let written = "(SELECT DISTINCT \(keys) FROM \(id(checked))) AS c"
        let sameRow = identity.map { "t.\(id($0)) = c.\(id($0))" }
        // MATCH SIMPLE: a key with a NULL column names nothing and is not checked.
        let present = reference.columns.map { "t.\(id($0)) IS NOT NULL" }
        let target = zip(reference.targetColumns, reference.columns).map { "x.\(id($0)) = t.\(id($1))" }
        let missing =
            "NOT EXISTS (SELECT 1 FROM \(id(reference.targetTable)) AS x WHERE \(target.joined(separator: " AND ")))"
        let condition = (sameRow + present + [missing]).joined(separator: " AND ")
        // JSON text: strings quoted, numbers bare, as the SQLite importer describes rows.
        let described = identity.map { "to_jsonb(t.\(id($0)))::text" }.joined(separator: ", ")
        firstMissingSQL =
            "SELECT \(described) FROM \(id(table)) AS t, \(written) WHERE \(condition) ORDER BY \(identity.map { "t.\(id($0))" }.joined(separator: ", ")) LIMIT 1"
        let assignments = reference.columns.map { "\(id($0)) = NULL" }.joined(separator: ", ")
        unsetSQL =
            "UPDATE \(id(table)) AS t SET \(assignments) FROM \(written) WHERE \(condition) RETURNING \(described)"
    }
}
