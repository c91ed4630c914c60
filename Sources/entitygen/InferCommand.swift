import _EntityGenCore
import _EntityGenOpenAPI
import ArgumentParser
import EntityGenCommands

import Foundation

/// `entitygen infer <samples...> --output Schemas`: a schema inferred from sample payloads, every guess
/// explained where it applies, proven against the samples (each value reads and is written back as the
/// same JSON).
struct InferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Infer a schema from sample JSON payloads (files, folders, JSON Lines, feed pages).",
        discussion: """
            Reads every record of the samples (a top-level array's elements, one object, the one list of \
            objects in an envelope such as {"results": [...], "next": ...}, or what --records names) and \
            writes one schema file for them: entities, their identities, types, enums, maps and the feed, \
            each guess explained by a comment. Without --output the schema is printed. Exit status: 0 \
            written, 1 nothing to infer from, 2 usage or I/O error (an existing schema is not replaced \
            without --force).
            """
    )

    @Argument(
        help:
            "Sample files (.json, .jsonl, .ndjson) or folders of them, or one OpenAPI 3.0/3.1 document (JSON or YAML).")
    var inputs: [String] = []

    @Option(help: "Folder to write the schema (and an entitygen-config.yaml, when it has none) into.")
    var output: String?

    @Option(help: "The records' entity name (default: the envelope's key or the first input's name, singular).")
    var name: String?

    @Option(help: "Key path of the records in each document (default: detected).")
    var records: String?

    @Option(help: "Report format: text or json.")
    var format: LintCommand.OutputFormat = .text

    @Flag(
        inversion: .prefixedNo, help: "Write an entitygen-config.yaml turning persistence on, when the folder has none."
    )
    var persistence = true

    @Flag(help: "Replace a schema file of the same name that differs.")
    var force = false

    @Option(
        parsing: .upToNextOption,
        help: "Schema files or folders to add the samples' unread keys to, in place (--name's entity, or the only one)."
    )
    var update: [String] = []

    @Option(help: "The project config file (with --update).")
    var config: String?

    @Flag(help: "With --update: print what would be added, and write nothing.")
    var dryRun = false

    @Option(
        help:
            "Keep only this entity and what it reaches (relationship targets, enums, its family, its feeds); repeat for more."
    )
    var only: [String] = []

    /// `--records` as key path components.
    private var recordsPath: [String]? { records.map { $0.split(separator: ".").map(String.init) } }

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give sample files or folders to infer from") }
        try OutputFolderOption.validate(
            output, option: "--output", contents: "the schema (named after the records' entity) and its config",
            fileExtensions: ["yaml", "yml"])
        if let name, MemberNamer.sanitized(name).isEmpty {
            throw ValidationError("--name '\(name)' has no letters to make a type name of")
        }
    }

    func run() throws {
        if dryRun, update.isEmpty {
            printError("error: --dry-run goes with --update (a plain infer writes to --output, or prints)")
            throw ExitCode(2)
        }
        if !update.isEmpty {
            try updateSchemas()
            return
        }
        if let document = try openAPIDocument() {
            try inferFromOpenAPI(document)
            return
        }
        let files: [String]
        do {
            files = try SampleReader.files(inputs)
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        var reader = SampleReader(recordsPath: recordsPath)
        let showsProgress = isatty(STDERR_FILENO) == 1 && files.count > 1
        if showsProgress {
            reader.progress = { done, total, bytes in
                FileHandle.standardError.write(
                    Data("\r\u{1B}[Kread \(done) of \(total) files, \(bytes >> 20) MB".utf8))
            }
        }
        reader.read(files)
        if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let schema: InferredSchema
        do {
            schema = try SchemaInference.infer(reader, name: name ?? defaultName(reader))
        } catch {
            for warning in reader.summary.warnings { printError("warning: \(warning)") }
            printError("error: \(error)")
            throw ExitCode(1)
        }
        try emit(schema, InferenceReport(schema: schema, samples: reader.summary))
    }

    /// `--update`: the unread keys added to the existing schema files, which are written only when the
    /// result passes lint.
    private func updateSchemas() throws {
        let inputs = try SchemaInputs.forCommand(paths: update, config: config)
        // Validated once: the entity's choice and the plan read the same result.
        let validated = GeneratorPipeline.validate(inputs: inputs)
        let name = try self.name ?? updatedEntity(validated.schema)
        let plan: SchemaUpdate
        do {
            plan = try SchemaUpdate.plan(
                inputs: inputs, samples: try SampleReader.files(self.inputs),
                recordsPath: recordsPath, entity: name, validated: validated)
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
        for warning in plan.samples.warnings { printError("warning: \(warning)") }
        for skipped in plan.skipped { printError("note: \(skipped)") }
        let errors = plan.errors(inputs: inputs)
        guard errors.isEmpty else {
            printError(DiagnosticReporter.text.render(errors))
            printError("error: the updated schemas would not pass lint; nothing was written")
            throw ExitCode(1)
        }
        guard !plan.additions.isEmpty else {
            // Keys left for a person (the notes above) are not "every key read".
            if plan.skipped.isEmpty {
                print("Nothing to add: the schemas read every key of the \(plan.samples.records) records.")
            } else {
                print(
                    "Nothing added: the unread keys of the \(plan.samples.records) records are left for a person to add (the notes above say where)."
                )
            }
            return
        }
        for (path, text) in plan.files.sorted(by: { $0.key < $1.key }) where !dryRun {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                printError("error: cannot write \(path): \(error.localizedDescription)")
                throw ExitCode(2)
            }
        }
        for addition in plan.additions {
            let what: String
            switch addition.kind {
            case .member: what = "added to"
            case .entity: what = "added entity"
            case .enumeration: what = "added enum"
            }
            print("\(addition.file):\(addition.line): \(what) \(addition.entity): \(addition.text)")
        }
        if dryRun {
            print("Dry run: nothing was written; without --dry-run the lines above are added.")
        } else {
            print(
                "Next: `entitygen generate` (or a build, with the plugin) regenerates the code and, with persistence, records the migration."
            )
        }
    }

    /// The entity `--update` adds to without `--name`, said on standard error: the only feed's, the
    /// only entity, or the one the first sample is named after (`repos.json`: `Repo`); otherwise a usage
    /// error naming the entities.
    private func updatedEntity(_ schema: ResolvedSchema?) throws -> String {
        guard let schema else {
            printError("error: --update needs --name, the entity the samples' records are")
            throw ExitCode(2)
        }
        let entities = schema.entities.map(\.name)
        if schema.feeds.count == 1 {
            let feed = schema.feeds[0]
            printError(
                "note: updating entity '\(feed.entity)', the records of feed '\(feed.name)', the schema's only feed")
            return feed.entity
        }
        if entities.count == 1 {
            printError("note: updating entity '\(entities[0])', the schema's only entity")
            return entities[0]
        }
        if let named = firstInputName?.lowercased(), let entity = entities.first(where: { $0.lowercased() == named }) {
            printError("note: updating entity '\(entity)', named like the samples '\(self.inputs[0])'")
            return entity
        }
        printError(
            "error: --update needs --name, the entity the samples' records are, of "
                + entities.sorted().map { "'\($0)'" }.joined(separator: ", "))
        throw ExitCode(2)
    }

    /// The OpenAPI document among the inputs (``OpenAPIDocumentLoader/isDocument(at:)``), when there is
    /// one; samples beside it need --name, the component their records are.
    private func openAPIDocument() throws -> String? {
        let documents = inputs.filter(OpenAPIDocumentLoader.isDocument(at:))
        guard let document = documents.first else { return nil }
        guard documents.count == 1 else {
            printError("error: give one OpenAPI document (found \(documents.count))")
            throw ExitCode(2)
        }
        if inputs.count > 1, name == nil {
            printError(
                "error: an OpenAPI document with samples needs --name, the component the samples' records are")
            throw ExitCode(2)
        }
        return document
    }

    /// `infer` from an OpenAPI document.
    private func inferFromOpenAPI(_ path: String) throws {
        var schema: InferredSchema
        var warnings: [String]
        var samples = SampleSummary()
        let sampleFiles = inputs.filter { $0 != path }
        do {
            // With samples, the file is named after the document's title; --name is the records' entity.
            (schema, warnings) = try OpenAPIInference.infer(
                documentAt: path, name: sampleFiles.isEmpty ? name : nil, settlesFeeds: false)
            if !sampleFiles.isEmpty, let name {
                (schema, _, samples) = try SampleRefinement.refine(
                    schema, samples: try SampleReader.files(sampleFiles), recordsPath: recordsPath,
                    entity: TypeNamer.typeName(name))
            }
            // Samples may have identified entities the document did not: their list endpoints are feeds.
            warnings += schema.settleFeeds()
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
        var report = InferenceReport(schema: schema, samples: samples)
        report.warnings = warnings  // the samples' refinements are guesses with their reasons
        try emit(schema, report)
    }

    /// Prints the schema (no --output) with the report on standard error, or writes it and prints the
    /// report.
    private func emit(_ schema: InferredSchema, _ report: InferenceReport) throws {
        var report = report
        var schema = schema
        if !only.isEmpty {
            let (kept, unknown) = schema.pruned(keeping: only)
            guard unknown.isEmpty else {
                let names = schema.entities.map(\.name)
                for name in unknown {
                    printError(
                        "error: --only '\(name)' is no entity of the inferred schema\(Suggestions.didYouMean(name, in: names))"
                    )
                }
                throw ExitCode(2)
            }
            schema = kept
            report.schema = kept
            // Only the warnings about what was kept: located at a kept entity, or naming one.
            report.warnings = report.warnings.filter { warning in
                kept.entities.contains { entity in
                    warning.contains("'\(entity.name)'")
                        || entity.paths.contains { warning.contains($0 + "/") || warning.contains($0 + ":") }
                }
            }
        }
        guard let output else {
            print(InferredSchemaPrinter.yaml(schema), terminator: "")
            FileHandle.standardError.write(Data((format == .json ? report.json : report.text).utf8))
            return
        }
        do {
            report.files = try InferenceOutput.write(schema, to: output, replacing: force, writesConfig: persistence)
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        print(format == .json ? report.json : report.text, terminator: "")
    }

    /// The envelope's key, or the first input's file name, in the singular.
    private func defaultName(_ reader: SampleReader) -> String {
        if let key = reader.summary.envelopeItemsKey { return InferenceText.singular(key) }
        return firstInputName ?? ""
    }

    /// The first input's name without its extensions, singular (`repos.json`: `repo`).
    private var firstInputName: String? {
        guard var base = inputs.first.map({ ($0 as NSString).lastPathComponent }) else { return nil }
        while !(base as NSString).pathExtension.isEmpty { base = (base as NSString).deletingPathExtension }
        return InferenceText.singular(base)
    }
}
