/// A migration's fingerprint: FNV-1a (64 bits, hex) of its canonical text. Databases remember the
/// fingerprints of the generated migrations they ran (`entitygen_migration_fingerprints`) and refuse to
/// open when one changed (`EntityGenPersistence.ChangedPendingMigrationError`), so it changes exactly when
/// what the migration does changes, never when only the way EntityGen prints it does.
///
/// The canonical text is the migration's steps as GRDB schema code, tables created with the schema DSL
/// (`try db.create(table:) { t in ... }`), as generated migrations were printed before tables were
/// created with ``TableCreationSQL``'s statements: the fingerprints databases already remember were
/// computed over it. It must never change; the golden files pin it (`migrationFingerprints`).
enum MigrationFingerprint {
    /// The fingerprint of `migration`.
    static func of(_ migration: MigrationSetPlan.Migration) -> String {
        var printer = CodePrinter()
        MigrationRenderer().render(migration.steps, creatingTables: .schemaDSL, into: &printer)
        return hash(printer.contents)
    }

    /// FNV-1a (64 bits) of `text`'s UTF-8 bytes, as 16 hex digits.
    static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
