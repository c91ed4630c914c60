import _EntityGenCore
import EntityGenRuntime
import Foundation

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
        /// The objects that do not map, the first ``InterpretedRun/errorLimit`` of them kept (each
        /// element's first failure, the run goes on; or the one object's): a payload of a million failing
        /// elements keeps twenty errors, not a million.
        var errors: [MappingError] = []
        /// How many objects do not map.
        var failures = 0
        var isArray = false
    }

    func run(_ root: JSONValue) -> Outcome {
        var outcome = Outcome()
        var context = MappingContext()
        guard root.kind == .array else {
            do throws(MappingError) {
                keep(try interpreter.map(entity, from: root, context: &context), in: &outcome)
            } catch {
                outcome.fail(error)
            }
            outcome.issues = context.issues
            return outcome
        }
        outcome.isArray = true
        let total = root.count
        let showsProgress = isatty(STDERR_FILENO) == 1 && total >= 10_000
        var lastPercent = -1
        root.forEachElement { index, element in
            do throws(MappingError) {
                keep(try interpreter.map(entity, from: element, context: &context), in: &outcome)
            } catch {
                if skipInvalid {
                    context.record(
                        at: error.path, schemaLocation: error.schemaLocation, action: .skippedElement,
                        message: error.message)
                } else {
                    outcome.fail(error)
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

    /// How many objects that do not map a run keeps the error of; the rest are counted.
    static let errorLimit = 20

    private func keep(_ value: SchemaInterpreter.Entity, in outcome: inout Outcome) {
        outcome.count += 1
        if keepsValues { outcome.values.append(value) }
    }
}

extension InterpretedRun.Outcome {
    /// Counts one more object that does not map, keeping its error while fewer than the limit are kept.
    fileprivate mutating func fail(_ error: MappingError) {
        failures += 1
        if errors.count < InterpretedRun.errorLimit { errors.append(error) }
    }
}
