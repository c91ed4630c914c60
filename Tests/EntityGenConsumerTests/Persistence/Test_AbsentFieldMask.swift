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
}
