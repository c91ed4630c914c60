import EntityGenRuntime
import Foundation

/// The migrations a project has recorded for one backend: `entitygen-migrations.json` (SQLite) or
/// `entitygen-migrations.postgres.json` (PostgreSQL), next to the project config, checked in.
///
/// The format is per backend, not neutral: each file's snapshots hold that backend's column types
/// (SQLite's `text` and `integer`, PostgreSQL's `bigint` and `double precision`) and its migrations are that
/// backend's steps, numbered on their own. A project with both backends keeps both files; they are
/// written from the same schemas and move together, but a database only ever runs its own backend's.
///
/// Each recorded migration keeps the complete ``SchemaSnapshot`` after it; migration *n* is generated as the
/// difference between snapshots *n-1* and *n*, so a migration that shipped generates the same code forever,
/// whatever the schemas become. When the current schemas differ from the last snapshot, the generator
/// plans the next migration; `entitygen generate` records it, the build plugin (which cannot write into
/// the package) generates it and warns that it is not recorded yet.
public struct MigrationHistory: Hashable, Sendable, Codable {
    /// The SQLite backend's history file name, looked up beside the project config (each backend's is
    /// ``StorageBackendKind/historyFileName``).
    public static let fileName = StorageBackendKind.primary.historyFileName

    /// One recorded migration.
    public struct Migration: Hashable, Sendable, Codable {
        /// The migration's identifier in GRDB's migrator (`entitygen-v1`); never changes once recorded.
        public var name: String
        /// The tables after the migration.
        public var schema: SchemaSnapshot
        /// The tables the migration renamed (an entity's or a to-many relationship's `renamedFrom:`), so
        /// that regenerating it renames them again instead of dropping and creating.
        public var tableRenames: [TableRename]
        /// The columns the migration renamed (`renamedFrom:`), so that regenerating it renames them again
        /// instead of dropping and adding.
        public var renames: [ColumnRename]
        /// The columns whose stored values the migration discarded to change their type
        /// (`discardStoredData:`), so that regenerating it discards them again instead of refusing.
        public var discards: [ColumnDiscard]

        /// Creates a recorded migration.
        public init(
            name: String, schema: SchemaSnapshot, tableRenames: [TableRename] = [], renames: [ColumnRename] = [],
            discards: [ColumnDiscard] = []
        ) {
            self.name = name
            self.schema = schema
            self.tableRenames = tableRenames
            self.renames = renames
            self.discards = discards
        }

        /// Creates a recorded migration with what its schema said (`applied`: the intents that applied).
        init(name: String, schema: SchemaSnapshot, intents applied: Intents) {
            self.init(
                name: name, schema: schema, tableRenames: applied.tableRenames, renames: applied.columnRenames,
                discards: applied.discards)
        }

        /// Decodes a migration; `tableRenames`, `renames` and `discards` may be left out.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            schema = try container.decode(SchemaSnapshot.self, forKey: .schema)
            tableRenames = try container.decodeIfPresent([TableRename].self, forKey: .tableRenames) ?? []
            renames = try container.decodeIfPresent([ColumnRename].self, forKey: .renames) ?? []
            discards = try container.decodeIfPresent([ColumnDiscard].self, forKey: .discards) ?? []
        }

        /// What the schema said when the migration was recorded.
        var intents: Intents {
            Intents(tableRenames: tableRenames, columnRenames: renames, discards: discards)
        }
    }

    /// A column whose stored values a migration discarded, so its type could change.
    public struct ColumnDiscard: Hashable, Sendable, Codable {
        /// The table (named as after the migration).
        public var table: String
        /// The column.
        public var column: String

        /// Creates a discard.
        public init(table: String, column: String) {
            self.table = table
            self.column = column
        }
    }

    /// A table a migration renamed.
    public struct TableRename: Hashable, Sendable, Codable {
        /// The former table name.
        public var from: String
        /// The new table name.
        public var to: String

        /// Creates a rename.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// What a schema says about a change that the tables alone cannot say: renamed tables, then
    /// renamed columns (named by their tables' new names), and columns whose stored values may be
    /// discarded so that their type can change.
    public struct Intents: Hashable, Sendable {
        /// Renamed tables.
        public var tableRenames: [TableRename]
        /// Renamed columns.
        public var columnRenames: [ColumnRename]
        /// Columns whose values may be discarded.
        public var discards: [ColumnDiscard]

        /// Creates a set of intents.
        public init(
            tableRenames: [TableRename] = [], columnRenames: [ColumnRename] = [], discards: [ColumnDiscard] = []
        ) {
            self.tableRenames = tableRenames
            self.columnRenames = columnRenames
            self.discards = discards
        }

        /// The new name of a table that had `name` before (`name` itself when it was not renamed).
        public func newName(ofTable name: String) -> String {
            tableRenames.first { $0.from == name }?.to ?? name
        }
    }

    /// A column a migration renamed.
    public struct ColumnRename: Hashable, Sendable, Codable {
        /// The table (named as after the migration).
        public var table: String
        /// The former column name.
        public var from: String
        /// The new column name.
        public var to: String

        /// Creates a rename.
        public init(table: String, from: String, to: String) {
            self.table = table
            self.from = from
            self.to = to
        }
    }

    /// The file format version; files of a newer format are rejected rather than misread.
    public var format: Int
    /// Recorded migrations, oldest first.
    public var migrations: [Migration]

    /// The format this version reads and writes.
    public static let currentFormat = 1

    /// Creates a history.
    public init(migrations: [Migration]) {
        format = Self.currentFormat
        self.migrations = migrations
    }

    /// Nothing recorded.
    public static let empty = MigrationHistory(migrations: [])

    /// The identifier of the migration after the recorded ones: `entitygen-v<count + 1>`.
    public var nextMigrationName: String {
        "entitygen-v\(migrations.count + 1)"
    }

    /// Reads a history file's contents.
    /// - Throws: a message saying what is wrong (invalid JSON, a missing field, a newer format, a
    ///   duplicate migration name).
    public static func decode(
        _ bytes: [UInt8], for backend: StorageBackendKind = .primary
    ) throws(HistoryError) -> MigrationHistory {
        let columnTypes = backend.backend.columnTypes
        // The reader first: a file that is not JSON is reported where it breaks, as a payload is.
        do {
            _ = try JSONDocument(bytes: bytes)
        } catch {
            throw HistoryError(
                message: "invalid JSON: \(error.message) (at \(error.path))", line: error.line, column: error.column)
        }
        let history: MigrationHistory
        do {
            history = try JSONDecoder().decode(MigrationHistory.self, from: Data(bytes))
        } catch let DecodingError.keyNotFound(key, context) {
            throw HistoryError(message: "missing '\(key.stringValue)' at \(Self.describe(context.codingPath))")
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            let detail =
                context.underlyingError.map { " (\(($0 as NSError).userInfo[NSDebugDescriptionErrorKey] ?? $0))" } ?? ""
            throw HistoryError(message: "invalid JSON\(detail)")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let
            DecodingError.dataCorrupted(context)
        {
            throw HistoryError(message: "\(context.debugDescription) at \(Self.describe(context.codingPath))")
        } catch {
            throw HistoryError(message: "\(error)")
        }
        guard history.format <= currentFormat else {
            throw HistoryError(
                message:
                    "format \(history.format) was written by a newer entitygen (this one reads format \(currentFormat))"
            )
        }
        var seen: Set<String> = []
        for migration in history.migrations {
            guard seen.insert(migration.name).inserted else {
                throw HistoryError(message: "migration '\(migration.name)' is recorded twice")
            }
            for table in migration.schema.tables {
                for column in table.columns where !columnTypes.contains(column.type) {
                    throw HistoryError(
                        message:
                            "migration '\(migration.name)': column '\(table.name).\(column.name)' has type '\(column.type)'; expected one of \(columnTypes.sorted().joined(separator: ", "))"
                    )
                }
                for key in table.foreignKeys where !foreignKeyActions.contains(key.onDelete) {
                    throw HistoryError(
                        message:
                            "migration '\(migration.name)': a foreign key of '\(table.name)' has onDelete '\(key.onDelete)'; expected one of \(foreignKeyActions.sorted().joined(separator: ", "))"
                    )
                }
            }
        }
        return history
    }

    /// `ON DELETE` actions a snapshot may hold (GRDB's `Database.ForeignKeyAction` case names).
    static let foreignKeyActions = Set(RecordedDeleteAction.allCases.map(\.rawValue))

    /// The file's text, byte-stable and written for review: one migration, table and trigger after
    /// another, each column on one line, names first, empty lists and false flags left out.
    public func encoded() -> String {
        var lines = ["{", "  \"format\": \(format),", "  \"migrations\": ["]
        for (index, migration) in migrations.enumerated() {
            lines.append("    {")
            lines.append("      \"name\": \(Self.quoted(migration.name)),")
            if !migration.tableRenames.isEmpty {
                let renames = migration.tableRenames.map {
                    "{\"from\": \(Self.quoted($0.from)), \"to\": \(Self.quoted($0.to))}"
                }
                lines.append("      " + Self.objects("tableRenames", renames, indent: "      ") + ",")
            }
            if !migration.renames.isEmpty {
                let renames = migration.renames.map {
                    "{\"table\": \(Self.quoted($0.table)), \"from\": \(Self.quoted($0.from)), \"to\": \(Self.quoted($0.to))}"
                }
                lines.append("      " + Self.objects("renames", renames, indent: "      ") + ",")
            }
            if !migration.discards.isEmpty {
                let discards = migration.discards.map {
                    "{\"table\": \(Self.quoted($0.table)), \"column\": \(Self.quoted($0.column))}"
                }
                lines.append("      " + Self.objects("discards", discards, indent: "      ") + ",")
            }
            lines.append("      \"schema\": {")
            lines.append("        \"tables\": [")
            for (tableIndex, table) in migration.schema.tables.enumerated() {
                var fields = ["\"name\": \(Self.quoted(table.name))"]
                if table.hiddenRowID { fields.append("\"hiddenRowID\": true") }
                if table.withoutRowID { fields.append("\"withoutRowID\": true") }
                if !table.primaryKey.isEmpty { fields.append("\"primaryKey\": \(Self.list(table.primaryKey))") }
                fields.append(
                    Self.objects(
                        "columns",
                        table.columns.map { column in
                            var text =
                                "{\"name\": \(Self.quoted(column.name)), \"type\": \(Self.quoted(column.type)), \"notNull\": \(column.notNull)"
                            if let defaultSQL = column.defaultSQL {
                                text += ", \"defaultSQL\": \(Self.quoted(defaultSQL))"
                            }
                            return text + "}"
                        }))
                if !table.foreignKeys.isEmpty {
                    fields.append(
                        Self.objects(
                            "foreignKeys",
                            table.foreignKeys.map { key in
                                "{\"columns\": \(Self.list(key.columns)), \"table\": \(Self.quoted(key.table)), \"targetColumns\": \(Self.list(key.targetColumns)), "
                                    + "\"onDelete\": \(Self.quoted(key.onDelete)), \"onUpdateCascade\": \(key.onUpdateCascade), \"deferred\": \(key.deferred)}"
                            }))
                }
                if !table.indexes.isEmpty {
                    fields.append(
                        Self.objects(
                            "indexes",
                            table.indexes.map {
                                "{\"name\": \(Self.quoted($0.name)), \"columns\": \(Self.list($0.columns))}"
                            }))
                }
                lines.append("          {")
                lines += fields.enumerated().map {
                    "            " + $0.element + ($0.offset == fields.count - 1 ? "" : ",")
                }
                lines.append("          }" + (tableIndex == migration.schema.tables.count - 1 ? "" : ","))
            }
            let triggers = migration.schema.triggers.map {
                "{\"name\": \(Self.quoted($0.name)), \"sql\": \(Self.quoted($0.sql))}"
            }
            lines.append("        ]" + (triggers.isEmpty ? "" : ","))
            if !triggers.isEmpty { lines.append("        " + Self.objects("triggers", triggers, indent: "        ")) }
            lines.append("      }")
            lines.append("    }" + (index == migrations.count - 1 ? "" : ","))
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `"key": [` one object per line `]`, at the indentation of a table's fields unless given.
    private static func objects(_ key: String, _ objects: [String], indent: String = "            ") -> String {
        guard !objects.isEmpty else { return "\(quoted(key)): []" }
        return "\(quoted(key)): [\n" + objects.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
    }

    private static func list(_ names: [String]) -> String {
        "[" + names.map(quoted).joined(separator: ", ") + "]"
    }

    /// A JSON string literal (the mapping runtime's writer escapes it).
    static func quoted(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A problem reading a history file.
    public struct HistoryError: Error, Hashable, Sendable {
        /// What is wrong.
        public var message: String
        /// The 1-based line of the file where it is wrong (1 when the problem is not at one place).
        public var line = 1
        /// The 1-based column of the file where it is wrong, in Unicode scalars.
        public var column = 1
    }

    private static func describe(_ path: [any CodingKey]) -> String {
        path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
