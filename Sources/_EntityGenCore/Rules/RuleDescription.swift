/// What a lint rule checks, with examples that run as tests (the SwiftLint model).
///
/// Every diagnostic EntityGen emits names one rule. The rule's id is stable: users silence, grep and
/// document by it, so an id is never renamed or reused once released.
public struct RuleDescription: Hashable, Sendable {
    /// Stable kebab-case id, printed in brackets after each message (`unknown-key`).
    public var id: String
    /// The severity the rule reports with.
    public var severity: Diagnostic.Severity
    /// One line: what the rule checks.
    public var summary: String
    /// Schemas the rule must report; a `↓` marks where the finding must be located.
    public var triggeringExamples: [RuleExample]
    /// Schemas the rule must not report.
    public var nonTriggeringExamples: [RuleExample]
    /// Why the rule has no examples (no file text can trigger it), and which test covers it instead;
    /// `nil` for rules with examples.
    public var withoutExamplesBecause: String?

    /// Creates a rule description.
    public init(
        id: String,
        severity: Diagnostic.Severity = .error,
        summary: String,
        triggering: [RuleExample],
        nonTriggering: [RuleExample]
    ) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.triggeringExamples = triggering
        self.nonTriggeringExamples = nonTriggering
    }

    /// Creates a description of a rule that no schema text can trigger (it is about the files
    /// themselves), saying why and which test covers it.
    public init(id: String, summary: String, withoutExamplesBecause reason: String) {
        self.init(id: id, summary: summary, triggering: [], nonTriggering: [])
        withoutExamplesBecause = reason
    }

    public static func == (lhs: RuleDescription, rhs: RuleDescription) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A set of schema files used as a rule example. A `↓` in the text marks the position where the rule
/// must report; it is removed before the text is parsed.
public struct RuleExample: Hashable, Sendable {
    /// The marker character.
    public static let marker: Character = "↓"

    /// File name and contents, in order.
    public var files: [File]

    /// One example file.
    public struct File: Hashable, Sendable {
        /// File name, e.g. `example.yaml` or `entitygen-config.yaml`.
        public var name: String
        /// YAML text, possibly with `↓` markers.
        public var text: String
    }

    /// A single file named `example.yaml`.
    public init(_ text: String) {
        files = [File(name: "example.yaml", text: text)]
    }

    /// Several files, e.g. to show a duplicate across files.
    public init(files: [(String, String)]) {
        self.files = files.map { File(name: $0.0, text: $0.1) }
    }
}
