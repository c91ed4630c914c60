import PostgresNIO

/// The fixed SQL of one entity's PostgreSQL table, built once per type (a `static let` in generated
/// code): how a page's rows are staged with COPY and merged into the table in one statement.
///
/// Per page and table: `CREATE TEMP TABLE ... (LIKE table) ON COMMIT DROP` (the staging table has the
/// table's own column types, plus the row's position in the page and its absent-field words), `COPY`
/// into it, then one `INSERT ... SELECT DISTINCT ON (identity) ... ORDER BY identity ON CONFLICT
/// (identity) DO UPDATE ... WHERE ... IS DISTINCT FROM ...`: the last occurrence of an identity in the
/// page wins, rows are locked in identity order (so concurrent importers of overlapping feeds do not
/// deadlock), and a row whose values are unchanged is not written.
public final class PostgresTable: Sendable {
    /// The entity's schema name, as reports show it.
    public let entity: String
    /// The table name.
    public let name: String
    /// The columns generated code writes, in COPY order.
    public let columns: [String]
    /// The identification columns (a subset of `columns`); empty when rows have no identity (then
    /// every save inserts).
    public let identity: [String]
    /// Columns whose stored value an update keeps when the row's key was absent from its JSON, with
    /// their bit in the model's `AbsentFields`.
    public let absentBits: [String: Int]
    /// How many absent-field words each staged row carries.
    public let absentWords: Int
    /// The staging table (temporary, dropped at commit).
    public let stagingName: String
    /// The staged columns, in COPY order: `columns`, then `_position` and the absent words.
    public let stagingColumns: [String]
    /// `CREATE TEMP TABLE` of the staging table (and what it needs: nullable `_id` for owned rows, the
    /// table recording checked identities for references).
    public let createStagingSQL: [String]
    /// The upsert from the staging table; returns one row: inserted and updated counts. With absent
    /// fields it reads each conflicting row's absent words back from the staging table.
    public let mergeSQL: String
    /// The upsert for staged rows none of which has an absent field (the usual page, where every key is
    /// sent): the same result as ``mergeSQL`` without reading absent words back, so about a third
    /// faster; equal to ``mergeSQL`` for a table without absent fields.
    public let mergeWithoutAbsentSQL: String
    /// Inserts the staged rows plainly, in identity order (no `ON CONFLICT`): for a table that was
    /// empty when the transaction first wrote to it; `nil` for a table without identity, with owned
    /// to-one rows or with references (those go through the merge's own steps). Package-visible for the
    /// benchmark's SQL floor, which runs the same statement.
    package let plainInsertSQL: String?
    /// Returns one row: 1 when the table has no row, else 0.
    let isEmptySQL: String
    /// Creates the staging table's index by identity and position, which ``mergeSQL``'s look-ups of
    /// absent words use (once per transaction: `IF NOT EXISTS`); `nil` without absent fields.
    let createAbsentIndexSQL: String?
    /// The deletes' staging table: the identity columns and `_position`.
    public let deleteStagingName: String
    /// `CREATE TEMP TABLE` of the deletes' staging table.
    public let createDeleteStagingSQL: String
    /// Deletes the staged identities; returns one row: the deleted count.
    public let deleteSQL: String
    /// The columns that name a row in change sets: the identity, or `_id` for a table without one.
    public var identityColumns: [String] { identity.isEmpty ? ["_id"] : identity }
    /// ``mergeSQL``, ``mergeWithoutAbsentSQL``, `plainInsertSQL` and ``deleteSQL`` for an import that
    /// reports changes: one row per row written, `(inserted, identity)`, the identity a JSON array's text
    /// (`[42, "a"]`), its values in ``identityColumns`` order.
    let listing: Listing

    /// The statements of ``listing``.
    struct Listing: Sendable {
        let mergeSQL: String
        let mergeWithoutAbsentSQL: String
        let plainInsertSQL: String?
        let deleteSQL: String
    }
    /// Gives each staged row that no slot was found for its `_id` from the table's identity sequence (a
    /// table without identity: its rows are owned), before any merge: owners map the rows' local ids to it.
    let assignIDsSQL: String?
    /// Per column holding an owned to-one row: gives the staged target row the `_id` the stored owner row
    /// already holds there (its slot), so that saving the same target again updates nothing; returns one
    /// row, the count of rows given a slot. Before `assignIDsSQL`, with the target's staging table.
    let ownedSlotsSQL: [(target: String, sql: String)]
    /// Per column holding an owned to-one row: replaces the staged local ids by the `_id`s the rows got
    /// (NULL for a row that was left out), with the owned rows' table.
    let mapOwnedRowsSQL: [(target: String, sql: String)]
    /// Per column holding an owned to-one row, after the merge: deletes the owned rows staged for an
    /// occurrence of the owner that a later one replaced (no stored row names them).
    let removeSupersededSQL: [String]
    /// The table's `reference:` relationships, with the SQL that checks them at the end of a page.
    let referenceChecks: [PostgresReferenceCheck]
    /// Appends the staged rows' identities to the checked rows (after each merge); `nil` when the table
    /// has no references.
    let recordCheckedSQL: String?

    /// Creates the description and its SQL.
    public init(
        entity: String, name: String, columns: [String], identity: [String], absentBits: [String: Int] = [:],
        references: [PostgresReference] = [], ownedRows: [String: String] = [:]
    ) {
        self.entity = entity
        self.name = name
        self.columns = columns
        self.identity = identity
        self.absentBits = absentBits
        absentWords = absentBits.values.max().map { $0 / 63 + 1 } ?? 0
        let id = PostgresSQL.identifier
        let table = id(name)
        stagingName = PostgresSQL.temporaryName("entitygen_stage", name)
        deleteStagingName = PostgresSQL.temporaryName("entitygen_delete", name)
        let words = (0..<absentWords).map { "_absent\($0)" }
        stagingColumns = columns + ["_position"] + words
        let staging = id(stagingName)
        var create = [
            "CREATE TEMP TABLE \(staging) (LIKE \(table) INCLUDING DEFAULTS, \"_position\" bigint NOT NULL"
                + words.map { ", \(id($0)) bigint NOT NULL" }.joined() + ") ON COMMIT DROP"
        ]
        let list = columns.map(id).joined(separator: ", ")
        let keys = identity.map(id).joined(separator: ", ")
        let others = columns.filter { !identity.contains($0) }
        // A written row's identity in change sets (`t` is the table in the upserts).
        let key =
            "json_build_array("
            + (identity.isEmpty ? ["_id"] : identity).map { "t.\(id($0))" }
            .joined(separator: ", ") + ")::text"
        let listedMerge: String
        let listedMergeWithoutAbsent: String
        // Owned to-one rows: the staged column holds the row's local id (its `_position` in its own
        // staging table); mapped to the row's `_id` before the merge, through a join on `_position`.
        mapOwnedRowsSQL = ownedRows.keys.sorted().map { column in
            let target = id(PostgresSQL.temporaryName("entitygen_stage", ownedRows[column]!))
            return (
                ownedRows[column]!,
                "UPDATE \(staging) AS s SET \(id(column)) = m.\"_id\" FROM (SELECT o.\"_position\", x.\"_id\" FROM \(staging) AS o LEFT JOIN \(target) AS x ON x.\"_position\" = o.\(id(column)) WHERE o.\(id(column)) IS NOT NULL) AS m WHERE s.\"_position\" = m.\"_position\""
            )
        }
        // The stored owner row: for an identified owner its page's last occurrence, by identity; for an
        // owned owner the row its own slot names.
        let storedOwner =
            identity.isEmpty
            ? "\(staging) AS s JOIN \(table) AS t ON t.\"_id\" = s.\"_id\""
            : "(SELECT DISTINCT ON (\(keys)) * FROM \(staging) ORDER BY \(keys), \"_position\" DESC) AS s JOIN \(table) AS t ON "
                + identity.map { "t.\(id($0)) = s.\(id($0))" }.joined(separator: " AND ")
        ownedSlotsSQL = ownedRows.keys.sorted().map { column in
            let target = id(PostgresSQL.temporaryName("entitygen_stage", ownedRows[column]!))
            return (
                ownedRows[column]!,
                "WITH u AS (UPDATE \(target) AS x SET \"_id\" = t.\(id(column)) FROM \(storedOwner) WHERE x.\"_position\" = s.\(id(column)) AND x.\"_id\" IS NULL AND t.\(id(column)) IS NOT NULL RETURNING 1) SELECT count(*) FROM u"
            )
        }
        removeSupersededSQL = ownedRows.keys.sorted().map { column in
            let target = ownedRows[column]!
            return
                "DELETE FROM \(id(target)) AS x USING \(staging) AS s WHERE x.\"_id\" = s.\(id(column)) AND NOT EXISTS (SELECT 1 FROM \(table) AS t WHERE t.\(id(column)) = x.\"_id\")"
        }
        if identity.isEmpty {
            // Owned rows: each staged row gets the `_id` of the stored row at its place in its owner (its
            // slot, `ownedSlotsSQL` and the links'), or a new one from the table's identity sequence
            // (kept in the staging table, where owners and links map the row's local id, its `_position`,
            // to it); then an upsert by `_id`, which leaves an unchanged row alone.
            create.append("ALTER TABLE \(staging) ALTER COLUMN \"_id\" DROP NOT NULL")
            let sequence = "pg_get_serial_sequence(\(PostgresSQL.string(table)), '_id')"
            assignIDsSQL = "UPDATE \(staging) SET \"_id\" = nextval(\(sequence)) WHERE \"_id\" IS NULL"
            let assignments = columns.map { "\(id($0)) = excluded.\(id($0))" }.joined(separator: ", ")
            let stored = columns.map { "t.\(id($0))" }.joined(separator: ", ")
            let incoming = columns.map { "excluded.\(id($0))" }.joined(separator: ", ")
            let action =
                columns.isEmpty
                ? "DO NOTHING"
                : "DO UPDATE SET \(assignments) WHERE ROW(\(stored)) IS DISTINCT FROM ROW(\(incoming))"
            let values = (["\"_id\""] + columns.map(id)).joined(separator: ", ")
            let insert =
                "INSERT INTO \(table) AS t (\(values)) SELECT \(values) FROM \(staging) ORDER BY \"_position\" ON CONFLICT (\"_id\") \(action)"
            mergeSQL = Self.counting(insert)
            mergeWithoutAbsentSQL = mergeSQL
            listedMerge = Self.listing(insert, key: key)
            listedMergeWithoutAbsent = listedMerge
            createAbsentIndexSQL = nil
        } else {
            assignIDsSQL = nil
            func insert(_ action: String) -> String {
                "INSERT INTO \(table) AS t (\(list)) \(source) ON CONFLICT (\(keys)) \(action)"
            }
            let source =
                "SELECT DISTINCT ON (\(keys)) \(list) FROM \(staging) ORDER BY \(keys), \"_position\" DESC"
            let assignments = others.map { "\(id($0)) = excluded.\(id($0))" }.joined(separator: ", ")
            let stored = others.map { "t.\(id($0))" }.joined(separator: ", ")
            let incoming = others.map { "excluded.\(id($0))" }.joined(separator: ", ")
            let plain =
                others.isEmpty
                ? "DO NOTHING" : "DO UPDATE SET \(assignments) WHERE (\(stored)) IS DISTINCT FROM (\(incoming))"
            mergeWithoutAbsentSQL = Self.counting(insert(plain))
            listedMergeWithoutAbsent = Self.listing(insert(plain), key: key)
            if others.isEmpty || absentBits.isEmpty {
                mergeSQL = mergeWithoutAbsentSQL
                listedMerge = listedMergeWithoutAbsent
                createAbsentIndexSQL = nil
            } else {
                // The staged row's absent words are not in `excluded`: read them from the staging row
                // that was proposed (the page's last occurrence of the identity), once per conflict.
                func absent(_ bit: Int) -> String {
                    "(s.\(id("_absent\(bit / 63)")) & \(Int64(1) << Int64(bit % 63))) <> 0"
                }
                let values = others.map { column -> String in
                    guard let bit = absentBits[column] else { return "excluded.\(id(column))" }
                    return "CASE WHEN \(absent(bit)) THEN t.\(id(column)) ELSE excluded.\(id(column)) END"
                }
                let changed = others.map { column -> String in
                    let differs = "t.\(id(column)) IS DISTINCT FROM excluded.\(id(column))"
                    guard let bit = absentBits[column] else { return "(\(differs))" }
                    return "(NOT \(absent(bit)) AND \(differs))"
                }
                let proposed =
                    "FROM \(staging) AS s WHERE "
                    + identity.map { "s.\(id($0)) = excluded.\(id($0))" }.joined(separator: " AND ")
                    + " ORDER BY s.\"_position\" DESC LIMIT 1"
                let action =
                    "DO UPDATE SET (\(others.map(id).joined(separator: ", "))) = (SELECT \(values.joined(separator: ", ")) \(proposed)) WHERE (SELECT \(changed.joined(separator: " OR ")) \(proposed))"
                mergeSQL = Self.counting(insert(action))
                listedMerge = Self.listing(insert(action), key: key)
                let index = id(PostgresSQL.temporaryName("entitygen_stage_key", name))
                createAbsentIndexSQL = "CREATE INDEX IF NOT EXISTS \(index) ON \(staging) (\(keys), \"_position\")"
            }
        }
        // A table without identity has no rows to name in a report: its references are left to the
        // deferred foreign key, which fails the page at commit.
        if references.isEmpty || identity.isEmpty {
            referenceChecks = []
            recordCheckedSQL = nil
        } else {
            let checked = PostgresSQL.temporaryName("entitygen_check", name)
            create.append(
                "CREATE TEMP TABLE \(id(checked)) ON COMMIT DROP AS SELECT \(keys) FROM \(table) WITH NO DATA")
            recordCheckedSQL = "INSERT INTO \(id(checked)) SELECT \(keys) FROM \(staging)"
            referenceChecks = references.map {
                PostgresReferenceCheck(
                    $0, table: name, rowKeys: identity, checked: checked, described: identity, repair: .unset)
            }
        }
        createStagingSQL = create
        isEmptySQL = "SELECT (NOT EXISTS (SELECT 1 FROM \(table)))::int::bigint"
        plainInsertSQL =
            identity.isEmpty || !ownedRows.isEmpty || !references.isEmpty
            ? nil : "INSERT INTO \(table) (\(list)) SELECT \(list) FROM \(staging) ORDER BY \(keys)"
        let deletes = id(deleteStagingName)
        // Rows without identity are never named by a delete action (their mapping refuses it).
        createDeleteStagingSQL =
            "CREATE TEMP TABLE \(deletes) ON COMMIT DROP AS SELECT \(identity.isEmpty ? "NULL::bigint AS \"_none\"" : keys) FROM \(table) WITH NO DATA"
        let match = identity.map { "\(table).\(id($0)) = d.\(id($0))" }.joined(separator: " AND ")
        deleteSQL =
            "WITH deleted AS (DELETE FROM \(table) USING \(deletes) AS d WHERE \(identity.isEmpty ? "false" : match) RETURNING 1) SELECT count(*) FROM deleted"
        let tableKey =
            "json_build_array("
            + (identity.isEmpty ? ["_id"] : identity).map { "\(table).\(id($0))" }.joined(separator: ", ") + ")::text"
        listing = Listing(
            mergeSQL: listedMerge, mergeWithoutAbsentSQL: listedMergeWithoutAbsent,
            plainInsertSQL: plainInsertSQL.map { $0 + " RETURNING true, \(tableKey)" },
            deleteSQL:
                "DELETE FROM \(table) USING \(deletes) AS d WHERE \(identity.isEmpty ? "false" : match) RETURNING false, \(tableKey)"
        )
    }

    /// An upsert (`INSERT ... ON CONFLICT ...` into `t`) that returns one row: the inserted and the
    /// updated counts.
    static func counting(_ upsert: String) -> String {
        "WITH written AS (\(upsert) RETURNING (xmax = 0) AS inserted) SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted) FROM written"
    }

    /// An upsert that returns one row per row it wrote: whether it was inserted, and `key`.
    static func listing(_ upsert: String, key: String) -> String {
        "\(upsert) RETURNING (xmax = 0), \(key)"
    }
}

/// SQL text helpers of the PostgreSQL runtime.
enum PostgresSQL {
    /// A quoted identifier: `"name"`, inner quotes doubled.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A string literal: `'text'`, inner quotes doubled.
    static func string(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// `prefix_table`, cut to PostgreSQL's 63-byte identifier limit (a table name near the limit gets a
    /// digest suffix so that two such tables keep distinct staging names).
    static func temporaryName(_ prefix: String, _ table: String) -> String {
        let name = "\(prefix)_\(table)"
        guard name.utf8.count > 63 else { return name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in table.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let suffix = "_" + String(hash, radix: 16)
        var cut = Substring(name)
        while cut.utf8.count + suffix.utf8.count > 63 { cut = cut.dropLast() }
        return cut + suffix
    }
}
