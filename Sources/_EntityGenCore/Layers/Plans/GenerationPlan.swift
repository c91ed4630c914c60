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
    /// The storage backend of persistence code, when persistence is on.
    var backend: StorageBackendKind?
    /// The schema files, in input order.
    var files: [File]
    /// Concrete entities' plans by schema name (the interpreter's view).
    var entities: [String: EntityPlan]
    /// Families by schema name.
    var families: [String: FamilyPlan]
    /// Tables, sorted by name.
    var tables: [TablePlan]
    /// The feeds (persistence on).
    var feeds: [FeedPlan]
    /// The migrations (persistence on), their diagnostics and what to record.
    var migrations: MigrationSetPlan
    /// Where the migration history is recorded.
    var migrationHistoryPath: String?
    /// Human files: (entity Swift type, schema file), sorted by type.
    var humanFiles: [(typeName: String, schemaFile: String)]

    /// Whether persistence code is generated.
    var persists: Bool { backend != nil }
}
