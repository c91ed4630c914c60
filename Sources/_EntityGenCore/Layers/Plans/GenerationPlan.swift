/// What Translate decides for a whole project, once per `generate` or `lint`: every plan Render
/// prints, and the migrations lint checks and generate records. Holds no Swift or SQL text.
struct GenerationPlan: Sendable {
    /// One schema file's share of the plans, in declaration order.
    struct File: Sendable {
        /// The schema file's path.
        var path: String
        /// The file's enums.
        var enums: [EnumPlan]
        /// The file's custom transformers.
        var transformers: [CustomTransformerPlan]
        /// Entities and families, in declaration order.
        var declarations: [Declaration]
    }

    /// An entity of a file: concrete (model, mapper, table) or a family.
    enum Declaration: Sendable {
        case entity(EntityPlan, table: TablePlan?)
        case family(FamilyPlan)
    }

    /// Access level keyword of generated declarations.
    var accessLevel: AccessLevel
    /// Which outputs are generated.
    var outputs: Set<OutputKind>
    /// Extra imports of machine files, sorted.
    var imports: [String]
    /// Whether models, families and enums conform to `Codable` (the config's `codable`).
    var codable: Bool
    /// The storage backends of persistence code, in the config's order (empty: persistence off).
    var backends: [BackendPlan]
    /// The schema files, in input order.
    var files: [File]
    /// Concrete entities' plans by schema name (the interpreter's view).
    var entities: [String: EntityPlan]
    /// Families by schema name.
    var families: [String: FamilyPlan]
    /// Tables, sorted by name.
    var tables: [TablePlan]
    /// The feeds, sorted by name: printed with persistence on, read by the interpreter always.
    var feeds: [FeedPlan]
    /// Human files: (entity Swift type, schema file), sorted by type.
    var humanFiles: [(typeName: String, schemaFile: String)]

    /// Whether persistence code is generated.
    var persists: Bool { !backends.isEmpty }

    /// A backend's migrations (``MigrationSetPlan/none`` when the backend is off).
    func migrations(for kind: StorageBackendKind) -> MigrationSetPlan {
        backends.first { $0.kind == kind }?.migrations ?? .none
    }
}

/// One storage backend's share of a ``GenerationPlan``: its migrations, from its own recorded history,
/// and its printing half, loaded with the backend's own plans.
struct BackendPlan: Sendable {
    /// The backend.
    var kind: StorageBackendKind
    /// Its migrations, their diagnostics and what to record.
    var migrations: MigrationSetPlan
    /// Where its migration history is recorded.
    var historyPath: String?
    /// What the backend cannot store of the tables, located.
    var limitations: [Diagnostic] = []
    /// The backend's printing half, holding its own plans (SQLite's record shapes).
    var emitter: any PersistenceEmitter

    /// What the migrations mean for the project.
    var migrationPlan: MigrationPlan {
        MigrationPlan(
            backend: kind, diagnostics: migrations.diagnostics, historyPath: historyPath,
            updatedHistory: migrations.updatedHistory)
    }
}
