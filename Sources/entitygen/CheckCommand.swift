import _EntityGenCore
import ArgumentParser
import EntityGenRuntime
import Foundation

/// `entitygen check <schema paths...> --entity Pod payload.json`: maps a payload with the schema, no
/// compiling, and prints what a generated mapper would report; with `--keys`, which payload keys the
/// schema does not read and which members' keys never appear.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Map a JSON payload with a schema, without compiling, and print the report.",
        discussion: """
            The last argument is the payload; the others are schema files or folders. A payload whose top \
            level is an array is mapped element by element. Exit status: 0 mapped (tolerated issues are \
            printed), 1 the payload does not map or is not JSON, 2 usage or I/O error.
            """
    )

    @Argument(help: "Schema files or folders, then the JSON payload file.")
    var arguments: [String] = []

    @Option(help: "The entity to map the payload (or each element of a top-level array) to.")
    var entity: String

    @Option(help: "The project config file.")
    var config: String?

    @Flag(help: "Leave out elements of a top-level array that fail, and report them, instead of stopping.")
    var skipInvalid = false

    @Flag(help: "Print the mapped value as JSON (what the generated writeJSON would write).")
    var print = false

    @Flag(
        help:
            "Report the payload keys the schema does not read, and the members whose keys never appear (for writing a schema against a real payload)."
    )
    var keys = false

    func run() throws {
        guard arguments.count >= 2 else {
            printError("error: give schema paths, then the payload file")
            throw ExitCode(2)
        }
        let inputs = try SchemaInputs.forCommand(paths: Array(arguments.dropLast()), config: config)
        let result = GeneratorPipeline.validate(inputs: inputs)
        FileHandle.standardError.write(Data(DiagnosticReporter.text.render(result.diagnostics).utf8))
        guard let schema = result.schema else { throw ExitCode(1) }
        guard schema.entity(named: entity) != nil else {
            printError(
                "error: the schema has no entity '\(entity)'\(Suggestions.didYouMean(entity, in: schema.entities.map(\.name)))"
            )
            throw ExitCode(2)
        }
        let payloadPath = arguments.last!
        guard let bytes = FileManager.default.contents(atPath: payloadPath) else {
            printError("\(payloadPath): error: cannot read file")
            throw ExitCode(2)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(data: bytes)
        } catch {
            printError(
                InertText.escaped(
                    "\(payloadPath):\(error.line):\(error.column): error: \(error.message) (at \(error.path))"))
            throw ExitCode(1)
        }
        guard let interpreter = result.interpreter(displayPath: { $0 }) else { throw ExitCode(1) }
        let outcome = document.withRoot { root in
            InterpretedRun(interpreter: interpreter, entity: entity, skipInvalid: skipInvalid, keepsValues: self.print)
                .run(root)
        }
        var writer = JSONWriter()
        if self.print {
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
        if keys {
            var coverage = KeyCoverage(schema: schema)
            document.withRoot { root in
                if root.kind == .array {
                    root.forEachElement { _, element in coverage.walk(element, as: entity) }
                } else {
                    coverage.walk(root, as: entity)
                }
            }
            let lines = coverage.report
            for line in lines { Swift.print(InertText.escaped(line)) }
            if lines.isEmpty {
                Swift.print("keys: the schema reads every key of the payload, and every member's key appears")
            }
        }
        if let error = outcome.error {
            printError(InertText.escaped("\(payloadPath): error: \(error)"))
            throw ExitCode(1)
        }
        let count = outcome.count
        printError(
            "\(entity): mapped \(count) object\(count == 1 ? "" : "s"), \(outcome.issues.count) issue\(outcome.issues.count == 1 ? "" : "s")"
        )
    }
}

/// One `check` run over a payload, with progress on a terminal for large top-level arrays.
struct InterpretedRun {
    let interpreter: SchemaInterpreter
    let entity: String
    let skipInvalid: Bool
    /// Whether mapped values are kept (to print them); otherwise each is dropped once mapped, so memory
    /// stays near the document's own size however many objects the payload holds.
    let keepsValues: Bool

    struct Outcome {
        /// The mapped values, when kept.
        var values: [SchemaInterpreter.Entity] = []
        /// How many objects mapped.
        var count = 0
        var issues: [MappingIssue] = []
        var error: MappingError?
        var isArray = false
    }

    func run(_ root: JSONValue) -> Outcome {
        var outcome = Outcome()
        var context = MappingContext()
        guard root.kind == .array else {
            do throws(MappingError) {
                keep(try interpreter.map(entity, from: root, context: &context), in: &outcome)
            } catch {
                outcome.error = error
            }
            outcome.issues = context.issues
            return outcome
        }
        outcome.isArray = true
        let total = root.count
        let showsProgress = isatty(STDERR_FILENO) == 1 && total >= 10_000
        var lastPercent = -1
        root.forEachElement { index, element in
            guard outcome.error == nil else { return }
            do throws(MappingError) {
                keep(try interpreter.map(entity, from: element, context: &context), in: &outcome)
            } catch {
                if skipInvalid {
                    context.record(
                        at: error.path, schemaLocation: error.schemaLocation, action: .skippedElement,
                        message: error.message)
                } else {
                    outcome.error = error
                }
            }
            if showsProgress {
                let percent = (index + 1) * 100 / total
                if percent != lastPercent {
                    lastPercent = percent
                    FileHandle.standardError.write(Data("\rmapping: \(percent)% (\(index + 1) of \(total))".utf8))
                }
            }
        }
        if showsProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        outcome.issues = context.issues
        return outcome
    }

    private func keep(_ value: SchemaInterpreter.Entity, in outcome: inout Outcome) {
        outcome.count += 1
        if keepsValues { outcome.values.append(value) }
    }
}
