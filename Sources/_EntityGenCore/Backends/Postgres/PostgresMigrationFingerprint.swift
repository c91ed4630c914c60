/// A PostgreSQL migration's fingerprint: ``MigrationFingerprint/hash(_:)`` of its statements as
/// ``PostgresMigrationRenderer`` prints them, one per line. Databases remember it in
/// `entitygen_migrations.fingerprint` and refuse to migrate when a migration they ran has changed
/// (`PostgresMigrator.MigrationError`), so it is a stored format: the statements of recorded migrations are
/// pinned by `Test_PostgresMigrationFingerprint`, and a change to how they are printed must keep this text.
enum PostgresMigrationFingerprint {
    /// The fingerprint of `migration`.
    static func of(_ migration: MigrationSetPlan.Migration) -> String {
        MigrationFingerprint.hash(PostgresMigrationRenderer().statements(migration).joined(separator: "\n"))
    }
}
