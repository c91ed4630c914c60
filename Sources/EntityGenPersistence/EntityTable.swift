/// The fixed SQL of one entity's table, built once per type (a `static let` in generated code) and run
/// through prepared statements: an import never builds SQL per record.
public final class EntityTable: Sendable {
    /// The entity's schema name, as reports show it.
    public let entity: String
    /// The table name.
    public let name: String
    /// The columns generated code binds, in parameter order (the hidden `_id` is not among them).
    public let columns: [String]
    /// The identification columns (a prefix-free subset of `columns`); empty when the entity has none,
    /// in which case its rows are owned by their parent and saved in a slot: the hidden `_id` of the row
    /// at the same place in the parent (bound at ``slotParameter``), or a new row when there is none.
    public let identity: [String]
    /// For a table without identity, the save statement's parameter taking the slot (the `_id` to
    /// update, or `NULL` for a new row); 0 for a table with identity.
    public let slotParameter: Int32
    /// Foreign-key columns of relationships declared with `reference:`, checked after each page.
    public let references: [ReferenceColumns]
    /// `INSERT` (no identity) or `INSERT ... ON CONFLICT (identity) DO UPDATE` (identity).
    public let saveSQL: String
    /// Like `saveSQL`, but an update that would change nothing is not performed (reported unchanged).
    public let saveChangedSQL: String
    /// `saveSQL` for a row none of whose fields was absent: every column set from the row, without the
    /// absent-field tests, which SQLite would evaluate for every column of every update. The same
    /// parameter numbers; the absent words are not read. The same as `saveSQL` without absent bits.
    public let saveAllSQL: String
    /// `saveChangedSQL` for a row none of whose fields was absent.
    public let saveAllChangedSQL: String
    /// `DELETE ... WHERE identity`.
    public let deleteSQL: String
    /// How many absent-field words the save statement takes after the columns.
    public let absentWords: Int
    /// The columns that name a row in change sets: the identity, or `_id` for a table without one.
    public var identityColumns: [String] { identity.isEmpty ? ["_id"] : identity }
    /// ` RETURNING <identity columns>`: appended to the save statement when an import reports changes, so
    /// that a written row names itself (an upsert that changes nothing returns no row).
    var returningSQL: String {
        " RETURNING " + identityColumns.map(SQLText.identifier).joined(separator: ", ")
    }

    /// Creates the description and its SQL. `absentBits` names the columns whose stored values an
    /// update keeps when the model's `AbsentFields` has their bit: the save statement takes, after the
    /// columns, one parameter per 63 bits (`AbsentFields.word(_:)`), and sets such a column to
    /// `CASE WHEN <bit> THEN <stored> ELSE excluded.<column> END`. Still one statement per table.
    public init(
        entity: String, name: String, columns: [String], identity: [String], references: [ReferenceColumns] = [],
        absentBits: [String: Int] = [:]
    ) {
        self.entity = entity
        self.name = name
        self.columns = columns
        self.identity = identity
        self.references = references
        self.absentWords = absentBits.values.max().map { $0 / 63 + 1 } ?? 0
        let table = SQLText.identifier(name)
        // Numbered parameters: the absent words are referred to once per column that uses them; an owned
        // row's slot comes last.
        let slot = identity.isEmpty ? columns.count + absentWords + 1 : 0
        slotParameter = Int32(slot)
        let insertColumns = columns + (identity.isEmpty ? ["_id"] : [])
        let values = (columns.indices.map { "?\($0 + 1)" } + (identity.isEmpty ? ["?\(slot)"] : []))
            .joined(separator: ", ")
        let insert =
            "INSERT INTO \(table) (\(insertColumns.map(SQLText.identifier).joined(separator: ", "))) VALUES (\(values))"
        // An owned row is upserted by its slot: `_id` NULL inserts a new row.
        let conflictColumns = identity.isEmpty ? ["_id"] : identity
        let others = columns.filter { !identity.contains($0) }
        /// `(?N & bit) != 0`: whether the column's key was absent.
        func absent(_ bit: Int) -> String {
            "(?\(columns.count + 1 + bit / 63) & \(Int64(1) << Int64(bit % 63))) != 0"
        }
        /// The save statements, with the absent-field tests or (`absentBits` empty) without.
        func statements(absentBits: [String: Int]) -> (save: String, saveChanged: String) {
            if others.isEmpty {
                let save =
                    insert
                    + " ON CONFLICT (\(conflictColumns.map(SQLText.identifier).joined(separator: ", "))) DO NOTHING"
                return (save, save)
            }
            let assignments = others.map { column -> String in
                let quoted = SQLText.identifier(column)
                guard let bit = absentBits[column] else { return "\(quoted) = excluded.\(quoted)" }
                return "\(quoted) = CASE WHEN \(absent(bit)) THEN \(quoted) ELSE excluded.\(quoted) END"
            }
            let changes = others.map { column -> String in
                let quoted = SQLText.identifier(column)
                guard let bit = absentBits[column] else { return "\(quoted) IS NOT excluded.\(quoted)" }
                return "(NOT \(absent(bit)) AND \(quoted) IS NOT excluded.\(quoted))"
            }
            let conflict =
                " ON CONFLICT (\(conflictColumns.map(SQLText.identifier).joined(separator: ", "))) DO UPDATE SET "
                + assignments.joined(separator: ", ")
            return (insert + conflict, insert + conflict + " WHERE " + changes.joined(separator: " OR "))
        }
        (saveSQL, saveChangedSQL) = statements(absentBits: absentBits)
        (saveAllSQL, saveAllChangedSQL) = statements(absentBits: [:])
        deleteSQL = "DELETE FROM \(table) WHERE " + SQLText.matching(identity)
    }

    /// `SELECT column FROM table WHERE identity` (`_id` for a table without identity): the row id an
    /// owned to-one target's column holds in the stored row, its slot for the next save.
    func storedRowIDSQL(_ column: String) -> String {
        "SELECT \(SQLText.identifier(column)) FROM \(SQLText.identifier(name)) WHERE "
            + SQLText.matching(identity.isEmpty ? ["_id"] : identity)
    }
}

/// The columns of a `reference:` relationship, and what a missing target means.
public struct ReferenceColumns: Sendable {
    /// The relationship's schema name.
    public var relationship: String
    /// The foreign-key columns in the owner's table.
    public var columns: [String]
    /// The target table.
    public var targetTable: String
    /// Whether a missing target fails the page (`onMissingTarget: fail`) instead of being unset and reported.
    public var failsWhenMissing: Bool

    /// Creates a description.
    public init(relationship: String, columns: [String], targetTable: String, failsWhenMissing: Bool) {
        self.relationship = relationship
        self.columns = columns
        self.targetTable = targetTable
        self.failsWhenMissing = failsWhenMissing
    }
}

/// A to-many relationship's link table: owner key, position (and map key), target key.
public final class LinkTable: Sendable {
    /// The table name.
    public let name: String
    /// Upsert of one link by owner and position (a link that is already there is left alone);
    /// parameters: owner key, position, map key (maps only), target key.
    public let insertSQL: String
    /// `DELETE` of an owner's links from a position on (those past the current elements); parameters:
    /// owner key, the number of current elements.
    public let deleteSQL: String
    /// For targets the owner owns (no identity): the target entity's schema name. Their row ids by
    /// position are the slots the next save reuses (``ImportSession/linkedTargets(_:owner:)``), and
    /// removing a link deletes its target (a trigger), counted as deleted.
    public let ownedTargetEntity: String?
    /// `SELECT` of an owner's targets in position order; parameters: owner key.
    let targetsSQL: String
    /// `deleteSQL`, returning the removed links' owned targets (which go with them) when the targets are
    /// owned rows: what an import that reports changes runs.
    let trimReturningSQL: String
    /// For links to references: what a missing target means, and the SQL that finds and drops one.
    public let reference: Reference?
    /// `SELECT` of one link's target key when no target row has it; parameters: owner key, position.
    let missingTargetSQL: String
    /// `DELETE` of one link; parameters: owner key, position.
    let dropSQL: String

    /// The target of a to-many `reference:` relationship, checked when the import finishes (targets may
    /// come later in the page), like a to-one reference's key.
    public struct Reference: Sendable {
        /// The owner entity's schema name.
        public var entity: String
        /// The relationship's schema name.
        public var relationship: String
        /// The target table.
        public var targetTable: String
        /// The target table's key columns, matched by the link's target columns in order.
        public var targetKeyColumns: [String]
        /// Whether a missing target fails the page (`onMissingTarget: fail`) instead of the link being
        /// dropped and reported.
        public var failsWhenMissing: Bool

        /// Creates a description.
        public init(
            entity: String, relationship: String, targetTable: String, targetKeyColumns: [String],
            failsWhenMissing: Bool
        ) {
            self.entity = entity
            self.relationship = relationship
            self.targetTable = targetTable
            self.targetKeyColumns = targetKeyColumns
            self.failsWhenMissing = failsWhenMissing
        }
    }

    /// Creates the description and its SQL.
    public init(
        name: String, ownerColumns: [String], targetColumns: [String], isMap: Bool, reference: Reference? = nil,
        ownedTargetEntity: String? = nil
    ) {
        self.name = name
        self.reference = reference
        self.ownedTargetEntity = ownedTargetEntity
        let table = SQLText.identifier(name)
        let columns = ownerColumns + ["position"] + (isMap ? ["key"] : []) + targetColumns
        let values = (isMap ? ["key"] : []) + targetColumns
        let key = (ownerColumns + ["position"]).map(SQLText.identifier).joined(separator: ", ")
        insertSQL =
            "INSERT INTO \(table) (\(columns.map(SQLText.identifier).joined(separator: ", "))) VALUES (\(SQLText.parameters(columns.count)))"
            + " ON CONFLICT (\(key)) DO UPDATE SET "
            + values.map { "\(SQLText.identifier($0)) = excluded.\(SQLText.identifier($0))" }.joined(separator: ", ")
            + " WHERE "
            + values.map { "\(SQLText.identifier($0)) IS NOT excluded.\(SQLText.identifier($0))" }
            .joined(separator: " OR ")
        deleteSQL =
            "DELETE FROM \(table) WHERE " + SQLText.matching(ownerColumns) + " AND \"position\" >= ?"
        targetsSQL =
            "SELECT \(targetColumns.map(SQLText.identifier).joined(separator: ", ")) FROM \(table) WHERE "
            + SQLText.matching(ownerColumns) + " ORDER BY \"position\""
        trimReturningSQL =
            ownedTargetEntity == nil
            ? deleteSQL : deleteSQL + " RETURNING " + targetColumns.map(SQLText.identifier).joined(separator: ", ")
        let oneLink = SQLText.matching(ownerColumns + ["position"])
        dropSQL = "DELETE FROM \(table) WHERE " + oneLink
        let targetMatch = zip(reference?.targetKeyColumns ?? [], targetColumns).map {
            "t.\(SQLText.identifier($0)) = \(table).\(SQLText.identifier($1))"
        }.joined(separator: " AND ")
        missingTargetSQL =
            "SELECT \(targetColumns.map(SQLText.identifier).joined(separator: ", ")) FROM \(table) WHERE \(oneLink) AND NOT EXISTS (SELECT 1 FROM \(SQLText.identifier(reference?.targetTable ?? name)) AS t WHERE \(targetMatch.isEmpty ? "1" : targetMatch))"
    }
}

/// Small SQL text helpers shared by the table descriptions.
enum SQLText {
    /// A quoted identifier: `"name"`, inner quotes doubled.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `?, ?, ?`
    static func parameters(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// `"a" = ? AND "b" = ?` (`0` when there are no columns: nothing matches).
    static func matching(_ columns: [String]) -> String {
        columns.isEmpty ? "0" : columns.map { "\(identifier($0)) = ?" }.joined(separator: " AND ")
    }
}
