import _EntityGenCore
import ArgumentParser
import EntityGenImport
import EntityGenRuntime
import Foundation

/// `entitygen check <schema paths...> --entity Pod payload.json`: maps a payload with the schema, no
/// compiling, and prints what a generated mapper would report; `--feed Pods page.json` maps a page as the
/// feed's importer would; with `--keys`, which payload keys the schema does not read and which members'
/// keys never appear; `--coverage <payloads...>` reports that over many payloads, as text or JSON.
package struct CheckCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Map a JSON payload or feed page with a schema, without compiling, and print the report.",
        discussion: """
            The last argument is the payload; the others are schema files or folders. With --entity, a \
            payload whose top level is an array is mapped element by element; with --feed, the payload is \
            one page of the feed, read as its importer reads it (items, single records, diff actions). \
            Without either, the payload is read as a page of the schema's only feed or, in a schema \
            without feeds, mapped to its only entity. With --coverage, every argument is a schema path \
            and the payloads follow --coverage. Exit status: 0 mapped (tolerated issues and skipped items \
            are printed), 1 the payload does not map, is not JSON or not the feed's shape, 2 usage or I/O \
            error.
            """
    )

    @Argument(help: "Schema files or folders, then the JSON payload file (no payload with --coverage).")
    var arguments: [String] = []

    @Option(
        help:
            "The entity to map the payload (or each element of a top-level array) to (default: the only entity of a schema without feeds)."
    )
    var entity: String?

    @Option(help: "The feed whose page the payload is, instead of --entity (default: the schema's only feed).")
    var feed: String?

    @Option(help: "The project config file.")
    var config: String?

    @Flag(help: "Leave out elements of a top-level array that fail and report them as skipped (exit 0), not as errors.")
    var skipInvalid = false

    @Flag(help: "Print the mapped value as JSON (what the generated writeJSON would write).")
    var print = false

    @Flag(
        help:
            "Report the payload keys the schema does not read, and the members whose keys never appear (for writing a schema against a real payload)."
    )
    var keys = false

    @Option(
        parsing: .upToNextOption,
        help:
            "Payload files (or folders of .json files) to report key coverage over: per entity, the keys no member reads (count, an example) and the members whose keys never appear."
    )
    var coverage: [String] = []

    @Option(help: "Coverage report format: text or json.")
    var format: LintCommand.OutputFormat = .text

    /// What the payload is read as.
    enum Target {
        case entity(String)
        case feed(name: String, entity: String, layout: FeedLayout)
    }

    /// Creates the command (ArgumentParser fills the options).
    package init() {}

    package func run() throws {
        let schemaPaths = coverage.isEmpty ? Array(arguments.dropLast()) : arguments
        guard !schemaPaths.isEmpty, coverage.isEmpty ? arguments.count >= 2 : true else {
            printError(
                coverage.isEmpty
                    ? "error: give schema paths, then the payload file" : "error: give schema paths before --coverage")
            throw ExitCode(2)
        }
        let inputs = try SchemaInputs.forCommand(paths: schemaPaths, config: config)
        let result = GeneratorPipeline.validate(inputs: inputs)
        FileHandle.standardError.write(Data(DiagnosticReporter.text.render(result.diagnostics).utf8))
        guard let schema = result.schema, let interpreter = result.interpreter(displayPath: { $0 }) else {
            throw ExitCode(1)
        }
        let target = try self.target(schema, interpreter)
        if !coverage.isEmpty {
            try CoverageRun(schema: schema, interpreter: interpreter, target: target, format: format).run(coverage)
            return
        }
        let payloadPath = arguments.last!
        let bytes = try Self.readPayload(payloadPath)
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            printError(
                InertText.escaped(
                    "\(payloadPath):\(error.line):\(error.column): error: \(error.message) (at \(error.path))"))
            throw ExitCode(1)
        }
        // A key an object repeats: the first is read, the others ignored (RFC 8259 leaves it open).
        for repeated in document.withRoot({ DuplicateJSONKeys.find(in: $0) }) {
            Swift.print(
                InertText.escaped(
                    "\(payloadPath): warning: \(repeated.path): key '\(repeated.key)' appears \(repeated.count) times; the first is read, the others are ignored"
                ))
        }
        // The built-in transformers that would read values the schema refuses, noted beside the report:
        // found by a walk of the payload by the schema, made only when mapping refused something (a
        // refused value is an error, an issue or a skipped item), so a clean check costs no more.
        let printNotes = {
            var walk = KeyCoverage(schema: schema)
            walk.transformerHints = TransformerHints()
            document.withRoot { root in CoverageRun.walk(root, target, payloadPath, into: &walk) }
            for note in walk.transformerHints?.lines(displayPath: { $0 }) ?? [] {
                printError(InertText.escaped(note))
            }
        }
        switch target {
        case let .entity(entity):
            try checkEntity(entity, document, payloadPath, interpreter, printNotes: printNotes)
        case let .feed(name, entity, layout):
            try checkFeedPage(name, (entity, layout), document, payloadPath, interpreter, printNotes: printNotes)
        }
        if keys {
            var coverage = KeyCoverage(schema: schema)
            document.withRoot { root in CoverageRun.walk(root, target, payloadPath, into: &coverage) }
            let lines = coverage.report
            for line in lines { Swift.print(InertText.escaped(line)) }
            if lines.isEmpty {
                Swift.print("keys: the schema reads every key of the payload, and every member's key appears")
            }
        }
    }

    /// The entity or feed named by `--entity` or `--feed` (at most one of them). Without either, the schema's
    /// only feed, or, in a schema without feeds, its only entity; the choice is said on standard error.
    private func target(_ schema: ResolvedSchema, _ interpreter: SchemaInterpreter) throws -> Target {
        switch (entity, feed) {
        case let (entity?, nil):
            return try entityTarget(entity, schema)
        case let (nil, feed?):
            return try feedTarget(feed, schema, interpreter)
        case (nil, nil):
            let feeds = schema.feeds.map(\.name)
            let entities = schema.entities.map(\.name)
            if feeds.count == 1 {
                printError("note: reading the payload as a page of feed '\(feeds[0])', the schema's only feed")
                return try feedTarget(feeds[0], schema, interpreter)
            }
            if feeds.isEmpty, entities.count == 1 {
                printError("note: mapping the payload to entity '\(entities[0])', the schema's only entity")
                return try entityTarget(entities[0], schema)
            }
            printError(
                "error: give --entity <name> or --feed <name>: the schema has "
                    + (feeds.isEmpty ? "" : "feeds \(Self.list(feeds)) and ")
                    + "entities \(Self.list(entities))")
            throw ExitCode(2)
        case (.some, .some):
            printError("error: give --entity <name> or --feed <name>, not both")
            throw ExitCode(2)
        }
    }

    private func entityTarget(_ entity: String, _ schema: ResolvedSchema) throws -> Target {
        guard schema.entity(named: entity) != nil else {
            printError(
                "error: the schema has no entity '\(entity)'\(Suggestions.didYouMean(entity, in: schema.entities.map(\.name)))"
            )
            throw ExitCode(2)
        }
        return .entity(entity)
    }

    private func feedTarget(_ feed: String, _ schema: ResolvedSchema, _ interpreter: SchemaInterpreter) throws -> Target
    {
        guard let found = interpreter.feed(named: feed) else {
            printError(
                "error: the schema has no feed '\(feed)'\(Suggestions.didYouMean(feed, in: schema.feeds.map(\.name)))")
            throw ExitCode(2)
        }
        return .feed(name: feed, entity: found.entity, layout: found.layout)
    }

    /// A payload's bytes (a file or a pipe, as large as the JSON reader reads); what cannot be read is
    /// said with the reason and exits 2.
    static func readPayload(_ path: String) throws -> [UInt8] {
        do throws(InputError) {
            return try InputFile.readJSON(path, what: "payloads")
        } catch {
            printError(InertText.escaped("\(path): error: \(error.message)"))
            throw ExitCode(2)
        }
    }

    /// Names as the schema sorts them, quoted: the first ten, then a count of the rest.
    private static func list(_ names: [String]) -> String {
        let shown = names.prefix(10).map { "'\($0)'" }.joined(separator: ", ")
        return names.count > 10 ? "\(shown) and \(names.count - 10) more" : shown
    }

    private func checkEntity(
        _ entity: String, _ document: JSONDocument, _ payloadPath: String, _ interpreter: SchemaInterpreter,
        printNotes: () -> Void
    ) throws {
        let outcome = document.withRoot { root in
            InterpretedRun(interpreter: interpreter, entity: entity, skipInvalid: skipInvalid, keepsValues: self.print)
                .run(root)
        }
        if self.print {
            var writer = JSONWriter()
            if outcome.isArray {
                writer.beginArray()
                for value in outcome.values { interpreter.write(value, to: &writer) }
                writer.endArray()
            } else if let value = outcome.values.first {
                interpreter.write(value, to: &writer)
            }
            Swift.print(String(decoding: writer.bytes, as: UTF8.self))
        }
        // Issues, errors and keys quote JSON text: printed escaped, one line each.
        for issue in outcome.issues { Swift.print(InertText.escaped(issue.description)) }
        // Every element that fails, as a compiler lists every error (each element's first failure: the
        // mappers stop there), up to a limit; the notes then cover every refused value.
        for error in outcome.errors {
            printError(InertText.escaped("\(payloadPath): error: \(error)"))
        }
        if outcome.failures > outcome.errors.count {
            let more = outcome.failures - outcome.errors.count
            printError(
                "\(payloadPath): error: and \(more) more object\(more == 1 ? " that does" : "s that do") not map (--skip-invalid lists each)"
            )
        }
        if outcome.failures > 0 || !outcome.issues.isEmpty { printNotes() }
        let count = outcome.count
        let issues = "\(outcome.issues.count) issue\(outcome.issues.count == 1 ? "" : "s")"
        if outcome.failures == 0 {
            printError("\(entity): mapped \(count) object\(count == 1 ? "" : "s"), \(issues)")
            return
        }
        if outcome.isArray {
            let total = count + outcome.failures
            printError(
                "\(entity): mapped \(count) of \(total) object\(total == 1 ? "" : "s") (\(outcome.failures) do\(outcome.failures == 1 ? "es" : "") not map), \(issues)"
            )
        }
        throw ExitCode(1)
    }

    private func checkFeedPage(
        _ name: String, _ feed: (entity: String, layout: FeedLayout), _ document: JSONDocument, _ payloadPath: String,
        _ interpreter: SchemaInterpreter, printNotes: () -> Void
    ) throws {
        let outcome: SchemaInterpreter.FeedPageOutcome
        do {
            outcome = try document.withRoot { root throws(ImportError) in
                try interpreter.mapFeedPage(feed, root: root, page: payloadPath, keepsValues: self.print)
            }
        } catch {
            printError(InertText.escaped("\(payloadPath): error: \(error)"))
            printNotes()
            throw ExitCode(1)
        }
        if self.print {
            var writer = JSONWriter()
            writer.beginArray()
            for value in outcome.values { interpreter.write(value, to: &writer) }
            writer.endArray()
            Swift.print(String(decoding: writer.bytes, as: UTF8.self))
        }
        for skip in outcome.report.skipped { Swift.print(InertText.escaped("\(skip.path): skipped: \(skip.reason)")) }
        for issue in outcome.report.issues { Swift.print(InertText.escaped(issue.description)) }
        if !outcome.report.skipped.isEmpty || !outcome.report.issues.isEmpty { printNotes() }
        var summary =
            "\(name): \(outcome.saves) record\(outcome.saves == 1 ? "" : "s") to save, \(outcome.deletes) to delete, \(outcome.report.skipped.count) skipped, \(outcome.report.issues.count) issue\(outcome.report.issues.count == 1 ? "" : "s")"
        if let count = outcome.pageCount { summary += "; the page announces \(count) page\(count == 1 ? "" : "s")" }
        if let next = outcome.nextURL { summary += "; next page: \(InertText.escaped(next))" }
        printError(summary)
    }
}
