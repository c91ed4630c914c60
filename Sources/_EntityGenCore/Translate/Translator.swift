/// The translate stage: a resolved schema in, one ``GenerationPlan`` out. Every naming, typing and
/// storage decision is taken here, once per run, as data; Render only prints it.
struct Translator: Sendable {
    let schema: ResolvedSchema

    /// The plan of the whole project.
    func translate() -> GenerationPlan {
        let outputs = schema.config.outputs
        let kinds = schema.config.generatesPersistence ? schema.config.backends : []
        let persists = !kinds.isEmpty
        let entities = EntityTranslator(schema: schema)
        let families = FamilyTranslator(schema: schema, types: entities.types)
        let persistence = PersistenceTranslator(schema: schema)

        // Entities plan independently: on both cores.
        let planned = schema.entities.concurrentMap { entity -> (String, EntityPlan?, TablePlan?, FamilyPlan?) in
            if entity.isAbstract { return (entity.name, nil, nil, families.plan(entity)) }
            var plan = entities.plan(entity)
            if persists {
                plan.absentChecks = persistence.absentChecks(entity, plan)
                plan.tracksAbsentKeys = true
            }
            plan.initializer = EntityTranslator.initializer(plan, access: schema.config.accessLevel)
            guard persists else { return (entity.name, plan, nil, nil) }
            return (entity.name, plan, persistence.plan(entity, plan), nil)
        }
        var entityPlans: [String: EntityPlan] = [:]
        var tablePlans: [String: TablePlan] = [:]
        var familyPlans: [String: FamilyPlan] = [:]
        for (name, entity, table, family) in planned {
            entityPlans[name] = entity
            tablePlans[name] = table
            familyPlans[name] = family
        }
        let tables = tablePlans.values.sorted { $0.tableName < $1.tableName }
        let files = schema.files.map { file in
            let enumNames = Set(file.enums.map(\.name.value))
            let transformerNames = Set(file.transformers.map(\.name.value))
            let declarations = schema.entities.filter { $0.file == file.path }.compactMap {
                entity -> GenerationPlan.Declaration? in
                if entity.isAbstract { return familyPlans[entity.name].map(GenerationPlan.Declaration.family) }
                return entityPlans[entity.name].map { .entity($0, table: tablePlans[entity.name]) }
            }
            return GenerationPlan.File(
                path: file.path,
                enums: schema.enums.filter { enumNames.contains($0.name) }.map {
                    var plan = EnumTranslator.plan($0)
                    plan.isCodable = schema.config.codable
                    return plan
                },
                transformers: schema.transformers.filter { transformerNames.contains($0.name.value) }
                    .map { CustomTransformerTranslator.plan($0, in: schema) },
                declarations: declarations
            )
        }
        return GenerationPlan(
            accessLevel: schema.config.accessLevel,
            outputs: outputs,
            imports: schema.config.imports,
            codable: schema.config.codable,
            backends: kinds.map { kind in
                let backend = kind.backend
                return BackendPlan(
                    kind: kind, migrations: MigrationTranslator.translate(schema, tables: tables, backend: kind),
                    historyPath: schema.migrationHistoryPath(for: kind),
                    limitations: backend.limitations(of: tables),
                    emitter: backend.emitter(tables: tables, models: entityPlans))
            },
            files: files,
            entities: entityPlans,
            families: familyPlans,
            tables: tables,
            feeds: schema.feeds.compactMap { FeedTranslator.plan($0, in: schema) },
            humanFiles: schema.entities.map { ($0.swiftName, $0.file) }
        )
    }
}
