/// One finding about a schema: what is wrong, where, and which rule says so.
///
/// Rendered as `path:line:column: error: message [rule-id]`, the format swiftc uses, so SwiftPM and
/// Xcode show it inline at the schema's line.
public struct Diagnostic: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Hashable, Comparable, Sendable, Codable {
        /// The schema cannot be used as written.
        case error
        /// The schema works, but probably not as meant. `--strict` turns these into failures.
        case warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .error && rhs == .warning
        }
    }

    /// Error or warning.
    public var severity: Severity
    /// One sentence, lower case first word, no trailing period, naming the offending value.
    public var message: String
    /// Where the problem is.
    public var location: SourceLocation
    /// The stable id of the rule that found it (`unknown-key`).
    public var ruleID: String

    /// Creates a diagnostic for a rule; the severity is the rule's unless given.
    public init(_ rule: RuleDescription, _ message: String, at location: SourceLocation, severity: Severity? = nil) {
        self.severity = severity ?? rule.severity
        self.message = message
        self.location = location
        self.ruleID = rule.id
    }

    /// `path:line:column: severity: message [rule-id]`, on one line: line breaks and hazardous characters
    /// in the path or message (schema text quoted in it) are escaped (``InertText``).
    public var description: String {
        "\(InertText.escaped(location.description)): \(severity.rawValue): \(InertText.escaped(message)) [\(ruleID)]"
    }

    /// Sorted by location, then severity, rule and message, so output is stable.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }
}

/// Collects the diagnostics of one run. Stages emit recoverable problems here and keep going, so
/// one run reports every problem, not just the first.
public struct DiagnosticCollector: Sendable {
    /// Everything emitted so far, in emission order.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Creates an empty collector.
    public init() {}

    /// Records a finding of `rule` at `location`.
    public mutating func emit(_ rule: RuleDescription, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(rule, message, at: location))
    }

    /// Records an already built diagnostic.
    public mutating func emit(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Whether any error (not warning) was emitted.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The diagnostics sorted by location, duplicates removed.
    public var sorted: [Diagnostic] { Array(Set(diagnostics)).sorted() }
}
