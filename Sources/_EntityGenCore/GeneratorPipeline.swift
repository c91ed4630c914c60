import Foundation

/// EntityGen's engine: schema files in, diagnostics and (later stages) Swift source out.
///
/// The stages, and the data crossing each boundary:
/// 1. **parse**: ``SourceFile`` (bytes) -> ``SchemaFileDeclaration`` / ``ProjectConfigDeclaration``
///    (the AST, every node located at file:line:column) — ``SchemaParser``.
/// 2. **validate**: all declarations -> ``ResolvedSchema`` (names, types, inheritance, key paths
///    decided) — ``SchemaValidator``.
/// 3. **translate**: ``ResolvedSchema`` -> a structured description of the Swift to emit (naming and
///    typing decisions only).
/// 4. **render**: that description -> file contents, through one small code printer.
///
/// Every stage reports recoverable problems to a ``DiagnosticCollector`` and keeps going, so one run
/// shows every problem. This module makes no API promise; the CLI and plugins are its clients.
public enum GeneratorPipeline {
    /// The outcome of parsing and validating a set of inputs.
    public struct ValidationResult: Sendable {
        /// All findings, sorted by location.
        public var diagnostics: [Diagnostic]
        /// The resolved schema, when there were no errors.
        public var schema: ResolvedSchema?
        /// The migrations planned against the recorded history (persistence on, schema valid), so a
        /// caller that records them does not plan them again.
        public var migrations: MigrationPlan?
    }

    /// Runs parse and validate over in-memory sources (used by the CLI after reading files, and by tests).
    /// With persistence on, also plans the migrations against `migrationHistory` (the recorded
    /// `entitygen-migrations.json`, if the project has one): unmigratable changes are errors.
    public static func validate(schemas: [SourceFile], config: SourceFile?, migrationHistory: SourceFile? = nil) -> ValidationResult {
        var diagnostics = DiagnosticCollector()
        let configDeclaration = config.flatMap { SchemaParser.parseConfig($0, diagnostics: &diagnostics) }
        // Files parse independently: one collector each, merged in input order.
        let parsed = schemas.concurrentMap { source in
            var fileDiagnostics = DiagnosticCollector()
            return (SchemaParser.parseSchema(source, diagnostics: &fileDiagnostics), fileDiagnostics.diagnostics)
        }
        for diagnostic in parsed.flatMap(\.1) { diagnostics.emit(diagnostic) }
        let files = parsed.compactMap(\.0)
        var schema = SchemaValidator.validate(files: files, config: configDeclaration, diagnostics: &diagnostics)
        schema?.configPath = config?.path
        if let migrationHistory {
            do throws(MigrationHistory.HistoryError) {
                schema?.migrationHistory = try MigrationHistory.decode(migrationHistory.bytes)
            } catch {
                diagnostics.emit(Rules.invalidMigrationHistory, "cannot read the migration history: \(error.message)", at: .startOf(migrationHistory.path))
            }
        }
        var migrations: MigrationPlan?
        if let schema, !diagnostics.hasErrors {
            let generator = SourceGenerator(schema: schema) { $0 }
            if generator.persists {
                migrations = generator.migrations()
                for diagnostic in migrations?.diagnostics ?? [] { diagnostics.emit(diagnostic) }
            }
        }
        let valid = !diagnostics.hasErrors
        return ValidationResult(diagnostics: diagnostics.sorted, schema: valid ? schema : nil, migrations: valid ? migrations : nil)
    }

    /// Reads the inputs from disk and validates them. A file that cannot be read becomes a diagnostic at
    /// its start; the others are still checked.
    public static func validate(inputs: SchemaInputs) -> ValidationResult {
        var unreadable: [Diagnostic] = []
        /// The file, or why it cannot be read.
        @Sendable func read(_ path: String) -> (file: SourceFile?, problem: Diagnostic?) {
            do {
                return (try SourceFile.read(path: path), nil)
            } catch {
                return (nil, Diagnostic(Rules.fileEncoding, error.message, at: .startOf(path)))
            }
        }
        func value(_ read: (file: SourceFile?, problem: Diagnostic?)) -> SourceFile? {
            if let problem = read.problem { unreadable.append(problem) }
            return read.file
        }
        let config = inputs.configPath.flatMap { value(read($0)) }
        let schemas = inputs.schemaPaths.concurrentMap { read($0) }.compactMap { value($0) }
        let history = inputs.migrationHistoryPath.flatMap { FileManager.default.fileExists(atPath: $0) ? value(read($0)) : nil }
        var result = validate(schemas: schemas, config: config, migrationHistory: history)
        if !unreadable.isEmpty {
            result.diagnostics = (result.diagnostics + unreadable).sorted()
            result.schema = nil
            result.migrations = nil
        }
        return result
    }
}
