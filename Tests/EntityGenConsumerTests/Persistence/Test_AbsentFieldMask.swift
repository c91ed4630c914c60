import EntityGenPersistence
import EntityGenRuntime
import GRDB
import Testing

/// The absent-field mask past one 63-bit word: an entity with 70 optional columns keeps exactly the
/// columns whose bits are set (issue 13, item 3; `Test_PlainGRDB` covers the generated path).
@Suite struct Test_AbsentFieldMask {
    @Test func bitsBeyondTheFirstWordKeepTheirColumns() throws {
        let columns = (0..<70).map { "c\($0)" }
        let table = EntityTable(
            entity: "Wide", name: "wide", columns: ["id"] + columns, identity: ["id"],
            absentBits: Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) }))
        #expect(table.absentWords == 2)
        var absent = AbsentFields()
        for bit in 0..<70 where bit != 5 && bit != 66 { absent.insert(bit) }
        #expect(absent.contains(64) && !absent.contains(66) && !absent.contains(5) && !absent.contains(200))
        #expect(absent.word(1) == Int64(0b1110111))  // bits 63...69 but 66 (offset 3)

        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql:
                    "CREATE TABLE wide (id INTEGER PRIMARY KEY, \(columns.map { "\($0) TEXT" }.joined(separator: ", ")))"
            )
            var session = ImportSession(db)
            for (values, mask) in [("v", AbsentFields()), (nil, absent)] as [(String?, AbsentFields)] {
                let row = try session.prepare(table)
                Int64(1).bindValue(to: row.statement, at: 1)
                for index in columns.indices { values.bindValue(to: row.statement, at: Int32(index + 2)) }
                mask.bind(to: row.statement, after: columns.count + 1, words: table.absentWords)
                try session.save(row)
            }
            let stored = try #require(try Row.fetchOne(db, sql: "SELECT * FROM wide"))
            let cleared = columns.filter { (stored[$0] as String?) == nil }
            #expect(cleared == ["c5", "c66"])
        }
    }

    /// A row with no absent field is saved by the statement that sets every column, without the absent
    /// tests; rows with and without absent fields go to the same table's counters and keep the same
    /// semantics: an identical save is unchanged, an absent field keeps its stored value, and an owned
    /// row's slot (the parameter after the absent words, which that statement does not read) still
    /// selects the row it updates.
    @Test func rowsWithoutAbsentFieldsTakeTheStatementThatSetsEveryColumn() throws {
        let keyed = EntityTable(
            entity: "Keyed", name: "keyed", columns: ["id", "a", "b"], identity: ["id"], absentBits: ["a": 0, "b": 1])
        let owned = EntityTable(
            entity: "Owned", name: "owned", columns: ["a", "b"], identity: [], absentBits: ["a": 0])
        for table in [keyed, owned] {
            #expect(table.saveAllSQL.contains("CASE") == false && table.saveAllChangedSQL.contains("CASE") == false)
            #expect(table.saveChangedSQL.contains("CASE"))
        }
        #expect(owned.slotParameter == 4 && owned.saveAllSQL.contains("?4") && !owned.saveAllSQL.contains("?3"))
        let plain = EntityTable(entity: "Plain", name: "plain", columns: ["id", "a"], identity: ["id"])
        #expect(plain.saveAllSQL == plain.saveSQL && plain.saveAllChangedSQL == plain.saveChangedSQL)

        var onlyA = AbsentFields()
        onlyA.insert(0)
        #expect(AbsentFields().isEmpty && !onlyA.isEmpty)
        let queue = try DatabaseQueue()
        let (report, rows) = try queue.write { db in
            try db.execute(sql: "CREATE TABLE keyed (id INTEGER PRIMARY KEY, a TEXT, b TEXT)")
            try db.execute(sql: "CREATE TABLE owned (_id INTEGER PRIMARY KEY, a TEXT, b TEXT)")
            var session = ImportSession(db)
            // (a, b, absent): inserted, unchanged, updated, then `a` absent: b changes, a is kept.
            let saves: [(String?, String?, AbsentFields)] = [
                ("a1", "b1", AbsentFields()), ("a1", "b1", AbsentFields()), ("a2", "b1", AbsentFields()),
                (nil, "b2", onlyA),
            ]
            var slot: Int64? = nil
            for (a, b, absent) in saves {
                let row = try session.prepare(keyed, absent: absent)
                #expect((row.statement == (try session.prepare(keyed).statement)) == !absent.isEmpty)
                Int64(7).bindValue(to: row.statement, at: 1)
                a.bindValue(to: row.statement, at: 2)
                b.bindValue(to: row.statement, at: 3)
                try session.save(row)
                let ownedRow = try session.prepare(owned, absent: absent)
                a.bindValue(to: ownedRow.statement, at: 1)
                b.bindValue(to: ownedRow.statement, at: 2)
                slot = try session.save(ownedRow, slot: slot)
            }
            return (
                try session.finish(),
                try Row.fetchAll(db, sql: "SELECT a, b FROM keyed UNION ALL SELECT a, b FROM owned")
            )
        }
        for entity in ["Keyed", "Owned"] {
            let counts = report.entities[entity]
            #expect([counts?.inserted, counts?.updated, counts?.unchanged] == [1, 2, 1], "\(entity)")
        }
        #expect(rows == [["a": "a2", "b": "b2"], ["a": "a2", "b": "b2"]])
    }
}

/// The keys a JSON object left out are recorded beside the model, never in it: a user mapped from
/// `{"id": 1, ...}` equals (and hashes as) the one mapped from the same object with `"bio": null`, and
/// reflection lists the schema's properties only; importing the two JSON objects still differs (the first
/// keeps a stored biography, the second clears it), and saving a mapped model without its JSON replaces
/// every value, as for a model built in code.
@Suite struct Test_AbsentKeysBesideTheModel {
    @Test func theModelHoldsTheDataOnlyAndTheImportStillKeepsAbsentKeys() throws {
        let absent = try User.map(json: Array(#"{"id": 1, "login": "ann"}"#.utf8)).value
        let null = try User.map(json: Array(#"{"id": 1, "login": "ann", "bio": null}"#.utf8)).value
        let built = User(id: 1, login: "ann")
        #expect(absent == null && null == built)
        #expect(absent.hashValue == null.hashValue && null.hashValue == built.hashValue)
        #expect(Set([absent, null, built]).count == 1)
        #expect(absent != User(id: 1, login: "ann", biography: "hi"))
        // Reflection (`Mirror`, `dump`, the debugger) shows the user's data only.
        let labels = Mirror(reflecting: absent).children.compactMap(\.label)
        #expect(labels == ["id", "login", "avatarUrl", "biography"], "\(labels)")
        #expect(!labels.contains { $0.hasPrefix("_") })

        // The imports differ: the absent key keeps a stored value, null clears it.
        let (pool, _) = try makeDatabase()
        let importer = FeedImporter(feed: Feed<User>(name: "users"), writer: pool)
        try pool.write { db in try User.Record(id: 1, login: "ann", biography: "kept").insert(db) }
        _ = try importer.importPage(Array(#"[{"id": 1, "login": "ann"}]"#.utf8))
        #expect(try pool.read { db in try User.Record.fetchOne(db, id: 1)?.biography } == "kept")
        _ = try importer.importPage(Array(#"[{"id": 1, "login": "ann", "bio": null}]"#.utf8))
        #expect(try pool.read { db in try User.Record.fetchOne(db, id: 1)?.biography } == nil)

        // A mapped model saved without its JSON is plain data: every value is written.
        try pool.write { db in try User.Record(id: 1, login: "ann", biography: "again").update(db) }
        try pool.write { db in
            var session = ImportSession(db)
            try User.SQLite.save(absent, in: &session)
            _ = try session.finish()
        }
        #expect(try pool.read { db in try User.Record.fetchOne(db, id: 1)?.biography } == nil)
    }
}
