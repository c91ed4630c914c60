import Foundation

/// EntityGen's engine: schema files in, diagnostics and Swift source out, in four stages with typed
/// boundaries (the shape of swift-openapi-generator's `GeneratorPipeline`):
///
/// 1. **parse** (``parse(_:diagnostics:)``): ``RawInput`` (bytes) -> ``ParsedInput``: the AST, every node
///    located at file:line:column, and the recorded migration history — ``SchemaParser``.
/// 2. **validate** (``validate(_:diagnostics:)``): ``ParsedInput`` -> ``ResolvedSchema`` (names, types,
///    inheritance, key paths decided) — ``SchemaValidator``.
/// 3. **translate** (``translate(_:)``): ``ResolvedSchema`` -> ``GenerationPlan``: every naming, typing
///    and storage decision, as data; the migrations and their diagnostics — ``Translator``.
/// 4. **render** (``render(_:displayPath:)``): ``GenerationPlan`` -> files, through one small code
///    printer — ``SourceGenerator``.
///
/// Translate runs at most once per run: `generate` and `check` render or interpret the plan the run
/// translated (and generate records its migration); `lint` translates only when persistence is on, to
/// report the plan's migration diagnostics, or when the schema gives `examples:`, which are read and
/// round-tripped through the interpreter of the plan (``ExampleCheck``). Every stage reports recoverable problems to a
/// ``DiagnosticCollector`` and keeps going, so one run shows every problem. This module makes no API
/// promise; the CLI and plugins are its clients.
public enum GeneratorPipeline {
    /// What parse reads: schema files, the config file, each backend's recorded migration history.
    typealias RawInput = (
        schemas: [SourceFile], config: SourceFile?, migrationHistories: [StorageBackendKind: SourceFile]
    )
    /// What parse produces.
    typealias ParsedInput = (
        files: [SchemaFileDeclaration], config: ProjectConfigDeclaration?, configPath: String?,
        histories: [StorageBackendKind: MigrationHistory]
    )

    /// The outcome of running the pipeline up to translate.
    public struct ValidationResult: Sendable {
        /// All findings, sorted by location.
        public var diagnostics: [Diagnostic]
        /// The resolved schema, when there were no errors.
        public var schema: ResolvedSchema?
        /// What the migrations mean for the project, one per backend (persistence on, schema valid), so
        /// a caller that records them does not plan them again.
        public var migrations: [MigrationPlan]
        /// The translated plan, when there were no errors.
        var plan: GenerationPlan?

        /// The renderer of this run's plan; `nil` when there were errors.
        public func sourceGenerator(displayPath: @escaping @Sendable (String) -> String) -> SourceGenerator? {
            plan.map { SourceGenerator(plan: $0, displayPath: displayPath) }
        }

        /// The interpreter of this run's plan (what `entitygen check` maps with); `nil` when there were
        /// errors.
        public func interpreter(displayPath: @escaping @Sendable (String) -> String) -> SchemaInterpreter? {
            plan.map { SchemaInterpreter(plan: $0, displayPath: displayPath) }
        }
    }

    /// Stage 1: parses every file (schemas independently, on both cores) and reads the history.
    static func parse(_ input: RawInput, diagnostics: inout DiagnosticCollector) -> ParsedInput {
        let config = input.config.flatMap { SchemaParser.parseConfig($0, diagnostics: &diagnostics) }
        let parsed = input.schemas.concurrentMap { source in
            var fileDiagnostics = DiagnosticCollector()
            return (SchemaParser.parseSchema(source, diagnostics: &fileDiagnostics), fileDiagnostics.diagnostics)
        }
        for diagnostic in parsed.flatMap(\.1) { diagnostics.emit(diagnostic) }
        var histories: [StorageBackendKind: MigrationHistory] = [:]
        for backend in StorageBackendKind.allCases {
            guard let file = input.migrationHistories[backend] else { continue }
            do throws(MigrationHistory.HistoryError) {
                histories[backend] = try MigrationHistory.decode(file.bytes, for: backend)
            } catch {
                diagnostics.emit(
                    Rules.invalidMigrationHistory, "cannot read the migration history: \(error.message)",
                    at: SourceLocation(file: file.path, line: error.line, column: error.column))
            }
        }
        return (parsed.compactMap(\.0), config, input.config?.path, histories)
    }

    /// Stage 2: resolves the declarations; `nil` when they cannot be resolved.
    static func validate(_ input: ParsedInput, diagnostics: inout DiagnosticCollector) -> ResolvedSchema? {
        var schema = SchemaValidator.validate(files: input.files, config: input.config, diagnostics: &diagnostics)
        schema?.configPath = input.configPath
        schema?.migrationHistories = input.histories
        return schema
    }

    /// Stage 3: every decision of the generated code, once.
    static func translate(_ schema: ResolvedSchema) -> GenerationPlan {
        Translator(schema: schema).translate()
    }

    /// Stage 4: the machine files of a plan.
    static func render(_ plan: GenerationPlan, displayPath: @escaping @Sendable (String) -> String) -> [GeneratedFile] {
        SourceGenerator(plan: plan, displayPath: displayPath).machineFiles()
    }

    /// What a run is for, which decides whether translate must run.
    public enum Goal: Sendable {
        /// Diagnostics only: translate runs when persistence is on (the migrations are checked then).
        case lint
        /// Files or a check: translate always runs.
        case generate
    }

    /// Runs parse, validate and translate over in-memory sources (used by the CLI after reading files,
    /// and by tests). With persistence on, the plan's migrations are checked against `migrationHistory`
    /// (the recorded `entitygen-migrations.json`, if the project has one): unmigratable changes are errors.
    public static func validate(
        schemas: [SourceFile], config: SourceFile?, migrationHistory: SourceFile? = nil, for goal: Goal = .generate
    ) -> ValidationResult {
        validate(
            schemas: schemas, config: config, migrationHistories: migrationHistory.map { [.primary: $0] } ?? [:],
            for: goal)
    }

    /// Runs parse, validate and translate over in-memory sources, with each backend's recorded migration
    /// history (`entitygen-migrations.json` for SQLite, `entitygen-migrations.postgres.json` for
    /// PostgreSQL).
    public static func validate(
        schemas: [SourceFile], config: SourceFile?, migrationHistories: [StorageBackendKind: SourceFile],
        for goal: Goal = .generate
    ) -> ValidationResult {
        var diagnostics = DiagnosticCollector()
        let parsed = parse((schemas, config, migrationHistories), diagnostics: &diagnostics)
        let schema = validate(parsed, diagnostics: &diagnostics)
        var plan: GenerationPlan?
        if let schema, !diagnostics.hasErrors,
            goal == .generate || schema.config.generatesPersistence || schema.hasExamples
        {
            let translated = translate(schema)
            plan = translated
            for backend in translated.backends {
                for diagnostic in backend.limitations + backend.migrations.diagnostics { diagnostics.emit(diagnostic) }
            }
            // Stage 3b: `examples:` read and round-trip through the interpreter of the same plan.
            if schema.hasExamples {
                for diagnostic in ExampleCheck.diagnostics(schema, translated) { diagnostics.emit(diagnostic) }
            }
        }
        guard !diagnostics.hasErrors, let schema else {
            return ValidationResult(diagnostics: diagnostics.sorted, schema: nil, migrations: [], plan: nil)
        }
        let migrations = plan.map { plan in plan.backends.map(\.migrationPlan) } ?? []
        return ValidationResult(diagnostics: diagnostics.sorted, schema: schema, migrations: migrations, plan: plan)
    }

    /// Reads the inputs from disk and validates them. A file that cannot be read becomes a diagnostic at
    /// its start; the others are still checked. `replacingHistories` stand in for the backends' recorded history
    /// files (a history about to be written, checked before it is), and `replacingSchemas` for the texts of
    /// schema files by path (schemas about to be rewritten, as `infer --update` checks them).
    public static func validate(
        inputs: SchemaInputs, for goal: Goal = .generate,
        replacingHistories: [StorageBackendKind: SourceFile] = [:], replacingSchemas: [String: String] = [:]
    ) -> ValidationResult {
        var unreadable: [Diagnostic] = []
        /// The file, or why it cannot be read.
        @Sendable func read(_ path: String) -> (file: SourceFile?, problem: Diagnostic?) {
            if let text = replacingSchemas[path] { return (SourceFile(path: path, text: text), nil) }
            do {
                return (try SourceFile.read(path: path), nil)
            } catch {
                return (nil, Diagnostic(Rules.unreadableFile, error.message, at: .startOf(path)))
            }
        }
        func value(_ read: (file: SourceFile?, problem: Diagnostic?)) -> SourceFile? {
            if let problem = read.problem { unreadable.append(problem) }
            return read.file
        }
        let config = inputs.configPath.flatMap { value(read($0)) }
        let schemas = inputs.schemaPaths.concurrentMap { read($0) }.compactMap { value($0) }
        var histories = replacingHistories
        for backend in StorageBackendKind.allCases where histories[backend] == nil {
            guard let path = inputs.configPath.map(backend.historyPath(besideConfig:)),
                FileManager.default.fileExists(atPath: path)
            else { continue }
            histories[backend] = value(read(path))
        }
        var result = validate(schemas: schemas, config: config, migrationHistories: histories, for: goal)
        if !unreadable.isEmpty {
            result.diagnostics = (result.diagnostics + unreadable).sorted()
            result.schema = nil
            result.migrations = []
            result.plan = nil
        }
        return result
    }
}
