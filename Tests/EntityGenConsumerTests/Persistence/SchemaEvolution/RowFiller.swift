import GRDB

/// Fills a database that an ``EvolvingSchema`` built with rows and links, from what SQLite says the tables
/// are: every entity table gets rows up to `rowsPerTable` (values of each column's type, some optional
/// ones NULL, key columns pointing at existing rows), every owner without links gets up to two.
struct RowFiller {
    var rowsPerTable = 3

    func fill(_ writer: any DatabaseWriter, using random: inout some RandomNumberGenerator) throws {
        try writer.write { db in
            let tables = try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations' ORDER BY name"
            )
            let links = tables.filter { $0.contains("_") }
            for table in tables where !links.contains(table) {
                try fillEntity(table, db, using: &random)
            }
            for table in links {
                try fillLinks(table, db, using: &random)
            }
        }
    }

    /// The table each key column references.
    private func targets(_ table: String, _ db: Database) throws -> [String: String] {
        Dictionary(
            try db.foreignKeys(on: table).flatMap { key in key.mapping.map { ($0.origin, key.destinationTable) } },
            uniquingKeysWith: { first, _ in first })
    }

    private func ids(_ table: String, _ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: "SELECT id FROM \(table.quotedDatabaseIdentifier) ORDER BY id")
    }

    private func fillEntity(_ table: String, _ db: Database, using random: inout some RandomNumberGenerator) throws {
        let existing = try ids(table, db)
        guard existing.count < rowsPerTable else { return }
        let columns = try db.columns(in: table)
        let keys = try targets(table, db)
        for id in Int64(existing.count + 1)...Int64(rowsPerTable) {
            var values: [DatabaseValueConvertible?] = []
            for column in columns {
                if column.name == "id" {
                    values.append(id)
                } else if let target = keys[column.name] {
                    values.append(try ids(target, db).randomElement(using: &random))
                } else if !column.isNotNull && Int.random(in: 0..<4, using: &random) == 0 {
                    values.append(nil)
                } else {
                    switch column.type.uppercased() {
                    case "TEXT": values.append("\(table)-\(column.name)-\(id)")
                    case "INTEGER": values.append(id * 10 + Int64.random(in: 0...9, using: &random))
                    default: values.append(Double(id) + 0.25)
                    }
                }
            }
            let names = columns.map(\.name.quotedDatabaseIdentifier).joined(separator: ", ")
            let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            try db.execute(
                sql: "INSERT INTO \(table.quotedDatabaseIdentifier) (\(names)) VALUES (\(marks))",
                arguments: StatementArguments(values))
        }
    }

    private func fillLinks(_ table: String, _ db: Database, using random: inout some RandomNumberGenerator) throws {
        let keys = try targets(table, db)
        guard let owner = keys["ownerId"], let target = keys["targetId"] else { return }
        let linked = Set(try Int64.fetchAll(db, sql: "SELECT DISTINCT ownerId FROM \(table.quotedDatabaseIdentifier)"))
        let targets = try ids(target, db)
        guard !targets.isEmpty else { return }
        for ownerID in try ids(owner, db) where !linked.contains(ownerID) {
            for position in 0..<Int.random(in: 0...2, using: &random) {
                try db.execute(
                    sql: "INSERT INTO \(table.quotedDatabaseIdentifier) (ownerId, position, targetId) VALUES (?, ?, ?)",
                    arguments: [ownerID, position, targets.randomElement(using: &random)!])
            }
        }
    }
}
