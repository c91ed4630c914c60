import GRDB

/// The indexes, triggers and views an app added around a table, kept across a generated migration's
/// table rebuild (SQLite's rebuild creates a new table and drops the old one, which would drop them).
/// Generated migrations call ``save(_:table:generatedIndexes:)`` before a rebuild and ``restore(_:)``
/// after it.
public struct AppSchemaObjects: Sendable {
    /// An object to re-create: its kind, name and SQL, as `sqlite_master` holds them.
    struct Object: Sendable {
        var type: String
        var name: String
        var sql: String
    }

    /// The rebuilt table.
    public let table: String
    private let objects: [Object]

    /// Reads the app's indexes and triggers on `table` (those it did not generate: `generatedIndexes`;
    /// generated triggers are dropped before any rebuild) and the views whose SQL mentions it, and drops
    /// the views (SQLite refuses to rename a table a broken view refers to).
    public static func save(_ db: Database, table: String, generatedIndexes: [String]) throws -> AppSchemaObjects {
        let generated = Set(generatedIndexes)
        var objects: [Object] = []
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT type, name, sql FROM sqlite_master
                WHERE sql IS NOT NULL AND ((type IN ('index', 'trigger') AND tbl_name = ?) OR type = 'view')
                ORDER BY rowid
                """,
            arguments: [table])
        for row in rows {
            let object = Object(type: row["type"], name: row["name"], sql: row["sql"])
            if object.type == "view" {
                guard mentions(object.sql, table) else { continue }
                try db.execute(sql: "DROP VIEW \(object.name.quotedDatabaseIdentifier)")
            } else if object.type == "index", generated.contains(object.name) {
                continue
            }
            objects.append(object)
        }
        return AppSchemaObjects(table: table, objects: objects)
    }

    /// Re-creates what ``save(_:table:generatedIndexes:)`` read, in the order SQLite had them.
    /// - Throws: ``AppSchemaObjectError`` naming an object that no longer applies to the rebuilt table
    ///   (it names a removed column): the migration stops, and its transaction leaves the database as
    ///   it was.
    public func restore(_ db: Database) throws {
        for object in objects {
            do {
                try db.execute(sql: object.sql)
            } catch {
                throw AppSchemaObjectError(type: object.type, name: object.name, table: table, reason: "\(error)")
            }
        }
    }

    /// Whether SQL text mentions a table name (as a word, quoted or not).
    static func mentions(_ sql: String, _ table: String) -> Bool {
        let lowered = sql.lowercased()
        let name = table.lowercased()
        var searchStart = lowered.startIndex
        while let range = lowered.range(of: name, range: searchStart..<lowered.endIndex) {
            let before = range.lowerBound == lowered.startIndex ? " " : lowered[lowered.index(before: range.lowerBound)]
            let after = range.upperBound == lowered.endIndex ? " " : lowered[range.upperBound]
            let isWordCharacter = { (character: Character) in
                character.isLetter || character.isNumber || character == "_"
            }
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            searchStart = range.upperBound
        }
        return false
    }
}

/// An index, trigger or view the app added that cannot be re-created after a generated migration rebuilt
/// its table.
public struct AppSchemaObjectError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `index`, `trigger` or `view`.
    public var type: String
    /// The object's name.
    public var name: String
    /// The rebuilt table.
    public var table: String
    /// SQLite's error.
    public var reason: String

    /// What happened and what to do.
    public var description: String {
        "the app's \(type) '\(name)' cannot be re-created after the generated migration rebuilt table '\(table)' (\(reason)); "
            + "nothing was migrated. Drop or change it in a migration of your own that runs before, then open again."
    }
}
