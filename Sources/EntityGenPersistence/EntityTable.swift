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
    /// in which case every save inserts a new row owned by its parent.
    public let identity: [String]
    /// Foreign-key columns of relationships declared with `reference:`, checked after each page.
    public let references: [ReferenceColumns]
    /// `INSERT` (no identity) or `INSERT ... ON CONFLICT (identity) DO UPDATE` (identity).
    public let saveSQL: String
    /// Like `saveSQL`, but an update that would change nothing is not performed (reported unchanged).
    public let saveChangedSQL: String
    /// `DELETE ... WHERE identity`.
    public let deleteSQL: String
    /// How many absent-field words the save statement takes after the columns.
    public let absentWords: Int

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
        // Numbered parameters: the absent words are referred to once per column that uses them.
        let values = columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        let insert =
            columns.isEmpty
            ? "INSERT INTO \(table) DEFAULT VALUES"
            : "INSERT INTO \(table) (\(columns.map(SQLText.identifier).joined(separator: ", "))) VALUES (\(values))"
        let others = columns.filter { !identity.contains($0) }
        /// `(?N & bit) != 0`: whether the column's key was absent.
        func absent(_ bit: Int) -> String {
            "(?\(columns.count + 1 + bit / 63) & \(Int64(1) << Int64(bit % 63))) != 0"
        }
        if identity.isEmpty {
            saveSQL = insert
            saveChangedSQL = insert
        } else if others.isEmpty {
            saveSQL = insert + " ON CONFLICT (\(identity.map(SQLText.identifier).joined(separator: ", "))) DO NOTHING"
            saveChangedSQL = saveSQL
        } else {
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
                " ON CONFLICT (\(identity.map(SQLText.identifier).joined(separator: ", "))) DO UPDATE SET "
                + assignments.joined(separator: ", ")
            saveSQL = insert + conflict
            saveChangedSQL = insert + conflict + " WHERE " + changes.joined(separator: " OR ")
        }
        deleteSQL = "DELETE FROM \(table) WHERE " + SQLText.matching(identity)
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
    /// `INSERT` of one link; parameters: owner key, position, map key (maps only), target key.
    public let insertSQL: String
    /// `DELETE` of an owner's links; parameters: owner key.
    public let deleteSQL: String
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
        name: String, ownerColumns: [String], targetColumns: [String], isMap: Bool, reference: Reference? = nil
    ) {
        self.name = name
        self.reference = reference
        let table = SQLText.identifier(name)
        let columns = ownerColumns + ["position"] + (isMap ? ["key"] : []) + targetColumns
        insertSQL =
            "INSERT INTO \(table) (\(columns.map(SQLText.identifier).joined(separator: ", "))) VALUES (\(SQLText.parameters(columns.count)))"
        deleteSQL = "DELETE FROM \(table) WHERE " + SQLText.matching(ownerColumns)
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
