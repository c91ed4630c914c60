import Foundation

/// `entitygen migrations squash`: folds a project's unreleased development migrations into one, per
/// backend, in memory. The caller writes the histories; nothing is returned unless every backend's
/// squash succeeded and the project still generates from the new histories.
public enum MigrationSquash {
    /// One backend's squashed history.
    public struct Outcome: Sendable {
        /// The backend.
        public var backend: StorageBackendKind
        /// The history file.
        public var path: String
        /// The names of the folded migrations (the first is the name they keep).
        public var folded: [String]
        /// The new history.
        public var history: MigrationHistory
    }

    /// Squashes the migrations from `first` through the last recorded one in the history of each of
    /// `backends` (default: every backend with a history file beside the config).
    /// - Throws: ``MigrationHistory/SquashError`` saying which file and why: no config, no history, an
    ///   unreadable or invalid history, no migration `first`, a change the backend cannot make in one step,
    ///   or a project that would no longer generate from the new history.
    public static func run(
        inputs: SchemaInputs, from first: String, backends: [StorageBackendKind]? = nil
    ) throws(MigrationHistory.SquashError) -> [Outcome] {
        typealias Failure = MigrationHistory.SquashError
        guard let configPath = inputs.configPath else {
            throw Failure(
                message: "no entitygen-config.yaml among the inputs: migrations are recorded beside the config")
        }
        let chosen =
            backends
            ?? StorageBackendKind.allCases.filter {
                FileManager.default.fileExists(atPath: $0.historyPath(besideConfig: configPath))
            }
        guard !chosen.isEmpty else {
            throw Failure(message: "\(configPath): no migration history is recorded beside the config")
        }
        var outcomes: [Outcome] = []
        for backend in chosen {
            let path = backend.historyPath(besideConfig: configPath)
            guard FileManager.default.fileExists(atPath: path) else {
                throw Failure(
                    message: "\(path): no \(backend.rawValue) migration history is recorded beside the config")
            }
            let history: MigrationHistory
            do {
                history = try MigrationHistory.decode(try SourceFile.read(path: path).bytes, for: backend)
            } catch let error as MigrationHistory.HistoryError {
                throw Failure(message: "\(path):\(error.line):\(error.column): \(error.message)")
            } catch let error as InputError {
                throw Failure(message: error.message)
            } catch {
                throw Failure(message: "\(path): \(error)")
            }
            do {
                let (squashed, folded) = try history.squashed(from: first, for: backend)
                outcomes.append(Outcome(backend: backend, path: path, folded: folded, history: squashed))
            } catch {
                throw Failure(message: "\(path): \(error.message)")
            }
        }
        try checkGenerates(inputs: inputs, with: outcomes)
        return outcomes
    }

    /// Fails unless the project, read with the squashed histories, has no problem with its recorded
    /// migrations: every one of them regenerates.
    private static func checkGenerates(
        inputs: SchemaInputs, with outcomes: [Outcome]
    ) throws(MigrationHistory.SquashError) {
        var histories: [StorageBackendKind: SourceFile] = [:]
        for outcome in outcomes {
            histories[outcome.backend] = SourceFile(path: outcome.path, text: outcome.history.encoded())
        }
        let result = GeneratorPipeline.validate(inputs: inputs, replacingHistories: histories)
        let problems = result.diagnostics.filter {
            $0.ruleID == Rules.invalidMigrationHistory.id || $0.ruleID == Rules.unreadableFile.id
        }
        guard problems.isEmpty else {
            throw MigrationHistory.SquashError(
                message: "the squashed history would not regenerate:\n"
                    + DiagnosticReporter.text.render(problems).trimmingCharacters(in: .newlines))
        }
    }
}
