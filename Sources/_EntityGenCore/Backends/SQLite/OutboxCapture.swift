/// What SQLite records for entities with `push:`: the outbox (`entitygen_outbox`), the pause marker
/// the importer sets inside its own transactions (`entitygen_outbox_pause`), and, per table, the
/// triggers that capture every local write in the write's own transaction (GRDB's record methods, its
/// static `deleteOne`/`updateAll`, raw SQL) and coalesce the row's unsent edits, and those that apply
/// the conflict policy while an import writes: the server's row drops the row's unsent edits (recorded
/// with what `clientWins` or `lastWriterWins` writes back), and a row created locally that the server
/// has not confirmed is never deleted as missing from the server's list. They are recorded
/// schema objects like any table and trigger: an app update that adds `push:` migrates them in, and a
/// table rebuild re-creates them.
enum OutboxCapture {
    /// The outbox table (the runtime's `Outbox.tableName`).
    static let outbox = "entitygen_outbox"
    /// The marker table: while it holds a row, nothing is captured; its row 1 marks an import writing
    /// server data, which the conflict triggers handle.
    static let pause = "entitygen_outbox_pause"
    /// Where an import's triggers leave the unsent edits it overrode, for its report.
    static let conflicts = "entitygen_outbox_conflicts"

    /// The tables and triggers for `tables`' push plans (none when no table has one).
    static func objects(for tables: [TablePlan]) -> (tables: [TableSnapshot], triggers: [TriggerSnapshot]) {
        let pushed = tables.filter { $0.push != nil }
        guard !pushed.isEmpty else { return ([], []) }
        let column = { (name: String, type: String, notNull: Bool, defaultSQL: String?) in
            ColumnSnapshot(name: name, type: type, notNull: notNull, defaultSQL: defaultSQL)
        }
        let outboxTable = TableSnapshot(
            name: outbox, hiddenRowID: true, withoutRowID: false,
            columns: [
                column("entity", "text", true, nil), column("key", "text", true, nil),
                column("operation", "text", true, nil), column("changedKeys", "text", false, nil),
                column("idempotencyKey", "text", true, nil), column("attempts", "integer", true, nil),
                column("failedStatus", "integer", false, nil), column("failure", "text", false, nil),
                column("payload", "blob", false, nil), column("editedAt", "text", false, nil),
            ],
            primaryKey: [], foreignKeys: [],
            indexes: [IndexSnapshot(name: "\(outbox)_row", columns: ["entity", "key"])])
        let pauseTable = TableSnapshot(
            name: pause, hiddenRowID: true, withoutRowID: false, columns: [], primaryKey: [], foreignKeys: [],
            indexes: [])
        let conflictTable = TableSnapshot(
            name: conflicts, hiddenRowID: true, withoutRowID: false,
            columns: [
                column("entity", "text", true, nil), column("key", "text", true, nil),
                column("tableName", "text", true, nil), column("columns", "text", true, nil),
                column("operation", "text", true, nil), column("local", "text", true, nil),
                column("server", "text", true, nil), column("restore", "text", true, nil),
                column("editedAt", "text", false, nil),
            ],
            primaryKey: [], foreignKeys: [], indexes: [])
        return ([outboxTable, pauseTable, conflictTable], pushed.flatMap(triggers))
    }

    /// The capture and conflict triggers of one table.
    private static func triggers(_ table: TablePlan) -> [TriggerSnapshot] {
        let id = SQL.identifier
        let name = table.tableName
        let entity = SQL.string(table.schemaName)
        let keyColumns = table.identity
        let key = { (row: String) in
            keyColumns.map { "quote(\(row).\(id($0)))" }.joined(separator: " || ',' || ")
        }
        let outbox = id(Self.outbox)
        let notPaused = "NOT EXISTS (SELECT 1 FROM \(id(pause)))"
        // The row's last entry, and whether it is still unsent (`rowKey`: the row's key expression).
        let last = { (rowKey: String) in
            "(SELECT max(\"_id\") FROM \(outbox) WHERE entity = \(entity) AND key = \(rowKey))"
        }
        let unsentLast = { (rowKey: String) in
            "EXISTS (SELECT 1 FROM \(outbox) WHERE \"_id\" = \(last(rowKey)) AND attempts = 0)"
        }
        let newKey = "lower(hex(randomblob(16)))"
        let watched = table.push?.jsonKeys ?? []
        let changedKeys =
            "'[' || substr("
            + watched.map { column, key in
                "CASE WHEN OLD.\(id(column)) IS NOT NEW.\(id(column)) THEN \(SQL.string("," + jsonString(key))) ELSE '' END"
            }.joined(separator: " || ") + ", 2) || ']'"
        // With `lastWriterWins`, each entry also keeps when the device last changed each key
        // (`editedAt`, a JSON object of GRDB's date text), which a pull compares with the server row's
        // timestamp; other policies leave it null.
        let timestamp = table.push?.conflicts == .lastWriterWins ? table.push?.timestampColumn : nil
        let now = "strftime('%Y-%m-%d %H:%M:%f', 'now')"
        let everyKeyNow =
            "json_object(" + watched.map { "\(SQL.string($0.key)), \(now)" }.joined(separator: ", ") + ")"
        let stampAll = timestamp == nil ? "" : ", editedAt = \(everyKeyNow)"
        let stamped = timestamp == nil ? "" : ", editedAt"
        let stamp = { (times: String) in timestamp == nil ? "" : ", \(times)" }
        let changedNow = { (changed: String) in "(SELECT json_group_object(value, \(now)) FROM json_each(\(changed)))" }
        let anyChange = watched.map { "OLD.\(id($0.column)) IS NOT NEW.\(id($0.column))" }.joined(separator: " OR ")
        // An update of the row `rowKey` that changed the top-level keys `changed` (a JSON array): folded
        // into the row's unsent update (the union of keys; a creation, or an update of every key, already
        // sends them), or a new entry. A coalesced edit takes the new change's time for its keys.
        let captureUpdate = { (rowKey: String, changed: String) in
            let restamp =
                timestamp == nil
                ? ""
                : "UPDATE \(outbox) SET editedAt = json_patch(coalesce(editedAt, '{}'), \(changedNow(changed))) "
                    + "WHERE \"_id\" = \(last(rowKey)) AND attempts = 0 AND operation IN ('create', 'update'); "
            return restamp
                + "UPDATE \(outbox) SET changedKeys = (SELECT json_group_array(value) FROM "
                + "(SELECT value FROM json_each(changedKeys) UNION SELECT value FROM json_each(\(changed)))) "
                + "WHERE \"_id\" = \(last(rowKey)) AND attempts = 0 AND operation = 'update' AND changedKeys IS NOT NULL; "
                + "INSERT INTO \(outbox) (entity, key, operation, changedKeys, idempotencyKey, attempts\(stamped)) "
                + "SELECT \(entity), \(rowKey), 'update', \(changed), \(newKey), 0\(stamp(changedNow(changed))) "
                + "WHERE NOT \(unsentLast(rowKey));"
        }
        let insert = """
            CREATE TRIGGER \(id(name + "_outbox_insert")) AFTER INSERT ON \(id(name)) WHEN \(notPaused) BEGIN \
            UPDATE \(outbox) SET operation = 'update', changedKeys = NULL\(stampAll) \
            WHERE "_id" = \(last(key("NEW"))) AND attempts = 0 AND operation = 'delete'; \
            INSERT INTO \(outbox) (entity, key, operation, idempotencyKey, attempts\(stamped)) \
            SELECT \(entity), \(key("NEW")), 'create', \(newKey), 0\(stamp(everyKeyNow)) WHERE NOT \(unsentLast(key("NEW"))); END
            """
        let update = """
            CREATE TRIGGER \(id(name + "_outbox_update")) AFTER UPDATE ON \(id(name)) \
            WHEN \(notPaused) AND (\(anyChange.isEmpty ? "0" : anyChange)) BEGIN \(captureUpdate(key("NEW"), changedKeys)) END
            """
        let delete = """
            CREATE TRIGGER \(id(name + "_outbox_delete")) AFTER DELETE ON \(id(name)) WHEN \(notPaused) BEGIN \
            UPDATE \(outbox) SET operation = 'delete', changedKeys = NULL\(stampAll) \
            WHERE "_id" = \(last(key("OLD"))) AND attempts = 0 AND operation = 'update'; \
            INSERT INTO \(outbox) (entity, key, operation, idempotencyKey, attempts\(stamped)) \
            SELECT \(entity), \(key("OLD")), 'delete', \(newKey), 0\(stamp(everyKeyNow)) WHERE NOT \(unsentLast(key("OLD"))); \
            DELETE FROM \(outbox) WHERE "_id" = \(last(key("OLD"))) AND attempts = 0 AND operation = 'create'; END
            """
        // While an import writes (paused): the server's row replaces the row's unsent edits, which are
        // dropped and recorded as a conflict with both versions of the row (and, with `clientWins`, what
        // to write back); and a row created here that the server has not confirmed is never deleted as
        // missing from the server.
        // (The pause table's row marks what writes: 1, an import while the outbox holds unsent edits; 3,
        // an import while it holds none, so that a pulled row pays no probe for an edit that cannot be
        // there; 2, the pusher giving a row the id the server assigned, which no trigger acts on.)
        let paused = "EXISTS (SELECT 1 FROM \(id(pause)) WHERE \"_id\" = 1)"
        let importing = "EXISTS (SELECT 1 FROM \(id(pause)) WHERE \"_id\" IN (1, 3))"
        let conflicts = id(Self.conflicts)
        // Checked before a pulled row's trigger body runs: most pulled rows have no unsent edit, and an
        // import then pays one index probe per row.
        let unsent = { (row: String) in
            "EXISTS (SELECT 1 FROM \(outbox) WHERE entity = \(entity) AND key = \(key(row)) AND attempts = 0)"
        }
        let identityColumns = SQL.string("[" + keyColumns.map(jsonString).joined(separator: ",") + "]")
        let values = { (row: String) in
            "json_object("
                + watched.map { "\(SQL.string($0.column)), quote(\(row).\(id($0.column)))" }
                .joined(separator: ", ") + ")"
        }
        // With `clientWins` or `lastWriterWins`, what the import writes back once capture resumes: the
        // columns the unsent edit changed (all of them for a creation), or `"delete"` when the device had
        // deleted the row.
        let changed = { (jsonKey: String) in
            "(operation = 'create' OR changedKeys IS NULL OR EXISTS "
                + "(SELECT 1 FROM json_each(changedKeys) WHERE value = \(SQL.string(jsonKey))))"
        }
        // With `lastWriterWins`, a change is kept when the device made it after the server's row was
        // last changed (a server row without a timestamp is older).
        let newer = { (editTime: String) in
            timestamp.map { " AND (NEW.\(id($0)) IS NULL OR \(editTime) > NEW.\(id($0)))" } ?? ""
        }
        let restoredColumns: String
        let restoredDelete: String
        switch table.push?.conflicts ?? .serverWins {
        case .serverWins:
            (restoredColumns, restoredDelete) = ("'{}'", "'{}'")
        case .clientWins, .lastWriterWins:
            restoredColumns =
                "json_object("
                + watched.map { column, jsonKey in
                    let editTime =
                        "(SELECT value FROM json_each(editedAt) WHERE key = \(SQL.string(jsonKey)))"
                    return "\(SQL.string(column)), CASE WHEN \(changed(jsonKey))\(newer(editTime)) "
                        + "THEN quote(OLD.\(id(column))) END"
                }.joined(separator: ", ") + ")"
            let deletedAt = "(SELECT min(value) FROM json_each(editedAt))"
            restoredDelete = "CASE WHEN operation = 'delete'\(newer(deletedAt)) THEN '\"delete\"' ELSE '{}' END"
        }
        let overridden = { (row: String, local: String, server: String, restore: String) in
            "INSERT INTO \(conflicts) (entity, key, tableName, columns, operation, local, server, restore, editedAt) "
                + "SELECT entity, key, \(SQL.string(name)), \(identityColumns), operation, \(local), \(server), "
                + "\(restore), editedAt FROM \(outbox) WHERE \"_id\" = \(last(key(row))) AND attempts = 0; "
                + "DELETE FROM \(outbox) WHERE entity = \(entity) AND key = \(key(row)) AND attempts = 0;"
        }
        let pulledInsert = """
            CREATE TRIGGER \(id(name + "_outbox_pulled_insert")) AFTER INSERT ON \(id(name)) \
            WHEN \(paused) AND \(unsent("NEW")) BEGIN \
            \(overridden("NEW", "'{}'", values("NEW"), restoredDelete)) END
            """
        let pulledUpdate = """
            CREATE TRIGGER \(id(name + "_outbox_pulled_update")) AFTER UPDATE ON \(id(name)) \
            WHEN \(paused) AND \(unsent("NEW")) BEGIN \
            \(overridden("NEW", values("OLD"), values("NEW"), restoredColumns)) END
            """
        let pulledDelete = """
            CREATE TRIGGER \(id(name + "_outbox_pulled_delete")) AFTER DELETE ON \(id(name)) \
            WHEN \(paused) AND \(unsent("OLD")) BEGIN \
            \(overridden("OLD", values("OLD"), "'{}'", "'{}'")) END
            """
        let keep = """
            CREATE TRIGGER \(id(name + "_outbox_keep")) BEFORE DELETE ON \(id(name)) WHEN \(importing) AND EXISTS \
            (SELECT 1 FROM \(outbox) WHERE entity = \(entity) AND key = \(key("OLD")) AND operation = 'create') BEGIN \
            SELECT RAISE(IGNORE); END
            """
        // A to-many relationship kept in a link table: adding, removing or reordering its rows is an
        // update of the owner's relationship key (while the owner exists: the links an owner's deletion
        // takes with it are no edit of their own).
        let linkTriggers = table.links.flatMap { link -> [TriggerSnapshot] in
            guard let jsonKey = table.push?.relationshipKeys[link.relationship] else { return [] }
            let ownerColumns = keyColumns.compactMap { column in
                link.ownerTargetColumns.firstIndex(of: column).map { link.ownerColumns[$0].name }
            }
            guard ownerColumns.count == keyColumns.count, !ownerColumns.isEmpty else { return [] }
            let changed = SQL.string("[" + jsonString(jsonKey) + "]")
            return [("insert", "NEW"), ("update", "NEW"), ("delete", "OLD")].map { event, row in
                let ownerKey = ownerColumns.map { "quote(\(row).\(id($0)))" }.joined(separator: " || ',' || ")
                let ownerExists =
                    "EXISTS (SELECT 1 FROM \(id(name)) WHERE "
                    + zip(keyColumns, ownerColumns).map { "\(id($0)) = \(row).\(id($1))" }.joined(separator: " AND ")
                    + ")"
                let trigger = link.table + "_outbox_" + event
                return TriggerSnapshot(
                    name: trigger,
                    sql: "CREATE TRIGGER \(id(trigger)) AFTER \(event.uppercased()) ON \(id(link.table)) "
                        + "WHEN \(notPaused) AND \(ownerExists) BEGIN \(captureUpdate(ownerKey, changed)) END")
            }
        }
        return linkTriggers + [
            TriggerSnapshot(name: name + "_outbox_pulled_insert", sql: pulledInsert),
            TriggerSnapshot(name: name + "_outbox_pulled_update", sql: pulledUpdate),
            TriggerSnapshot(name: name + "_outbox_pulled_delete", sql: pulledDelete),
            TriggerSnapshot(name: name + "_outbox_keep", sql: keep),
            TriggerSnapshot(name: name + "_outbox_insert", sql: insert),
            TriggerSnapshot(name: name + "_outbox_update", sql: update),
            TriggerSnapshot(name: name + "_outbox_delete", sql: delete),
        ]
    }

    /// A JSON string literal of a key (quotes and backslashes escaped; keys hold no control characters
    /// that matter here, but they are escaped too).
    private static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
