/// Quoting for SQL text, in one place (SQLite and PostgreSQL alike quote identifiers with `"`).
enum SQL {
    /// A double-quoted identifier.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A single-quoted string literal.
    static func string(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
