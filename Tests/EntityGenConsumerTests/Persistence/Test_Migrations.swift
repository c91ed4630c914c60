@testable import _EntityGenCore
import EntityGenPersistence
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// Schema evolution, run for real: `Schemas/entitygen-migrations.json` records `entitygen-v1` (taken from
/// an earlier Pods.yaml: no Hydrant, a `legacyRank` column, no `socialMediaUrl` or `requiresArc`),
/// `entitygen-v2` (dates stored as seconds since 1970) and `entitygen-v3` (today's schemas: dates stored
/// as GRDB stores them). Databases filled at v1 and v2 are migrated by the generated code.
@Suite struct Test_Migrations {
    /// `sqlite_master` without SQLite's and GRDB's own entries: what the migrations built.
    static func schema(_ reader: any DatabaseReader) throws -> [String] {
        try reader.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT type || ' ' || name || ' ON ' || tbl_name || ': ' || ifnull(sql, '') FROM sqlite_master
                    WHERE name NOT LIKE 'sqlite_%' AND name NOT IN ('grdb_migrations', 'entitygen_migration_fingerprints')
                    ORDER BY type, name
                    """)
        }
    }

    static func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        EntityGenDatabase.registerMigrations(in: &migrator)
        return migrator
    }

    static func databaseAtFirstMigration() throws -> DatabasePool {
        let pool = try makeDatabase(migratedUpTo: "entitygen-v1")
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO pod (name, version, summary, legacyRank, platforms) VALUES ('A', '1.0', 'first', 7, '{}'), ('B', '2.0', NULL, NULL, '{"ios":"12.0"}');
                    INSERT INTO subspec (_id, name, dependencies) VALUES (1, 'Core', '{}'), (2, 'UI', '{"Core":[]}');
                    INSERT INTO pod_subspecs (ownerName, ownerVersion, position, target) VALUES ('A', '1.0', 0, 1), ('A', '1.0', 1, 2);
                    """)
        }
        return pool
    }

    @Test func historyRegistersEveryRecordedMigrationInOrder() {
        #expect(
            Self.migrator().migrations == [
                "entitygen-v1", "entitygen-v2", "entitygen-v3", "entitygen-v4", "entitygen-v5", "entitygen-v6",
                "entitygen-v7", "entitygen-v8", "entitygen-v9", "entitygen-v10", "entitygen-v11", "entitygen-v12",
                "entitygen-v13", "entitygen-v14", "entitygen-v15", "entitygen-v16", "entitygen-v17",
            ])
    }

    @Test func firstMigrationLacksTheLaterColumnsAndTables() throws {
        let pool = try Self.databaseAtFirstMigration()
        let columns = try pool.read { db in try db.columns(in: "pod").map(\.name) }
        #expect(columns.contains("legacyRank"))
        #expect(!columns.contains("requiresArc"))
        #expect(try pool.read { db in try db.tableExists("person") } == false)
    }

    @Test func migratingKeepsRowsAndLinksAndBuildsTheSameSchemaAsAFreshDatabase() throws {
        let pool = try Self.databaseAtFirstMigration()
        try Self.migrator().migrate(pool)
        #expect(try Self.schema(pool) == Self.schema(makeDatabase().pool))

        let pods = try pool.read { db in try Pod.requestIncludingRelationships().order(Pod.Columns.name).fetchAll(db) }
        #expect(pods.map(\.name) == ["A", "B"])
        #expect(pods.map(\.requiresArc) == [true, true])  // the schema's default, for rows stored before the column
        #expect(pods.map(\.socialMediaUrl) == [nil, nil])
        #expect(pods[0].summary == "first")
        #expect(pods[1].platforms == ["ios": "12.0"])
        #expect(pods[0].subspecs.map(\.name) == ["Core", "UI"])
        #expect(pods[0].subspecs[1].dependencies == ["Core": []])

        let (violations, integrity) = try pool.read { db in
            (
                try Row.fetchAll(db, sql: "PRAGMA foreign_key_check"),
                try String.fetchOne(db, sql: "PRAGMA integrity_check")
            )
        }
        #expect(violations.isEmpty)
        #expect(integrity == "ok")
        // The triggers re-created after the rebuild still delete owned rows with their owner.
        try pool.write { db in try db.execute(sql: "DELETE FROM pod WHERE name = 'A'") }
        #expect(try count("pod_subspecs", in: pool) == 0)
        #expect(try count("subspec", in: pool) == 0)
    }

    @Test func importerWritesIntoAMigratedDatabase() throws {
        let pool = try Self.databaseAtFirstMigration()
        try Self.migrator().migrate(pool)
        let page = Array(try podPages(pageSize: 30)[0])
        let report = try FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool).importPage(page)
        let fresh = try makeDatabase().pool
        let freshReport = try FeedImporter(feed: EntityGenDatabase.podSpecs, writer: fresh).importPage(page)
        #expect(report == freshReport)
        #expect(report.entities["Pod"]!.inserted > 0)
        #expect(try count("pod", in: pool) == 2 + count("pod", in: fresh))
        #expect(try count("subspec", in: pool) == 2 + count("subspec", in: fresh))
    }

    @Test func datesStoredAsSecondsBecomeGRDBDateTextAndFiltersFindThem() throws {
        let pool = try makeDatabase(migratedUpTo: "entitygen-v2")
        // What v2 stored: REAL seconds (halves of a millisecond, negative times), an INTEGER, NULL.
        let seconds: [Double] = [
            1_394_175_600, 1_428_331_519.123, 1_428_331_519.1235, 1_428_331_519.9995, -0.0005, -1.5,
            -2_208_988_800.001, 4_102_444_799.999,
        ]
        try pool.write { db in
            for (index, value) in seconds.enumerated() {
                try db.execute(
                    sql: "INSERT INTO modelTwo (key3, createdAt) VALUES (?, ?)", arguments: ["r\(index)", value])
            }
            try db.execute(sql: "INSERT INTO modelTwo (key3, createdAt) VALUES ('integer', 86400), ('null', NULL)")
        }
        try Self.migrator().migrate(pool)

        try pool.read { db in
            for (index, value) in seconds.enumerated() {
                let stored = try DatabaseValue.fetchOne(
                    db, sql: "SELECT createdAt FROM modelTwo WHERE key3 = ?", arguments: ["r\(index)"])
                #expect(stored == Date(timeIntervalSince1970: value).databaseValue, "\(value)")
            }
            #expect(
                try String.fetchOne(db, sql: "SELECT createdAt FROM modelTwo WHERE key3 = 'integer'")
                    == "1970-01-02 00:00:00.000")
            #expect(try DatabaseValue.fetchOne(db, sql: "SELECT createdAt FROM modelTwo WHERE key3 = 'null'") == .null)
            let day = Date(timeIntervalSince1970: 1_394_175_600)
            #expect(try ModelTwo.Record.filter(ModelTwo.Columns.createdAt == day).fetchOne(db)?.key3 == "r0")
            #expect(try ModelTwo.Record.filter(ModelTwo.Columns.createdAt > day).fetchCount(db) == 4)
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        }
    }

    /// A rebuild (`entitygen-v2` rebuilds `pod`: `legacyRank` removed) keeps the app's own index, trigger
    /// and view on the table; one that names the removed column stops the migration with an error
    /// naming it, and the database stays at v1 (issue 14).
    @Test func rebuildsKeepTheAppsIndexesTriggersAndViews() throws {
        let pool = try Self.databaseAtFirstMigration()
        try pool.write { db in
            try db.execute(
                sql: """
                    CREATE INDEX app_pod_summary ON pod(summary);
                    CREATE TABLE app_log (message TEXT);
                    CREATE TRIGGER app_pod_inserted AFTER INSERT ON pod BEGIN INSERT INTO app_log VALUES (NEW.name); END;
                    CREATE VIEW app_pod_names AS SELECT name, version FROM pod;
                    """)
        }
        try Self.migrator().migrate(pool)
        let (indexes, triggers, views) = try pool.read { db in
            (
                try db.indexes(on: "pod").map(\.name),
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'pod'"),
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'view'")
            )
        }
        #expect(indexes.contains("app_pod_summary"))
        #expect(triggers == ["app_pod_inserted"])
        #expect(views == ["app_pod_names"])
        try pool.write { db in
            try db.execute(sql: "INSERT INTO pod (name, version, requiresArc, platforms) VALUES ('C', '3.0', 1, '{}')")
        }
        #expect(try pool.read { db in try String.fetchAll(db, sql: "SELECT message FROM app_log") } == ["C"])
        #expect(try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM app_pod_names") } == 3)

        let stuck = try Self.databaseAtFirstMigration()
        try stuck.write { db in try db.execute(sql: "CREATE INDEX app_pod_rank ON pod(legacyRank)") }
        let error = try #require(throws: AppSchemaObjectError.self) { try Self.migrator().migrate(stuck) }
        #expect(error.name == "app_pod_rank" && error.table == "pod")
        #expect(error.description.contains("legacyRank"))
        let applied = try stuck.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied == ["entitygen-v1"])
        #expect(try stuck.read { db in try db.columns(in: "pod").map(\.name) }.contains("legacyRank"))
    }

    /// `renamedFrom: bio` on `User.biography` (GitHub.yaml): `entitygen-v5` renames the column in place
    /// (no rebuild, no drop and add) and every stored value stays (issue 14).
    @Test func aRenamedAttributeKeepsItsValues() throws {
        let folder = try TemporaryFolder.make("entitygen-rename")
        let pool = try DatabasePool(
            path: folder.appendingPathComponent("db.sqlite").path,
            configuration: EntityGenConfiguration.prepared(Configuration()))
        try Self.migrator().migrate(pool, upTo: "entitygen-v4")
        try pool.write { db in
            try db.execute(
                sql: "INSERT INTO user (id, login, bio) VALUES (1, 'groue', 'GRDB author'), (2, 'ally', NULL)")
            try db.execute(sql: "CREATE INDEX app_user_bio ON user(bio)")  // the app's own index on the column
        }
        try Self.migrator().migrate(pool)
        try pool.read { db in
            let users = try User.Record.order(User.Columns.id).fetchAll(db)
            #expect(users.map(\.biography) == ["GRDB author", nil])
            #expect(try db.columns(in: "user").map(\.name).contains("bio") == false)
            // Renamed in place: the app's index survives and follows the column.
            #expect(try db.indexes(on: "user").first { $0.name == "app_user_bio" }?.columns == ["biography"])
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        }
    }

    /// The app's own migrations run after the generated ones, are recorded by GRDB like them, and do
    /// not make the database look migrated by a newer version (issue 14).
    @Test func theAppsOwnMigrationsRunAfterTheGeneratedOnes() throws {
        let folder = try TemporaryFolder.make("entitygen-app")
        let path = folder.appendingPathComponent("db.sqlite").path
        let appMigrations: (inout DatabaseMigrator) -> Void = { migrator in
            migrator.registerMigration("app-1-login-index") { db in
                try db.create(index: "app_user_login", on: "user", columns: ["login"])
            }
            migrator.registerMigration("app-2-starred") { db in
                try db.create(table: "starred") { t in
                    t.primaryKey("repoId", .integer).references("repo", onDelete: .cascade)
                }
            }
        }
        for _ in 0..<2 {  // the second open finds everything applied
            let pool = try EntityGenDatabase.openDatabase(atPath: path, migrations: appMigrations)
            let applied = try pool.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
            #expect(applied.suffix(2) == ["app-1-login-index", "app-2-starred"])
            let indexes = try pool.read { db in try db.indexes(on: "user").map(\.name) }
            #expect(indexes.contains("app_user_login"))
        }
        // Opened without them, the database holds migrations this code does not know: refused.
        #expect(throws: UnknownMigrationsError.self) { try EntityGenDatabase.openDatabase(atPath: path) }
    }

    /// `eraseDatabaseOnSchemaChange` (development databases): a database whose schema no longer matches
    /// what its migrations build is erased and built afresh instead of failing later.
    @Test func eraseDatabaseOnSchemaChangeRebuildsADriftedDevelopmentDatabase() throws {
        let folder = try TemporaryFolder.make("entitygen-dev")
        let path = folder.appendingPathComponent("db.sqlite").path
        let pool = try EntityGenDatabase.openDatabase(atPath: path, eraseDatabaseOnSchemaChange: true)
        try pool.write { db in
            try db.execute(sql: "INSERT INTO user (id, login) VALUES (1, 'groue')")
            try db.execute(sql: "ALTER TABLE user ADD COLUMN drifted TEXT")  // as an edited pending migration would
        }
        try pool.close()
        let reopened = try EntityGenDatabase.openDatabase(atPath: path, eraseDatabaseOnSchemaChange: true)
        let (columns, users) = try reopened.read { db in
            (try db.columns(in: "user").map(\.name), try User.Record.fetchCount(db))
        }
        #expect(!columns.contains("drifted"))
        #expect(users == 0)
    }

    /// A database an earlier version of EntityGen created, whose migrations created tables through GRDB's
    /// schema DSL and remembered their fingerprints, opens with today's generated code as it was: not
    /// refused, and not erased even with `eraseDatabaseOnSchemaChange` (which erases on any difference in
    /// `sqlite_master`, where SQLite keeps each `CREATE TABLE` statement as it ran).
    @Test func aDatabaseAnEarlierVersionCreatedThroughTheSchemaDSLOpensAsItWas() throws {
        let folder = try TemporaryFolder.make("entitygen-earlier")
        let path = folder.appendingPathComponent("db.sqlite").path
        let earlier = try DatabasePool(path: path, configuration: EntityGenConfiguration.prepared(Configuration()))
        let migrations = try Test_MigrationStepRunner.plannedMigrations()
        try EntityGenConfiguration.migrate(
            earlier, with: MigrationStepRunner.migrator(migrations, creatingTables: .schemaDSL),
            fingerprints: EntityGenDatabase.migrationFingerprints)
        try earlier.write { db in try db.execute(sql: "INSERT INTO user (id, login) VALUES (1, 'groue')") }
        try earlier.close()

        let pool = try EntityGenDatabase.openDatabase(atPath: path, eraseDatabaseOnSchemaChange: true)
        #expect(try pool.read { db in try User.Record.fetchOne(db, id: 1)?.login } == "groue")
        #expect(try Self.schema(pool) == Self.schema(makeDatabase().pool))
    }

    /// `eraseDatabaseOnSchemaChange` erases a database whose schema differs from what its migrations
    /// build, and only such a database: one the same code created opens with its rows, launch after
    /// launch. (GRDB compares every table but its own and SQLite's, and migrations never create the
    /// table where the database remembers fingerprints.)
    @Test func eraseDatabaseOnSchemaChangeKeepsAnUnchangedDatabase() throws {
        let folder = try TemporaryFolder.make("entitygen-dev")
        let path = folder.appendingPathComponent("db.sqlite").path
        let pool = try EntityGenDatabase.openDatabase(atPath: path, eraseDatabaseOnSchemaChange: true)
        try pool.write { db in try User.Record(id: 1, login: "groue").insert(db) }
        try pool.close()
        for _ in 1...2 {
            let reopened = try EntityGenDatabase.openDatabase(atPath: path, eraseDatabaseOnSchemaChange: true)
            #expect(try reopened.read { db in try User.Record.fetchOne(db, id: 1)?.login } == "groue")
            let remembered = try reopened.read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM entitygen_migration_fingerprints")
            }
            #expect(Set(remembered) == Set(Self.migrator().migrations))
            try reopened.close()
        }
    }

    /// A development database that ran a pending migration which has changed since is refused when
    /// opened, before anything is written, instead of failing at the next import (issue 14). The
    /// migrators stand for two builds of the app: the same pending next migration, edited in between.
    @Test func aChangedPendingMigrationIsRefusedWhenOpened() throws {
        let folder = try TemporaryFolder.make("entitygen-pending")
        let path = folder.appendingPathComponent("db.sqlite").path
        let pending = "entitygen-v\(Self.migrator().migrations.count + 1)"
        func build(_ column: String, fingerprint: String) -> (DatabaseMigrator, [String: String]) {
            var migrator = Self.migrator()
            migrator.registerMigration(pending) { db in
                try db.create(table: "repo_extra") { t in t.column(column, .text) }
            }
            return (migrator, EntityGenDatabase.migrationFingerprints.merging([pending: fingerprint]) { $1 })
        }
        let pool = try DatabasePool(path: path, configuration: EntityGenConfiguration.prepared(Configuration()))
        let (first, firstPrints) = build("forks", fingerprint: "00000000000000aa")
        try EntityGenConfiguration.migrate(pool, with: first, fingerprints: firstPrints)
        try EntityGenConfiguration.migrate(pool, with: first, fingerprints: firstPrints)  // unchanged: fine

        let (edited, editedPrints) = build("forksCount", fingerprint: "00000000000000bb")
        let error = try #require(throws: ChangedPendingMigrationError.self) {
            try EntityGenConfiguration.migrate(pool, with: edited, fingerprints: editedPrints)
        }
        #expect(error.migration == pending)
        #expect(error.description.contains("eraseDatabaseOnSchemaChange"))
        // The generated fingerprints cover every migration.
        #expect(Set(EntityGenDatabase.migrationFingerprints.keys) == Set(Self.migrator().migrations))
        let remembered = try pool.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM entitygen_migration_fingerprints ORDER BY identifier")
        }
        #expect(remembered == (Self.migrator().migrations + [pending]).sorted())
    }

    @Test func aDatabaseMigratedByANewerVersionIsRefusedBeforeAnythingIsWritten() throws {
        let (pool, path) = try makeDatabase()
        try pool.write { db in
            try db.execute(sql: "INSERT INTO pod (name, version, platforms, requiresArc) VALUES ('A', '1.0', '{}', 1)")
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('entitygen-v99')")
        }
        try pool.close()
        #expect(throws: UnknownMigrationsError(path: path, unknown: ["entitygen-v99"])) {
            _ = try EntityGenDatabase.openDatabase(atPath: path)
        }
        let error = UnknownMigrationsError(path: path, unknown: ["entitygen-v99"])
        #expect(
            error.description.hasPrefix(
                "\(path): the database holds migrations this version does not know (entitygen-v99)"))
        let reopened = try DatabaseQueue(path: path)
        #expect(try reopened.read { db in try Pod.Record.fetchCount(db) } == 1)
    }
}
